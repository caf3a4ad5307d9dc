"""What tables and directors do to results, each a transaction on the log.

A table enters a board of its current round, its opponents confirm (or reject) it on the same
device; a retried submission (the same client id) is stored once; a second, different result
for a board already done is kept as a ``conflict`` for the director and answered 409, never
written over. A director corrects, adjusts, erases, marks not played and closes rounds, and
answers the tables' calls. Each function returns what the API answers (a status and a body).
"""

from __future__ import annotations

__all__ = [
    "Outcome",
    "close_round",
    "confirm",
    "director_change",
    "enter",
    "table_call",
    "table_not_played",
]

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.board import Board
from bridgescore.core.table.deal import Card
from bridgescore.core.table.seats import Seat
from bridgescore.server.errors import Conflict, Forbidden, NotFound, Unfit
from bridgescore.server.fold import FoldedLog, fold
from bridgescore.server.live_event import LiveEvent, read_fields
from bridgescore.server.store import Principal, Store, Writer

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$")
_RESULT_KEYS = ("contract", "declarer", "result", "lead")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the API answers: the HTTP status and the JSON body."""

    status: int
    body: dict[str, Any]


def _number(body: Mapping[str, Any], key: str) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise Unfit(f"{key}: missing (a whole number)")
    try:
        number = int(value)
    except ValueError:
        raise Unfit(f"{key}: {value!r} is not a whole number") from None
    if not 0 < number < 10_000:
        raise Unfit(f"{key}: {number} is out of range")
    return number


def _client_id(body: Mapping[str, Any]) -> str:
    value = body.get("id")
    if not isinstance(value, str) or not _ID.match(value):
        raise Unfit("id: missing or not an id (a UUID the device makes, 8 to 64 letters)")
    return value


def _same_pair(given: object, holder: str | None, side: str) -> bool:
    """Whether the pair the device sent is the one the movement seats there (``3`` or
    ``3NS`` for ``3NS``).

    >>> _same_pair("3", "3NS", "NS"), _same_pair("3ns", "3NS", "NS"), _same_pair(3, "4", "EW")
    (True, True, False)
    """
    if holder is None or isinstance(given, bool) or not isinstance(given, str | int):
        return False
    text = str(given).strip().upper().replace(" ", "")
    return holder.upper() in (text, f"{text}{side}")


def result_fields(live: LiveEvent, body: Mapping[str, Any], board: int) -> dict[str, str]:
    """The result's fields, checked by the traveller reader, the lead against the hand."""
    fields = {key: str(body[key]).strip() for key in _RESULT_KEYS if body.get(key) is not None}
    fields = {key: value for key, value in fields.items() if value}
    if "lead" in fields:
        fields["lead"] = fields["lead"].upper()
    line = read_fields({**fields, "ns": "1", "ew": "2"}, board)
    deal = live.deals().get(board)
    result = line.result
    if line.lead and deal is not None and result is not None and result.declarer is not None:
        leader = result.declarer.next()
        hand = deal.hand(leader)
        try:
            card = Card.parse(line.lead)
        except BridgeScoreError as error:
            raise Unfit(f"board {board}: lead {line.lead}: {error}") from None
        if hand is not None and card not in set(hand):
            raise Unfit(
                f"board {board}: {Seat(leader).name.title()} leads against {result.contract} by "
                f"{result.declarer}, and {line.lead} is not in that hand: check the lead, the "
                "declarer and the board number"
            )
    return fields


def _slot_of(
    live: LiveEvent, state: FoldedLog, who: Principal, body: Mapping[str, Any]
) -> tuple[int, int, tuple[Any, ...]]:
    section, table = who.section or "", who.table or 0
    number, board = _number(body, "round"), _number(body, "board")
    found = live.layout.table_round(section, table, number)
    current = state.round_of(section, table)
    if found is None or board not in found[3]:
        raise Forbidden(f"board {board} is not played at table {table} in round {number}")
    if current is not None and number > current:
        raise Forbidden(f"table {table} is playing round {current}, not round {number}")
    return number, board, found


def enter(store: Store, live: LiveEvent, who: Principal, body: Mapping[str, Any]) -> Outcome:
    """A table enters a result (``POST /api/results``)."""
    client_id = _client_id(body)
    section, table = who.section or "", who.table or 0
    conflict: str | None = None
    with store.writing(live.id, section, [table]) as writer:
        stored = writer.find(client_id)
        if stored is not None:
            return _again(live, writer, who, stored.kind, client_id)
        state = fold(live.layout, writer.entries(section, table))
        number, board, found = _slot_of(live, state, who, body)
        if not (
            _same_pair(body.get("ns"), found[1], "NS")
            and _same_pair(body.get("ew"), found[2], "EW")
        ):
            raise Unfit(
                f"board {board}: NS {found[1]} and EW {found[2]} play at table {table} in round "
                f"{number}, not NS {body.get('ns')} and EW {body.get('ew')}"
            )
        fields = result_fields(live, body, board)
        slot = state.slot(section, table, number, board)
        if slot.done:
            if slot.status == "confirmed" and dict(slot.fields or {}) == fields:
                return Outcome(200, {"status": "confirmed", "board": board})
            writer.append(who, "conflict", section, table, number, board, fields, client_id)
            conflict = (
                f"board {board} already has a result at table {table}: the director has been told"
            )
        else:
            writer.append(who, "entered", section, table, number, board, fields, client_id)
    if conflict is not None:
        raise Conflict(conflict)
    score = read_fields({**fields, "ns": "1", "ew": "2"}, board).ns_score
    return Outcome(201, {"status": "entered", "board": board, "ns_score": score})


