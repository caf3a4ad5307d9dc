"""What each reader is shown, made from the kept state: a table's rounds, a board's traveller
after the table has played it, the live page's ranking and travellers. Pure functions of the
event, its fold and its scores.
"""

from __future__ import annotations

__all__ = [
    "audit_row",
    "board_view",
    "finished_boards",
    "live_scores",
    "live_view",
    "public_event",
    "shown",
    "table_rounds",
]

import functools
from collections.abc import Mapping, Set
from dataclasses import replace
from typing import Any

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.board import Board
from bridgescore.server.domain.errors import Forbidden
from bridgescore.server.domain.fold import FoldedLog, LogEntry, Slot
from bridgescore.server.domain.kinds import SlotState
from bridgescore.server.domain.layout import Place, SlotKey
from bridgescore.server.domain.live_event import LiveEvent, read_fields


def shown(fields: Mapping[str, str], board: int) -> str:
    """A result as the house writes it: ``3NT S =``, ``4HX W -2``, ``PASS``, ``A60/40``.

    >>> shown({"contract": "3nt", "declarer": "s", "result": "9"}, 1), shown({"contract": "pass"}, 2)
    ('3NT S =', 'PASS')
    """
    return _shown(tuple(sorted(fields.items())), board)


@functools.lru_cache(maxsize=4096)
def _shown(fields: tuple[tuple[str, str], ...], board: int) -> str:
    """:func:`shown` of each distinct result once (an event has few: the grid shows thousands)."""
    line = read_fields({**dict(fields), "ns": "1", "ew": "2"}, board)
    if line.adjusted is not None:
        return str(line.adjusted)
    result = line.result
    if result is None:
        return str(line.ns_score if line.ns_score is not None else "")
    if result.contract.is_pass:
        return "PASS"
    seat = "" if result.declarer is None else f" {result.declarer}"
    return f"{result.contract}{seat} {result.result_text}"


def _waiting(client_id: str | None, fields: Mapping[str, str], board: int) -> dict[str, Any]:
    """An entry waiting for the opponents: its fields, as the house writes it and the NS score
    they confirm."""
    score = read_fields({**fields, "ns": "1", "ew": "2"}, board).ns_score
    return {"id": client_id, **fields, "shown": shown(fields, board), "ns_score": score}


def _board_facts(number: int, slot: Slot, later: bool) -> dict[str, Any]:
    """What a table's page says of a board besides its result: the dealer, who is vulnerable,
    what the opponents sent back, and whether the table may take back its "not played"."""
    board = Board(number)
    vulnerable = {"None": "nobody", "Both": "both sides"}.get(
        board.vulnerability.value, f"{board.vulnerability.value} only"
    )
    undo = slot.client_id if slot.state is SlotState.NOT_PLAYED and not later else None
    return {
        "dealer": board.dealer.value,
        "vulnerable": vulnerable,
        "rejected": dict(slot.rejected)
        if slot.rejected and slot.state is SlotState.EMPTY
        else None,
        "undo": undo,
    }


def table_rounds(live: LiveEvent, state: FoldedLog, place: Place) -> list[dict[str, Any]]:
    """The table's rounds: who plays, the boards, which is current, what is done there and
    what waits for the opponents."""
    current = state.round_of(place)
    answer = []
    rounds = live.layout.rounds[place]
    touched = [
        found.number
        for found in rounds
        if any(state.slot(SlotKey(*place, found.number, b)).seq for b in found.boards)
    ]
    for found in rounds:
        boards = () if found.sit_out else found.boards
        slots = {b: state.slot(SlotKey(*place, found.number, b)) for b in boards}
        later = any(number > found.number for number in touched)
        answer.append(
            {
                "round": found.number,
                "ns": found.ns,
                "ew": found.ew,
                "boards": list(boards),
                "current": found.number == current,
                "done": [b for b, slot in slots.items() if slot.done],
                "entered": {
                    str(b): _waiting(slot.client_id, slot.fields or {}, b)
                    for b, slot in slots.items()
                    if slot.state is SlotState.ENTERED
                },
                "facts": {str(b): _board_facts(b, slot, later) for b, slot in slots.items()},
            }
        )
    return answer


