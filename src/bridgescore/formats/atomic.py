"""Write a file completely or not at all: write a temporary file beside it, then rename it.

>>> import pathlib, tempfile
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> write_text_atomic(target, "hello")
>>> target.read_text()
'hello'
>>> with atomic_path(target) as temporary:
...     _ = temporary.write_text("half")
...     raise RuntimeError("the writer failed")
Traceback (most recent call last):
...
RuntimeError: the writer failed
>>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
('hello', ['out.txt'])
"""

from __future__ import annotations

__all__ = ["atomic_directory", "atomic_path", "write_bytes_atomic", "write_text_atomic"]

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; on success it replaces ``path``, on error it goes.

    For writers that want a file name (Parquet, PDF, databases); for a directory see
    :func:`atomic_directory`.
    """
    target = Path(path)
    descriptor, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(descriptor)
    temporary = Path(name)
    try:
        yield temporary
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` completely or not at all."""
    with atomic_path(path) as temporary, temporary.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def write_text_atomic(
    path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", newline: str = ""
) -> None:
    """Write ``text`` to ``path`` completely or not at all (line ends written as they are)."""
    write_bytes_atomic(
        path, text.replace("\n", newline).encode(encoding) if newline else text.encode(encoding)
    )


@contextmanager
def atomic_directory(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a new empty directory beside ``path``; on success it takes ``path``'s place.

    A directory already at ``path`` is replaced whole (the caller decides whether it may be); on
    error the new directory goes and ``path`` is left as it was, so readers never see half of it.

    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "site"
    >>> with atomic_directory(target) as temporary:
    ...     _ = (temporary / "index.html").write_text("one")
    >>> with atomic_directory(target) as temporary:
    ...     _ = (temporary / "index.html").write_text("half")
    ...     raise RuntimeError("the writer failed")
    Traceback (most recent call last):
    ...
    RuntimeError: the writer failed
    >>> (target / "index.html").read_text(), [p.name for p in target.parent.iterdir()]
    ('one', ['site'])
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield temporary
        temporary.chmod(0o755)
        if target.exists():
            old = Path(
                tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
            )
            os.replace(target, old)
            try:
                os.replace(temporary, target)
            except BaseException:
                os.replace(old, target)
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(temporary, target)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
