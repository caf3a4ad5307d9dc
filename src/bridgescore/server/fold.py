"""The results of a live session as the fold of its log.

Nothing about a result is ever updated in place: every change is a :class:`LogEntry` appended
to the log (``entered``, ``confirmed``, ``rejected``, ``conflict``, ``corrected``,
``adjusted``, ``not_played``, ``erased``, ``round_closed``, ``call``, ``call_answered``), and
the state of every board at every table is what folding the log, in order, gives. A
:class:`Layout` says which slots (section, table, round, board) the movement has; a table's
round moves on when every board of it is done (confirmed, adjusted or not played) and never
moves back, and a round without opponents (a sit-out) is passed on its own.

>>> layout = Layout({("", 1): ((1, "1", "2", (1, 2)), (2, "1", "3", (3, 4)))})
>>> entered = LogEntry(1, "entered", "", 1, 1, 1, "a", {"contract": "4S"}, "table", "phone")
>>> state = fold(layout, [entered, LogEntry(2, "confirmed", "", 1, 1, 1, None, {"entry": "a"}, "table", "phone")])
>>> state.slots[("", 1, 1, 1)].status, state.round_of("", 1)
('confirmed', 1)
>>> state = fold(layout, [*state.entries, LogEntry(3, "not_played", "", 1, 1, 2, None, {}, "table", "phone")])
>>> state.round_of("", 1)
2
"""

from __future__ import annotations

__all__ = ["DONE", "FoldedLog", "Layout", "LogEntry", "Slot", "SlotKey", "TableRound", "fold"]

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

SlotKey = tuple[str, int, int, int]
"""Section (``""`` when there is one unnamed section), table, round, board."""

TableRound = tuple[int, str | None, str | None, tuple[int, ...]]
"""A round at a table: its number, the NS and EW pairs holding the cards (``None`` for a
sit-out) and its boards."""

DONE = frozenset({"confirmed", "adjusted", "not_played"})
"""A board is done at a table when its result is confirmed, adjusted or marked not played."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One appended change: its place in the log, what happened, where, the client's id, what
    was said (``payload``), who did it and from which device, and when."""

    seq: int
    kind: str
    section: str
    table: int | None
    round: int | None
    board: int | None
    client_id: str | None
    payload: Mapping[str, Any]
    actor: str
    device: str
    at: str = ""


@dataclass(frozen=True, slots=True)
class Slot:
    """A board at a table in a round: ``empty``, ``entered`` (waiting for the opponents),
    ``confirmed``, ``adjusted`` or ``not_played``; the result's fields as a traveller line
    has them; the id of the entry; a conflicting second result, if any; the last change."""

    status: str = "empty"
    fields: Mapping[str, str] | None = None
    client_id: str | None = None
    conflict: Mapping[str, str] | None = None
    seq: int = 0

    @property
    def done(self) -> bool:
        return self.status in DONE


@dataclass(frozen=True, slots=True)
class Layout:
    """Each table's rounds, by (section, table), in order."""

    rounds: Mapping[tuple[str, int], tuple[TableRound, ...]]

    def slots(self) -> Iterable[SlotKey]:
        for (section, table), rounds in self.rounds.items():
            for number, _ns, _ew, boards in rounds:
                for board in boards:
                    yield (section, table, number, board)

    def table_round(self, section: str, table: int, number: int) -> TableRound | None:
        return next((r for r in self.rounds.get((section, table), ()) if r[0] == number), None)

    def first_round(self, section: str, table: int, after: int = 0) -> int | None:
        """The first round after ``after`` in which the table plays (``None``: no more)."""
        return next(
            (r[0] for r in self.rounds.get((section, table), ()) if r[0] > after and r[3]),
            None,
        )


@dataclass
class FoldedLog:
    """The state the log folds to: every slot, each table's current round (``None`` when it
    has played its last), the open director calls, and the entries folded."""

    layout: Layout
    slots: dict[SlotKey, Slot]
    current: dict[tuple[str, int], int | None]
    calls: dict[tuple[str, int], LogEntry] = field(default_factory=dict)
    entries: list[LogEntry] = field(default_factory=list)

    def round_of(self, section: str, table: int) -> int | None:
        return self.current.get((section, table))

    def slot(self, section: str, table: int, number: int, board: int) -> Slot:
        return self.slots.get((section, table, number, board), Slot())

    def round_done(self, section: str, table: int, number: int) -> bool:
        found = self.layout.table_round(section, table, number)
        boards = found[3] if found else ()
        return all(self.slot(section, table, number, b).done for b in boards)

    def advance(self, section: str, table: int) -> None:
        """Move the table on while its current round is done."""
        number = self.current.get((section, table))
        while number is not None and self.round_done(section, table, number):
            number = self.layout.first_round(section, table, number)
        self.current[(section, table)] = number

    def apply(self, entry: LogEntry) -> None:
        self.entries.append(entry)
        if entry.kind in ("call", "call_answered"):
            where = (entry.section, entry.table or 0)
            if entry.kind == "call":
                self.calls[where] = entry
            else:
                self.calls.pop(where, None)
            return
        if entry.kind == "round_closed":
            self._close(entry)
            return
        if entry.table is None or entry.round is None or entry.board is None:
            return
        key = (entry.section, entry.table, entry.round, entry.board)
        self.slots[key] = _next(self.slots.get(key, Slot()), entry)
        self.advance(entry.section, entry.table)

    def _close(self, entry: LogEntry) -> None:
        for (section, table), rounds in self.layout.rounds.items():
            if section != entry.section or entry.table not in (None, table):
                continue
            for number, _ns, _ew, boards in rounds:
                if number != entry.round:
                    continue
                for board in boards:
                    key = (section, table, number, board)
                    if not self.slot(*key).done:
                        self.slots[key] = Slot("not_played", None, None, None, entry.seq)
            self.advance(section, table)


def _next(slot: Slot, entry: LogEntry) -> Slot:
    """The slot after one entry about it."""
    fields = {str(k): str(v) for k, v in entry.payload.items() if v is not None}
    kind, seq = entry.kind, entry.seq
    if kind == "entered":
        if slot.done:
            return slot
        return Slot("entered", fields, entry.client_id, slot.conflict, seq)
    if (
        kind == "rejected"
        and slot.status == "entered"
        and slot.client_id == entry.payload.get("entry")
    ):
        return Slot("empty", None, None, slot.conflict, seq)
    if (
        kind == "confirmed"
        and slot.status == "entered"
        and slot.client_id == entry.payload.get("entry")
    ):
        return replace(slot, status="confirmed", seq=seq)
    if kind == "conflict":
        return replace(slot, conflict=fields, seq=seq)
    if kind in ("corrected", "adjusted"):
        return Slot("confirmed" if kind == "corrected" else "adjusted", fields, None, None, seq)
    if kind == "not_played":
        return Slot("not_played", None, None, None, seq)
    if kind == "erased":
        return Slot("empty", None, None, None, seq)
    return slot


def fold(layout: Layout, entries: Iterable[LogEntry]) -> FoldedLog:
    """Fold ``entries`` (in log order) over the empty session of ``layout``."""
    current = {key: layout.first_round(*key) for key in layout.rounds}
    state = FoldedLog(layout, {}, current)
    for entry in entries:
        state.apply(entry)
    return state
