"""Who is who in a pairs event: pair identities and the fields they are ranked in.

In a Mitchell, NS and EW pairs usually share numbers (NS 1..n, EW 1..n): they are two *fields*,
each pair keyed by number and direction, and ranked separately. In a Howell the pairs change
direction and form one field. The field structure of each section is detected from the
travellers (rules-and-formats §3; issue "pairs events"):

* two fields when a number plays NS and EW on the same board, or when ids carry an ``NS``/``EW``
  suffix (``3NS``), or when no pair ever changes direction (a Mitchell with distinct numbers);
* one field when some pair plays in both directions (a Howell).

:func:`decide_fields` is that decision, from the :class:`FieldFacts` of a section, which the
pairs engine gathers from the columns of its lines.

>>> lines = [TravellerLine(1, "1", "1", ns_score=420), TravellerLine(1, "2", "2", ns_score=450)]
>>> fields = Fields.detect(lines)
>>> fields.is_two_field(None), fields.pair_of(lines[0], Side.EW)
(True, PairId('1', Side.EW))
"""

from __future__ import annotations

__all__ = [
    "Contestants",
    "FieldFacts",
    "FieldName",
    "Fields",
    "PairId",
    "decide_fields",
    "label_order",
    "name_keys",
    "natural_order",
    "natural_order_key",
    "natural_positions",
    "partnership",
    "strip_suffix",
    "suffix_pattern",
]

import heapq
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, Literal

from bridgescore.core.numbers import natural_key
from bridgescore.core.pairs.rules import FieldMode
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import TravellerLine

FieldName = Literal["NS", "EW", "ALL"]


def suffix_pattern(side: Side) -> str:
    """The pattern of a pair id that says its direction (``3NS``, ``3 EW``, ``12-ns``); its
    first group is the pair's own label. Python's ``re`` and polars read it alike.

    >>> re.match(suffix_pattern(Side.EW), "12 ew").group(1)
    '12'
    """
    return rf"(?i)^(.+?)[\s\-]*{side.value}$"


_SUFFIXES = {side: re.compile(suffix_pattern(side)) for side in Side}


@dataclass(frozen=True, slots=True)
class PairId:
    """A pair: its label as written, its direction in a two-field event, its section."""

    label: str
    direction: Side | None = None
    section: str | None = None

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        parts = [repr(self.label)]
        if self.direction is not None:
            parts.append(repr(self.direction))
        if self.section is not None:
            parts.append(f"section={self.section!r}")
        return f"PairId({', '.join(parts)})"

    @property
    def field(self) -> FieldName:
        if self.direction is None:
            return "ALL"
        return "NS" if self.direction is Side.NS else "EW"

    @property
    def full(self) -> str:
        """``A 3 NS``: section, label and direction, for messages."""
        parts = [
            self.section or "",
            self.label,
            "" if self.direction is None else str(self.direction),
        ]
        return " ".join(p for p in parts if p)

    def sort_key(self) -> tuple[object, ...]:
        """Section, direction and label in natural order (:func:`label_order`)."""
        direction = -1 if self.direction is None else (0 if self.direction is Side.NS else 1)
        return (natural_key(self.section or ""), direction, *label_order(self.label))

    def names(self, names: Mapping[str, str], *, bare: bool = True) -> str | None:
        """This pair's names from a names table keyed ``3``, ``3NS`` or ``3 NS``.

        ``bare`` off: a pair with a direction is not found by its number alone (in a Mitchell
        where NS 3 and EW 3 both play, ``3`` would name them both).
        """
        key = self.name_key(names, bare=bare)
        return None if key is None else names[key]

    def name_key(self, names: Mapping[str, str], *, bare: bool = True) -> str | None:
        """The entry of a names table that names this pair (see :meth:`names`), if any.

        >>> PairId("3", Side.NS).name_key({"3": "Ann & Bob", "3 NS": "Cat & Dan"})
        '3 NS'
        """
        keys = [self.label]
        if self.direction is not None:
            side = self.direction.value
            keys = [f"{self.label}{side}", f"{self.label} {side}"] + ([self.label] if bare else [])
        if self.section is not None:
            keys = (
                [f"{self.section}{k}" for k in keys] + [f"{self.section} {k}" for k in keys] + keys
            )
        for key in keys:
            if key in names:
                return key
        return None


_PARTNERSHIP = re.compile(r"^\s*([^+\s]+)\s*\+\s*([^+\s]+)\s*$")


def partnership(label: str) -> tuple[str, str] | None:
    """The two players of an individual event's side written ``1+5``, or ``None`` for a
    pair's label.

    >>> partnership("1+5"), partnership("12 + 3"), partnership("3NS")
    (('1', '5'), ('12', '3'), None)
    """
    found = _PARTNERSHIP.match(label)
    return None if found is None else (found.group(1), found.group(2))


