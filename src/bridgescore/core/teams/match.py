"""One teams match: a home and an away team play the same boards at two tables.

At table 1 the home team sits North-South, at table 2 the away team does. On each board the
home team's *net* is ``table 1 NS score − table 2 NS score``; the scoring method turns the net
into board points (Law 78, rules-and-formats §2.1 and §5):

* ``imps``: IMPs on the net (Law 78B), home ``+x``, away ``−x``;
* ``total``: the net itself (aggregate, Law 78C);
* ``bam``: board-a-match (ACBL), 1 to the team with the better net, ½ each on a tie;
* ``pab``: point-a-board (UK), 2 for a win, 1 each for a tie.

>>> match = TeamsMatch.from_tables("Lions", "Tigers", {1: 620, 2: -100}, {1: 170, 2: 140})
>>> [match.board_points(b) for b in match.boards] == [(10, -10), (-6, 6)]
True
>>> match.score(HOME), match.score(AWAY), match.margin(HOME)
(Fraction(10, 1), Fraction(6, 1), Fraction(4, 1))
>>> match.with_method(Method.BAM).score(HOME), match.with_method(Method.PAB).score(AWAY)
(Fraction(1, 1), Fraction(2, 1))
"""

from __future__ import annotations

__all__ = [
    "AWAY",
    "HOME",
    "MatchSide",
    "Method",
    "TableScore",
    "TeamsBoard",
    "TeamsMatch",
]

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from bridgescore.core.errors import ScoringError
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.adjusted import Average, WeightedComponent, WeightedScore
from bridgescore.core.table.board import Board

TableScore = int | WeightedScore
"""A table's NS score: points, or a weighted assigned score (Law 12C1(c))."""

_ZERO = Fraction(0)


class Method(Enum):
    """How a teams match is scored board by board."""

    IMPS = "imps"
    TOTAL = "total"
    BAM = "bam"
    PAB = "pab"

    def __str__(self) -> str:
        return self.value

    @property
    def signed(self) -> bool:
        """Board points are a signed gain (IMPs, total points), not points won (BAM, PAB)."""
        return self in (Method.IMPS, Method.TOTAL)

    @property
    def unit(self) -> str:
        return {"imps": "IMPs", "total": "points", "bam": "BAM points", "pab": "PAB points"}[
            self.value
        ]

    @property
    def per_board(self) -> int:
        """The points shared on a board at board-a-match (1) and point-a-board (2)."""
        return 2 if self is Method.PAB else 1

    def board_points(self, net: int) -> tuple[Fraction, Fraction]:
        """Home's and away's points on a board whose net (home's view) is ``net``.

        >>> [Method.IMPS.board_points(n) for n in (450, -20)] == [(10, -10), (-1, 1)]
        True
        >>> Method.BAM.board_points(10), Method.PAB.board_points(0)
        ((Fraction(1, 1), Fraction(0, 1)), (Fraction(1, 1), Fraction(1, 1)))
        """
        if self is Method.IMPS:
            return Fraction(imps(net)), Fraction(-imps(net))
        if self is Method.TOTAL:
            return Fraction(net), Fraction(-net)
        top = Fraction(self.per_board)
        if net == 0:
            return top / 2, top / 2
        return (top, _ZERO) if net > 0 else (_ZERO, top)

    def average(self, average: Average) -> Fraction:
        """A team's points for an artificial adjusted score on a board (Law 12C2).

        IMPs: Ave+ +3, Ave 0, Ave- −3; board-a-match and point-a-board: 60 %, 50 %, 40 % of
        the board's points. Total points have no artificial score: assign a score instead.

        >>> Method.IMPS.average(Average.PLUS), Method.PAB.average(Average.MINUS)
        (Fraction(3, 1), Fraction(4, 5))
        """
        if self is Method.IMPS:
            return Fraction(average.imps)
        if self is Method.TOTAL:
            raise ScoringError("total-points scoring has no artificial score: assign a score")
        return self.per_board * average.percent / 100


@lru_cache(maxsize=4096)
def _board_points(method: Method, net: int) -> tuple[Fraction, Fraction]:
    return method.board_points(net)


class MatchSide(Enum):
    """The home team (North-South at table 1) or the away team (North-South at table 2)."""

    HOME = "home"
    AWAY = "away"

    @property
    def other(self) -> MatchSide:
        return MatchSide.AWAY if self is MatchSide.HOME else MatchSide.HOME


HOME = MatchSide.HOME
AWAY = MatchSide.AWAY


def _components(score: TableScore) -> tuple[WeightedComponent, ...]:
    if isinstance(score, WeightedScore):
        return score.components
    return (WeightedComponent(Fraction(1), score),)


def _expected(score: TableScore) -> Fraction:
    return score.expected_ns_score if isinstance(score, WeightedScore) else Fraction(score)