def board_view(
    live: LiveEvent, state: FoldedLog, scored: PairsEvent | None, place: Place, board: int
) -> dict[str, Any]:
    """What the table at ``place`` may see of ``board`` once it is done there (the director's
    setting); never a board this table has still to play."""
    mine = [
        key
        for r in live.layout.rounds[place]
        if not r.sit_out and board in r.boards
        for key in [SlotKey(*place, r.number, board)]
    ]
    if not mine or not state.slot(mine[0]).done:
        raise Forbidden(f"board {board} has no confirmed result at this table yet")
    if not state.finished(board) and live.state != "ended":
        raise Forbidden(
            f"board {board} is still to be played at other tables: its results are shown "
            "once every table has played it"
        )
    number = mine[0].round
    current = state.round_of(place)
    setting = live.feedback
    if setting == "off" or (setting == "round-end" and current is not None and current <= number):
        raise Forbidden("the director shows the results later")
    if scored is None:
        return {"board": board, "lines": []}
    try:
        played = scored.board(board, live.letter(place.section))
    except (KeyError, BridgeScoreError):
        return {"board": board, "lines": []}
    lines = []
    for line in played.lines:
        top = played.top_of(line)
        percent = None if not top else float(line.ns_points / top * 100)
        ours = line.line.table == place.table and line.line.section == live.letter(place.section)
        row = {
            "ns": line.line.ns,
            "ew": line.line.ew,
            "result": "" if line.line.result is None else str(line.line.result),
            "score": line.line.ns_score if line.line.adjusted is None else str(line.line.adjusted),
            "ns_percent": None if percent is None else round(percent, 2),
            "ours": ours,
        }
        if setting != "own" or ours:
            lines.append(row)
    return {"board": board, "lines": lines}


def finished_boards(live: LiveEvent, state: FoldedLog) -> frozenset[int]:
    """The boards every table of every section playing them has finished (all of them once
    the session has ended)."""
    boards = live.layout.plays_of
    return frozenset(b for b in boards if live.state == "ended" or state.finished(b))


def live_scores(
    live: LiveEvent,
    scored: PairsEvent | None,
    finished: Set[int],
    rankings: list[dict[str, Any]],
) -> dict[str, Any]:
    """The live page's scores as JSON values (the same whether a worker scored the event or the
    scorer process did): the rankings so far and, when the director shows them, the travellers
    of the boards every table had played (``finished``) when they were scored."""
    boards = []
    if live.live_travellers and scored is not None:
        boards = [b for b in scored.to_dict()["boards"] if b["board"] in finished]
    return {"rankings": rankings, "boards": boards}


def live_view(live: LiveEvent, scores: Mapping[str, Any]) -> dict[str, Any]:
    """The live page's values: the event and its scores (:func:`live_scores`), the travellers
    only while the director shows them."""
    boards = scores["boards"] if live.live_travellers else []
    return {"live": live, "rankings": scores["rankings"], "boards": boards}


def public_event(event: PairsEvent, finished: Set[int]) -> PairsEvent:
    """The scored event as the public may see it before the session ends: the rankings, and
    only the ``finished`` boards' results and hands."""
    session = event.session
    return replace(
        event,
        boards=tuple(board for board in event.boards if board.board in finished),
        session=replace(
            session,
            lines=tuple(line for line in session.lines if line.board in finished),
            deals={b: deal for b, deal in session.deals.items() if b in finished},
            double_dummy={b: dd for b, dd in session.double_dummy.items() if b in finished},
        ),
    )


def audit_row(entry: LogEntry) -> dict[str, Any]:
    """One entry of the log as the director's audit shows and exports it."""
    return {
        "seq": entry.seq,
        "at": entry.at,
        "kind": str(entry.kind),
        "section": entry.section,
        "table": entry.table,
        "round": entry.round,
        "board": entry.board,
        "id": entry.client_id,
        "by": entry.actor,
        "device": entry.device,
        "payload": dict(entry.payload),
    }
