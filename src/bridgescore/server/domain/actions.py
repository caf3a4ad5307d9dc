"""What tables and directors may do to results: each request, checked against the session as
the log has it now, comes to a :class:`~bridgescore.server.domain.outcomes.Decision` (the
entries to append and the answer) or is refused. Nothing here reads or writes the database:
:class:`~bridgescore.server.club.Club` runs each decision in one transaction.

A table enters a board of its current round and its opponents confirm (or reject) it on the
same device; a retried submission (the same client id, the same content) is answered from the
log, stored once; the same id with other content, or another table's id, is refused; a second,
different result for a board already done is kept as a ``conflict`` for the director and
refused, never written over. A director corrects, adjusts, erases, marks not played and
closes rounds, and answers the tables' calls.
"""

from __future__ import annotations

__all__ = [
    "answer_call",
    "close_round",
    "confirm",
    "director_change",
    "enter",
    "result_fields",
    "table_call",
    "table_not_played",
    "undo_not_played",
]

from collections.abc import Mapping

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.board import Board
from bridgescore.core.table.deal import Card
from bridgescore.core.table.seats import Seat
from bridgescore.server.domain.commands import (
    AnswerCall,
    CloseRound,
    DirectorChange,
    NotPlayedBody,
    ResultBody,
)
from bridgescore.server.domain.errors import Conflict, Forbidden, NotFound, Unfit
from bridgescore.server.domain.fold import FoldedLog, LogEntry
from bridgescore.server.domain.kinds import Kind, SlotState
from bridgescore.server.domain.layout import Place, SlotKey, TableRound
from bridgescore.server.domain.live_event import LiveEvent, read_fields
from bridgescore.server.domain.outcomes import Decision, NewEntry, Outcome
from bridgescore.server.domain.people import Principal


def _same_pair(given: str, holder: str | None, side: str) -> bool:
    """Whether the pair the device sent is the one the movement seats there (``3`` or
    ``3NS`` for ``3NS``).

    >>> _same_pair("3", "3NS", "NS"), _same_pair("3ns", "3NS", "NS"), _same_pair("3", "4", "EW")
    (True, True, False)
    """
    if holder is None:
        return False
    text = given.strip().upper().replace(" ", "")
    return holder.upper() in (text, f"{text}{side}")


def result_fields(live: LiveEvent, fields: Mapping[str, str], board: int) -> dict[str, str]:
    """The result's fields, checked by the traveller reader, the lead against the hand."""
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
    return dict(fields)


def _ns_score(fields: Mapping[str, str], board: int) -> int | None:
    return read_fields({**fields, "ns": "1", "ew": "2"}, board).ns_score


def _slot_of(
    live: LiveEvent, state: FoldedLog, place: Place, number: int, board: int
) -> tuple[SlotKey, TableRound]:
    """The slot a table asks about: a board of its round, not a round still to come."""
    key = SlotKey(*place, number, board)
    found = live.layout.plays(key)
    if found is None:
        raise Forbidden(f"board {board} is not played at table {place.table} in round {number}")
    current = state.round_of(place)
    if current is not None and number > current:
        raise Forbidden(f"table {place.table} is playing round {current}, not round {number}")
    return key, found


def _resent(stored: LogEntry, place: Place, kinds: tuple[Kind, ...], same: bool) -> None:
    """Refuse an id sent again that is another table's, or that came with other content."""
    if (stored.section, stored.table) != place:
        raise Forbidden("this id belongs to another table's entry: make a new one")
    if stored.kind is Kind.CONFLICT:
        raise Conflict(
            "this result conflicts with the one already there: the director has been told"
        )
    if stored.kind not in kinds or not same:
        raise Conflict(
            "this id was sent before with something else: it is stored as it was first sent "
            "(reload the page)"
        )


def enter(live: LiveEvent, state: FoldedLog, who: Principal, body: ResultBody) -> Decision:
    """A table enters a result (see the module docstring)."""
    place = who.place
    stored = state.ids.get(body.id)
    if stored is not None:
        same = stored.key == SlotKey(*place, body.round, body.board) and dict(
            stored.payload
        ) == result_fields(live, body.fields(), body.board)
        _resent(stored, place, (Kind.ENTERED,), same)
        slot = state.slot(SlotKey(*place, body.round, body.board))
        status = slot.state if slot.client_id == body.id else "replaced"
        return Decision((), Outcome(status, board=body.board))
    key, found = _slot_of(live, state, place, body.round, body.board)
    if not (_same_pair(body.ns, found.ns, "NS") and _same_pair(body.ew, found.ew, "EW")):
        raise Unfit(
            f"board {key.board}: NS {found.ns} and EW {found.ew} play at table {key.table} in "
            f"round {key.round}, not NS {body.ns} and EW {body.ew}"
        )
    fields = result_fields(live, body.fields(), key.board)
    slot = state.slot(key)
    if slot.done:
        if slot.state is SlotState.CONFIRMED and dict(slot.fields or {}) == fields:
            return Decision((), Outcome("confirmed", board=key.board))
        conflict = NewEntry(Kind.CONFLICT, *key, fields, body.id)
        refusal = Conflict(
            f"board {key.board} already has a result at table {key.table}: the director has "
            "been told"
        )
        return Decision((conflict,), Outcome("conflict", True, key.board), refusal)
    entry = NewEntry(Kind.ENTERED, *key, fields, body.id)
    return Decision((entry,), Outcome("entered", True, key.board, _ns_score(fields, key.board)))


