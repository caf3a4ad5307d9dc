"""The fold of the log: exact cases, every kind of entry handled, and properties over any log
a table can write (a table's round never goes back; a confirmed result is changed by nobody
but the director)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.server.domain.fold import FoldedLog, LogEntry, fold
from bridgescore.server.domain.kinds import Kind, SlotState
from bridgescore.server.domain.layout import Layout, Place, SlotKey, TableRound

A1, A2 = Place("A", 1), Place("A", 2)
LAYOUT = Layout(
    {
        A1: (
            TableRound(1, "1", "2", (1, 2)),
            TableRound(2, None, "1", ()),
            TableRound(3, "1", "3", (3, 4)),
        ),
        A2: (
            TableRound(1, "3", "4", (3, 4)),
            TableRound(2, "2", "4", (5, 6)),
            TableRound(3, "4", "2", (1, 2)),
        ),
    }
)
SLOTS = list(LAYOUT.slots())


def entry(seq: int, kind: Kind, slot: SlotKey, client: str, **payload: str) -> LogEntry:
    client_id = client if kind in (Kind.ENTERED, Kind.CONFLICT) else None
    if kind in (Kind.CONFIRMED, Kind.REJECTED):
        payload = {"entry": client}
    return LogEntry(seq, kind, *slot, client_id, payload, "table", "phone")


def test_a_sit_out_round_is_passed_and_a_closed_round_is_not_played() -> None:
    log = [
        entry(1, Kind.ENTERED, SlotKey("A", 1, 1, 1), "a", contract="4S", declarer="N", result="="),
        entry(2, Kind.CONFIRMED, SlotKey("A", 1, 1, 1), "a"),
        entry(3, Kind.NOT_PLAYED, SlotKey("A", 1, 1, 2), "b"),
    ]
    state = fold(LAYOUT, log)
    assert state.round_of(A1) == 3  # round 2 is a sit-out at table 1
    closing = LogEntry(4, Kind.ROUND_CLOSED, "A", None, 1, None, None, {}, "ann", "laptop")
    state = fold(LAYOUT, [*log, closing])
    assert [state.slot(SlotKey("A", 2, 1, b)).state for b in (3, 4)] == [
        SlotState.NOT_PLAYED,
        SlotState.NOT_PLAYED,
    ]
    assert state.round_of(A2) == 2


def test_only_the_entry_waiting_is_confirmed_and_a_new_entry_replaces_it() -> None:
    key = SlotKey("A", 1, 1, 1)
    log = [
        entry(1, Kind.ENTERED, key, "a", contract="4S", declarer="N", result="="),
        entry(2, Kind.ENTERED, key, "b", contract="4S", declarer="N", result="+1"),
        entry(3, Kind.CONFIRMED, key, "a"),
    ]
    slot = fold(LAYOUT, log).slot(key)
    assert (slot.state, slot.client_id, dict(slot.fields or {})["result"]) == (
        SlotState.ENTERED,
        "b",
        "+1",
    )


KEY = SlotKey("A", 1, 1, 1)
EVERY_KIND = {
    Kind.ENTERED: LogEntry(3, Kind.ENTERED, *KEY, "z", {"contract": "3NT"}, "table", "phone"),
    Kind.CONFIRMED: LogEntry(3, Kind.CONFIRMED, *KEY, None, {"entry": "a"}, "table", "phone"),
    Kind.REJECTED: LogEntry(3, Kind.REJECTED, *KEY, None, {"entry": "a"}, "table", "phone"),
    Kind.CONFLICT: LogEntry(3, Kind.CONFLICT, *KEY, "z", {"contract": "3NT"}, "table", "phone"),
    Kind.CORRECTED: LogEntry(3, Kind.CORRECTED, *KEY, None, {"contract": "3NT"}, "ann", "pc"),
    Kind.ADJUSTED: LogEntry(3, Kind.ADJUSTED, *KEY, None, {"score": "A60/40"}, "ann", "pc"),
    Kind.NOT_PLAYED: LogEntry(3, Kind.NOT_PLAYED, *KEY, None, {}, "ann", "pc"),
    Kind.ERASED: LogEntry(3, Kind.ERASED, *KEY, None, {}, "ann", "pc"),
    Kind.ROUND_CLOSED: LogEntry(3, Kind.ROUND_CLOSED, "A", None, 1, None, None, {}, "ann", "pc"),
    Kind.CALL: LogEntry(3, Kind.CALL, "A", 1, 1, None, None, {}, "table", "phone"),
    Kind.CALL_ANSWERED: LogEntry(3, Kind.CALL_ANSWERED, "A", 1, None, None, None, {}, "ann", "pc"),
}


def test_every_kind_has_a_case() -> None:
    assert set(EVERY_KIND) == set(Kind)


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_of_entry_is_folded(kind: Kind) -> None:
    """No kind is passed over: each one's entry changes the state as its kind says (after a
    board entered at table 1 and a call from table 1)."""
    state = FoldedLog.empty(LAYOUT)
    state.apply(entry(1, Kind.ENTERED, KEY, "a", contract="4S", declarer="N", result="="))
    state.apply(LogEntry(2, Kind.CALL, "A", 1, 1, None, None, {}, "table", "phone"))
    if kind is Kind.CALL:  # a second call: the call kept is the newer one
        state.calls.clear()
    before = (state.slot(KEY), dict(state.calls))
    state.apply(EVERY_KIND[kind])
    assert (state.slot(KEY), dict(state.calls)) != before


def test_an_unknown_kind_in_the_log_is_an_error_not_skipped() -> None:
    from bridgescore.server.domain.errors import ServerError

    with pytest.raises(ServerError, match="does not know"):
        Kind.parse("reshuffled")


kinds = st.sampled_from(
    [Kind.ENTERED, Kind.CONFIRMED, Kind.REJECTED, Kind.CONFLICT, Kind.NOT_PLAYED]
)
logs = st.lists(
    st.tuples(kinds, st.sampled_from(SLOTS), st.sampled_from("abc"), st.sampled_from("=+-")),
    max_size=40,
)


@given(logs)
def test_a_tables_round_never_goes_back(steps: list[tuple[Kind, SlotKey, str, str]]) -> None:
    state = FoldedLog.empty(LAYOUT)
    last = {place: LAYOUT.first_round(place) or 99 for place in LAYOUT.rounds}
    for seq, (kind, slot, client, result) in enumerate(steps, 1):
        state.apply(entry(seq, kind, slot, client, contract="4S", declarer="N", result=result))
        for place in LAYOUT.rounds:
            now = state.round_of(place) or 99
            assert now >= last[place]
            last[place] = now


@given(logs)
def test_a_confirmed_result_is_changed_only_by_the_director(
    steps: list[tuple[Kind, SlotKey, str, str]],
) -> None:
    state = FoldedLog.empty(LAYOUT)
    seen: dict[SlotKey, object] = {}
    for seq, (kind, slot, client, result) in enumerate(steps, 1):
        if kind is Kind.NOT_PLAYED:
            continue  # the server refuses a table's "not played" for a board already done
        state.apply(entry(seq, kind, slot, client, contract="4S", declarer="N", result=result))
        for key, found in state.slots.items():
            if found.state is SlotState.CONFIRMED:
                fields = dict(found.fields or {})
                assert seen.setdefault(key, fields) == fields


@given(logs)
def test_folding_entry_by_entry_is_folding_the_whole_log(
    steps: list[tuple[Kind, SlotKey, str, str]],
) -> None:
    log = [
        entry(seq, kind, slot, client, contract="4S", declarer="N", result=result)
        for seq, (kind, slot, client, result) in enumerate(steps, 1)
    ]
    kept = FoldedLog.empty(LAYOUT)
    for item in log:
        kept.apply(item)
    whole = fold(LAYOUT, log)
    assert (kept.slots, kept.current, kept.seq) == (whole.slots, whole.current, whole.seq)
