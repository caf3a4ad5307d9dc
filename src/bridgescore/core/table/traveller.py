"""Travellers and sessions: what was played, board by board, before any comparison.

A :class:`TravellerLine` is one table's outcome on one board: a played :class:`Result`, a bare
NS score (contract unknown), an artificial adjusted score or a weighted assigned score. Pair (or
team) labels are kept as written (``1``, ``1A``, ``3NS``); which pairs they denote (one field or
two, sections) is decided when an event is built from the session.

A :class:`Session` holds the lines of one session with its names and event details. Readers of
every file format produce a ``Session``; scoring methods consume one.

A pair (or a team's pair) plays each board once: :func:`played_twice` is that rule, with its
messages, for every reader, the pairs engine and teams (see :class:`Seating`);
:func:`drop_played_twice` is how a reader applies it.

>>> line = TravellerLine.played(7, "3", "5", Result.parse("4SN="))
>>> line.ns_score, line.kind
(620, 'played')
>>> average = TravellerLine(7, "4", "6", adjusted=ArtificialScore.parse("AVE+"))
>>> session = Session((line, average))
>>> session.boards, [l.ns for l in session.traveller(7)]
((7,), ['3', '4'])
"""

from __future__ import annotations

__all__ = [
    "EventInfo",
    "LineKind",
    "PlayedTwice",
    "Seating",
    "Session",
    "TravellerLine",
    "drop_played_twice",
    "looks_like_teams",
    "played_twice",
]

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.lazy import Made, MadeMapping
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Side

if TYPE_CHECKING:  # (the hand record's types: scoring travellers does not import them)
    from bridgescore.core.table.deal import Deal
    from bridgescore.core.table.par import DoubleDummy

LineKind = Literal["played", "score", "artificial", "weighted"]


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's outcome on one board.

    Exactly one of these holds: a ``result`` was played (``ns_score`` is its NS score); only an
    ``ns_score`` is known; ``adjusted`` is an :class:`ArtificialScore` or :class:`WeightedScore`
    (``ns_score`` is then ``None``). ``line`` is where the line stands in its file.
    """

    board: int
    ns: str
    ew: str
    result: Result | None = None
    ns_score: int | None = None
    adjusted: ArtificialScore | WeightedScore | None = None
    lead: str | None = None
    section: str | None = None
    round: int | None = None
    table: int | None = None
    line: int | None = None

    def __post_init__(self) -> None:
        Board(self.board)
        if self.adjusted is not None:
            if self.result is not None or self.ns_score is not None:
                raise ScoringError(
                    f"board {self.board}: an adjusted score replaces the table result"
                )
        elif self.ns_score is None:
            raise ScoringError(f"board {self.board}: a traveller line needs a result or a score")

    @classmethod
    def played(
        cls,
        board: int,
        ns: str,
        ew: str,
        result: Result,
        vulnerability: Vulnerability | None = None,
        *,
        lead: str | None = None,
        section: str | None = None,
        round: int | None = None,
        table: int | None = None,
        line: int | None = None,
    ) -> TravellerLine:
        """A played result; its NS score uses the board's vulnerability (Law 2 unless given)."""
        vul = vulnerability if vulnerability is not None else Board(board).vulnerability
        return cls(
            board,
            ns,
            ew,
            result=result,
            ns_score=result.ns_score(vul),
            lead=lead,
            section=section,
            round=round,
            table=table,
            line=line,
        )

    @property
    def kind(self) -> LineKind:
        if isinstance(self.adjusted, ArtificialScore):
            return "artificial"
        if isinstance(self.adjusted, WeightedScore):
            return "weighted"
        return "played" if self.result is not None else "score"

    @property
    def is_real(self) -> bool:
        """A real table score (played or score-only): it takes part in comparisons as it is."""
        return self.adjusted is None

    @property
    def artificial_score(self) -> ArtificialScore | None:
        return self.adjusted if isinstance(self.adjusted, ArtificialScore) else None

    @property
    def weighted_score(self) -> WeightedScore | None:
        return self.adjusted if isinstance(self.adjusted, WeightedScore) else None

    @property
    def where(self) -> str:
        """``board 7`` or ``line 12, board 7``, for messages."""
        return (
            f"board {self.board}" if self.line is None else f"line {self.line}, board {self.board}"
        )


@dataclass(frozen=True, slots=True)
class EventInfo:
    """What the event is: shown on results pages and written to files."""

    title: str | None = None
    club: str | None = None
    date: str | None = None
    venue: str | None = None
    scoring: str | None = None
    movement: str | None = None
    compare: str | None = None
    """``across`` or ``within`` when the file says how its sections were compared."""