@dataclass(frozen=True, slots=True)
class TeamsBoard:
    """One board of a match: the NS score at each table, or an artificial score for the board.

    ``home_ns`` is the NS score at table 1 (home team NS), ``away_ns`` at table 2 (away team
    NS). ``artificial`` (home's, away's points in the match's method, e.g. ``(3, -3)`` IMPs)
    replaces the comparison when the board could not be scored normally; it need not balance.

    >>> TeamsBoard(7, 620, None)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ScoringError: board 7 was played only at table 1
    """

    number: int
    home_ns: TableScore | None = None
    away_ns: TableScore | None = None
    artificial: tuple[Fraction, Fraction] | None = None

    def __post_init__(self) -> None:
        Board(self.number)
        if self.artificial is not None:
            home, away = self.artificial
            object.__setattr__(self, "artificial", (Fraction(home), Fraction(away)))
            return
        if self.home_ns is None and self.away_ns is None:
            raise ScoringError(f"board {self.number} has no score at either table")
        if self.home_ns is None or self.away_ns is None:
            table = 1 if self.away_ns is None else 2
            raise ScoringError(f"board {self.number} was played only at table {table}")

    @classmethod
    def adjusted(cls, number: int, home: Average, away: Average, method: Method) -> TeamsBoard:
        """A board given artificial adjusted scores, e.g. Ave+ to home and Ave- to away.

        >>> TeamsBoard.adjusted(5, Average.PLUS, Average.MINUS, Method.IMPS).artificial
        (Fraction(3, 1), Fraction(-3, 1))
        """
        return cls(number, artificial=(method.average(home), method.average(away)))

    @property
    def net(self) -> Fraction | None:
        """Home's net on the board (table 1 NS − table 2 NS); None for an artificial board."""
        if self.artificial is not None or self.home_ns is None or self.away_ns is None:
            return None
        return _expected(self.home_ns) - _expected(self.away_ns)

    def played_points(self, method: Method) -> tuple[Fraction, Fraction]:
        """Home's and away's points from the two tables' scores (weighted scores are weighed
        result by result, Law 12C1(c)); an artificial board has none."""
        if self.home_ns is None or self.away_ns is None:
            raise ScoringError(f"board {self.number} has no table scores to compare")
        if isinstance(self.home_ns, int) and isinstance(self.away_ns, int):
            return _board_points(method, self.home_ns - self.away_ns)
        home = away = _ZERO
        for first in _components(self.home_ns):
            for second in _components(self.away_ns):
                weight = first.weight * second.weight
                points = _board_points(method, first.ns_score - second.ns_score)
                home += weight * points[0]
                away += weight * points[1]
        return home, away


