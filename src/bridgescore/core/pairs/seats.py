"""Who sits where: the fields of each section (:func:`~bridgescore.core.pairs.fields.
decide_fields`, from the travellers' columns), and each line's NS and EW pair as a number.

A pair is its label as written (an ``NS``/``EW`` suffix taken off where every label of the
section has one), its direction in a two-field section, and its section; pairs are numbered in
the order they are met, so the engine adds up and ranks numbers, not objects.

>>> from bridgescore.core.table.traveller import TravellerLine
>>> lines = Lines.of([TravellerLine(1, "1", "1", ns_score=420),
...                   TravellerLine(1, "2", "2", ns_score=450)])
>>> seated = seat(lines)
>>> seated.ns, seated.ew, seated.pairs.pair(2), seated.fields.is_two_field(None)
([0, 1], [2, 3], PairId('1', Side.EW), True)
"""

from __future__ import annotations

__all__ = ["INDIVIDUAL", "Seated", "seat"]

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import count

from bridgescore.core.lazy import Made
from bridgescore.core.pairs.fields import (
    Contestants,
    FieldFacts,
    Fields,
    PairId,
    decide_fields,
    strip_suffix,
)
from bridgescore.core.pairs.individuals import is_individual
from bridgescore.core.pairs.lines import Lines
from bridgescore.core.pairs.rules import FieldMode
from bridgescore.core.table.seats import Side

INDIVIDUAL = "individual: each player scores the partnership's points on every board"
"""Why an individual event's sections are one field each."""


@dataclass(frozen=True, slots=True)
class Seated:
    """The fields of each section, every pair by its number (``pairs``, in columns; ``pair(n)``
    made when asked for), each line's NS and EW pair by number; ``individual`` when each side
    is a partnership of two players (``1+5``)."""

    fields: Fields
    pairs: Contestants
    ns: list[int]
    ew: list[int]
    individual: bool

    @property
    def pair_ids(self) -> Made[PairId]:
        """Each pair by its number, made when asked for."""
        return Made(len(self.pairs), self.pairs.pair)


def _rows(lines: Lines, sections: list[str | None]) -> dict[str | None, list[int]] | None:
    """Each section's lines, in one pass (``None``: the one section holds them all)."""
    if len(sections) == 1:
        return None
    rows: dict[str | None, list[int]] = {section: [] for section in sections}
    for index, section in enumerate(lines.section):
        rows[section].append(index)
    return rows


def _fields(lines: Lines, sections: list[str | None], mode: FieldMode) -> Fields:
    """Each section's fields, decided from its tables."""
    two: dict[str | None, bool] = {}
    reasons: dict[str | None, str] = {}
    suffixed = set()
    by_section = _rows(lines, sections)
    for section in sections:
        if by_section is None:
            facts = FieldFacts.of_columns(lines.board, lines.ns, lines.ew)
        else:
            rows = by_section[section]
            boards, ns, ew = (
                list(map(column.__getitem__, rows)) for column in (lines.board, lines.ns, lines.ew)
            )
            facts = FieldFacts.of_columns(boards, ns, ew)  # type: ignore[arg-type]
        two[section], reasons[section] = decide_fields(facts, mode)
        if facts.suffixed:
            suffixed.add(section)
    return Fields(two, frozenset(suffixed), reasons)


class _Numbers:
    """The pairs met so far, each by its number: its label and its field."""

    def __init__(self) -> None:
        self.labels: list[str] = []
        self.field_of: list[int] = []
        self._ids: dict[tuple[str | None, Side | None], dict[str, int]] = {}
        self._index: dict[tuple[str | None, Side | None], int] = {}

    def numbered(
        self, section: str | None, side: Side | None, labels: Iterable[str]
    ) -> dict[str, int]:
        """The numbers of a field's pairs by label, numbering those not met before."""
        index = self._index.setdefault((section, side), len(self._index))
        numbers = self._ids.get((section, side))
        if numbers is None:  # (a field met for the first time: every label is new)
            numbers = self._ids[section, side] = dict(zip(labels, count(len(self.labels))))
            new: Iterable[str] = numbers
        else:
            new = [label for label in labels if label not in numbers]
            numbers.update(zip(new, count(len(self.labels))))
        before = len(self.labels)
        self.labels.extend(new)
        self.field_of.extend([index] * (len(self.labels) - before))
        return numbers

    def contestants(self) -> Contestants:
        return Contestants(self.labels, self.field_of, list(self._index))


def _side(
    lines: Lines, side: Side, fields: Fields, sections: list[str | None], numbers: _Numbers
) -> list[int]:
    """Each line's pair on ``side``, by number."""
    written = lines.ns if side is Side.NS else lines.ew
    if len(sections) == 1 and not fields.suffixed:  # (most files: labels as written)
        (section,) = sections
        direction = side if fields.is_two_field(section) else None
        found = numbers.numbered(section, direction, dict.fromkeys(written))
        return list(map(found.__getitem__, written))
    keys = list(zip(lines.section, written, strict=True))
    by_section: dict[str | None, dict[tuple[str | None, str], str]] = {}
    for key in dict.fromkeys(keys):  # (sections in the order met)
        section, label = key
        stripped = strip_suffix(label, side) if section in fields.suffixed else None
        by_section.setdefault(section, {})[key] = label if stripped is None else stripped
    numbered: dict[tuple[str | None, str], int] = {}
    for section, labels in by_section.items():
        direction = side if fields.is_two_field(section) else None
        found = numbers.numbered(section, direction, dict.fromkeys(labels.values()))
        numbered.update((key, found[label]) for key, label in labels.items())
    return list(map(numbered.__getitem__, keys))


def seat(lines: Lines, mode: FieldMode = FieldMode.AUTO) -> Seated:
    """The fields and the pairs of the lines (see the module docstring)."""
    sections = list(dict.fromkeys(lines.section))
    individual = is_individual(lines)
    if individual:
        fields = Fields(dict.fromkeys(sections, False), reasons=dict.fromkeys(sections, INDIVIDUAL))
    else:
        fields = _fields(lines, sections, mode)
    numbers = _Numbers()
    ns = _side(lines, Side.NS, fields, sections, numbers)
    ew = _side(lines, Side.EW, fields, sections, numbers)
    return Seated(fields, numbers.contestants(), ns, ew, individual)