def _frozen(mapping: Mapping[str, str] | None) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True)
class Session:
    """The traveller lines of a session, with names, event details and where they came from.

    ``deals`` is the hand record (board number -> :class:`Deal`), where the file has one, and
    ``double_dummy`` what analysis says of its deals (board number -> table and par).
    ``problems`` holds what a lenient reader skipped or doubted (empty when read strictly).
    ``lines`` is a tuple, or for a file read in columns a :class:`~bridgescore.core.lazy.Made`
    sequence that makes each line when it is asked for (and ``deals`` a
    :class:`~bridgescore.core.lazy.MadeMapping`): equal to the tuple the file's own reader
    gives.
    """

    lines: Sequence[TravellerLine]
    names: Mapping[str, str] = field(default_factory=lambda: _frozen(None))
    info: EventInfo = EventInfo()
    source: str | None = None
    problems: tuple[Problem, ...] = ()
    deals: Mapping[int, Deal] = field(default_factory=lambda: MappingProxyType({}))
    double_dummy: Mapping[int, DoubleDummy] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", _frozen(self.names))
        if not isinstance(self.lines, Made):  # (a columnar reader's lines are made when asked)
            object.__setattr__(self, "lines", tuple(self.lines))
        if not isinstance(self.deals, MadeMapping):
            object.__setattr__(self, "deals", MappingProxyType(dict(self.deals)))
        object.__setattr__(self, "double_dummy", MappingProxyType(dict(self.double_dummy)))

    @property
    def boards(self) -> tuple[int, ...]:
        """The board numbers played, in order."""
        return tuple(sorted({line.board for line in self.lines}))

    def traveller(self, board: int) -> tuple[TravellerLine, ...]:
        """The lines of one board, in file order."""
        return tuple(line for line in self.lines if line.board == board)

    def travellers(self) -> dict[int, tuple[TravellerLine, ...]]:
        """Every board's lines, by board number."""
        grouped: dict[int, list[TravellerLine]] = {}
        for line in self.lines:
            grouped.setdefault(line.board, []).append(line)
        return {board: tuple(grouped[board]) for board in sorted(grouped)}

    def with_deals(
        self, deals: Mapping[int, Deal], double_dummy: Mapping[int, DoubleDummy] | None = None
    ) -> Session:
        """The same session with these hand records added (later deals win) and what analysis
        says of them; a board whose deal changes loses the analysis of the deal it had."""
        kept = {
            board: analysis
            for board, analysis in self.double_dummy.items()
            if deals.get(board, self.deals.get(board)) == self.deals.get(board)
        }
        return replace(
            self,
            deals={**self.deals, **deals},
            double_dummy={**kept, **(double_dummy or {})},
        )

    def with_names(self, names: Mapping[str, str]) -> Session:
        """The same session with these names added (later names win)."""
        return replace(self, names={**self.names, **names})


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sat at one table on one board, for the rule that a pair plays each board once.

    ``ns`` and ``ew`` are the pairs (or teams) as the event knows them. ``directed`` when the
    direction tells pairs apart: NS 3 and EW 3 are two pairs in a Mitchell, a file reader cannot
    tell one field from two, and a team has a pair at each table of its match; in a Howell
    (one field) pair 3 is pair 3 whichever way it sits. ``round`` when a board is known by its
    round too, for readers and teams (teams events may redeal boards 1-8 every round); ``None``
    when a board is played once in the whole session, whatever the rounds say.
    """

    board: int
    ns: str
    ew: str
    line: int | None = None
    section: str | None = None
    round: int | None = None
    directed: bool = True

    @classmethod
    def of(cls, line: TravellerLine) -> Seating:
        """A traveller line as a reader sees it: pairs as written, directed, by round."""
        return cls(line.board, line.ns, line.ew, line.line, line.section, line.round)

    def pair(self, side: Side) -> str:
        return self.ns if side is Side.NS else self.ew


@dataclass(frozen=True, slots=True)
class PlayedTwice:
    """A table where a pair plays a board it has already played (or sits both ways).

    ``index`` is the table's place in the seatings checked, ``line`` where it stands in its file;
    ``message`` says which pair and where else it played, for the director.
    """

    index: int
    line: int | None
    message: str


def played_twice(seatings: Sequence[Seating]) -> list[PlayedTwice]:
    """Every table, in order, where a pair plays a board a second time.

    The first table a pair sits at on a board stands; at each later one every pair that plays
    again is named with the line it also played on (in one message where the whole table
    repeats an earlier one).

    >>> played_twice([Seating(3, "1", "2", 2), Seating(3, "4", "5", 3), Seating(3, "1", "6", 4)])
    [PlayedTwice(index=2, line=4, message='board 3: NS pair 1 plays the board twice (also line 2)')]

    The same table written twice, a pair on both sides in one field, sections:

    >>> [t.message for t in played_twice([Seating(3, "1", "2", 2), Seating(3, "1", "2", 3)])]
    ['board 3: NS pair 1 and EW pair 2 play the board twice (also line 2)']
    >>> [t.message for t in played_twice([Seating(3, "1", "1", 2, directed=False)])]
    ['board 3: pair 1 sits both NS and EW']
    >>> twice = played_twice([Seating(3, "1", "2", section="A", directed=False),
    ...                       Seating(3, "2", "4", section="A", directed=False)])
    >>> [t.message for t in twice]
    ['board 3 of section A: pair 2 plays the board twice']
    """
    seen: dict[tuple[int, str | None, int | None, str, Side | None], tuple[int, Side]] = {}
    found: list[PlayedTwice] = []
    for index, seating in enumerate(seatings):
        clashes: list[tuple[Side, int, Side]] = []
        for side in Side:
            key = (
                seating.board,
                seating.section,
                seating.round,
                seating.pair(side),
                side if seating.directed else None,
            )
            first, first_side = seen.setdefault(key, (index, side))
            if (first, first_side) != (index, side):
                clashes.append((side, first, first_side))
        if clashes:
            found.extend(
                PlayedTwice(index, seating.line, message)
                for message in _twice(index, clashes, seatings)
            )
    return found


def _twice(
    index: int, clashes: list[tuple[Side, int, Side]], seatings: Sequence[Seating]
) -> list[str]:
    """What the director reads about table ``index``'s clashes (see :func:`played_twice`)."""
    seating = seatings[index]
    where = f"board {seating.board}" + (f" of section {seating.section}" if seating.section else "")

    def also(first: int) -> str:
        line = seatings[first].line
        return "" if line is None else f" (also line {line})"

    def who(side: Side, first_side: Side) -> str:
        pair = seating.pair(side)
        return f"{side} pair {pair}" if side is first_side else f"pair {pair}"

    if not seating.directed and seating.ns == seating.ew:
        earlier = [first for _, first, _ in clashes if first != index]
        more = also(earlier[0]) if earlier else ""
        return [f"{where}: pair {seating.ns} sits both NS and EW{more}"]
    if len(clashes) == 2 and clashes[0][1] == clashes[1][1]:
        both = " and ".join(who(side, first_side) for side, _, first_side in clashes)
        return [f"{where}: {both} play the board twice{also(clashes[0][1])}"]
    return [
        f"{where}: {who(side, first_side)} plays the board twice{also(first)}"
        for side, first, first_side in clashes
    ]