def name_keys(pairs: Iterable[PairId], names: Mapping[str, str]) -> dict[PairId, str | None]:
    """The entry of a names table that names each pair (``None``: the pair has no name). A bare
    number names a pair only when no pair of the other direction has the same number.

    >>> ns, ew, ew5 = PairId("1", Side.NS), PairId("1", Side.EW), PairId("5", Side.EW)
    >>> name_keys([ns, ew, ew5], {"1": "?", "1EW": "Cat & Dan", "5": "Eve & Fay"})
    {PairId('1', Side.NS): None, PairId('1', Side.EW): '1EW', PairId('5', Side.EW): '5'}
    """
    found = list(pairs)
    directions: dict[tuple[str | None, str], set[Side | None]] = {}
    for pair in found:
        directions.setdefault((pair.section, pair.label), set()).add(pair.direction)
    return {
        pair: pair.name_key(names, bare=len(directions[pair.section, pair.label]) == 1)
        for pair in found
    }


def strip_suffix(label: str, side: Side) -> str | None:
    """The label without the suffix that says its direction (``None``: it has none).

    >>> strip_suffix(" 3 NS", Side.NS), strip_suffix("3", Side.NS)
    ('3', None)
    """
    match = _SUFFIXES[side].match(label.strip())
    return None if match is None else match.group(1)


@dataclass(frozen=True, slots=True)
class Fields:
    """The field structure of each section: which sections are two-field (Mitchell)."""

    two_field: Mapping[str | None, bool]
    suffixed: frozenset[str | None] = frozenset()
    reasons: Mapping[str | None, str] = field(default_factory=dict)

    @classmethod
    def detect(cls, lines: Iterable[TravellerLine], mode: FieldMode = FieldMode.AUTO) -> Fields:
        by_section: dict[str | None, list[TravellerLine]] = {}
        for line in lines:
            by_section.setdefault(line.section, []).append(line)
        two: dict[str | None, bool] = {}
        reasons: dict[str | None, str] = {}
        suffixed: set[str | None] = set()
        for section, section_lines in by_section.items():
            facts = FieldFacts.of(section_lines)
            two[section], reasons[section] = decide_fields(facts, mode)
            if facts.suffixed:
                suffixed.add(section)
        return cls(two, frozenset(suffixed), reasons)

    def is_two_field(self, section: str | None) -> bool:
        return self.two_field.get(section, False)

    def pair_of(self, line: TravellerLine, side: Side) -> PairId:
        """The pair sitting ``side`` on this traveller line."""
        label = line.ns if side is Side.NS else line.ew
        if line.section in self.suffixed:
            label = strip_suffix(label, side) or label
        direction = side if self.is_two_field(line.section) else None
        return PairId(label, direction, line.section)


@dataclass(frozen=True, slots=True)
class FieldFacts:
    """What a section's travellers show about its fields.

    ``suffixed``: every NS id ends in ``NS`` and every EW id in ``EW``; ``collision``: the first
    board where a number plays NS and EW, with the first such number; ``movers``: the numbers
    that change direction, in natural order (the first six of them, from the travellers).
    """

    suffixed: bool
    collision: tuple[int, str] | None
    movers: Sequence[str]

    @classmethod
    def of(cls, lines: Sequence[TravellerLine]) -> FieldFacts:
        """The facts of one section's traveller lines."""
        boards = [line.board for line in lines]
        return cls.of_columns(boards, [line.ns for line in lines], [line.ew for line in lines])

    @classmethod
    def of_columns(cls, boards: Sequence[int], ns: Sequence[str], ew: Sequence[str]) -> FieldFacts:
        """The facts of one section's tables, given as columns: each table's board, NS pair
        and EW pair as written."""
        ns_labels, ew_labels = set(ns), set(ew)
        order = _order_of(ns_labels | ew_labels)  # (of every label: so of any of them)
        moving = ns_labels & ew_labels
        # the first six movers are all the reasons show (five, and whether there are more)
        if order is int:  # (plain numbers: the numbers themselves, sooner)
            movers = [str(number) for number in heapq.nsmallest(6, map(int, moving))]
        else:
            movers = heapq.nsmallest(6, moving, key=order)
        collision = None
        numbers = set(boards)
        if len(numbers) == 1 and moving:  # (one board: its pairs both ways are the movers)
            collision = (numbers.pop(), movers[0])
        ordered = (
            sorted(range(len(boards)), key=boards.__getitem__) if moving and not collision else []
        )
        for board, tables in groupby(ordered, key=boards.__getitem__):  # (board by board)
            on_board = list(tables)
            both = set(map(ns.__getitem__, on_board)).intersection(map(ew.__getitem__, on_board))
            if both:  # (the first board of a Mitchell: the facts need look no further)
                collision = (board, min(both, key=order))
                break
        suffixed = all(strip_suffix(label, Side.NS) is not None for label in ns_labels) and all(
            strip_suffix(label, Side.EW) is not None for label in ew_labels
        )
        return cls(suffixed, collision, movers)