@dataclass(frozen=True, slots=True)
class TeamsMatch:
    """A match between ``home`` and ``away`` over ``boards``, scored by ``method``.

    ``carry_over`` (home's view, in the method's units: negative means the away team carries
    it) is added before the first board; ``home_penalty`` and ``away_penalty`` are deducted
    from that team's score (and so count for its opponents in the margin).
    """

    home: str
    away: str
    boards: tuple[TeamsBoard, ...]
    method: Method = Method.IMPS
    round: int | None = None
    carry_over: Fraction = field(default=_ZERO)
    home_penalty: Fraction = field(default=_ZERO)
    away_penalty: Fraction = field(default=_ZERO)

    def __post_init__(self) -> None:
        object.__setattr__(self, "boards", tuple(self.boards))
        for name in ("carry_over", "home_penalty", "away_penalty"):
            object.__setattr__(self, name, Fraction(getattr(self, name)))
        where = f"round {self.round}: " if self.round is not None else ""
        if self.home == self.away:
            raise ScoringError(f"{where}team {self.home} cannot play a match against itself")
        if not self.boards:
            raise ScoringError(f"{where}{self.home} v {self.away} has no boards")
        seen: set[int] = set()
        for board in self.boards:
            if board.number in seen:
                raise ScoringError(f"{where}{self.home} v {self.away}: board {board.number} twice")
            seen.add(board.number)

    @classmethod
    def from_tables(
        cls,
        home: str,
        away: str,
        table1: Mapping[int, TableScore],
        table2: Mapping[int, TableScore],
        *,
        method: Method = Method.IMPS,
        round: int | None = None,
        artificial: Mapping[int, tuple[Fraction, Fraction]] | None = None,
    ) -> TeamsMatch:
        """Pair up each board's NS scores at table 1 (home NS) and table 2 (away NS).

        >>> TeamsMatch.from_tables("A", "B", {1: 620, 2: 100}, {1: 600}, round=3)
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.ScoringError: round 3: A v B: board 2 was played only at table 1 (A NS v B EW)
        """
        artificial = artificial or {}
        where = f"round {round}: " if round is not None else ""
        boards = []
        for number in sorted(set(table1) | set(table2) | set(artificial)):
            if number in artificial:
                boards.append(TeamsBoard(number, artificial=artificial[number]))
                continue
            if number not in table2:
                raise ScoringError(
                    f"{where}{home} v {away}: board {number} was played only at table 1 "
                    f"({home} NS v {away} EW)"
                )
            if number not in table1:
                raise ScoringError(
                    f"{where}{home} v {away}: board {number} was played only at table 2 "
                    f"({away} NS v {home} EW)"
                )
            boards.append(TeamsBoard(number, table1[number], table2[number]))
        return cls(home, away, tuple(boards), method, round)

    def with_method(self, method: Method) -> TeamsMatch:
        """The same match scored another way (carry-over and penalties are dropped)."""
        return TeamsMatch(self.home, self.away, self.boards, method, self.round)

    def with_adjustments(
        self,
        carry_over: Fraction | int = 0,
        home_penalty: Fraction | int = 0,
        away_penalty: Fraction | int = 0,
    ) -> TeamsMatch:
        """The same match with this carry-over and these penalties."""
        return replace(
            self,
            carry_over=Fraction(carry_over),
            home_penalty=Fraction(home_penalty),
            away_penalty=Fraction(away_penalty),
        )

    # -- sides -------------------------------------------------------------------------------

    def team(self, side: MatchSide) -> str:
        return self.home if side is HOME else self.away

    def side_of(self, team: str) -> MatchSide:
        """Which side ``team`` played on (ScoringError if it did not play this match)."""
        if team == self.home:
            return HOME
        if team == self.away:
            return AWAY
        raise ScoringError(f"team {team} did not play {self.home} v {self.away}")

    def opponent(self, team: str) -> str:
        return self.team(self.side_of(team).other)

    # -- board by board ----------------------------------------------------------------------

    def board_points(
        self, board: TeamsBoard, method: Method | None = None
    ) -> tuple[Fraction, Fraction]:
        """Home's and away's points on one board in ``method`` (default the match's).

        An artificial board keeps its points in the match's own method; in another method it
        counts as a win, tie or loss by its points (board-a-match, point-a-board) or as 0.
        """
        method = method or self.method
        if board.artificial is None:
            return board.played_points(method)
        if method is self.method:
            return board.artificial
        if method.signed:
            return _ZERO, _ZERO
        home, away = board.artificial
        return method.board_points((home > away) - (home < away))

    def _points(self, method: Method | None) -> Iterator[tuple[Fraction, Fraction]]:
        return (self.board_points(board, method) for board in self.boards)

    def board_imps(self) -> tuple[tuple[Fraction, Fraction], ...]:
        """Home's and away's IMPs on each board, whatever the match's method."""
        return tuple(self._points(Method.IMPS))

    def points_won(self, side: MatchSide, method: Method | None = None) -> Fraction:
        """Points the side won board by board (IMPs won, board-a-match points, …)."""
        index = 0 if side is HOME else 1
        if (method or self.method).signed:
            return sum((max(p[index], _ZERO) for p in self._points(method)), _ZERO)
        return sum((p[index] for p in self._points(method)), _ZERO)

    def points_lost(self, side: MatchSide, method: Method | None = None) -> Fraction:
        """Points the side lost board by board (for IMPs: the IMPs its opponents won)."""
        index = 0 if side is HOME else 1
        if (method or self.method).signed:
            return sum((max(-p[index], _ZERO) for p in self._points(method)), _ZERO)
        return sum((p[1 - index] for p in self._points(method)), _ZERO)

    def imps_for(self, side: MatchSide) -> Fraction:
        """IMPs won board by board (for the IMP quotient); no carry-over or penalties."""
        return self.points_won(side, Method.IMPS)

    def imps_against(self, side: MatchSide) -> Fraction:
        """IMPs lost board by board."""
        return self.points_lost(side, Method.IMPS)

    # -- the match ---------------------------------------------------------------------------

    def _penalty(self, side: MatchSide) -> Fraction:
        return self.home_penalty if side is HOME else self.away_penalty

    def _carry(self, side: MatchSide) -> Fraction:
        return self.carry_over if side is HOME else -self.carry_over

    def score(self, side: MatchSide) -> Fraction:
        """The side's score in the match: points won, plus its carry-over, minus its penalty."""
        carry = max(self._carry(side), _ZERO)
        return self.points_won(side) + carry - self._penalty(side)

    def margin(self, side: MatchSide) -> Fraction:
        """The side's winning margin (negative when it lost), carry-over and penalties included.

        IMPs and total points: the sum of the side's own board points (an unbalanced artificial
        board can leave both sides ahead); board-a-match and point-a-board: its points minus
        its opponents'.
        """
        own = self._carry(side) - self._penalty(side) + self._penalty(side.other)
        index = 0 if side is HOME else 1
        for points in self._points(None):
            own += points[index] if self.method.signed else points[index] - points[1 - index]
        return own

    def vps(self, scale: VpScale) -> tuple[Fraction, Fraction]:
        """Home's and away's VPs: each side's own margin on the scale for this many boards.

        >>> from bridgescore.core.scoring.vp import WBF
        >>> boards = tuple(TeamsBoard(n, 0, 0) for n in range(1, 16)) + (TeamsBoard(16, 430, 0),)
        >>> TeamsMatch("A", "B", boards).vps(WBF)  # 10 IMPs over 16 boards
        (Fraction(64, 5), Fraction(36, 5))
        """
        count = len(self.boards)
        return scale.for_margin(self.margin(HOME), count), scale.for_margin(
            self.margin(AWAY), count
        )