def looks_like_teams(
    boards: Sequence[int],
    sections: Sequence[str | None],
    rounds: Sequence[int | None],
    ns: Sequence[str],
    ew: Sequence[str],
) -> bool:
    """Whether results (each line's board, section, round, and NS and EW as written, in
    columns) are a teams event's: on every board of a round, each table's two teams also meet
    at another table with NS and EW swapped.

    >>> looks_like_teams([1, 1], [None, None], [1, 1], ["1", "2"], ["2", "1"])
    True
    >>> looks_like_teams([1, 1], [None, None], [None, None], ["1", "3"], ["2", "4"])
    False
    """
    if ns and (ns[0] == ew[0] or (ew[0], ns[0]) not in zip(ns, ew, strict=True)):
        return False  # (the first line's pairs do not meet the other way: most files stop here)
    seats = set(zip(ns, ew, strict=True))
    if any(n == e or (e, n) not in seats for n, e in seats):  # quick: most others stop here
        return False
    tables: dict[tuple[int, str | None, int | None], Counter[tuple[str, str]]] = {}
    for board, section, round_number, n, e in zip(boards, sections, rounds, ns, ew, strict=True):
        tables.setdefault((board, section, round_number), Counter())[n, e] += 1
    return bool(tables) and all(
        seated == Counter({(e, n): count for (n, e), count in seated.items()})
        for seated in tables.values()
    )


def drop_played_twice(
    lines: Sequence[TravellerLine], source: str
) -> tuple[list[TravellerLine], list[Problem]]:
    """What a file reader keeps: the lines where a pair plays a board again are dropped, each
    reported where it stands in ``source``. A board is known by its round too (teams events
    may redeal boards 1-8 every round).

    >>> lines = [TravellerLine(3, "1", "2", ns_score=420, line=2),
    ...          TravellerLine(3, "1", "4", ns_score=450, line=3)]
    >>> kept, problems = drop_played_twice(lines, "club.csv")
    >>> [line.line for line in kept], [str(p) for p in problems]
    ([2], ['club.csv:3: board 3: NS pair 1 plays the board twice (also line 2)'])
    """
    twice = played_twice([Seating.of(line) for line in lines])
    dropped = {found.index for found in twice}
    kept = [line for index, line in enumerate(lines) if index not in dropped]
    return kept, [Problem(source, found.line, found.message) for found in twice]
