"""The rule every list of names follows, whichever file holds it (a names CSV, the pairs of a
session file's section): each entry names one pair of the event, and no pair is named twice.

Each entry is the pair as written and where it is: a line of a CSV file, or a key of a session
file (``sections[0].pairs[2].pair``). The problems are worded alike for both, each with the
likely fix:

>>> from bridgescore.core.table.seats import Side
>>> pairs = [PairId(str(n), side) for side in Side for n in (1, 2, 3)]
>>> written = ["1NS", "10EW", "1NS", "3NS", "1EW", "2EW"]
>>> entries = [NameEntry(p, key=f"sections[0].pairs[{i}].pair") for i, p in enumerate(written)]
>>> for problem in names_problems(entries, "three.toml", pairs, among="of the section"):
...     print(problem)
three.toml: sections[0].pairs[1].pair: pair '10EW' names no pair of the section (its pairs are 1NS-3NS, 1EW-3EW)
three.toml: sections[0].pairs[2].pair: pair 1NS is named twice (also sections[0].pairs[0].pair): is one of them 2NS, which has no names?
"""

from __future__ import annotations

__all__ = ["NameEntry", "names_problems"]

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bridgescore.core.errors import Problem
from bridgescore.core.pairs.fields import PairId, name_keys
from bridgescore.core.table.seats import Side

_SUGGESTED = 2
"""The most pairs without names a message suggests by name."""


@dataclass(frozen=True, slots=True)
class NameEntry:
    """One entry of a list of names: the pair as written, and its ``line`` (of a CSV file)
    or ``key`` (of a session file)."""

    pair: str
    line: int | None = None
    key: str | None = None

    @property
    def place(self) -> str:
        """``line 3`` or ``sections[0].pairs[2].pair``: where the entry is, for a message."""
        return self.key if self.key is not None else f"line {self.line}"

    def problem(self, source: str | None, message: str) -> Problem:
        """A problem of this entry, located at its line or under its key."""
        if self.key is not None:
            return Problem(source, None, f"{self.key}: {message}")
        return Problem(source, self.line, message)


def _named(entry: NameEntry, pairs: Sequence[PairId]) -> frozenset[PairId]:
    """The pairs the entry would name, were it the only entry."""
    keys = name_keys(pairs, {entry.pair: ""})
    return frozenset(pair for pair, key in keys.items() if key is not None)


def _twice(
    entry: NameEntry, first: NameEntry, pairs: Sequence[PairId] | None, unnamed: list[PairId]
) -> str:
    """Why the entry is one too many, and the pair it may have meant (one without names)."""
    message = f"pair {entry.pair.strip()} is named twice (also {first.place})"
    if pairs is None:
        return f"{message}: each pair is named once"
    sides = {pair.direction for pair in _named(entry, pairs)}
    likely = [pair for pair in unnamed if pair.direction in sides]
    if not likely or len(likely) > _SUGGESTED:
        return f"{message}: is one of them another pair?"
    shown = " or ".join(_written(pair) for pair in likely)
    return f"{message}: is one of them {shown}, which has no names?"


def _written(pair: PairId) -> str:
    side = "" if pair.direction is None else pair.direction.value
    return f"{pair.section or ''}{pair.label}{side}"


def _names_no_pair(key: str, pairs: Iterable[PairId], among: str = "of the event") -> str:
    """Why an entry names no pair, and how the pairs are written (``among``: of what)."""
    pairs = list(pairs)
    both = {p.label for p in pairs if p.direction is Side.NS} & {
        p.label for p in pairs if p.direction is Side.EW
    }
    if key.strip() in both:
        return (
            f"pair {key!r} names no pair: NS {key} and EW {key} are two pairs of this "
            f"Mitchell; write {key}NS or {key}EW"
        )
    forms = []
    for direction in (None, Side.NS, Side.EW):
        found = sorted((p for p in pairs if p.direction is direction), key=PairId.sort_key)
        if found:
            forms.append(f"{_written(found[0])}-{_written(found[-1])}")
    return f"pair {key!r} names no pair {among} (its pairs are {', '.join(forms)})"


def names_problems(
    entries: Sequence[NameEntry],
    source: str | None,
    pairs: Sequence[PairId] | None = None,
    *,
    among: str = "of the event",
) -> list[Problem]:
    """The entries that break the rule (see the module docstring), in the order they come: one
    naming a pair an earlier entry names, and, when the event's ``pairs`` are known, one that
    names none of them. ``among`` says what the pairs are of (``of the event``, ``of section
    B``)."""
    first: dict[str, NameEntry] = {}
    earlier: dict[int, NameEntry] = {}
    for index, entry in enumerate(entries):
        if entry.pair in first:
            earlier[index] = first[entry.pair]
        else:
            first[entry.pair] = entry
    keys = name_keys(pairs or (), dict.fromkeys(first, ""))
    unnamed = [pair for pair, key in keys.items() if key is None]
    used = set(keys.values())
    for index, entry in enumerate(entries):
        if pairs is None or index in earlier or entry.pair in used:
            continue
        # an entry no pair takes: a pair it names took another entry's key, or it names none
        named = sorted(_named(entry, pairs), key=PairId.sort_key)
        if named:
            earlier[index] = first[str(keys[named[0]])]
    problems = []
    for index, entry in enumerate(entries):
        if index in earlier:
            message = _twice(entry, earlier[index], pairs, unnamed)
        elif pairs is not None and entry.pair not in used:
            message = _names_no_pair(entry.pair, pairs, among)
        else:
            continue
        problems.append(entry.problem(source, message))
    return problems
