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
"""

from __future__ import annotations

__all__ = ["grid"]

from typing import Any

from bridgescore.server.domain.fold import FoldedLog, Slot
from bridgescore.server.domain.kinds import SlotState
from bridgescore.server.domain.layout import SlotKey, TableRound
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


def grid(state: FoldedLog) -> dict[str, list[dict[str, Any]]]:
    """Each section's tables with their rounds (see the module docstring)."""
    layout = state.layout
    furthest: dict[str, int] = {}
    for place, number in state.current.items():
        if layout.first_round(place) is None:
            continue  # a table where nobody plays (the phantom's): it sets no pace
        reached = number if number is not None else 10_000
        furthest[place.section] = max(furthest.get(place.section, 0), reached)
    sections: dict[str, list[dict[str, Any]]] = {}
    for place in layout.places:
        current = state.round_of(place)
        cells = []
        for found in layout.rounds[place]:
            boards = () if found.sit_out else found.boards
            slots = [state.slot(SlotKey(*place, found.number, b)) for b in boards]
            behind = furthest.get(place.section, 0) > found.number and (
                current is None or current <= found.number
            )
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
        sections.setdefault(place.section, []).append(
            {
                "table": place.table,
                "current": current,
                "call": None if call is None else {"at": call.at, "round": call.round},
                "rounds": cells,
            }
        )
    return sections
