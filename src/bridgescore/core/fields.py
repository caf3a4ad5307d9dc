"""Who is who in a pairs event: pair identities and the fields they are ranked in.

In a Mitchell, NS and EW pairs usually share numbers (NS 1..n, EW 1..n): they are two *fields*,
each pair keyed by number and direction, and ranked separately. In a Howell the pairs change
direction and form one field. The field structure of each section is detected from the
travellers (rules-and-formats §3; issue "pairs events"):

* two fields when a number plays NS and EW on the same board, or when ids carry an ``NS``/``EW``
  suffix (``3NS``), or when no pair ever changes direction (a Mitchell with distinct numbers);
* one field when some pair plays in both directions (a Howell).

>>> lines = [TravellerLine(1, "1", "1", ns_score=420), TravellerLine(1, "2", "2", ns_score=450)]
>>> fields = Fields.detect(lines)
>>> fields.is_two_field(None), fields.pair_of(lines[0], Side.EW)
(True, PairId('1', Side.EW))
"""

from __future__ import annotations

__all__ = ["FieldName", "Fields", "PairId"]

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from bridgescore.core.numbers import natural_key
from bridgescore.core.pairs_rules import FieldMode
from bridgescore.core.seats import Side
from bridgescore.core.traveller import TravellerLine

FieldName = Literal["NS", "EW", "ALL"]

_SUFFIX = re.compile(r"^(?P<label>.+?)[\s\-]*(?P<side>NS|EW)$", re.IGNORECASE)


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
        direction = -1 if self.direction is None else (0 if self.direction is Side.NS else 1)
        return (natural_key(self.section or ""), direction, natural_key(self.label))

    def names(self, names: Mapping[str, str]) -> str | None:
        """This pair's names from a names table keyed ``3``, ``3NS`` or ``3 NS``."""
        keys = [self.label]
        if self.direction is not None:
            side = self.direction.value
            keys = [f"{self.label}{side}", f"{self.label} {side}", self.label]
        if self.section is not None:
            keys = (
                [f"{self.section}{k}" for k in keys] + [f"{self.section} {k}" for k in keys] + keys
            )
        for key in keys:
            if key in names:
                return names[key]
        return None


def _strip_suffix(label: str, side: Side) -> str | None:
    match = _SUFFIX.match(label.strip())
    if match and match.group("side").upper() == side.value:
        return match.group("label")
    return None


@dataclass(frozen=True, slots=True)
class Fields:
    """The field structure of each section: which sections are two-field (Mitchell)."""

    two_field: Mapping[str | None, bool]
    suffixed: frozenset[str | None] = frozenset()

    @classmethod
    def detect(cls, lines: Iterable[TravellerLine], mode: FieldMode = FieldMode.AUTO) -> Fields:
        by_section: dict[str | None, list[TravellerLine]] = {}
        for line in lines:
            by_section.setdefault(line.section, []).append(line)
        two: dict[str | None, bool] = {}
        suffixed: set[str | None] = set()
        for section, section_lines in by_section.items():
            if all(
                _strip_suffix(line.ns, Side.NS) is not None
                and _strip_suffix(line.ew, Side.EW) is not None
                for line in section_lines
            ):
                suffixed.add(section)
            if mode is not FieldMode.AUTO:
                two[section] = mode is FieldMode.TWO
                continue
            two[section] = section in suffixed or _looks_like_mitchell(section_lines)
        return cls(two, frozenset(suffixed))

    def is_two_field(self, section: str | None) -> bool:
        return self.two_field.get(section, False)

    def pair_of(self, line: TravellerLine, side: Side) -> PairId:
        """The pair sitting ``side`` on this traveller line."""
        label = line.ns if side is Side.NS else line.ew
        if line.section in self.suffixed:
            label = _strip_suffix(label, side) or label
        direction = side if self.is_two_field(line.section) else None
        return PairId(label, direction, line.section)


def _looks_like_mitchell(lines: list[TravellerLine]) -> bool:
    directions: dict[str, set[Side]] = {}
    for line in lines:
        if line.ns == line.ew:
            return True
        directions.setdefault(line.ns, set()).add(Side.NS)
        directions.setdefault(line.ew, set()).add(Side.EW)
    boards: dict[int, tuple[set[str], set[str]]] = {}
    for line in lines:
        ns, ew = boards.setdefault(line.board, (set(), set()))
        ns.add(line.ns)
        ew.add(line.ew)
    if any(ns & ew for ns, ew in boards.values()):
        return True
    return all(len(sides) == 1 for sides in directions.values())