def _again(live: LiveEvent, writer: Writer, who: Principal, kind: str, client_id: str) -> Outcome:
    """The answer to a submission already stored (the same client id)."""
    if kind == "conflict":
        raise Conflict(
            "this result conflicts with the one already there: the director has been told"
        )
    section, table = who.section or "", who.table or 0
    state = fold(live.layout, writer.entries(section, table))
    for (s, t, _number, board), slot in state.slots.items():
        if (s, t) == (section, table) and slot.client_id == client_id:
            return Outcome(200, {"status": slot.status, "board": board})
    return Outcome(200, {"status": "replaced"})


def confirm(store: Store, live: LiveEvent, who: Principal, client_id: str, accept: bool) -> Outcome:
    """The opponents confirm (or reject) an entered result on the table's device."""
    section, table = who.section or "", who.table or 0
    with store.writing(live.id, section, [table]) as writer:
        state = fold(live.layout, writer.entries(section, table))
        found = next(
            (
                key
                for key, slot in state.slots.items()
                if slot.client_id == client_id and key[:2] == (section, table)
            ),
            None,
        )
        if found is None:
            raise NotFound("no such result at this table (entered again, or erased)")
        slot = state.slots[found]
        if slot.status != "entered":
            return Outcome(200, {"status": slot.status, "board": found[3]})
        kind = "confirmed" if accept else "rejected"
        writer.append(who, kind, section, table, found[2], found[3], {"entry": client_id})
    return Outcome(200, {"status": kind, "board": found[3]})


def table_not_played(
    store: Store, live: LiveEvent, who: Principal, body: Mapping[str, Any]
) -> Outcome:
    """The table says a board of its round was not played."""
    section, table = who.section or "", who.table or 0
    client_id = _client_id(body)
    with store.writing(live.id, section, [table]) as writer:
        if writer.find(client_id) is not None:
            return Outcome(200, {"status": "not_played"})
        state = fold(live.layout, writer.entries(section, table))
        number, board, _found = _slot_of(live, state, who, body)
        if state.slot(section, table, number, board).done:
            raise Conflict(f"board {board} already has a result: call the director to change it")
        writer.append(who, "not_played", section, table, number, board, {}, client_id)
    return Outcome(201, {"status": "not_played", "board": board})


def table_call(store: Store, live: LiveEvent, who: Principal) -> Outcome:
    """The table calls the director."""
    section, table = who.section or "", who.table or 0
    with store.writing(live.id, section, [table]) as writer:
        state = fold(live.layout, writer.entries(section, table))
        writer.append(who, "call", section, table, state.round_of(section, table), None, {})
    return Outcome(201, {"status": "called"})


def _adjusted(text: object, board: int) -> str:
    score = str(text or "").strip()
    try:
        if ArtificialScore.looks_like(score):
            return str(ArtificialScore.parse(score))
        return str(WeightedScore.parse(score, Board(board).vulnerability))
    except BridgeScoreError as error:
        raise Unfit(f"board {board}: {error}") from None


def director_change(
    store: Store, live: LiveEvent, who: Principal, kind: str, body: Mapping[str, Any]
) -> Outcome:
    """A director's change to one slot: ``corrected`` (a result), ``adjusted`` (an artificial
    or weighted score), ``erased``, ``not_played``, or ``call_answered``."""
    section = str(body.get("section") or "A").strip().upper()
    table = _number(body, "table")
    if (section, table) not in live.layout.rounds:
        raise NotFound(f"there is no table {section}{table} in this event")
    if kind == "call_answered":
        with store.writing(live.id, section, [table]) as writer:
            writer.append(who, kind, section, table, None, None, {})
        return Outcome(200, {"status": kind})
    number, board = _number(body, "round"), _number(body, "board")
    found = live.layout.table_round(section, table, number)
    if found is None or board not in found[3]:
        raise NotFound(f"board {board} is not played at table {section}{table} in round {number}")
    payload: dict[str, str] = {}
    if kind == "corrected":
        payload = result_fields(live, body, board)
    elif kind == "adjusted":
        payload = {"score": _adjusted(body.get("score"), board)}
    reason = str(body.get("reason") or "").strip()
    if reason:
        payload["reason"] = reason[:200]
    with store.writing(live.id, section, [table]) as writer:
        writer.append(who, kind, section, table, number, board, payload)
    return Outcome(200, {"status": kind, "board": board})


def close_round(store: Store, live: LiveEvent, who: Principal, body: Mapping[str, Any]) -> Outcome:
    """The director closes a round of a section: its boards with no result are not played."""
    section = str(body.get("section") or "A").strip().upper()
    number = _number(body, "round")
    if not any(key[0] == section for key in live.layout.rounds):
        raise NotFound(f"there is no section {section} in this event")
    with store.writing(live.id, section) as writer:
        writer.append(who, "round_closed", section, None, number, None, {})
    return Outcome(200, {"status": "closed", "section": section, "round": number})
