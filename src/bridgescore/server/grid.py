"""The director's grid: every table by every round, each cell ``confirmed`` (every board
done), ``entered`` (some results in, or waiting for the opponents), ``conflict`` (a second,
different result was sent), ``late`` (other tables of the section have moved past this round),
``missing`` (nothing yet) or ``sit-out``; and the open calls.

>>> from bridgescore.server.fold import Layout, fold
>>> layout = Layout({("A", 1): ((1, "1", "2", (1, 2)),), ("A", 2): ((1, "3", "4", (3, 4)),)})
>>> [row["rounds"][0]["status"] for row in grid(layout, fold(layout, []))["A"]]
['missing', 'missing']
"""

from __future__ import annotations

__all__ = ["grid"]

from typing import Any

from bridgescore.server.fold import FoldedLog, Layout, Slot


def _status(slots: list[Slot], boards: tuple[int, ...], behind: bool) -> str:
    if not boards:
        return "sit-out"
    if any(slot.conflict for slot in slots):
        return "conflict"
    if all(slot.done for slot in slots):
        return "confirmed"
    if behind:
        return "late"
    if any(slot.status != "empty" for slot in slots):
        return "entered"
    return "missing"


def _board(number: int, slot: Slot) -> dict[str, Any]:
    fields = dict(slot.fields or {})
    shown = fields.get("score") or " ".join(
        fields.get(key, "") for key in ("contract", "declarer", "result")
    )
    return {
        "board": number,
        "status": slot.status,
        "result": shown.strip(),
        "lead": fields.get("lead", ""),
        "conflict": dict(slot.conflict) if slot.conflict else None,
    }


def grid(layout: Layout, state: FoldedLog) -> dict[str, list[dict[str, Any]]]:
    """Each section's tables with their rounds (see the module docstring)."""
    furthest: dict[str, int] = {}
    for (section, _table), number in state.current.items():
        reached = number if number is not None else 10_000
        furthest[section] = max(furthest.get(section, 0), reached)
    sections: dict[str, list[dict[str, Any]]] = {}
    for (section, table), rounds in sorted(layout.rounds.items()):
        current = state.round_of(section, table)
        cells = []
        for number, ns, ew, boards in rounds:
            slots = [state.slot(section, table, number, b) for b in boards]
            behind = furthest.get(section, 0) > number and (current is None or current <= number)
            cells.append(
                {
                    "round": number,
                    "ns": ns,
                    "ew": ew,
                    "status": _status(slots, boards, behind),
                    "boards": [_board(b, s) for b, s in zip(boards, slots, strict=True)],
                }
            )
        call = state.calls.get((section, table))
        sections.setdefault(section, []).append(
            {
                "table": table,
                "current": current,
                "call": None if call is None else {"at": call.at, "round": call.round},
                "rounds": cells,
            }
        )
    return sections
