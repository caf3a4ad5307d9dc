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

__all__ = [
    "COMMENT",
    "CONTROL",
    "CONTROL_CHARACTERS",
    "UNSAFE",
    "UNSAFE_CHARACTERS",
    "csv_rows",
    "decode",
    "is_comment",
    "masked",
    "printable",
    "read_text",
    "unsafe",
    "unsafe_field",
    "visible",
]

import codecs
import csv
import io
import os
import re
from collections.abc import Iterable, Iterator

from bridgescore.core.errors import FileFormatError, Problem, quoted
from bridgescore.formats.bounds import FIELD_CHARACTERS, FILE_BYTES, longer, read_bytes

CONTROL_CHARACTERS = r"[\x00-\x1f\x7f-\x9f]"
"""The control characters (Unicode category Cc), as a regular expression (for ``re`` and Polars)."""

CONTROL = re.compile(CONTROL_CHARACTERS)

UNSAFE_CHARACTERS = r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"
"""What no text field of an input file may hold, as a regular expression (for ``re`` and
Polars): the control characters (C0, DEL, C1), which drive a terminal (``ESC [2J`` clears it,
``ESC ]0;`` sets its title), and the bidirectional embeddings, overrides and isolates
(U+202A-U+202E, U+2066-U+2069), which reorder what is shown (``\u202eexe.txt`` shows as
``txt.exe``)."""

UNSAFE = re.compile(UNSAFE_CHARACTERS)
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
_LAYOUT = "\t\n\r"


def masked(text: str, *, lines: bool = False) -> str:
    r"""``text`` with each unsafe character (but line ends and tabs, with ``lines``) as ``?``,
    cut to :data:`~bridgescore.formats.bounds.FIELD_CHARACTERS`: what a lenient reader keeps of
    a field it reports.

    >>> masked("Ann\x1b[2J"), masked("a\tb\u202e", lines=True), len(masked("A" * 200_000))
    ('Ann?[2J', 'a\tb?', 131072)
    """
    kept = text[:FIELD_CHARACTERS]
    return UNSAFE.sub(lambda m: m.group() if lines and m.group() in _LAYOUT else "?", kept)


def unsafe(text: str, *, lines: bool = False) -> str | None:
    r"""What makes a text field unfit to show, for a message after the quoted field; ``None``
    when it is fine. With ``lines`` (a comment, a note) line ends and tabs are allowed. A field
    longer than :data:`~bridgescore.formats.bounds.FIELD_CHARACTERS` is unfit too.

    >>> unsafe("Ann Lee"), unsafe("Ann\x1b[31m")
    (None, 'has a control character (U+001B)')
    >>> unsafe("\u202eexe.txt")
    'has a bidirectional override (U+202E), which reorders the text shown'
    >>> unsafe("A" * 131_073)
    'is too long: a field has at most 131,072 characters'
    """
    too_long = longer(text)
    if too_long is not None:
        return too_long
    if text.isprintable():  # (every unsafe character is unprintable)
        return None
    found = next((m for m in UNSAFE.finditer(text) if not (lines and m.group() in _LAYOUT)), None)
    if found is None:
        return None
    code = f"U+{ord(found.group()):04X}"
    if _BIDI.match(found.group()):
        return f"has a bidirectional override ({code}), which reorders the text shown"
    return f"has a control character ({code})"


def unsafe_field(fields: Iterable[tuple[str, str]]) -> str | None:
    r"""The message for the first of ``(label, value)`` fields that is :func:`unsafe`, else
    ``None``.

    >>> unsafe_field([("pair", "1NS"), ("names", "Ann Lee")]) is None
    True
    >>> unsafe_field([("pair", "1NS"), ("names", "Ann\x07")])
    "names 'Ann\\x07' has a control character (U+0007)"
    """
    for label, value in fields:
        reason = unsafe(value)
        if reason is not None:
            return f"{label} {quoted(value)} {reason}"
    return None


def visible(text: str) -> str:
    r"""``text`` for the terminal: each unsafe character but the line end written as its
    escape, so a message shows what a file holds and never acts on the terminal.

    >>> print(visible("a.csv:2: Ann\x1b[2J\nb \u202e"))
    a.csv:2: Ann\x1b[2J
    b \u202e
    """
    return UNSAFE.sub(lambda m: m.group() if m.group() == "\n" else repr(m.group())[1:-1], text)


COMMENT = r"^#(\s|$)"
"""A comment line of a CSV file, as a regular expression (for ``re`` and Polars) on its first
field, stripped: a ``#`` alone or followed by a space. ``#1`` is not one: it would hide a line
whose pair is written ``#1``."""

_COMMENT = re.compile(COMMENT)


def is_comment(first: str) -> bool:
    """Whether a CSV line whose first field is ``first`` is a comment (see :data:`COMMENT`).

    >>> is_comment("# late arrivals"), is_comment("#"), is_comment("#1"), is_comment(" 3")
    (True, True, False, False)
    """
    return _COMMENT.match(first.strip()) is not None


def printable(text: str) -> str:
    r"""``text`` without control characters, for writers: a tab or line end is a space, any
    other control character ``?``.

    >>> printable("1\x01 Ann\tLee\r\n")
    '1? Ann Lee  '
    """
    return CONTROL.sub(lambda m: " " if m.group() in "\t\n\r" else "?", text)


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


def read_text(path: str | os.PathLike[str], *, limit: int = FILE_BYTES) -> str:
    """The file's text; a file that cannot be read, or larger than ``limit`` bytes, is a
    :class:`FileFormatError`."""
    return decode(read_bytes(path, limit=limit), str(path))


def csv_rows(text: str, source: str, problems: list[Problem]) -> Iterator[tuple[int, list[str]]]:
    """The rows of CSV text, each with the line it is on.

    No field of ours holds a line break, so a row running over several lines is a quote left
    open: it is reported once, at the line where it starts, and left out (``csv`` would have
    swallowed the rest of the file into one field and blamed the last line). What ``csv``
    refuses ends the rows with a problem too.

    A line may end in a CR alone, as old Macintosh programs write (each is a line end).

    >>> problems = []
    >>> list(csv_rows('board,ns\\n1,"2\\n3,4\\n', "a.csv", problems)), [str(p) for p in problems]
    ([(1, ['board', 'ns'])], ['a.csv:2: a quoted field is never closed'])
    >>> list(csv_rows("board,ns\\r1,2\\r\\n", "a.csv", problems))
    [(1, ['board', 'ns']), (2, ['1', '2'])]
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    start = 1
    try:
        for row in reader:
            end = reader.line_num
            if end == start:
                yield start, row
            else:
                problems.append(Problem(source, start, _quote_left_open(text, start, end)))
            start = end + 1
    except csv.Error as error:
        problems.append(Problem(source, reader.line_num, _csv_error(str(error))))


def _csv_error(message: str) -> str:
    """What ``csv`` refused, in our words where we know them."""
    if message.startswith("field larger than field limit"):
        return f"a field is longer than {csv.field_size_limit():,} characters: not a results file"
    if "NUL" in message:
        return "the line has a NUL character: not a text file"
    return f"not CSV: {message}"


def _quote_left_open(text: str, start: int, end: int) -> str:
    lines = io.StringIO(text).readlines()[start - 1 : end]
    if sum(line.count('"') for line in lines) % 2:
        return "a quoted field is never closed"
    return f"a quoted field runs on to line {end}: a quote is missing or one too many"
