"""A board of a pairs session, scored: each traveller line with both pairs' points on it, and
how a real result's points were reached. The engine
(:func:`~bridgescore.core.pairs.score.score_session`) keeps each board's figures in columns
and makes a :class:`ScoredBoard` of them when it is asked for (:class:`ScoredBoards`).
"""

from __future__ import annotations

__all__ = ["ScoredBoard", "ScoredBoards", "ScoredLine", "Working"]

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from bridgescore.core.lazy import ItemsByIndex, Made
from bridgescore.core.pairs.fields import PairId, partnership
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import TravellerLine

T = TypeVar("T")

if TYPE_CHECKING:  # (what the engine hands over)
    from bridgescore.core.pairs.boards import BoardScores
    from bridgescore.core.pairs.lines import Lines


@dataclass(frozen=True, slots=True)
class Working:
    """How a real result's points on a board were reached, as (NS, EW) figures.

    ``compared``: the total of its comparisons with the board's other real results: 2/1
    matchpoints (of 2(A-1)), total cross-IMPs, IMPs against the datum (Butler) or total points.
    ``factored``: that total factored to the expected number of results (Neuberg: 2/1
    matchpoints of 2(E-1)) or normalised (cross-IMPs); at Butler and total points, the points.
    A short board scored otherwise than by Neuberg is factored as the rules say.
    ``among``: how many results it was compared among, itself included (the board's A, or
    fewer with a weighted score apart).
    """

    compared: tuple[Fraction, Fraction]
    factored: tuple[Fraction, Fraction]
    among: int | None = None

    def of(self, side: Side) -> tuple[Fraction, Fraction]:
        """``(compared, factored)`` from ``side``'s side."""
        index = 0 if side is Side.NS else 1
        return self.compared[index], self.factored[index]


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """One traveller line with both pairs and their points on the board.

    ``average`` is the percentage (matchpoints) or IMPs an artificial score was given as;
    ``working`` how a real result's points were reached (``None`` for an artificial score);
    ``top`` the line's matchpoint top where it is not the board's (a weighted score apart).
    """

    line: TravellerLine
    ns_pair: PairId
    ew_pair: PairId
    ns_points: Fraction
    ew_points: Fraction
    ns_average: Fraction | None = None
    ew_average: Fraction | None = None
    working: Working | None = None
    top: Fraction | None = None

    def points(self, side: Side) -> Fraction:
        return self.ns_points if side is Side.NS else self.ew_points

    def pair(self, side: Side) -> PairId:
        return self.ns_pair if side is Side.NS else self.ew_pair


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One board of one section, scored.

    ``actual`` real results (A) compared and factored to ``expected`` (E); ``top`` is the
    matchpoint top (``None`` at IMPs and total points): the full one, or the board's own where
    the rules score a short board so; ``datum`` and ``dropped`` (the scores left out of it) are
    set at Butler.
    """

    board: int
    section: str | None
    lines: tuple[ScoredLine, ...]
    expected: int
    actual: int
    top: Fraction | None = None
    datum: int | None = None
    dropped: tuple[int, ...] = ()

    def top_of(self, line: ScoredLine) -> Fraction | None:
        """The matchpoint top ``line`` is out of: its own, else the board's."""
        return self.top if line.top is None else line.top

    def line_of(self, pair: PairId) -> tuple[ScoredLine, Side] | None:
        """The line ``pair`` played on this board, and its side (for an individual event's
        player, the line of its partnership)."""
        for scored in self.lines:
            for side in Side:
                found = scored.pair(side)
                if found == pair:
                    return scored, side
                players = partnership(found.label)
                if players and pair.label in players and pair.section == found.section:
                    return scored, side
        return None


class ScoredBoards(Made[ScoredBoard]):
    """Every board of an event, scored, in board then section order: each
    :class:`ScoredBoard` made from the engine's figures when it is asked for (ranking a huge
    field makes none). Each line's NS and EW pair is ``pairs[sides[0][i]]`` and
    ``pairs[sides[1][i]]``; :meth:`line_figures` gives every line's figures without an object
    for each."""

    __slots__ = ("_boards", "_lines", "_pairs", "_sides")

    def __init__(
        self,
        boards: Sequence[BoardScores],
        lines: Lines,
        pairs: Sequence[PairId],
        sides: tuple[Sequence[int], Sequence[int]],
    ) -> None:
        super().__init__(len(boards), self._board)
        self._boards, self._lines, self._pairs, self._sides = boards, lines, pairs, sides

    def _figures(
        self, board: BoardScores, index: int
    ) -> tuple[
        Fraction, Fraction, Fraction | None, Fraction | None, Working | None, Fraction | None
    ]:
        """A line's NS and EW points, the percentages or IMPs of an artificial score, how a
        real result's points were reached and its own top where it is not the board's."""
        result = self._lines.compared[index]
        if result is None:
            ns, ew, ns_average, ew_average = board.artificial[index]
            return ns, ew, ns_average, ew_average, None, None
        ns, ew, working, top = board.values[result]
        return ns, ew, None, None, working, None if top == board.top else top

    def _board(self, number: int) -> ScoredBoard:
        board = self._boards[number]
        (ns, ew), indexes = self._sides, board.lines
        lines = _take(self._lines.lines, indexes)
        ns_pairs = _take(self._pairs, list(map(ns.__getitem__, indexes)))
        ew_pairs = _take(self._pairs, list(map(ew.__getitem__, indexes)))
        scored = tuple(
            ScoredLine(line, ns_pair, ew_pair, *self._figures(board, i))
            for line, ns_pair, ew_pair, i in zip(lines, ns_pairs, ew_pairs, indexes, strict=True)
        )
        return ScoredBoard(
            board.number,
            board.section,
            scored,
            board.expected,
            board.actual,
            board.top,
            board.datum,
            board.dropped,
        )

    def line_figures(self) -> list[tuple[PairId, PairId, Fraction, Fraction, Fraction | None]]:
        """Each line's NS and EW pair, NS and EW points and its board's matchpoint top, in the
        order of the session's lines."""
        (ns, ew), pairs = self._sides, self._pairs
        found: list[tuple[PairId, PairId, Fraction, Fraction, Fraction | None]] = [
            None  # type: ignore[list-item]
        ] * len(self._lines)
        for board in self._boards:
            for index in board.lines:
                figures = self._figures(board, index)
                found[index] = (pairs[ns[index]], pairs[ew[index]], *figures[:2], board.top)
        return found


def _take(items: Sequence[T], indexes: list[int]) -> list[T]:
    """The items at these indexes (each made, where the sequence makes them when asked)."""
    if isinstance(items, ItemsByIndex):
        return items.items(indexes)
    return list(map(items.__getitem__, indexes))
