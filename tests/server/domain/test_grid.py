"""The director's grid kept between asks: a table's row is made again when an entry changes
the table or its section's pace moves, and kept (the same row) otherwise; what is kept is
always the grid made afresh, as values and as JSON."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.server.domain.fold import FoldedLog, LogEntry
from bridgescore.server.domain.grid import KeptGrid, grid
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.layout import Layout, Place, SlotKey, TableRound

A1, A2, A3 = Place("A", 1), Place("A", 2), Place("A", 3)
LAYOUT = Layout(
    {
        A1: (TableRound(1, "1", "2", (1, 2)), TableRound(2, "1", "4", (3, 4))),
        A2: (TableRound(1, "3", "4", (3, 4)), TableRound(2, "3", "2", (1, 2))),
        A3: (TableRound(1, "5", "6", (5, 6)), TableRound(2, "5", "6", (7, 8))),
    }
)
SLOTS = list(LAYOUT.slots())


def not_played(seq: int, slot: SlotKey) -> LogEntry:
    return LogEntry(seq, Kind.NOT_PLAYED, *slot, f"np{seq}", {}, "table", "phone")


def statuses(sections: dict[str, list[dict[str, object]]], table: int) -> list[object]:
    row = next(row for row in sections["A"] if row["table"] == table)
    rounds = row["rounds"]
    assert isinstance(rounds, list)
    return [cell["status"] for cell in rounds]


def test_a_table_left_behind_is_late_though_nothing_of_it_changed() -> None:
    folded, kept = FoldedLog.empty(LAYOUT), KeptGrid()
    before = kept.make(folded)
    assert statuses(before.sections, 1) == ["missing", "missing"]
    folded.apply(not_played(1, SlotKey("A", 2, 1, 3)))
    after = kept.make(folded)
    assert after.sections["A"][0] is before.sections["A"][0]  # table 1: its row kept
    assert after.sections["A"][1] is not before.sections["A"][1]  # table 2: made again
    folded.apply(not_played(2, SlotKey("A", 2, 1, 4)))  # table 2 moves on to round 2
    moved = kept.make(folded)
    assert statuses(moved.sections, 1) == ["late", "missing"]  # the section's pace moved
    assert moved.sections == grid(folded) and json.loads(moved.json) == grid(folded)


@given(st.lists(st.tuples(st.sampled_from(SLOTS), st.booleans()), max_size=20))
def test_the_kept_grid_is_the_grid_made_afresh(steps: list[tuple[SlotKey, bool]]) -> None:
    folded, kept = FoldedLog.empty(LAYOUT), KeptGrid()
    for seq, (slot, look) in enumerate(steps, start=1):
        folded.apply(not_played(seq, slot))
        if look:
            made = kept.make(folded)
            assert made.sections == grid(folded) and json.loads(made.json) == made.sections
