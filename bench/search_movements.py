"""The searches behind ``src/bridgescore/data/movements.json`` (the shipped movements): run
offline, slow (minutes to an hour on one core), deterministic.

Run from the repository root::

    .venv/bin/python -m bench.search_movements howell 9 13      # one three-quarter Howell
    .venv/bin/python -m bench.search_movements howell 12 23     # one complete Howell
    .venv/bin/python -m bench.search_movements switches skip 10 9
    .venv/bin/python -m bench.search_movements three            # the 3-table Howells
    .venv/bin/python -m bench.search_movements all

Each search prints the balance it found and keeps the movement in the data file only when it
is better than the one there (``--force`` keeps it anyway). The file is written whole or not
at all. What each search does is in :mod:`bridgescore.core.movements.search`.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from bridgescore.core.movements import rover
from bridgescore.core.movements.check import check_movement
from bridgescore.core.movements.cyclic import board_offsets
from bridgescore.core.movements.mitchell import mitchell
from bridgescore.core.movements.movement import Movement
from bridgescore.core.movements.search import (
    best_flips,
    cyclic_structure,
    shift,
)
from bridgescore.core.movements.shipped import built_howell

DATA = Path(__file__).resolve().parent.parent / "src" / "bridgescore" / "data" / "movements.json"

THREE_QUARTER = {
    5: (6, 7, 8),
    6: (7, 8, 9, 10),
    7: (8, 9, 10, 11, 12),
    8: (9, 10, 11, 12, 13, 14),
    9: (10, 11, 12, 13, 14, 15),
    10: (11, 12, 13, 14, 15),
    11: (12, 13, 14, 15),
    12: (13, 14, 15),
    13: (12, 13, 14, 15),
    14: (12, 15),
    15: (13, 14, 15),
}
"""The curtailed Howells searched: tables, then round counts (the sessions clubs play, 22 to
30 boards). Not searched (and not shipped): the interwoven Howells (rounds no more than the
tables) of 11 tables and 11 rounds, 12 and 11 or 12, 14 and 13 or 14, where the published
double Howells compare more evenly than what this search finds."""

SWITCHED = {"standard": range(5, 16, 2), "skip": range(6, 15, 2), "relay": range(6, 15, 2)}
"""The one-winner Mitchells whose arrow switches are searched, each for its full length and
one round fewer."""


def _load() -> dict[str, Any]:
    if DATA.exists():
        data: dict[str, Any] = json.loads(DATA.read_text("utf-8"))
        return data
    return {"howell": {}, "switches": {}, "rovers": {}}


def _save(data: dict[str, Any]) -> None:
    """Write the data file whole: one entry a line, so that a change diffs as one line."""
    lines = ["{"]
    sections = ("howell", "switches", "rovers")
    for section_index, section in enumerate(sections):
        lines.append(f'  "{section}": {{')
        entries = sorted(data[section].items(), key=lambda kv: [_key(w) for w in kv[0].split()])
        for index, (key, entry) in enumerate(entries):
            comma = "," if index < len(entries) - 1 else ""
            lines.append(f"    {json.dumps(key)}: {json.dumps(entry)}{comma}")
        lines.append("  }" + ("," if section_index < len(sections) - 1 else ""))
    lines.append("}")
    handle, name = tempfile.mkstemp(dir=DATA.parent, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    os.replace(name, DATA)


def _key(word: str) -> tuple[int, str]:
    return (int(word), "") if word.isdigit() else (0, word)


def flipped(movement: Movement, cells: frozenset[tuple[int, int]], swap: bool) -> Movement:
    """``cells`` turned round: NS and EW swapped (a Howell) or arrow-switched (a Mitchell)."""
    schedule = []
    for sitting in movement.schedule:
        if (sitting.round, sitting.table) not in cells:
            schedule.append(sitting)
        elif swap:
            schedule.append(replace(sitting, ns=sitting.ew, ew=sitting.ns))
        else:
            schedule.append(replace(sitting, switch=not sitting.switch))
    return Movement(
        movement.kind,
        movement.tables,
        movement.rounds,
        movement.boards,
        movement.winners,
        movement.sets,
        movement.pairs,
        tuple(schedule),
    )


def percent_of(movement: Movement) -> float:
    """The balance, after checking the hard rules (and, for a Howell, equal play)."""
    report = check_movement(movement)
    assert report.ok and report.balance is not None, report.problems
    assert movement.kind != "howell" or len(set(report.plays.values())) == 1, report.plays
    return round(report.balance.percent, 2)


def turned_rows(movement: Movement, orbits: int) -> list[str]:
    """Which tables each round have NS and EW the other way round from the first round's
    pairs moved on."""
    first = movement.round(1)
    rows = []
    for number in movement.played_rounds:
        row = ""
        for start, sitting in zip(first, movement.round(number), strict=True):
            moved = shift(int(str(start.ns)), movement.rounds, orbits, number - 1)
            row += "0" if sitting.ns == str(moved) else "1"
        rows.append(row)
    return rows


def _patterned(
    tables: int, rng: random.Random
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None:
    """A complete Howell's patterned starter ({inf, 0}, {i, -i}) with random board offsets."""
    m = 2 * tables - 1
    groups = ((0,), *((i, m - i) for i in range(1, tables)))
    offsets = board_offsets(m, groups, share=False, rng=rng, limit=20_000)
    if offsets is None:
        return None
    firsts = [(2 * tables, 1)] + [(i + 1, m - i + 1) for i in range(1, tables)]
    order = sorted(range(tables), key=lambda k: (offsets[k], k))
    return tuple(firsts[k] for k in order), tuple(offsets[k] for k in order)


