"""The results of a live session as the fold of its log.

Nothing about a result is ever updated in place: every change is a :class:`LogEntry` appended
to the log, of a :class:`~bridgescore.server.domain.kinds.Kind`, and the state of every board
at every table is what folding the log, in order, gives. A table's round moves on when every
board of it is done (confirmed, adjusted or not played) and never moves back, and a round
without opponents (a sit-out) is passed on its own.

The fold is kept, not redone: :meth:`FoldedLog.apply` advances it by one entry, touching only
the slot (or, for a round closed, the section's tables) the entry is about, and says which
slots changed, so whoever keeps scores recomputes only those boards.

>>> from bridgescore.server.domain.layout import Layout, Place, TableRound
>>> layout = Layout({Place("A", 1): (TableRound(1, "1", "2", (1, 2)), TableRound(2, "1", "3", (3, 4)))})
>>> state = FoldedLog.empty(layout)
>>> _ = state.apply(LogEntry(1, Kind.ENTERED, "A", 1, 1, 1, "a", {"contract": "4S"}, "table", "phone"))
>>> _ = state.apply(LogEntry(2, Kind.CONFIRMED, "A", 1, 1, 1, None, {"entry": "a"}, "table", "phone"))
>>> state.slot(SlotKey("A", 1, 1, 1)).state, state.round_of(Place("A", 1))
(<SlotState.CONFIRMED: 'confirmed'>, 1)
>>> state.apply(LogEntry(3, Kind.NOT_PLAYED, "A", 1, 1, 2, None, {}, "table", "phone"))
[SlotKey(section='A', table=1, round=1, board=2)]
>>> state.round_of(Place("A", 1)), state.seq
(2, 3)
"""

from __future__ import annotations

__all__ = ["FoldedLog", "LogEntry", "Slot", "fold"]

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, assert_never

