"""Mitchell movements: NS pairs stay at their tables, EW pairs move up one table a round and the
boards down one (movements.md §2).

* ``standard`` (an odd number of tables): EW pair ``e`` sits at table ``e + r - 1`` in round
  ``r``, table ``t`` plays set ``t + r - 1``; every NS pair meets every EW pair once.
* ``skip`` (even): as standard, but after round T/2 the EW pairs move up two (they skip a
  table), so that they never meet their boards again; T-1 rounds, each EW pair misses one NS.
* ``relay`` (share-and-relay, even): T sets round a ring of T-1 tables and a bye stand (the
  relay) between tables T/2 and T/2+1; table T shares table 1's boards; T rounds.
* ``web`` (even, for big fields): two board circuits, tables 1 to T/2 playing the sets up and
  T/2+1 to T down, as many (an odd number of) sets as rounds; the EW pairs always move up one.
  Every pair plays every board, not every NS pair meets every EW pair, and each set is at two
  tables at once (two copies of the boards).

A half table is a phantom NS pair at the last table: its EW visitor sits out. With one winner
the EW pairs are numbered T+1 to 2T and some tables are arrow-switched (the EW pairs play the
NS cards) to balance how often each two pairs are compared: table by table and round by round
as searched and shipped (:mod:`~bridgescore.core.movements.shipped`) for standard, skip and
relay Mitchells of 5 to 15 tables played in full or one round short; otherwise (a half
table, a web Mitchell, other table counts) whole rounds. A rover
(:mod:`~bridgescore.core.movements.rover`) adds a late pair.

>>> movement = mitchell(3)
>>> [(s.table, s.ns, s.ew, s.set) for s in movement.round(2)]
[(1, '1NS', '3EW', '2'), (2, '2NS', '1EW', '3'), (3, '3NS', '2EW', '1')]
>>> mitchell(8).rounds, mitchell(8, style="relay").rounds, mitchell(7).boards
(7, 8, 28)
>>> mitchell(4, style="standard")
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: a standard Mitchell is for an odd number of tables; for 4 use a skip or a share-and-relay Mitchell
"""

from __future__ import annotations

__all__ = ["MAX_TABLES", "MITCHELL_STYLES", "MitchellStyle", "mitchell"]

from dataclasses import replace
from itertools import combinations
from typing import Literal

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.balance import comparison_spread
from bridgescore.core.movements.movement import Movement, Sitting
from bridgescore.core.movements.plan import numbered_sets, session_plan
from bridgescore.core.movements.rover import with_rover
from bridgescore.core.movements.shipped import rover_sequence, switches

MitchellStyle = Literal["auto", "standard", "skip", "relay", "web"]
Cell = tuple[int, int]
MITCHELL_STYLES: tuple[MitchellStyle, ...] = ("auto", "standard", "skip", "relay", "web")
MAX_TABLES = 30
_SEARCHED = 60
"""The most choices of switched rounds tried one by one; beyond, they are spread evenly."""


def _style(tables: int, style: MitchellStyle) -> MitchellStyle:
    if style == "auto":
        return "standard" if tables % 2 else "skip"
    if style == "standard" and tables % 2 == 0:
        raise MovementError(
            f"a standard Mitchell is for an odd number of tables; for {tables} use a skip "
            "or a share-and-relay Mitchell"
        )
    if style in ("skip", "relay", "web") and tables % 2:
        raise MovementError(
            f"a {style} Mitchell is for an even number of tables; for {tables} use a standard one"
        )
    return style


def _ew_table(style: MitchellStyle, tables: int, pair: int, round_: int) -> int:
    """The table of EW pair ``pair`` in round ``round_`` (1-based)."""
    step = round_ - 1
    if style == "skip" and round_ > tables // 2:
        step += 1
    return (pair - 1 + step) % tables + 1


def _set_at(style: MitchellStyle, tables: int, table: int, round_: int, sets: int) -> int:
    """The set table ``table`` plays in round ``round_``: boards go down one table (round the
    relay ring, with table T sharing table 1's set, in a share-and-relay Mitchell; in a web
    Mitchell up the first half's circuit and down the second's)."""
    if style == "web":
        half = tables // 2
        if table <= half:
            return (table + round_ - 2) % sets + 1
        return (half - (table - half) - round_) % sets + 1
    if style == "relay":
        half = tables // 2
        position = 0 if table == tables else (table - 1 if table <= half else table)
        return (position + round_ - 1) % tables + 1
    return (table + round_ - 2) % tables + 1