def search_howell(tables: int, rounds: int, tries: int, steps: int) -> tuple[float, dict[str, Any]]:
    """The fairest cyclic Howell found for ``tables`` and ``rounds``: ``tries`` structures,
    each turned round cell by cell (curtailed) or table by table (complete)."""
    complete = rounds == 2 * tables - 1
    orbits = 1 if rounds > tables else 2
    rng = random.Random(tables * 100 + rounds)
    best: tuple[float, dict[str, Any]] = (-1.0, {})
    for attempt in range(tries):
        found = (
            _patterned(tables, rng) if complete else cyclic_structure(tables, rounds, orbits, rng)
        )
        if found is None:
            continue
        first, offsets = found
        entry: dict[str, Any] = {"orbits": orbits, "first": [list(m) for m in first]}
        entry["offsets"] = list(offsets)
        movement = built_howell(tables, rounds, {**entry, "made": ""}, 1, False)
        cells = best_flips(movement, steps, attempt, by_table=complete)
        movement = flipped(movement, cells, swap=True)
        percent = percent_of(movement)
        if percent > best[0]:
            entry["first"] = [[int(str(s.ns)), int(str(s.ew))] for s in movement.round(1)]
            if percent == 100.0:
                tries = attempt + 1  # said in "made": where the search stopped
            turned = turned_rows(movement, orbits)
            if any("1" in row for row in turned):
                entry["turned"] = turned
            how = "table by table" if complete else "cell by cell"
            entry["made"] = (
                f"search: cyclic, {orbits} cop{'y' if orbits == 1 else 'ies'} of the residues "
                f"mod {rounds}, {2 * tables - orbits * rounds} fixed pairs; "
                f"NS and EW turned {how} (best of {tries})"
            )
            best = (percent, entry)
        print(f"  try {attempt + 1}: {percent:.2f}% (best {best[0]:.2f}%)", flush=True)
        if best[0] == 100.0:
            break
    return best


def search_switches(
    style: str, tables: int, rounds: int, tries: int, steps: int
) -> tuple[float, list[str]]:
    """The fairest arrow switches found for a one-winner Mitchell, cell by cell."""
    made = mitchell(tables, style=style, rounds=rounds, boards=rounds, winners=1)  # type: ignore[arg-type]
    plain = flipped(made, frozenset((s.round, s.table) for s in made.schedule if s.switch), False)
    best: tuple[float, list[str]] = (-1.0, [])
    for attempt in range(tries):
        cells = best_flips(plain, steps, attempt)
        percent = percent_of(flipped(plain, cells, swap=False))
        rows = [
            "".join("1" if (r, t) in cells else "0" for t in range(1, tables + 1))
            for r in range(1, rounds + 1)
        ]
        if percent > best[0]:
            best = (percent, rows)
        print(f"  try {attempt + 1}: {percent:.2f}% (best {best[0]:.2f}%)", flush=True)
    return best


