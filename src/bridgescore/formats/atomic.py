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

__all__ = ["atomic_path", "write_bytes_atomic", "write_text_atomic"]

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; on success it replaces ``path``, on error it goes.

    For writers that want a file name (Parquet, PDF, databases); directories are not supported.
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
