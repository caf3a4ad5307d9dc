"""The director's grid: every table by every round, each cell ``confirmed`` (every board
done), ``entered`` (some results in, or waiting for the opponents), ``conflict`` (a second,
different result was sent), ``late`` (other tables of the section have moved past this round),
``missing`` (nothing yet) or ``sit-out`` (no boards there that round: a pair sits out, or the
table is the phantom's); and the open calls. A table where nobody ever plays sets no pace: no
table is late because of it.

>>> from bridgescore.server.domain.fold import FoldedLog
>>> from bridgescore.server.domain.layout import Layout, Place, TableRound
>>> layout = Layout({Place("A", 1): (TableRound(1, "1", "2", (1, 2)),), Place("A", 2): (TableRound(1, "3", "4", (3, 4)),)})
>>> [row["rounds"][0]["status"] for row in grid(FoldedLog.empty(layout))["A"]]
['missing', 'missing']

Kept between asks (:class:`KeptGrid`), a table's row is made again only when an entry changed
that table or its section's pace, and sent as the JSON it was encoded to then:

>>> kept = KeptGrid()
>>> made = kept.make(FoldedLog.empty(layout))
>>> made.sections == grid(FoldedLog.empty(layout)) and json.loads(made.json) == made.sections
True
"""

from __future__ import annotations

__all__ = ["Grid", "KeptGrid", "grid"]

import json
from dataclasses import dataclass
from typing import Any

from bridgescore.server.domain.fold import FoldedLog, Slot
from bridgescore.server.domain.kinds import SlotState
from bridgescore.server.domain.layout import Place, SlotKey, TableRound
from bridgescore.server.domain.views import shown


def _status(slots: list[Slot], found: TableRound, behind: bool) -> str:
    if found.sit_out:
        return "sit-out"
    if any(slot.conflict for slot in slots):
        return "conflict"
    if all(slot.done for slot in slots):
        return "confirmed"
    if behind:
        return "late"
    if any(slot.state is not SlotState.EMPTY for slot in slots):
        return "entered"
    return "missing"


def _board(number: int, slot: Slot) -> dict[str, Any]:
    fields = dict(slot.fields or {})
    return {
        "board": number,
        "status": str(slot.state),
        "result": shown(fields, number) if fields else "",
        "fields": fields,
        "lead": fields.get("lead", ""),
        "conflict": dict(slot.conflict) if slot.conflict else None,
        "conflict_shown": shown(slot.conflict, number) if slot.conflict else "",
    }


def _furthest(state: FoldedLog) -> dict[str, int]:
    """The furthest round a table of each section has reached (a table that has finished:
    past every round); a table where nobody plays (the phantom's) sets no pace."""
    layout = state.layout
    furthest: dict[str, int] = {}
    for place, number in state.current.items():
        if layout.first_round(place) is None:
            continue
        reached = number if number is not None else 10_000
        furthest[place.section] = max(furthest.get(place.section, 0), reached)
    return furthest


def _row(state: FoldedLog, place: Place, furthest: int) -> dict[str, Any]:
    """One table's row: its rounds, its current round and its open call."""
    current = state.round_of(place)
    cells = []
    for found in state.layout.rounds[place]:
        boards = () if found.sit_out else found.boards
        slots = [state.slot(SlotKey(*place, found.number, b)) for b in boards]
        behind = furthest > found.number and (current is None or current <= found.number)
        cells.append(
            {
                "round": found.number,
                "ns": found.ns,
                "ew": found.ew,
                "status": _status(slots, found, behind),
                "boards": [_board(b, s) for b, s in zip(boards, slots, strict=True)],
            }
        )
    call = state.calls.get(place)
    return {
        "table": place.table,
        "current": current,
        "call": None if call is None else {"at": call.at, "round": call.round},
        "rounds": cells,
    }


def grid(state: FoldedLog) -> dict[str, list[dict[str, Any]]]:
    """Each section's tables with their rounds (see the module docstring), made whole: what
    :class:`KeptGrid` keeps equal to (the tests hold them equal)."""
    furthest = _furthest(state)
    sections: dict[str, list[dict[str, Any]]] = {}
    for place in state.layout.places:
        row = _row(state, place, furthest.get(place.section, 0))
        sections.setdefault(place.section, []).append(row)
    return sections


def _encoded(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Grid:
    """The grid at one entry of the log: as values (``sections``, what :func:`grid` makes)
    and as their JSON (``json``)."""

    seq: int
    sections: dict[str, list[dict[str, Any]]]
    json: str


class KeptGrid:
    """The grid kept between asks: a table's row, and its JSON, are made again only when an
    entry changed the table's boards, round or call (:attr:`FoldedLog.touched`) or the
    furthest round of its section moved; a thousand tables' grid is mostly rows kept. Threads
    may make it at once: each takes a kept row only if it was made for what that thread's
    fold says of the table."""

    def __init__(self) -> None:
        self._rows: dict[Place, tuple[tuple[int, int], dict[str, Any], str]] = {}

    def make(self, state: FoldedLog) -> Grid:
        """The grid of ``state`` (a fold nobody advances meanwhile: a copy)."""
        furthest = _furthest(state)
        sections: dict[str, list[dict[str, Any]]] = {}
        encoded: dict[str, list[str]] = {}
        for place in state.layout.places:
            pace = furthest.get(place.section, 0)
            made_for = (state.touched.get(place, 0), pace)
            kept = self._rows.get(place)
            if kept is None or kept[0] != made_for:
                row = _row(state, place, pace)
                kept = (made_for, row, _encoded(row))
                self._rows[place] = kept
            sections.setdefault(place.section, []).append(kept[1])
            encoded.setdefault(place.section, []).append(kept[2])
        text = ",".join(f"{_encoded(name)}:[{','.join(rows)}]" for name, rows in encoded.items())
        return Grid(state.seq, sections, "{" + text + "}")
