"""Reading a text file the way bridge software writes them: UTF-8, else Windows-1252.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "latin.pbn"
>>> _ = path.write_bytes("[Event \\"Bjørnstad\\"]".encode("cp1252"))
>>> read_text(path)
'[Event "Bjørnstad"]'
>>> read_text(path.with_name("missing.pbn"))
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: .../missing.pbn: cannot read the file: No such file or directory
"""

from __future__ import annotations

__all__ = ["read_text"]

import os
from pathlib import Path

from bridgescore.core.errors import FileFormatError


def read_text(path: str | os.PathLike[str]) -> str:
    """The file's text; a file that cannot be read is a :class:`FileFormatError`."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise FileFormatError(str(path), None, f"cannot read the file: {error.strerror}") from None
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")