def decide_fields(facts: FieldFacts, mode: FieldMode = FieldMode.AUTO) -> tuple[bool, str]:
    """Whether a section is two fields, and why in words: ``--field`` first, then ids that say
    their direction, then what the travellers show.

    >>> decide_fields(FieldFacts(False, None, ["1", "2"]))
    (False, 'one field (Howell): pairs change direction (1, 2)')
    >>> decide_fields(FieldFacts(False, (3, "4"), ["4"]))
    (True, 'two fields (Mitchell): pair 4 plays NS and EW on board 3, so NS and EW pairs share numbers')
    >>> decide_fields(FieldFacts(True, None, []), FieldMode.ONE)
    (False, 'one field (--field one)')
    """
    if mode is not FieldMode.AUTO:
        two = mode is FieldMode.TWO
        return two, f"{'two fields' if two else 'one field'} (--field {mode})"
    if facts.suffixed:
        return True, "two fields (Mitchell): pair ids say NS or EW"
    if facts.collision is not None:
        board, pair = facts.collision
        return True, (
            f"two fields (Mitchell): pair {pair} plays NS and EW on board {board}, "
            "so NS and EW pairs share numbers"
        )
    if not facts.movers:
        return True, "two fields (Mitchell): every pair keeps its direction"
    movers = facts.movers
    shown = ", ".join(movers[:5]) + (" ..." if len(movers) > 5 else "")
    return False, f"one field (Howell): pairs change direction ({shown})"


def label_order(label: str) -> tuple[object, ...]:
    """The key of pair labels' natural order: labels equal in it (``7``, ``07``) by their
    text.

    >>> sorted(["10", "7", "2", "07"], key=label_order)
    ['2', '07', '7', '10']
    """
    return (natural_key(label), label)


_LONGEST_INT = 18
"""The most digits a label is read as a number with, to sort by value (far below Python's
limit on turning text into a number)."""


def natural_order(labels: Iterable[str]) -> list[str]:
    """Pair labels in natural order (``2`` before ``10``; ``07`` before ``7`` by the text).

    >>> natural_order(["10", "7", "2"]), natural_order(["10", "7", "07", "1A"])
    (['2', '7', '10'], ['1A', '07', '7', '10'])
    """
    found = list(labels)
    return sorted(found, key=_order_of(found))


def natural_positions(
    labels: Sequence[str], order: Callable[[str], Any] | None = None
) -> list[int]:
    """The positions of ``labels`` taken in natural order (:func:`natural_order`); ``order``
    is :func:`natural_order_key` of labels they are among, when it is known already.

    >>> natural_positions(["10", "7", "2"])
    [2, 1, 0]
    """
    keys = list(map(order or _order_of(labels), labels))
    return sorted(range(len(labels)), key=keys.__getitem__)


def natural_order_key(labels: Collection[str]) -> Callable[[str], Any]:
    """The key of natural order for these labels (or any labels among them): their value
    when they are all plain numbers without a leading zero, else :func:`label_order`.

    >>> natural_order_key(["10", "7"]), natural_order_key(["07", "7"]) is label_order
    (<class 'int'>, True)
    """
    return _order_of(labels)


@dataclass(frozen=True, slots=True)
class Contestants:
    """The pairs (or an individual event's players) of an event by number, in columns: each
    one's ``labels`` and its field, an index in ``fields`` (each field's section and
    direction). A field of a million pairs holds no object for each; :meth:`pair` makes one.

    >>> contestants = Contestants(["1", "1"], [0, 1], [(None, Side.NS), (None, Side.EW)])
    >>> contestants.pair(1), len(contestants)
    (PairId('1', Side.EW), 2)
    """

    labels: Sequence[str]
    field_of: Sequence[int]
    fields: Sequence[tuple[str | None, Side | None]]

    def __len__(self) -> int:
        return len(self.labels)

    def pair(self, number: int) -> PairId:
        section, direction = self.fields[self.field_of[number]]
        return PairId(self.labels[number], direction, section)

    @classmethod
    def of(cls, pairs: Sequence[PairId]) -> Contestants:
        """The contestants of pairs made already."""
        fields: dict[tuple[str | None, Side | None], int] = {}
        field_of = [fields.setdefault((p.section, p.direction), len(fields)) for p in pairs]
        return cls([pair.label for pair in pairs], field_of, list(fields))


def _order_of(labels: Collection[str]) -> Callable[[str], Any]:
    """The key of :func:`label_order` for these labels: plain numbers with no leading zero are
    in it by value, sooner told."""
    joined = "".join(labels)
    if (
        joined.isdigit()
        and joined.isascii()
        and min(labels)[:1] not in ("", "0")
        and max(map(len, labels)) <= _LONGEST_INT
    ):
        return int
    return label_order
