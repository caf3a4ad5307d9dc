"""Reading a text file the way bridge software writes them: with a byte order mark (UTF-8,
UTF-16 or UTF-32, as Windows programs save "Unicode" files), else UTF-8, else Windows-1252.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "latin.pbn"
>>> _ = path.write_bytes("[Event \\"Bjørnstad\\"]".encode("cp1252"))
>>> read_text(path)
'[Event "Bjørnstad"]'
>>> _ = path.write_bytes("[Event \\"Bjørnstad\\"]".encode("utf-16"))
>>> read_text(path)
'[Event "Bjørnstad"]'
>>> read_text(path.with_name("missing.pbn"))
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: .../missing.pbn: cannot read the file: No such file or directory
"""

from __future__ import annotations

__all__ = ["decode", "read_text"]

import codecs
import os
from pathlib import Path

from bridgescore.core.errors import FileFormatError

_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32", "utf-32-le"),  # before UTF-16 LE: it starts the same way
    (codecs.BOM_UTF32_BE, "UTF-32", "utf-32-be"),
    (codecs.BOM_UTF16_LE, "UTF-16", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "UTF-16", "utf-16-be"),
)


def decode(data: bytes, source: str) -> str:
    """The text of a file's bytes (see the module); ``source`` names the file in errors.

    >>> decode(codecs.BOM_UTF16_BE + "1,2".encode("utf-16-be"), "a.csv")
    '1,2'
    >>> decode(codecs.BOM_UTF16_LE + b"1\\x00,", "a.csv")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.FileFormatError: a.csv: the file starts like UTF-16 text but byte 4 is not UTF-16
    """
    for bom, name, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(encoding)
            except UnicodeDecodeError as error:
                at = error.start + len(bom)
                message = f"the file starts like {name} text but byte {at} is not {name}"
                raise FileFormatError(source, None, message) from None
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_text(path: str | os.PathLike[str]) -> str:
    """The file's text; a file that cannot be read is a :class:`FileFormatError`."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise FileFormatError(str(path), None, f"cannot read the file: {error.strerror}") from None
    return decode(data, str(path))
