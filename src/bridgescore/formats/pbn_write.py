"""Writing PBN 2.1 export format: deterministic, so that files diff cleanly.

The file starts ``% PBN 2.1`` and ``% EXPORT`` (then the other header lines); games are
separated by one empty line; each game gives the 15 mandatory tags in their standard order
(``?`` when unknown), the other tags alphabetically, the auction (four calls a line), the play
(a trick a line in seat columns from the opening leader), then the tables sorted by name, rows
padded to their column widths. Lines end with CRLF. A tag, a table row or a comment is never
split, so a line is longer than 255 characters only when one value is that long.
"""

from __future__ import annotations

__all__ = ["write"]

import contextlib

from bridgescore.core.seats import Seat
from bridgescore.formats.pbn_lex import escape
from bridgescore.formats.pbn_model import MANDATORY, PbnComment, PbnFile, PbnGame, canonical
from bridgescore.formats.pbn_sections import write_auction, write_notes, write_play

CRLF = "\r\n"


def _tag(name: str, value: str) -> str:
    clean = value.replace("\t", " ").replace("\r", " ").replace("\n", " ")
    with contextlib.suppress(ValueError):
        clean = canonical(name, clean)
    return f'[{name} "{escape(clean)}"]'


def _comment(comment: PbnComment) -> list[str]:
    if comment.brace and "}" not in comment.text:
        return f"{{{comment.text}}}".split("\n")
    return [f";{line}" for line in comment.text.split("\n")]


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
        for table in game.tables:
            self.lines.append(_tag(table.name, table.spec))
            self.comments(table.name)
            self.lines.extend(table.format_rows())
        for comment in self.pending:
            self.lines.extend(_comment(comment))
        return self.lines


def write(pbn: PbnFile) -> str:
    """The file in PBN 2.1 export format (CRLF line ends)."""
    lines = ["% PBN 2.1", "% EXPORT"]
    lines.extend(f"% {text}" if text else "%" for text in pbn.header)
    for index, game in enumerate(pbn.games):
        if index:
            lines.append("")
        lines.extend(_GameWriter(game).write())
    return CRLF.join(lines) + CRLF
