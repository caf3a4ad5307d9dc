"""The values of a USEBIO event beside its :class:`Session`: pair ids and the pairs they denote,
the participants and their players, the teams/Swiss matches, and the figures a scoring program
computed, kept apart in :class:`Figures` so that our own scoring can be checked against them or
fill them in. The event that holds them all is
:class:`~bridgescore.formats.usebio.event.UsebioEvent`.

Pair identity. Lines keep pair ids as the file writes them (``7`` in a Howell, ``3NS`` / ``3EW``
in a Mitchell). :func:`pair_ref` (and :meth:`UsebioEvent.pair_ref <bridgescore.formats.usebio.event.UsebioEvent.pair_ref>`) maps an id to a
:class:`PairRef`: section, direction (``Side.NS``/``Side.EW`` in a two-field event, ``None`` in a
one-field event) and the pair number without the direction. A two-field file that numbers its
pairs plainly (``3`` with ``<DIRECTION>NS</DIRECTION>``) is read with the direction appended
(``3NS``, ``3EW``), so that NS 3 and EW 3 stay two pairs.

>>> pair_ref("3NS"), pair_ref("12"), pair_ref("4 EW", section="B")
(PairRef(label='3NS', number='3', direction=Side.NS, section=None), PairRef(label='12', number='12', direction=None, section=None), PairRef(label='4 EW', number='4', direction=Side.EW, section='B'))
>>> directed_label("3", Side.EW), directed_label("3NS", Side.EW)
('3EW', '3NS')
>>> place = PairFigures.parse_place("3=")
>>> place
(3, True)
>>> number("8.6"), number(Fraction(43, 5)), number(Fraction(1, 3))
(Decimal('8.6'), Decimal('8.6'), Decimal('0.33'))
"""

from __future__ import annotations

__all__ = [
    "POINT_KINDS",
    "TEAMS_EVENT_TYPES",
    "Figures",
    "LineFigures",
    "MatchRecord",
    "PairFigures",
    "PairRef",
    "Participant",
    "Player",
    "directed_label",
    "number",
    "pair_ref",
    "section_key",
]

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Literal, TypeVar

from bridgescore.core.errors import NotationError, ScoringError
from bridgescore.core.numbers import parse_count
from bridgescore.core.scoring.ranking import rank_text
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import TravellerLine

POINT_KINDS = ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMPS", "IMPS")
"""The per-line points a file may carry, as ``NS_<kind>`` / ``EW_<kind>`` elements."""

_DIRECTED = re.compile(r"^(?P<number>.*?\S)\s*(?P<side>NS|EW|N|E)$", re.IGNORECASE)
_NUMBER = re.compile(r"^[+-]?[0-9]{1,9}(\.[0-9]{1,6})?$")

Figure = Decimal | Fraction | int | str


def number(value: Figure) -> Decimal:
    """A figure as a :class:`Decimal`: exact for ints, decimal text and Fractions that are
    exact decimals; other Fractions are rounded half up to 2 places, as results programs print.
    """
    if isinstance(value, Decimal):
        result = value
    elif isinstance(value, int):
        result = Decimal(value)
    elif isinstance(value, Fraction):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        twos_fives = value.denominator
        for factor in (2, 5):
            while twos_fives % factor == 0:
                twos_fives //= factor
        result = exact if twos_fives == 1 else exact.quantize(Decimal("0.01"), ROUND_HALF_UP)
    else:
        text = value.strip()
        if not _NUMBER.match(text):
            raise NotationError(value, "a figure is a number like 12, -3 or 45.67")
        result = Decimal(text)
    if not result.is_finite():
        raise NotationError(str(value), "a figure is a finite number")
    return result


@dataclass(frozen=True, slots=True)
class PairRef:
    """Which pair an id denotes: ``(section, direction, number)``; ``label`` is the id itself."""

    label: str
    number: str
    direction: Side | None = None
    section: str | None = None

    @property
    def key(self) -> tuple[str | None, Side | None, str]:
        """``(section, direction or None, number)``: one pair of the event."""
        return (self.section, self.direction, self.number)


def pair_ref(label: str, direction: Side | None = None, section: str | None = None) -> PairRef:
    """Split a pair id: ``3NS`` is pair 3 of the NS field; a plain id keeps ``direction``."""
    match = _DIRECTED.match(label.strip())
    if match is not None and parse_count(match.group("number")) is not None:
        side = Side.NS if match.group("side").upper().startswith("N") else Side.EW
        return PairRef(label, match.group("number"), side, section)
    return PairRef(label, label.strip(), direction, section)


def section_key(label: str, section: str | None) -> str:
    """A pair's (or team's) key in an event: its id, after its section when it has one.

    Pair numbers restart in each section, so section A's pair 1 is ``A 1`` (and its NS pair 3
    of a two-field section ``A 3NS``): the keys of ``participants``, ``figures.pairs`` and
    ``session.names``, the last as the pairs engine looks names up (:meth:`PairId.names`).

    >>> section_key("3NS", None), section_key("3NS", "A")
    ('3NS', 'A 3NS')
    """
    return label if section is None else f"{section} {label}"


def directed_label(label: str, side: Side) -> str:
    """The id of a plainly numbered pair in a two-field event: ``3`` sitting EW is ``3EW``.

    Ids that are not plain numbers are kept as they are.
    """
    return f"{label.strip()}{side}" if parse_count(label.strip()) is not None else label