def confirm(
    live: LiveEvent, state: FoldedLog, who: Principal, client_id: str, accept: bool
) -> Decision:
    """The opponents confirm (or reject) an entered result on the table's device."""
    place = who.place
    stored = state.ids.get(client_id)
    key = None if stored is None else stored.key
    if key is None or key.place != place or state.slot(key).client_id != client_id:
        raise NotFound("no such result at this table (entered again, or erased)")
    slot = state.slot(key)
    if slot.state is not SlotState.ENTERED:
        return Decision((), Outcome(slot.state, board=key.board))
    kind = Kind.CONFIRMED if accept else Kind.REJECTED
    entry = NewEntry(kind, *key, {"entry": client_id})
    return Decision((entry,), Outcome(kind, True, key.board))


def table_not_played(
    live: LiveEvent, state: FoldedLog, who: Principal, body: NotPlayedBody
) -> Decision:
    """The table says a board of its round was not played."""
    place = who.place
    stored = state.ids.get(body.id)
    if stored is not None:
        same = stored.key == SlotKey(*place, body.round, body.board)
        _resent(stored, place, (Kind.NOT_PLAYED,), same)
        return Decision((), Outcome("not_played", board=body.board))
    key, _found = _slot_of(live, state, place, body.round, body.board)
    if state.slot(key).done:
        raise Conflict(f"board {key.board} already has a result: call the director to change it")
    entry = NewEntry(Kind.NOT_PLAYED, *key, client_id=body.id)
    return Decision((entry,), Outcome("not_played", True, key.board))


def undo_not_played(live: LiveEvent, state: FoldedLog, who: Principal, client_id: str) -> Decision:
    """The table takes back its own "not played" of a board: until the director has settled
    the board or the table has entered anything in a later round."""
    place = who.place
    stored = state.ids.get(client_id)
    key = None if stored is None else stored.key
    if key is None or key.place != place or stored is None or stored.kind is not Kind.NOT_PLAYED:
        raise NotFound("no such board marked not played at this table")
    slot = state.slot(key)
    if slot.state is not SlotState.NOT_PLAYED or slot.client_id != client_id:
        raise Conflict(f"board {key.board} has been settled since: call the director to change it")
    later = [
        k for k, s in state.slots.items() if k.place == place and k.round > key.round and s.seq
    ]
    if later:
        raise Conflict(
            f"the table has gone on to round {max(k.round for k in later)}: call the director to "
            f"change board {key.board}"
        )
    entry = NewEntry(Kind.ERASED, *key, {"undo": client_id})
    return Decision((entry,), Outcome("undone", True, key.board))


def table_call(state: FoldedLog, who: Principal) -> Decision:
    """The table calls the director."""
    place = who.place
    entry = NewEntry(Kind.CALL, place.section, place.table, state.round_of(place))
    return Decision((entry,), Outcome("called", True))


def _adjusted(text: str | None, board: int) -> str:
    score = (text or "").strip()
    try:
        if ArtificialScore.looks_like(score):
            return str(ArtificialScore.parse(score))
        return str(WeightedScore.parse(score, Board(board).vulnerability))
    except BridgeScoreError as error:
        raise Unfit(f"board {board}: {error}") from None


def director_change(
    live: LiveEvent, state: FoldedLog, who: Principal, kind: Kind, body: DirectorChange
) -> Decision:
    """A director's change to one slot: ``corrected`` (a result), ``adjusted`` (an artificial
    or weighted score), ``erased`` or ``not_played``."""
    if kind not in (Kind.CORRECTED, Kind.ADJUSTED, Kind.ERASED, Kind.NOT_PLAYED):
        raise ValueError(f"{kind} is no director's change to a board")
    place = Place(live.section(body.section), body.table)
    if place not in live.layout.rounds:
        raise NotFound(f"there is no table {place} in this event")
    key = SlotKey(*place, body.round, body.board)
    if live.layout.plays(key) is None:
        raise NotFound(f"board {key.board} is not played at table {place} in round {key.round}")
    payload: dict[str, str] = {}
    if kind is Kind.CORRECTED:
        payload = result_fields(live, body.fields(), key.board)
    elif kind is Kind.ADJUSTED:
        payload = {"score": _adjusted(body.score, key.board)}
    if body.reason:
        payload["reason"] = body.reason
    entry = NewEntry(kind, *key, payload)
    return Decision((entry,), Outcome(kind, True, key.board))


def answer_call(live: LiveEvent, who: Principal, body: AnswerCall) -> Decision:
    """The director answers a table's call."""
    place = Place(live.section(body.section), body.table)
    if place not in live.layout.rounds:
        raise NotFound(f"there is no table {place} in this event")
    entry = NewEntry(Kind.CALL_ANSWERED, *place)
    return Decision((entry,), Outcome(Kind.CALL_ANSWERED, True))


def close_round(live: LiveEvent, who: Principal, body: CloseRound) -> Decision:
    """The director closes a round of a section: its boards with no result are not played."""
    section = live.section(body.section)
    numbers = sorted(
        {
            r.number
            for place, rounds in live.layout.rounds.items()
            for r in rounds
            if place.section == section
        }
    )
    if body.round not in numbers:
        raise NotFound(
            f"section {section} has no round {body.round} (its rounds are {numbers[0]} to "
            f"{numbers[-1]})"
        )
    entry = NewEntry(Kind.ROUND_CLOSED, section, round=body.round)
    return Decision((entry,), Outcome("closed", True, section=section, round=body.round))