def mitchell(
    tables: int,
    *,
    rounds: int | None = None,
    boards: int | None = None,
    style: MitchellStyle = "auto",
    winners: int = 2,
    phantom: bool = False,
    rover: bool = False,
) -> Movement:
    """A Mitchell for ``tables`` tables (3 to :data:`MAX_TABLES`; see the module docstring).

    ``boards`` is what each pair plays and ``rounds`` may curtail the movement; by default the
    session a director would choose (:func:`~bridgescore.core.movements.plan.session_plan`).
    ``phantom``: the last table has no NS pair (a half table). ``rover``: a late pair plays NS
    in place of a different stationary pair each round, who sits out that round.
    ``winners=1`` numbers the EW pairs on from the NS pairs and arrow-switches rounds to
    compare everybody with everybody.
    """
    if not 3 <= tables <= MAX_TABLES:
        raise MovementError(f"a Mitchell is made for 3 to {MAX_TABLES} tables, not {tables}")
    if winners not in (1, 2):
        raise MovementError(f"a Mitchell has 1 or 2 winners, not {winners}")
    chosen = _style(tables, style)
    full = tables - 1 if chosen in ("skip", "web") else tables
    played, per_round = session_plan(full, rounds=rounds, boards=boards)
    if chosen == "web" and played % 2 == 0:
        if rounds is not None:
            raise MovementError(f"a web Mitchell plays an odd number of rounds, not {rounds}")
        played -= 1
    sets = played if chosen == "web" else tables
    schedule = []
    for round_ in range(1, played + 1):
        for pair in range(1, tables + 1):
            table = _ew_table(chosen, tables, pair, round_)
            ns = None if phantom and table == tables else _name(table, "NS", winners, tables)
            schedule.append(
                Sitting(
                    round_,
                    table,
                    ns,
                    _name(pair, "EW", winners, tables),
                    str(_set_at(chosen, tables, table, round_, sets)),
                )
            )
    pairs = [_name(t, "NS", winners, tables) for t in range(1, tables + (0 if phantom else 1))]
    pairs += [_name(e, "EW", winners, tables) for e in range(1, tables + 1)]
    if rover:
        if chosen == "web" or winners != 2:
            raise MovementError("a rover joins a standard, skip or relay Mitchell with two winners")
        shipped = None if phantom else rover_sequence(chosen, tables, played)
        schedule, pairs = with_rover(schedule, pairs, tables, played, shipped)
    movement = Movement(
        "mitchell",
        tables,
        played,
        sets * per_round,
        winners,
        numbered_sets(sets, per_round),
        tuple(pairs),
        tuple(schedule),
    )
    if winners == 1:
        cells = _searched_switches(chosen, tables, played) if not phantom else None
        return _arrow_switched(movement) if cells is None else _switched(movement, cells)
    return movement


def _name(number: int, direction: str, winners: int, tables: int) -> str:
    if winners == 2:
        return f"{number}{direction}"
    return str(number if direction == "NS" else number + tables)


def switch_count(rounds: int) -> int:
    """How many rounds to arrow-switch in a one-winner Mitchell: one up to 5 rounds, two up to
    9, three up to 13, four beyond (the count balance calculations give).

    >>> [switch_count(r) for r in (3, 5, 6, 9, 10, 13, 15)]
    [1, 1, 2, 2, 3, 3, 4]
    """
    return 1 if rounds <= 5 else 2 if rounds <= 9 else 3 if rounds <= 13 else 4


def _searched_switches(style: MitchellStyle, tables: int, rounds: int) -> set[Cell] | None:
    """The shipped arrow switches (searched table by table and round by round) of a full-table
    one-winner Mitchell, if there are some."""
    found = switches(style, tables, rounds)
    if found is None:
        return None
    return {
        (r, t) for r, row in enumerate(found, 1) for t, flag in enumerate(row, 1) if flag == "1"
    }


def _switched(movement: Movement, cells: set[Cell]) -> Movement:
    """The movement with the tables of ``cells`` (round, table) arrow-switched."""
    schedule = tuple(replace(s, switch=(s.round, s.table) in cells) for s in movement.schedule)
    return replace(movement, schedule=schedule)


def _arrow_switched(movement: Movement) -> Movement:
    """The movement with the whole rounds switched that compare everybody most evenly (where
    no searched switches are shipped: a half table, a web Mitchell, more than 15 tables)."""
    rounds = movement.played_rounds
    count = switch_count(len(rounds))
    options = list(combinations(rounds, count))
    if len(options) > _SEARCHED:  # spread the switches evenly through the session
        step = len(rounds) / count
        options = [tuple(rounds[int(step * i + step / 2)] for i in range(count))]

    def switched(chosen: tuple[int, ...]) -> Movement:
        cells = {(s.round, s.table) for s in movement.schedule if s.round in chosen}
        return _switched(movement, cells)

    best = min(options, key=lambda chosen: (comparison_spread(switched(chosen)), chosen))
    return switched(best)
