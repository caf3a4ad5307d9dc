"""Reading LIN text: the ``tag|value|`` pairs found in it, each given to the board it belongs
to (a setup tag after the auction or play has begun opens the next board), and the file's own
tags (``vg``, ``bn``).

>>> list(_pairs("ah|Board 1|\\n% nt|a comment line|\\nmb|1N|"))
[('ah', 'Board 1', 1), ('mb', '1N', 3)]
>>> lin = read("vg|Club night,,P|md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,|", "x")
>>> lin.title, lin.scoring, [board.number for board in lin.boards]
('Club night', 'MP', [1])
"""

from __future__ import annotations

__all__ = ["read"]

import bisect
import re
from collections.abc import Iterator

from bridgescore.core.errors import FileFormatError, Problem, quoted
from bridgescore.core.numbers import parse_count
from bridgescore.formats.lin.board import Draft, build_board
from bridgescore.formats.lin.hands import HandsDraft
from bridgescore.formats.lin.model import LinBoard, LinFile, tagged
from bridgescore.formats.text import masked, unsafe

_TAG = re.compile(r"([A-Za-z]{2})\|")
_SETUP = frozenset({"qx", "pn", "sv", "ah", "rh", "st"})
_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}


def _pairs(text: str) -> Iterator[tuple[str, str, int]]:
    """``(tag, value, line)`` for each ``tag|value|``, skipping other text and ``%`` lines."""
    newlines = [match.start() for match in re.finditer("\n", text)]
    pos = 0
    while (match := _TAG.search(text, pos)) is not None:
        start = text.rfind("\n", 0, match.start()) + 1
        if start >= pos and text[start : match.start()].lstrip().startswith("%"):
            end = text.find("\n", match.start())
            pos = len(text) if end < 0 else end
            continue
        close = text.find("|", match.end())
        close = len(text) if close < 0 else close
        line = bisect.bisect_left(newlines, match.start()) + 1
        yield match.group(1).lower(), text[match.end() : close], line
        pos = close + 1


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.boards: list[LinBoard] = []
        self.current: Draft | None = None
        self.pending = Draft(1)
        self.next_started = False
        self.title: str | None = None
        self.scoring: str | None = None
        self.numbers: list[int] = []
        self.players: list[str] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.source, line, message))

    def setup_target(self, tag: str) -> Draft:
        current = self.current
        if current is None:
            return self.pending
        if self.next_started or current.started or (tag == "qx" and current.qx is not None):
            self.next_started = True
            return self.pending
        return current

    def tag(self, tag: str, value: str, line: int) -> None:
        if tag in _SETUP:
            self.setup(self.setup_target(tag), tag, value, line)
        elif tag == "md":
            self.deal(value, line)
        elif tag == "nt":
            target = self.pending if self.next_started or not self.current else self.current
            if value.strip():
                target.comments.append(value.strip())
        elif tag in ("mb", "an", "pc", "mc"):
            current = self.current
            if current is None or self.next_started:
                self.problem(line, f"{tagged(tag, value)}: a call or card before any deal (md)")
            else:
                self.play(current, tag, value, line)
        elif tag == "vg":
            fields = value.split(",")
            self.title = fields[0].strip() or None
            if len(fields) > 2:
                self.scoring = _SCORING.get(fields[2].strip().upper())
        elif tag == "bn":
            self.numbers = [parse_count(n) or 0 for n in re.findall(r"[0-9]+", value)]

    def setup(self, draft: Draft, tag: str, value: str, line: int) -> None:
        if tag == "pn":
            draft.players = [name.strip() for name in value.split(",")]
        elif tag == "sv":
            draft.vulnerability = (value, line)
        elif tag == "ah" and value.strip():
            draft.headings.append(value.strip())
        elif tag == "qx":
            draft.qx, draft.qx_line = value.strip(), line

    def deal(self, value: str, line: int) -> None:
        current = self.current
        if value.strip().startswith("0") and current is not None and not self.next_started:
            assert current.hands is not None
            current.hands.add(value.strip()[1:], amending=True)
            return
        if current is not None:
            self.finish(current)
        draft, self.pending, self.next_started = self.pending, Draft(line), False
        draft.line, draft.hands = line, HandsDraft.parse(value)
        self.current = draft

    def play(self, draft: Draft, tag: str, value: str, line: int) -> None:
        if tag in ("mb", "an"):
            draft.bidding.append((tag, value, line))
        elif tag == "pc":
            draft.cards.append((value, line))
        else:
            draft.claim = (value, line)

    def finish(self, draft: Draft) -> None:
        self.boards.append(build_board(self, draft))


def read(text: str, source: str, *, masking: bool = True) -> LinFile:
    """Every board of LIN ``text`` (none when it has no deal), and the problems, by line.

    A name or a note unfit to show (a control character, a bidirectional override, too long)
    is read with ``?`` for what is unfit (and cut short), a problem, with ``masking``; else
    every such field is a :class:`FileFormatError`, as in every other reader.
    """
    reader = _Reader(source)
    unfit: list[Problem] = []
    for tag, written, line in _pairs(text):
        lines = tag != "pn"  # notes and headings run over lines; the players' names do not
        reason = unsafe(written, lines=lines)
        if reason is not None:  # a name or a note that would act on the terminal
            said = f"{tag}|...|: {quoted(written)} {reason}"
            unfit.append(Problem(source, line, said))
            reader.problem(line, f"{said}: read with ? for it")
        reader.tag(tag, masked(written, lines=lines), line)
    if unfit and not masking:
        raise FileFormatError.from_problems(unfit)
    if reader.current is not None:
        reader.finish(reader.current)
    problems = sorted(reader.problems, key=lambda p: p.line or 0)
    return LinFile(tuple(reader.boards), reader.title, reader.scoring, source, tuple(problems))