from bridgescore.server.domain.kinds import Kind, SlotState
from bridgescore.server.domain.layout import Layout, Place, SlotKey


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One appended change: its place in the log, what happened, where, the client's id, what
    was said (``payload``), who did it and from which device, and when."""

    seq: int
    kind: Kind
    section: str
    table: int | None
    round: int | None
    board: int | None
    client_id: str | None
    payload: Mapping[str, Any]
    actor: str
    device: str
    at: str = ""

    @property
    def key(self) -> SlotKey | None:
        """The slot the entry is about (``None`` for a round closed or a call)."""
        if self.table is None or self.round is None or self.board is None:
            return None
        return SlotKey(self.section, self.table, self.round, self.board)


@dataclass(frozen=True, slots=True)
class Slot:
    """A board at a table in a round: its state; the result's fields as a traveller line has
    them; the id of the entry (or of the table's "not played"); a conflicting second result, if
    any; the last change; what the opponents last sent back, to be entered again."""

    state: SlotState = SlotState.EMPTY
    fields: Mapping[str, str] | None = None
    client_id: str | None = None
    conflict: Mapping[str, str] | None = None
    seq: int = 0
    rejected: Mapping[str, str] | None = None

    @property
    def done(self) -> bool:
        return self.state.done


_EMPTY = Slot()


@dataclass
class FoldedLog:
    """The state the log folds to: every slot that has had an entry, each table's current round
    (``None`` when it has played its last), the open director calls, every client id stored
    (with its entry), and the last entry folded."""

    layout: Layout
    slots: dict[SlotKey, Slot]
    current: dict[Place, int | None]
    calls: dict[Place, LogEntry] = field(default_factory=dict)
    ids: dict[str, LogEntry] = field(default_factory=dict)
    seq: int = 0
    done: int = 0
    """How many slots are done (confirmed, adjusted or not played)."""
    done_of: dict[int, int] = field(default_factory=dict)
    """How many times each board is done, at every table of every section."""
    touched: dict[Place, int] = field(default_factory=dict)
    """The last entry that changed each table's boards, round or call (the director's grid
    makes a table's row again only after one, :class:`~.grid.KeptGrid`)."""

    @classmethod
    def empty(cls, layout: Layout) -> FoldedLog:
        """The session before its first entry."""
        return cls(layout, {}, {place: layout.first_round(place) for place in layout.rounds})

    def copy(self) -> FoldedLog:
        """A copy to read while the fold moves on (its own dicts; the slots are immutable).

        >>> from bridgescore.server.domain.layout import Layout
        >>> folded = FoldedLog.empty(Layout({}))
        >>> copied = folded.copy()
        >>> copied == folded and copied.slots is not folded.slots
        True
        """
        return replace(
            self,
            slots=dict(self.slots),
            current=dict(self.current),
            calls=dict(self.calls),
            ids=dict(self.ids),
            done_of=dict(self.done_of),
            touched=dict(self.touched),
        )

    def finished(self, board: int) -> bool:
        """Whether every table of every section that plays ``board`` is done with it: until
        then nobody but a director sees any result of it."""
        return self.done_of.get(board, 0) >= self.layout.plays_of.get(board, 0)

    def round_of(self, place: Place) -> int | None:
        """The round the table is playing (``None``: it has finished)."""
        return self.current.get(place)

    def slot(self, key: SlotKey) -> Slot:
        return self.slots.get(key, _EMPTY)

    def round_done(self, place: Place, number: int) -> bool:
        found = self.layout.table_round(place, number)
        boards = found.boards if found is not None and not found.sit_out else ()
        return all(self.slot(SlotKey(*place, number, b)).done for b in boards)

    def _advance(self, place: Place) -> None:
        """Move the table on while its current round is done."""
        number = self.current.get(place)
        while number is not None and self.round_done(place, number):
            number = self.layout.first_round(place, number)
        self.current[place] = number

    def apply(self, entry: LogEntry) -> list[SlotKey]:
        """Fold one more entry in; the slots whose state it changed."""
        if entry.seq <= self.seq:
            raise ValueError(f"log entry {entry.seq} folded after entry {self.seq}")
        self.seq = entry.seq
        if entry.client_id is not None:
            self.ids.setdefault(entry.client_id, entry)
        match entry.kind:
            case Kind.CALL | Kind.CALL_ANSWERED:
                self._call(entry)
                return []
            case Kind.ROUND_CLOSED:
                return self._close(entry)
            case (
                Kind.ENTERED
                | Kind.CONFIRMED
                | Kind.REJECTED
                | Kind.CONFLICT
                | Kind.CORRECTED
                | Kind.ADJUSTED
                | Kind.NOT_PLAYED
                | Kind.ERASED
            ):
                return self._result(entry)
            case _:
                assert_never(entry.kind)

    def _count(self, board: int, more: int) -> None:
        self.done += more
        self.done_of[board] = self.done_of.get(board, 0) + more

    def _call(self, entry: LogEntry) -> None:
        place = Place(entry.section, entry.table or 0)
        self.touched[place] = entry.seq
        if entry.kind is Kind.CALL:
            self.calls[place] = entry
        else:
            self.calls.pop(place, None)

    def _result(self, entry: LogEntry) -> list[SlotKey]:
        key = entry.key
        if key is None:
            raise ValueError(f"log entry {entry.seq} ({entry.kind}) names no board")
        before = self.slot(key)
        after = _next(before, entry)
        if after is before:
            return []
        self.slots[key] = after
        self._count(key.board, after.done - before.done)
        self._advance(key.place)
        self.touched[key.place] = entry.seq
        return [key]

    def _close(self, entry: LogEntry) -> list[SlotKey]:
        changed = []
        for place, rounds in self.layout.rounds.items():
            if place.section != entry.section or entry.table not in (None, place.table):
                continue
            for r in rounds:
                if r.number != entry.round or r.sit_out:
                    continue
                for board in r.boards:
                    key = SlotKey(*place, r.number, board)
                    if not self.slot(key).done:
                        self.slots[key] = Slot(SlotState.NOT_PLAYED, seq=entry.seq)
                        self._count(board, 1)
                        changed.append(key)
            self._advance(place)
            self.touched[place] = entry.seq
        return changed


def _next(slot: Slot, entry: LogEntry) -> Slot:
    """The slot after one entry about it (the same object when the entry changes nothing)."""
    fields = {str(k): str(v) for k, v in entry.payload.items() if v is not None}
    seq = entry.seq
    waiting = slot.state is SlotState.ENTERED and slot.client_id == entry.payload.get("entry")
    match entry.kind:
        case Kind.ENTERED:
            if slot.done:
                return slot
            return Slot(SlotState.ENTERED, fields, entry.client_id, slot.conflict, seq)
        case Kind.REJECTED:
            if not waiting:
                return slot
            return Slot(SlotState.EMPTY, None, None, slot.conflict, seq, slot.fields)
        case Kind.CONFIRMED:
            return replace(slot, state=SlotState.CONFIRMED, seq=seq) if waiting else slot
        case Kind.CONFLICT:
            return replace(slot, conflict=fields, seq=seq)
        case Kind.CORRECTED:
            return Slot(SlotState.CONFIRMED, fields, None, None, seq)
        case Kind.ADJUSTED:
            return Slot(SlotState.ADJUSTED, fields, None, None, seq)
        case Kind.NOT_PLAYED:
            return Slot(SlotState.NOT_PLAYED, None, entry.client_id, None, seq)
        case Kind.ERASED:
            return Slot(SlotState.EMPTY, None, None, None, seq)
        case Kind.ROUND_CLOSED | Kind.CALL | Kind.CALL_ANSWERED:
            return slot
        case _:
            assert_never(entry.kind)


def fold(layout: Layout, entries: Iterable[LogEntry]) -> FoldedLog:
    """Fold ``entries`` (in log order) over the empty session of ``layout``: what the kept
    state must always equal."""
    state = FoldedLog.empty(layout)
    for entry in entries:
        state.apply(entry)
    return state
