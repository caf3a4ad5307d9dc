"""The fold of the log: exact cases, and properties over any log a table can write (a table's
round never goes back; a confirmed result is changed by nobody but the director)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.server.fold import Layout, LogEntry, fold

LAYOUT = Layout(
    {
        ("A", 1): ((1, "1", "2", (1, 2)), (2, None, "1", ()), (3, "1", "3", (3, 4))),
        ("A", 2): ((1, "3", "4", (3, 4)), (2, "2", "4", (5, 6)), (3, "4", "2", (1, 2))),
    }
)
SLOTS = list(LAYOUT.slots())


def entry(
    seq: int, kind: str, slot: tuple[str, int, int, int], client: str, **payload: str
) -> LogEntry:
    section, table, number, board = slot
    client_id = client if kind in ("entered", "conflict") else None
    if kind in ("confirmed", "rejected"):
        payload = {"entry": client}
    return LogEntry(seq, kind, section, table, number, board, client_id, payload, "table", "phone")


def test_a_sit_out_round_is_passed_and_a_closed_round_is_not_played() -> None:
    log = [
        entry(1, "entered", ("A", 1, 1, 1), "a", contract="4S", declarer="N", result="="),
        entry(2, "confirmed", ("A", 1, 1, 1), "a"),
        entry(3, "not_played", ("A", 1, 1, 2), "b"),
    ]
    state = fold(LAYOUT, log)
    assert state.round_of("A", 1) == 3  # round 2 is a sit-out at table 1
    closing = LogEntry(4, "round_closed", "A", None, 1, None, None, {}, "ann", "laptop")
    state = fold(LAYOUT, [*log, closing])
    assert [state.slot("A", 2, 1, b).status for b in (3, 4)] == ["not_played", "not_played"]
    assert state.round_of("A", 2) == 2


def test_only_the_entry_waiting_is_confirmed_and_a_new_entry_replaces_it() -> None:
    log = [
        entry(1, "entered", ("A", 1, 1, 1), "a", contract="4S", declarer="N", result="="),
        entry(2, "entered", ("A", 1, 1, 1), "b", contract="4S", declarer="N", result="+1"),
        entry(3, "confirmed", ("A", 1, 1, 1), "a"),
    ]
    slot = fold(LAYOUT, log).slot("A", 1, 1, 1)
    assert (slot.status, slot.client_id, dict(slot.fields or {})["result"]) == (
        "entered",
        "b",
        "+1",
    )


kinds = st.sampled_from(["entered", "confirmed", "rejected", "conflict", "not_played"])
logs = st.lists(
    st.tuples(kinds, st.sampled_from(SLOTS), st.sampled_from("abc"), st.sampled_from("=+-")),
    max_size=40,
)


@given(logs)
def test_a_tables_round_never_goes_back(
    steps: list[tuple[str, tuple[str, int, int, int], str, str]],
) -> None:
    log: list[LogEntry] = []
    last = {key: LAYOUT.first_round(*key) or 99 for key in LAYOUT.rounds}
    for seq, (kind, slot, client, result) in enumerate(steps, 1):
        log.append(entry(seq, kind, slot, client, contract="4S", declarer="N", result=result))
        state = fold(LAYOUT, log)
        for key in LAYOUT.rounds:
            now = state.round_of(*key) or 99
            assert now >= last[key]
            last[key] = now


@given(logs)
def test_a_confirmed_result_is_changed_only_by_the_director(
    steps: list[tuple[str, tuple[str, int, int, int], str, str]],
) -> None:
    log: list[LogEntry] = []
    seen: dict[tuple[str, int, int, int], object] = {}
    for seq, (kind, slot, client, result) in enumerate(steps, 1):
        if kind == "not_played":
            continue  # the server refuses a table's "not played" for a board already done
        log.append(entry(seq, kind, slot, client, contract="4S", declarer="N", result=result))
        state = fold(LAYOUT, log)
        for key, found in state.slots.items():
            if found.status == "confirmed":
                fields = dict(found.fields or {})
                assert seen.setdefault(key, fields) == fields