def search_rover(data: dict[str, Any], style: str, tables: int) -> None:
    """The rover's tables of a full Mitchell, searched far longer than the generator does:
    every kind of sequence tried in turn (:mod:`bridgescore.core.movements.rover`), the
    rounds in order first (the most regular sequences), then the fewest tables first."""
    full = tables - 1 if style == "skip" else tables
    plain = mitchell(tables, style=style, rounds=full, boards=full)  # type: ignore[arg-type]
    seats = {(s.round, s.table): (s.ew, s.set) for s in plain.schedule if s.ns is not None}
    found = rover.rover_tables(
        seats, plain.rounds, tables, nodes=2_000_000, fewest_first=False
    ) or rover.rover_tables(seats, plain.rounds, tables, nodes=300_000)
    assert found is not None
    key = f"{style} {tables} {plain.rounds}"
    data["rovers"][key] = {"tables": list(found), "made": "search: depth first, to the end"}
    _save(data)
    print(f"rover {key}: {found}", flush=True)


def _keep(
    data: dict[str, Any], section: str, key: str, percent: float, entry: dict[str, Any], force: bool
) -> None:
    data.update(_load())  # what another search wrote meanwhile
    old = data[section].get(key)
    if old is not None and not force and old.get("balance", -1) >= percent:
        print(f"{key}: kept {old['balance']:.2f}% (found {percent:.2f}%)")
        return
    data[section][key] = {**entry, "balance": percent}
    _save(data)
    print(f"{key}: {percent:.2f}% written", flush=True)


def _howells(data: dict[str, Any], words: list[str], force: bool) -> None:
    wanted = (
        [(int(words[1]), int(words[2]))]
        if len(words) == 3
        else [(t, r) for t, rs in THREE_QUARTER.items() for r in rs] + [(12, 23)]
    )
    for tables, rounds in wanted:
        if f"{tables} {rounds}" in data["howell"] and len(words) != 3 and not force:
            continue
        print(f"howell {tables} {rounds}", flush=True)
        tries = 60 if rounds == 2 * tables - 1 else 3
        percent, entry = search_howell(tables, rounds, tries, 15_000 * tables)
        if entry:
            _keep(data, "howell", f"{tables} {rounds}", percent, entry, force)


def _switches(data: dict[str, Any], words: list[str], force: bool) -> None:
    wanted = (
        [(words[1], int(words[2]), int(words[3]))]
        if len(words) == 4
        else [
            (style, t, r)
            for style, counts in SWITCHED.items()
            for t in counts
            for full in [t if style != "skip" else t - 1]
            for r in range(max(2, full - 1), full + 1)
        ]
    )
    for style, tables, rounds in wanted:
        if f"{style} {tables} {rounds}" in data["switches"] and len(words) != 4 and not force:
            continue
        print(f"switches {style} {tables} {rounds}", flush=True)
        percent, rows = search_switches(style, tables, rounds, 2, 15_000 * tables)
        entry = {"turned": rows, "made": "search: arrow switches cell by cell (best of 2)"}
        _keep(data, "switches", f"{style} {tables} {rounds}", percent, entry, force)


def main(arguments: list[str]) -> None:
    force = "--force" in arguments
    words = [w for w in arguments if not w.startswith("--")]
    data = _load()
    what = words[0] if words else "all"
    start = time.perf_counter()
    if what in ("howell", "all"):
        _howells(data, words, force)
    if what in ("switches", "all"):
        _switches(data, words, force)
    if what in ("rovers", "all"):
        data["rovers"] = {}
        for style, counts in SWITCHED.items():
            for tables in counts:
                if tables >= 5:
                    search_rover(data, style, tables)
    if what in ("three", "all"):
        from bench.search_three import search_three

        for mini in (False, True):
            percent, entry = search_three(mini, 200_000)
            _keep(data, "howell", "3 5 mini" if mini else "3 5", percent, entry, force)
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
