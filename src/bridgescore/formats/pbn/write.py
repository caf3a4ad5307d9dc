"""Writing PBN 2.1 export format: deterministic, so that files diff cleanly.

The file starts ``% PBN 2.1`` and ``% EXPORT`` (then the other header lines); games are
separated by one empty line; each game gives the 15 mandatory tags in their standard order
(``?`` when unknown), the other tags alphabetically, the auction (four calls a line), the play
(a trick a line in seat columns from the opening leader), then the tables sorted by name, rows
padded to their column widths. Lines end with CRLF.

A line holds at most :data:`LINE_LIMIT` (255) characters (PBN 2.1 §3.1): a table whose padded
rows would be longer is written without column widths (one space between elements), and a long
comment is wrapped over lines. A tag value, a note or a table element cannot be split: one that
does not fit is an error naming the game (shorten it), never a file other programs refuse.
No control character is written: a tab or line end in a value is a space, any other ``?``.

The text is Unicode; :func:`latin_1` makes it ISO-8859-1, the character set of the export
format, for the file.
"""

from __future__ import annotations

__all__ = ["LINE_LIMIT", "latin_1", "write"]

import contextlib
import textwrap
import unicodedata

from bridgescore.core.errors import FileFormatError
from bridgescore.core.table.seats import Seat
from bridgescore.formats.pbn.lex import escape
from bridgescore.formats.pbn.model import MANDATORY, PbnComment, PbnFile, PbnGame, canonical
from bridgescore.formats.pbn.sections import write_auction, write_notes, write_play
from bridgescore.formats.pbn.tables import PbnTable
from bridgescore.formats.text import printable

CRLF = "\r\n"
LINE_LIMIT = 255
"""The longest line of a PBN export file, in characters (PBN 2.1 §3.1)."""

_LOOK_ALIKE = dict(zip("łŁđĐħĦıŀĿŧŦ‘’‚‛“”„‟–—―‒…", "lLdDhHilLtT" + "'" * 8 + "----.", strict=True))


def _tag(name: str, value: str) -> str:
    clean = printable(value)
    with contextlib.suppress(ValueError):
        clean = canonical(name, clean)
    return f'[{name} "{escape(clean)}"]'


def _wrapped(lines: list[str], prefix: str = "") -> list[str]:
    """Comment lines (each behind ``prefix``) wrapped at spaces to fit in a PBN line."""
    width = LINE_LIMIT - len(prefix)
    out: list[str] = []
    for line in lines:
        pieces = (
            [line] if len(line) <= width else textwrap.wrap(line, width, break_on_hyphens=False)
        )
        out.extend(prefix + piece for piece in pieces)
    return out


def _comment(comment: PbnComment) -> list[str]:
    if comment.brace and "}" not in comment.text:
        return _wrapped(f"{{{comment.text}}}".split("\n"))
    return _wrapped(comment.text.split("\n"), ";")


def _fitting(table: PbnTable) -> PbnTable:
    """The table, or without column widths when a padded row would not fit in a line."""
    if all(len(row) <= LINE_LIMIT for row in table.format_rows()):
        return table
    return table.without_widths()


def latin_1(text: str) -> str:
    """``text`` in ISO-8859-1, the character set of PBN export files, one character for one.

    A character outside it becomes its letter without the accent when it has one (``ń`` is
    ``n``), a look-alike for a few letters and marks (``ł`` is ``l``, ``’`` is ``'``, ``–`` is
    ``-``), else ``?``.

    >>> latin_1("Zieliński & Łukasz O’Brien – 李 Bjørn")
    "Zielinski & Lukasz O'Brien - ? Bjørn"
    """
    if text.isascii():
        return text
    return "".join(char if ord(char) < 256 else _latin_1_char(char) for char in text)


def _latin_1_char(char: str) -> str:
    if char in _LOOK_ALIKE:
        return _LOOK_ALIKE[char]
    base = unicodedata.normalize("NFKD", char)[0]
    return base if ord(base) < 256 and base.isalnum() else "?"


class _GameWriter:
    def __init__(self, game: PbnGame) -> None:
        self.game = game
        self.lines: list[str] = []
        self.pending = list(game.comments)

    def comments(self, after: str | None) -> None:
        for comment in [c for c in self.pending if c.after == after]:
            self.lines.extend(_comment(comment))
            self.pending.remove(comment)

    def tag(self, name: str, value: str) -> None:
        self.lines.append(_tag(name, value))
        self.comments(name)

    def deal(self) -> str:
        deal = self.game.deal
        if deal is None:
            return "?"
        return deal.to_pbn(self.game.dealer or Seat.NORTH)

    def write(self) -> list[str]:
        game = self.game
        self.comments(None)
        for name in MANDATORY:
            self.tag(name, self.deal() if name == "Deal" else game.tags.get(name, "?"))
        for name in sorted(set(game.tags) - set(MANDATORY)):
            self.tag(name, game.tags[name])
        if game.auction is not None:
            self.lines.append(_tag("Auction", str(game.auction.dealer)))
            self.lines.extend(write_auction(game.auction))
            self.lines.extend(_tag(*note) for note in write_notes(game.auction.notes))
            self.comments("Auction")
        if game.play is not None:
            self.lines.append(_tag("Play", str(game.play.leader)))
            self.lines.extend(write_play(game.play))
            self.lines.extend(_tag(*note) for note in write_notes(game.play.notes))
            self.comments("Play")
        for table in map(_fitting, game.tables):
            self.lines.append(_tag(table.name, table.spec))
            self.comments(table.name)
            self.lines.extend(table.format_rows())
        for comment in self.pending:
            self.lines.extend(_comment(comment))
        return [printable(line) for line in self.lines]


def _check_lengths(lines: list[str], where: str) -> None:
    for line in lines:
        if len(line) > LINE_LIMIT:
            raise FileFormatError(
                "<text>",
                None,
                f"cannot write {where}: a line of {len(line)} characters ({line[:40]}...); a PBN "
                f"line holds {LINE_LIMIT} at most and one value cannot be split: shorten it",
            )


def write(pbn: PbnFile) -> str:
    """The file in PBN 2.1 export format (CRLF line ends).

    A value too long for a PBN line is a :class:`FileFormatError` (its path ``<text>``).
    """
    lines = ["% PBN 2.1", "% EXPORT"]
    lines.extend(line.rstrip() for line in _wrapped([printable(t) for t in pbn.header], "% "))
    _check_lengths(lines, "the header")
    for index, game in enumerate(pbn.games):
        if index:
            lines.append("")
        written = _GameWriter(game).write()
        board = game.tags.get("Board")
        _check_lengths(written, f"board {board}" if board else f"game {index + 1}")
        lines.extend(written)
    return CRLF.join(lines) + CRLF
