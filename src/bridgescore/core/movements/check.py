"""The movement checker: the hard rules every movement must pass, who meets whom, and the
comparison balance of a one-winner movement (movements.md §9).

Hard rules (a movement that breaks one is refused):

1. a pair (player, team's pair) sits at most one table a round, never against itself;
2. nobody plays a board twice, every set has as many boards as the others, and the tables of
   a round play as many sets (mini-sets: several sets one after the other in a round);
3. every board is played equally often, or the difference is said (a curtailed Howell; its
   boards are Neuberg-factored when scored).

Every figure is found in one pass over the schedule (and, for the comparisons, over the
tables that play each set), so a movement of 20,000 sittings is checked in about a second.

Also said: sets shared by two tables in a round (they pass the boards between them), the
meetings (complete Howell: every pair meets every other exactly once; Mitchell: every NS pair
meets every EW pair at most once) and, with one winner, the comparison figures
(:mod:`~bridgescore.core.movements.balance`).

>>> from bridgescore.core.movements.howell import howell
>>> report = check_movement(howell(4))
>>> report.ok, report.meetings
(True, 'every pair meets every other exactly once')
>>> print("\\n".join(report.lines()))
Howell, 4 tables, 7 rounds of 4 boards: 8 pairs, 28 boards
hard rules: passed (every pair plays once a round, nobody plays a board twice)
boards: every board is played 4 times
meetings: every pair meets every other exactly once
comparisons (one winner): compared 12 to 12 times (mean 12.00, s.d. 0.00): balance 100.0%
"""

from __future__ import annotations

__all__ = ["MovementCheck", "check_movement"]

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bridgescore.core.movements.balance import Balance, balance, meetings
from bridgescore.core.movements.movement import Movement, board_range, members
from bridgescore.core.numbers import natural_key
from bridgescore.core.table.seats import Side


@dataclass(frozen=True, slots=True)
class MovementCheck:
    """What :func:`check_movement` found: ``problems`` break the hard rules; ``plays`` is how
    often each set is played; ``meetings`` and ``shared`` are said in words; ``balance`` is
    there for a one-winner movement."""

    movement: Movement
    problems: tuple[str, ...]
    plays: dict[str, int]
    shared: tuple[str, ...]
    meetings: str
    balance: Balance | None

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def boards(self) -> str:
        """How often the boards are played, in words."""
        counts = Counter(self.plays.values())
        if len(counts) == 1:
            (times,) = counts
            return f"every board is played {times} time{'s' * (times != 1)}"
        least, most = min(counts), max(counts)
        rare = [n for n, c in self.plays.items() if c == least]
        return (
            f"boards are played {least} to {most} times (sets {', '.join(rare[:6])}"
            f"{' ...' if len(rare) > 6 else ''} {least} times): they are factored when scored"
        )

    def lines(self) -> list[str]:
        """The report as ``bridgescore movement check`` prints it."""
        movement = self.movement
        units = len(movement.pairs)
        noun = {"individual": "players", "teams": "teams"}.get(movement.kind, "pairs")
        lines = [f"{movement.title}: {units} {noun}, {movement.boards} boards"]
        if self.ok:
            lines.append(
                "hard rules: passed (every pair plays once a round, nobody plays a board twice)"
            )
        else:
            lines.append(f"hard rules: FAILED ({len(self.problems)} problems)")
            lines.extend(f"  {problem}" for problem in self.problems)
        lines.append(f"boards: {self.boards}")
        lines.extend(f"shared: {text}" for text in self.shared)
        lines.append(f"meetings: {self.meetings}")
        if self.balance is not None:
            lines.append(f"comparisons (one winner): {self.balance}")
        return lines

    def to_dict(self) -> dict[str, Any]:
        figures = self.balance
        return {
            "ok": self.ok,
            "problems": list(self.problems),
            "plays": dict(self.plays),
            "shared": list(self.shared),
            "meetings": self.meetings,
            "comparisons": None
            if figures is None
            else {
                "least": figures.least,
                "most": figures.most,
                "mean": round(figures.mean, 4),
                "sd": round(figures.sd, 4),
                "balance": round(figures.percent, 2),
            },
        }


def check_movement(movement: Movement) -> MovementCheck:
    """Check ``movement`` (see the module docstring)."""
    problems = _seating_problems(movement) + _replays(movement) + _uneven_rounds(movement)
    sizes = Counter(len(b) for b in movement.sets.values())
    if len(sizes) > 1:
        problems.append(
            "the sets are not all the same size: "
            + ", ".join(f"{n} of {size} boards" for size, n in sorted(sizes.items()))
        )
    plays: Counter[str] = Counter(name for s in movement.schedule if s.plays for name in s.sets)
    for name in movement.sets:
        plays.setdefault(name, 0)
    ordered = {name: plays[name] for name in sorted(plays, key=natural_key)}
    one_winner = movement.winners == 1 and movement.kind != "teams"
    return MovementCheck(
        movement,
        tuple(problems),
        ordered,
        tuple(_shared(movement)),
        _meeting_words(movement),
        balance(movement) if one_winner else None,
    )


def _seating_problems(movement: Movement) -> list[str]:
    problems = []
    for round_ in movement.played_rounds:
        seen: dict[str, int] = {}
        for sitting in movement.round(round_):
            here = [u for side in Side for u in movement.units(sitting, side)]
            for name in here:
                if name in seen:
                    where = (
                        "twice at that table"
                        if seen[name] == sitting.table
                        else (f"at tables {seen[name]} and {sitting.table}")
                    )
                    problems.append(f"round {round_}: {name} sits {where}")
                seen[name] = sitting.table
    return problems


