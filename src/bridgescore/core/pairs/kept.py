"""Boards scored before, kept to be used again while their results are the same: a live event
is scored after each result, and only the board that result is on has changed.

A board's figures (its top, Butler datum and each real result's points) follow from its real
results in their order, its expected number of results E and the rules, and from nothing
else (the kernels that compare it give the figures of the pure functions, whichever they
are). So a board whose results, E and rules are those of the last scoring is given the last
scoring's figures, and only a board whose results changed is compared again. The figures are
those of scoring it again: the tests check it after any sequence of changes.

>>> from bridgescore.core.pairs.boards import BoardKernels, BoardScores
>>> from bridgescore.core.pairs.rules import PairsRules
>>> kept = KeptBoards()
>>> rules, kernels = PairsRules(), BoardKernels()
>>> for scoring in range(2):
...     board = BoardScores(1, None, [0, 1, 2], 3, 0)
...     kept.score(board, [420, 450, 420], rules, kernels)
...     kept.done()
>>> kept.compared, kept.reused
(1, 1)
>>> str(board.values[450][0])
'4'
"""

from __future__ import annotations

__all__ = ["KeptBoards"]

from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.pairs.boards import (
    BoardKernels,
    BoardScores,
    Figured,
    RealFigures,
    Result,
    score_board,
)
from bridgescore.core.pairs.lines import Compared
from bridgescore.core.pairs.rules import PairsRules

_Key = tuple[int, tuple[Compared, ...]]
"""What a board's figures follow from, beside the rules: its E and its results in order."""


@dataclass(frozen=True, slots=True)
class _Figures:
    """A scored board's figures, without its lines (see :class:`BoardScores`)."""

    actual: int
    top: Fraction | None
    datum: int | None
    dropped: tuple[int, ...]
    values: dict[Result, RealFigures]


class KeptBoards:
    """The boards of the last scoring of one event, by their results (see the module
    docstring). ``score`` scores a board or gives it the kept figures; ``done`` ends a
    scoring, keeping only the boards it scored (an event's boards, no more). ``compared`` and
    ``reused`` count the boards compared and those given kept figures."""

    def __init__(self) -> None:
        self._rules: PairsRules | None = None
        self._kept: dict[_Key, _Figures] = {}
        self._now: dict[_Key, _Figures] = {}
        self._figured: Figured = {}
        self.compared = 0
        self.reused = 0

    def score(
        self,
        board: BoardScores,
        compared: list[Compared],
        rules: PairsRules,
        kernels: BoardKernels,
        *,
        only_scores: bool = False,
    ) -> None:
        """Score ``board`` as :func:`~bridgescore.core.pairs.boards.score_board` does, with
        the figures kept from the last scoring if its results and E are the same (the figures
        worked out are kept too, so that boards compared now share them with kept boards)."""
        if rules != self._rules:
            self._rules, self._kept, self._now, self._figured = rules, {}, {}, {}
        key = (board.expected, tuple(compared))
        found = self._now.get(key) or self._kept.get(key)
        if found is None:
            figured = self._figured
            score_board(board, compared, rules, kernels, only_scores=only_scores, figured=figured)
            found = _Figures(board.actual, board.top, board.datum, board.dropped, board.values)
            self.compared += 1
        else:
            board.actual, board.top, board.datum = found.actual, found.top, found.datum
            board.dropped, board.values = found.dropped, found.values
            self.reused += 1
        self._now[key] = found

    def done(self) -> None:
        """The scoring is over: keep its boards, forget those it did not score."""
        self._kept, self._now = self._now, {}
        if len(self._figured) > _MOST_FIGURED:
            self._figured = {}


_MOST_FIGURED = 100_000
"""The most figures kept between scorings (a long session's boards have a few thousand)."""
