"""Each event's results as the server keeps them in memory: the fold of its log, advanced by
each entry appended (by this worker, or read back after another worker appended), the
traveller line of every slot that holds a result, and the scores, recomputed when the results
have changed and someone asks.

Nothing here reads the whole log again: the fold is made once from the log when the event is
first asked about (a worker starting, say) and then only moves on. Its figures are those of
folding the whole log (:func:`~bridgescore.server.domain.fold.fold`), which the tests check
after any sequence of entries.

>>> from bridgescore.server.domain.live_event import LiveEvent, event_record
>>> from bridgescore.server.domain.fold import LogEntry
>>> from bridgescore.server.domain.kinds import Kind
>>> body = {"sections": [{"tables": 3, "movement": "howell", "boards": "1-10"}]}
>>> state = EventState(LiveEvent.from_row(1, "running", event_record(body)))
>>> state.apply([LogEntry(1, Kind.CORRECTED, "A", 1, 1, 1, None, {"contract": "3NT", "declarer": "S", "result": "="}, "ann", "laptop")])
>>> [(line.board, line.ns, line.ew, line.ns_score) for line in state.lines.values()]
[(1, '6', '1', 400)]
"""

from __future__ import annotations

__all__ = ["PER_MINUTE", "EventState", "Flood", "Scores"]

import collections
import functools
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bridgescore.core.pairs.event import PairsEvent, rankings_dict
from bridgescore.core.pairs.kept import KeptBoards
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.server.domain.errors import TooMany
from bridgescore.server.domain.fold import FoldedLog, LogEntry
from bridgescore.server.domain.grid import Grid, KeptGrid
from bridgescore.server.domain.layout import Place, SlotKey
from bridgescore.server.domain.live_event import LiveEvent
from bridgescore.server.domain.people import Principal
from bridgescore.server.domain.views import finished_boards

log = logging.getLogger("bridgescore.server")

Shape = tuple[frozenset[tuple[str, int]], tuple[tuple[str, int], ...]]
"""The boards of each section that have lines, and the most lines on a board of each."""


class EventState:
    """One event's fold, its slots' traveller lines and its scores (see the module
    docstring). Whoever reads or advances it holds :attr:`lock`."""

    def __init__(self, live: LiveEvent) -> None:
        self.live = live
        self.lock = threading.RLock()
        self.catching = threading.Lock()
        """Held by the one thread reading what other workers appended."""
        self.reset()

    def reset(self) -> None:
        """Nothing folded yet: the log is folded again from its start when next read (after
        a write that folded its entries in was not stored). Not while a reader catches up
        (:attr:`catching`): it would fold what it read after the last entry onto nothing."""
        with self.catching, self.lock:
            self.folded = FoldedLog.empty(self.live.layout)
            self.lines: dict[SlotKey, TravellerLine] = {}
            self.scores = Scores()
            self.changed: dict[int, int] = {}
            """The last entry that changed a line of each board (of any section)."""
            self.counts: collections.Counter[tuple[str, int]] = collections.Counter()
            """The lines of each board of each section."""
            self.adjusted: collections.Counter[int] = collections.Counter()
            """The lines of each board that hold an adjusted score."""
            self.grid: Grid | None = None
            """The director's grid as last made (see ``Club.grid``)."""
            self.kept_grid = KeptGrid()

    @property
    def seq(self) -> int:
        """The last entry folded."""
        return self.folded.seq

    def apply(self, entries: Iterable[LogEntry]) -> None:
        """Fold these entries in (those already folded are passed over)."""
        with self.lock:
            for entry in entries:
                if entry.seq <= self.folded.seq:
                    continue
                for key in self.folded.apply(entry):
                    self._count(key, -1)
                    line = self.live.line(key, self.folded.slot(key))
                    if line is None:
                        self.lines.pop(key, None)
                    else:
                        self.lines[key] = line
                    self._count(key, 1)
                    self.changed[key.board] = entry.seq

    def catch_up(self, seq: int, read: Callable[[int], Iterable[LogEntry]]) -> None:
        """Fold in what other workers appended, up to entry ``seq`` (``read(after)``: the log
        after an entry), read by one thread at a time (:attr:`catching`)."""
        if self.seq < seq:
            with self.catching:
                if self.seq < seq:
                    self.apply(read(self.seq))

    def _count(self, key: SlotKey, step: int) -> None:
        """Count the slot's line in (``step`` 1) or out (-1) of its board's."""
        line = self.lines.get(key)
        if line is not None:
            self.counts[key.section, key.board] += step
            if line.adjusted is not None:
                self.adjusted[key.board] += step

    def shape(self) -> Shape:
        """The boards each section has lines of, and the most lines on a board of each
        section: whether boards are compared across the field and Neuberg's E follow from
        them, so a board's figures follow from them as well as from its lines."""
        most: dict[str, int] = {}
        held = []
        for (section, board), count in self.counts.items():
            if count:
                held.append((section, board))
                most[section] = max(most.get(section, 0), count)
        return frozenset(held), tuple(sorted(most.items()))

    def renew(self, live: LiveEvent) -> None:
        """The event's row changed (its settings, hand record or state): the same slots and
        results, scored again when next asked."""
        with self.lock:
            self.live = live
            self.grid, self.kept_grid = None, KeptGrid()

    def ordered_lines(self) -> tuple[TravellerLine, ...]:
        """The traveller lines in slot order (section, table, round, board)."""
        with self.lock:
            return tuple(line for _key, line in sorted(self.lines.items()))