def _replays(movement: Movement) -> list[str]:
    played: dict[tuple[str, str], tuple[int, int]] = {}
    problems = []
    for sitting in movement.schedule:
        if not sitting.plays:
            continue
        for side in Side:
            for name in movement.units(sitting, side):
                for set_name in sitting.sets:
                    here = (sitting.round, sitting.table)
                    first = played.setdefault((name, set_name), here)
                    if first is here:
                        continue
                    boards = board_range(movement.sets[set_name])
                    when = (
                        f"in round {sitting.round}"
                        if first == here
                        else f"in rounds {first[0]} and {sitting.round}"
                    )
                    problems.append(f"{name} plays boards {boards} twice: {when}")
    return problems


def _uneven_rounds(movement: Movement) -> list[str]:
    """Rounds whose tables play different numbers of (mini-)sets."""
    problems = []
    for round_ in movement.played_rounds:
        counts = {s.table: len(s.sets) for s in movement.round(round_) if s.plays}
        if len(set(counts.values())) > 1:
            most = max(counts.values())
            short = [str(t) for t, n in counts.items() if n < most]
            problems.append(
                f"round {round_}: table {', '.join(short[:4])} plays fewer sets than the "
                f"others ({min(counts.values())}, not {most})"
            )
    return problems


def _shared(movement: Movement) -> list[str]:
    """Tables that hold the same set in a round, each group of tables said once with its
    rounds: ``tables 1 and 8 share a set in rounds 1-8``."""
    rounds_of: dict[tuple[int, ...], list[int]] = {}
    for round_ in movement.played_rounds:
        tables: dict[str, set[int]] = {}
        for sitting in movement.round(round_):
            if sitting.plays:
                for name in sitting.sets:
                    tables.setdefault(name, set()).add(sitting.table)
        for at in sorted({tuple(sorted(at)) for at in tables.values() if len(at) > 1}):
            rounds_of.setdefault(at, []).append(round_)
    found = []
    for shared, rounds in rounds_of.items():
        listed = ", ".join(map(str, shared[:-1])) + f" and {shared[-1]}"
        noun = "round" if len(rounds) == 1 else "rounds"
        found.append(f"tables {listed} share a set in {noun} {board_range(rounds)}")
    if len(found) > _SHARED_SHOWN:  # a web Mitchell, a teams round: the boards are duplicated
        rest = len(found) - 1
        return [f"{found[0]}, and {rest} more groups of tables share sets: duplicate the boards"]
    return found


_SHARED_SHOWN = 4
"""The most groups of tables sharing a set the report lists one by one."""


def _meeting_words(movement: Movement) -> str:
    met = meetings(movement)
    if movement.kind == "individual":
        return _individual_words(movement)
    if movement.kind == "teams":  # a match is two halves, one at each table (room)
        candidates = len(movement.pairs) * (len(movement.pairs) - 1) // 2
        matches = Counter({key: count / 2 for key, count in met.items()})
        return _counted(matches, candidates, "team", "plays every other")
    if movement.kind == "mitchell" and movement.winners == 2:  # (switched: pairs change sides)
        home: dict[Side, set[str]] = {side: set() for side in Side}
        for sitting in movement.schedule:
            for side in Side:
                home[side].update(members(sitting.side(side)))
        couples = [key for key in met if _across(key, home)]
        twice = sorted(
            (_ns_first(key, home) for key in couples if met[key] > 1),
            key=lambda k: (natural_key(k[0]), natural_key(k[1])),
        )
        never = len(home[Side.NS]) * len(home[Side.EW]) - len(couples)
        words = "every NS pair meets every EW pair at most once"
        if twice:
            words = f"{len(twice)} NS-EW couples meet more than once ({twice[0][0]} v {twice[0][1]} ...)"
        return words + (f"; {never} NS-EW couples never meet" if never else "")
    candidates = len(movement.pairs) * (len(movement.pairs) - 1) // 2
    return _counted(met, candidates, "pair", "meets every other")


def _across(key: tuple[str, str], home: dict[Side, set[str]]) -> bool:
    """An NS pair and an EW pair (of a Mitchell, whose pairs keep their direction)."""
    one, other = key
    ns, ew = home[Side.NS], home[Side.EW]
    return (one in ns and other in ew) or (one in ew and other in ns)


def _ns_first(key: tuple[str, str], home: dict[Side, set[str]]) -> tuple[str, str]:
    return key if key[0] in home[Side.NS] and key[1] in home[Side.EW] else (key[1], key[0])


def _sorted(key: tuple[str, str]) -> tuple[str, str]:
    first, second = sorted(key, key=natural_key)
    return first, second


def _counted(met: Counter[tuple[str, str]], candidates: int, noun: str, verb: str) -> str:
    """How many of the ``candidates`` couples meet how often (those not in ``met`` never)."""
    counts = Counter(met.values())
    if candidates > sum(counts.values()):
        counts[0] = candidates - sum(counts.values())
    if set(counts) == {1}:
        return f"every {noun} {verb} exactly once"
    parts = [
        f"{n} couples {times:g} time{'s' * (times != 1)}" for times, n in sorted(counts.items())
    ]
    return f"{noun}s meet: " + ", ".join(parts)


def _individual_words(movement: Movement) -> str:
    partners: Counter[tuple[str, str]] = Counter()
    for sitting in movement.schedule:
        for side in (sitting.ns, sitting.ew):
            names = members(side)
            if len(names) == 2:
                partners[_sorted((names[0], names[1]))] += 1
    players = sorted(movement.pairs, key=natural_key)
    counts = Counter(partners.get(key, 0) for key in combinations(players, 2))
    if set(counts) == {1}:
        return "every player partners every other exactly once"
    parts = [f"{n} couples {times} time{'s' * (times != 1)}" for times, n in sorted(counts.items())]
    return "partnerships: " + ", ".join(parts)