@dataclass(frozen=True, slots=True)
class Player:
    """One player: name and, where the file gives it, the national (EBU/ABF...) number."""

    name: str
    national_id: str | None = None


@dataclass(frozen=True, slots=True)
class Participant:
    """A pair (or team, or the player of an individual event), as ``PARTICIPANTS`` lists it."""

    label: str
    kind: Literal["pair", "team", "player"] = "pair"
    direction: Side | None = None
    section: str | None = None
    players: tuple[Player, ...] = ()
    team_name: str | None = None

    @property
    def key(self) -> str:
        """The participant's key in the event (see :func:`section_key`)."""
        return section_key(self.label, self.section)

    @property
    def name(self) -> str | None:
        """What results show: the team name, else the players joined with ``&``."""
        if self.team_name:
            return self.team_name
        return " & ".join(p.name for p in self.players) or None


@dataclass(frozen=True, slots=True)
class LineFigures:
    """The points a file gives one traveller line (matchpoints, Butler IMPs...), NS and EW."""

    ns: Decimal | None = None
    ew: Decimal | None = None

    @classmethod
    def of(cls, ns: Figure | None, ew: Figure | None) -> LineFigures:
        """From ints, Fractions (the scoring engine's) or decimal text."""
        return cls(None if ns is None else number(ns), None if ew is None else number(ew))


@dataclass(frozen=True, slots=True)
class PairFigures:
    """A pair's (or team's) standing: ``TOTAL_SCORE``, ``PERCENTAGE``, ``PLACE``, boards played.

    ``place`` is the number and ``tied`` says it was written ``3=`` (never tied without a place).
    """

    total: Decimal | None = None
    percentage: Decimal | None = None
    place: int | None = None
    tied: bool = False
    boards_played: int | None = None

    def __post_init__(self) -> None:
        if self.place is None:
            object.__setattr__(self, "tied", False)

    @classmethod
    def of(
        cls,
        total: Figure | None = None,
        percentage: Figure | None = None,
        place: int | None = None,
        tied: bool = False,
        boards_played: int | None = None,
    ) -> PairFigures:
        """From ints, Fractions (the scoring engine's) or decimal text; percentages of 0-100."""
        return cls(
            None if total is None else number(total),
            None if percentage is None else number(percentage),
            place,
            tied,
            boards_played,
        )

    @staticmethod
    def parse_place(text: str) -> tuple[int, bool]:
        """``3`` -> (3, False); ``3=`` -> (3, True)."""
        body = text.strip()
        tied = body.endswith("=")
        digits = body.rstrip("=").strip()
        place = parse_count(digits, 5, least=1)
        if place is None:
            raise NotationError(text, "a place is a number from 1, with '=' for a tie")
        return place, tied

    @property
    def place_text(self) -> str | None:
        """``3``, ``3=`` when tied (the one ranking text), or None with no place."""
        return None if self.place is None else rank_text(self.place, self.tied)


K = TypeVar("K")
V = TypeVar("V")


def _frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class Figures:
    """What a scoring program computed, as the file carries it.

    ``lines`` is parallel to ``session.lines`` (empty when the file has no per-line points);
    ``points`` names them (one of :data:`POINT_KINDS`; ``None`` when there are none); ``datums`` are the Butler datums
    (``BOARD_AVERAGE``) by board; ``pairs`` the standings by pair (or team) key: its id, after
    its section in a file of sections (``A 3``, see :func:`section_key`).
    """

    points: str | None = None
    lines: tuple[LineFigures | None, ...] = ()
    datums: Mapping[int, Decimal] = field(default_factory=lambda: MappingProxyType({}))
    pairs: Mapping[str, PairFigures] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        lines = tuple(None if f is None or f == LineFigures() else f for f in self.lines)
        if not any(lines):
            lines = ()
            object.__setattr__(self, "points", None)
        elif self.points not in POINT_KINDS:
            raise ScoringError(
                f"line points are one of {', '.join(POINT_KINDS)}, not {self.points}"
            )
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "datums", _frozen({b: number(d) for b, d in self.datums.items()}))
        pairs = {label: f for label, f in self.pairs.items() if f != PairFigures()}
        object.__setattr__(self, "pairs", _frozen(pairs))

    @property
    def is_empty(self) -> bool:
        return not (any(self.lines) or self.datums or self.pairs)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One teams (or Swiss pairs) match: ``team`` (home, or the NS pair) against ``opponent``.

    Its traveller lines are the session's lines of that round and section between the two.
    ``imps`` is the board-by-board net for ``team`` where the file gives it.
    """

    team: str
    opponent: str
    round: int | None = None
    section: str | None = None
    team_score: Decimal | None = None
    opponent_score: Decimal | None = None
    imps: Mapping[int, Decimal] = field(default_factory=lambda: MappingProxyType({}))
    kind: Literal["teams", "pairs"] = "teams"

    def __post_init__(self) -> None:
        object.__setattr__(self, "imps", _frozen(self.imps))

    def holds(self, line: TravellerLine) -> bool:
        """Whether a traveller line was played in this match."""
        return (
            line.round == self.round
            and line.section == self.section
            and {line.ns, line.ew} == {self.team, self.opponent}
        )


TEAMS_EVENT_TYPES = frozenset(
    {"TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR", "KO", "MULTI_TEAMS", "TEAMS_OF_EIGHT"}
)
