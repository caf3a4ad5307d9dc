"""The most an input may hold, kept by every reader: a file of more than :data:`FILE_BYTES`
(``/dev/zero`` included; a session file: :data:`SESSION_BYTES`) or a field of more than
:data:`FIELD_CHARACTERS` is refused at once with an error naming it, before it can fill the
memory. ``docs/errors.md`` lists them.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
>>> _ = path.write_bytes(b"board,ns,ew")
>>> read_bytes(path)
b'board,ns,ew'
>>> read_bytes(path, limit=4)
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: .../t.csv: the file is larger than 4 bytes: not a file bridgescore reads
"""

from __future__ import annotations

__all__ = ["FIELD_CHARACTERS", "FILE_BYTES", "SESSION_BYTES", "longer", "read_bytes", "reread"]

import os
import stat

from bridgescore.core.errors import FileFormatError

FILE_BYTES = 128 * 1024 * 1024
"""The largest file read (128 MiB): five times a 1,000,000-line traveller CSV (25 MB), a
hundred times a big congress's USEBIO file. A device or FIFO is read up to it, no further."""

SESSION_BYTES = 1024 * 1024
"""The largest session file (1 MiB): 11,000 pairs with their names and member numbers; one
larger is refused before its TOML is parsed."""

FIELD_CHARACTERS = 131_072
"""The longest field of a file (a name, a title, a PBN tag, a CSV field, a LIN value): as
Python's ``csv`` module has it. No bridge program writes a field a hundredth as long; one
this long would be written into every page that shows it."""


def read_bytes(path: str | os.PathLike[str], *, limit: int = FILE_BYTES) -> bytes:
    """The bytes of the file ``path``, refused (:class:`FileFormatError`) when there are more
    than ``limit``: a regular file by its size, before it is read; anything else (a device, a
    FIFO) once that much has come. A file that cannot be read is an error saying why."""
    try:
        with open(path, "rb") as file:  # (pathlib is not imported to score a file)
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):  # a device or FIFO: a byte more says there is more
                data = file.read(limit + 1)
            elif info.st_size > limit:
                raise _too_big(path, limit)
            else:
                data = file.read()
    except OSError as error:
        reason = error.strerror or str(error)
        raise FileFormatError(str(path), None, f"cannot read the file: {reason}") from None
    if len(data) > limit:
        raise _too_big(path, limit)
    return data


def reread(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` may be opened more than once (a fast reader counts a file's lines before
    it reads it): a regular file, refused (:class:`FileFormatError`) when larger than
    :data:`FILE_BYTES`. A device or a FIFO (or what cannot be looked at) is not: it is
    :func:`read_bytes`'s, which reads it once and no further than the bound.

    >>> reread(os.devnull), reread(__file__)
    (False, True)
    """
    try:
        info = os.stat(path)
    except OSError:
        return False
    if stat.S_ISREG(info.st_mode) and info.st_size > FILE_BYTES:
        raise _too_big(path, FILE_BYTES)
    return stat.S_ISREG(info.st_mode)


def _too_big(path: str | os.PathLike[str], limit: int) -> FileFormatError:
    size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit:,} bytes"
    return FileFormatError(
        str(path), None, f"the file is larger than {size}: not a file bridgescore reads"
    )


def longer(text: str) -> str | None:
    """What is wrong with a field longer than :data:`FIELD_CHARACTERS`, for a message after the
    quoted field; ``None`` when it is not.

    >>> longer("Ann Lee") is None
    True
    >>> longer("A" * 200_000)
    'is too long: a field has at most 131,072 characters'
    """
    if len(text) <= FIELD_CHARACTERS:
        return None
    return f"is too long: a field has at most {FIELD_CHARACTERS:,} characters"