@dataclass(frozen=True)
class Snapshot:
    """The event scored as it was at one point: the event's revision and log entry, how many
    of its slots were done, when it was made and how long that took."""

    revision: int
    seq: int
    event: PairsEvent | None
    done: int
    total: int
    finished: frozenset[int]
    """The boards every table playing them had finished."""
    shape: Shape
    """The boards with lines and the most lines on one, in each section
    (:meth:`EventState.shape`)."""
    at: float
    took: float

    @functools.cached_property
    def rankings(self) -> list[dict[str, Any]]:
        """The rankings as ``bridgescore score --json`` has them (made once)."""
        return [] if self.event is None else rankings_dict(self.event.rankings)


DUTY = 0.05
"""The most of its time a worker spends scoring one event for readers who may wait: the
scores are made again no sooner than ``took / DUTY`` after the last were made. A worker that
scores for its own readers (one process; several while no scorer runs:
:mod:`bridgescore.server.live_page`) shares its interpreter with the tables' requests: at
1,000 tables (0.17-0.25 s a scoring) its live page is made every 4-5 s, a club's every 2 s."""


class Scores:
    """An event's scores, made from its lines when asked for after a change; one worker thread
    makes them at a time, and whoever may have them a little late (the live page) takes the
    last ones while new ones are made, or while they are younger than ``patience`` seconds
    (and than :data:`DUTY` allows, for a big event); the live page has them made again in the
    background (:meth:`snapshot`)."""

    def __init__(self) -> None:
        self._made: Snapshot | None = None
        self._making = threading.Lock()
        self.kept = KeptBoards()
        """The boards of the last scoring: only a board whose results changed is compared
        again (used by the thread holding ``_making``)."""

    def get(self, state: EventState, *, patience: float = 0.0) -> PairsEvent | None:
        """The event scored on the results as they are (``patience`` 0), or as they were a
        moment ago (see the class docstring)."""
        return self.snapshot(state, patience=patience).event

    def for_board(self, state: EventState, board: int) -> PairsEvent | None:
        """The event scored with ``board``'s figures as they are now: the last scores when
        nothing those figures follow from has changed since they were made (the board's lines
        in every section, the event's shape, :meth:`EventState.shape`, and its settings; a
        board holding an adjusted score follows from its pairs' other boards too, so it is
        scored now), else the scores made now. A table looking at a board it has played waits
        for no scoring of the whole event while results come in."""
        made = self._made
        if made is not None:
            with state.lock:
                same = (
                    made.revision == state.live.revision
                    and made.seq >= state.changed.get(board, 0)
                    and not state.adjusted[board]
                    and made.shape == state.shape()
                )
            if same:
                return made.event
        return self.get(state)

    def snapshot(
        self, state: EventState, *, patience: float = 0.0, background: bool = False
    ) -> Snapshot:
        """The scores with what they were made of (see :meth:`get`). With ``patience`` and
        ``background``, scores old enough to be made again are made in a thread of their own,
        and the last ones are returned at once: the reader (a spectator's live page) does not
        wait for a scoring of the whole event."""
        with state.lock:
            revision, seq = state.live.revision, state.seq
        made = self._made
        if made is not None and (made.revision, made.seq) == (revision, seq):
            return made
        if made is not None and patience > 0:
            young = time.monotonic() - made.at < max(patience, made.took / DUTY)
            if young or self._making.locked():
                return made
            if background:
                if self._making.acquire(blocking=False):  # (else being made already)
                    making = threading.Thread(target=self._background, args=(state,), daemon=True)
                    try:
                        making.start()  # (it lets go of the lock when done)
                    except BaseException:
                        self._making.release()
                        raise
                return made
        with self._making:
            return self._make(state, revision, seq)

    def _background(self, state: EventState) -> None:
        """Make the scores, in a thread of its own holding ``_making`` (see :meth:`snapshot`)."""
        try:
            with state.lock:
                revision, seq = state.live.revision, state.seq
            self._make(state, revision, seq)
        except Exception:  # the next reader who waits for the scores hears of it
            log.exception("the live page's scores could not be made")
        finally:
            self._making.release()

    def _make(self, state: EventState, revision: int, seq: int) -> Snapshot:
        """The scores made now, unless they are as new already (``_making`` held)."""
        made = self._made
        if made is not None and (made.revision, made.seq) >= (revision, seq):
            return made
        with state.lock:
            revision, seq, live = state.live.revision, state.seq, state.live
            lines, done = state.ordered_lines(), state.folded.done
            finished = finished_boards(live, state.folded)
            shape = state.shape()
        started = time.monotonic()
        event = live.score(lines, self.kept)
        took = time.monotonic() - started
        total = live.layout.size
        at = started + took
        made = Snapshot(revision, seq, event, done, total, finished, shape, at, took)
        self._made = made
        return made


