"""The writes of one event in one worker, stored together (group commit).

Every request that changes an event's results waits its turn for the event's lock, which one
transaction of one worker holds at a time (:meth:`.Store.writing`). When results come in
faster than one transaction a request can store them, a worker does not queue its requests
for that lock one by one: the first to come takes the worker's turn (it *leads*), and stores
what every other request of the event in this worker has asked for meanwhile, in the order
they came, in its one transaction (:func:`store_batch`). Each decision is taken against the
log with the entries of the ones before it in the batch, exactly as if they had been stored
one after the other; each request then hears its own outcome or refusal. A batch stores at
most :data:`BATCH` requests; the rest lead the next one.

>>> from bridgescore.server.domain.outcomes import Decision, Outcome
>>> def store(batch):  # (a transaction that decides each job in turn)
...     for job in batch:
...         job.decision = job.decide(None, None)
>>> EventWrites().run(Job(None, lambda live, folded: Decision((), Outcome("entered"))), store)
Outcome(status='entered', stored=False, board=None, ns_score=None, section=None, round=None)
"""

from __future__ import annotations

__all__ = ["BATCH", "EventWrites", "Job", "store_batch"]

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgescore.server.domain.fold import FoldedLog
    from bridgescore.server.domain.live_event import LiveEvent
    from bridgescore.server.domain.outcomes import Decision, Outcome
    from bridgescore.server.domain.people import Principal
    from bridgescore.server.state import EventState
    from bridgescore.server.storage.store import Store

BATCH = 64
"""The most requests one transaction stores (so its lock is held for no longer)."""


class Job:
    """One request's write: who asks and how to decide it; once ``done``, its decision
    (``decision``) or the error it met (``error``)."""

    __slots__ = ("decide", "decision", "done", "error", "who")

    def __init__(self, who: Principal, decide: Callable[[LiveEvent, FoldedLog], Decision]):
        self.who, self.decide = who, decide
        self.done = False
        self.decision: Decision | None = None
        self.error: BaseException | None = None

    def outcome(self) -> Outcome:
        """What came of the stored job: its outcome, else its error or refusal raised."""
        if self.error is not None:
            raise self.error
        if self.decision is None:
            raise RuntimeError("the job has not been stored")
        if self.decision.refusal is not None:
            raise self.decision.refusal
        return self.decision.outcome


class EventWrites:
    """The requests of one event waiting to be stored in this worker (see the module
    docstring)."""

    def __init__(self) -> None:
        self._pending: list[Job] = []
        self._queue = threading.Lock()
        self._lead = threading.Lock()

    @property
    def waiting(self) -> int:
        """How many requests wait to be stored (for a batch that has not begun)."""
        with self._queue:
            return len(self._pending)

    def run(self, job: Job, store: Callable[[list[Job]], object]) -> Outcome:
        """Have ``job`` stored: by the batch of the request leading now, or by one this
        request leads (``store`` stores a batch, setting each job's decision or error; an
        error it raises is the error of each job of the batch); its outcome
        (:meth:`Job.outcome`)."""
        with self._queue:
            self._pending.append(job)
        while not job.done:
            with self._lead:
                if job.done:  # (stored by the batch that held the lead)
                    break
                with self._queue:
                    batch, self._pending = self._pending[:BATCH], self._pending[BATCH:]
                try:
                    store(batch)
                except BaseException as error:
                    for each in batch:
                        each.error, each.decision = error, None
                finally:
                    for each in batch:
                        each.done = True
        return job.outcome()


def store_batch(store: Store, event_id: int, state: EventState, batch: list[Job]) -> bool:
    """Decide and store a batch in one transaction, the event locked: the kept state caught
    up with what other workers appended, then each job decided against it and its entries
    appended and folded in, in turn. A job's own refusal (a domain error its decision raised)
    is that job's alone. Whether anything was appended. If the transaction fails, nothing of
    it is stored, and the entries folded in are not: the caller forgets the kept state (it
    is made again from the log)."""
    appended = False
    with store.writing(event_id) as writer:  # the event's writers, one at a time
        state.apply(writer.entries_after(state.seq))
        for job in batch:
            try:
                with state.lock:  # (readers wait only while the decision is taken)
                    decision = job.decide(state.live, state.folded)
            except Exception as error:
                job.error = error
                continue
            job.decision = decision
            if decision.entries:
                state.apply([writer.append(job.who, entry) for entry in decision.entries])
                appended = True
    return appended
