"""The tables of a Microsoft Access (Jet) database, read through Debian's ``mdbtools``.

A Bridgemate ``.bws`` file is an Access database. ``mdb-tables`` lists its tables and
``mdb-export FILE TABLE`` prints one as CSV, every row (the pure-Python readers seen so far drop
rows: see the reference notes). They are run with an argument list (never a shell), their output
bounded by :data:`LIMIT` and their time by :data:`TIMEOUT`; a program that is missing, fails,
runs too long or prints too much is a :class:`FileFormatError` naming the file, never a traceback.

>>> import tempfile
>>> with tempfile.NamedTemporaryFile(suffix=".bws") as file:
...     tables(file.name)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: ...: not a Bridgemate file (a .bws file is a Microsoft Access database)
>>> is_access(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00"), is_access(b"board,ns,ew")
(True, False)
"""

from __future__ import annotations

__all__ = ["INSTALL", "LIMIT", "TIMEOUT", "Row", "is_access", "rows", "tables"]

import csv
import io
import os
import subprocess
import tempfile
import threading
from pathlib import Path

from bridgescore.core.errors import FileFormatError

Row = dict[str, str]
"""One row of a table: its values as text, by column name."""

INSTALL = "reading a Bridgemate file needs mdbtools: apt-get install mdbtools"
"""What to do when ``mdb-export`` is not installed."""

TIMEOUT = 60.0
"""Seconds one run of ``mdb-export`` (or ``mdb-tables``) may take."""

LIMIT = 256 * 1024 * 1024
"""Bytes of output one table may give (a club's whole file is well under a megabyte)."""


def _first_line(data: bytes) -> str:
    text = data.decode("utf-8", errors="replace").strip()
    return text.splitlines()[0] if text else "no reason given"


def _run(program: str, arguments: list[str], source: str) -> str:
    """What ``program`` prints for ``arguments`` (see the module docstring)."""
    stopped: list[str] = []
    with tempfile.TemporaryFile() as errors:
        try:
            process = subprocess.Popen(
                [program, *arguments],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=errors,
            )
        except FileNotFoundError:
            raise FileFormatError(source, None, INSTALL) from None
        except OSError as error:
            reason = (error.strerror or str(error)).lower()
            raise FileFormatError(source, None, f"cannot run {program}: {reason}") from None

        def stop(why: str) -> None:
            stopped.append(why)
            process.kill()

        timer = threading.Timer(TIMEOUT, stop, [f"it took longer than {TIMEOUT:g} s"])
        timer.start()
        try:
            assert process.stdout is not None
            data = process.stdout.read(LIMIT + 1)
            if len(data) > LIMIT:
                stop(f"it printed more than {LIMIT:,} bytes")
            code = process.wait()
        finally:
            timer.cancel()
            if process.stdout is not None:
                process.stdout.close()
            if process.poll() is None:
                process.kill()
                process.wait()
        if stopped:
            raise FileFormatError(source, None, f"{program} was stopped: {stopped[0]}")
        if code != 0:
            errors.seek(0)
            told = _first_line(errors.read(4096))
            raise FileFormatError(source, None, f"{program} cannot read it: {told}")
    return data.decode("utf-8", errors="replace")


_MAGIC = (b"Standard Jet DB", b"Standard ACE DB")


def is_access(head: bytes) -> bool:
    """Whether a file's first bytes are a Microsoft Access (Jet or ACE) database's."""
    return head[4:19] in _MAGIC


def _where(path: str | os.PathLike[str]) -> str:
    """The file as the programs are given it (absolute, so that it never reads as an option),
    once its first bytes say it is an Access database."""
    try:
        with open(path, "rb") as file:
            head = file.read(32)
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
        raise FileFormatError(str(path), None, f"cannot read the file: {reason}") from None
    if not is_access(head):
        raise FileFormatError(
            str(path), None, "not a Bridgemate file (a .bws file is a Microsoft Access database)"
        )
    return str(Path(path).resolve())


def tables(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """The names of the database's tables."""
    printed = _run("mdb-tables", ["-1", _where(path)], str(path))
    return tuple(name.strip() for name in printed.splitlines() if name.strip())


def rows(path: str | os.PathLike[str], table: str) -> list[Row]:
    """Every row of ``table``, in the order the file stores them (dates and times as
    ``2005-05-09 19:58:44``, yes/no fields as ``1``/``0``)."""
    arguments = ["-b", "strip", "-D", "%Y-%m-%d", "-T", "%Y-%m-%d %H:%M:%S", _where(path), table]
    printed = _run("mdb-export", arguments, str(path))
    reader = csv.DictReader(io.StringIO(printed, newline=""))
    return [{key: value or "" for key, value in row.items() if key is not None} for row in reader]