PER_MINUTE = 120
"""The most a table may send to be stored in a minute (a board a minute is a fast table: a
table sending more is broken or hostile)."""


class Flood:
    """What each table has sent in the last minute, bounded (:data:`PER_MINUTE`), and the
    director's alerts of tables that sent more (the last few, in this worker)."""

    def __init__(self) -> None:
        self._sent: dict[tuple[int, Place], collections.deque[float]] = {}
        self._alerts: dict[int, collections.deque[str]] = {}
        self._lock = threading.Lock()

    def count(self, event_id: int, who: Principal) -> None:
        """Count one more of ``who``'s requests, or refuse it (:class:`TooMany`)."""
        moment = time.monotonic()
        key = (event_id, who.place)
        with self._lock:
            sent = self._sent.setdefault(key, collections.deque())
            while sent and sent[0] < moment - 60:
                sent.popleft()
            if len(sent) >= PER_MINUTE:
                alerts = self._alerts.setdefault(event_id, collections.deque(maxlen=20))
                said = f"table {who.place} sent more than {PER_MINUTE} entries in a minute ({who.device})"
                if not alerts or alerts[-1] != said:
                    alerts.append(said)
                raise TooMany(
                    "this table has sent too much in the last minute: wait a minute, and call the "
                    "director if the phone keeps sending"
                )
            sent.append(moment)

    def alerts(self, event_id: int) -> list[str]:
        with self._lock:
            return list(self._alerts.get(event_id, ()))
