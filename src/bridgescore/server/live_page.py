"""The live page's scores, as a worker shows them: made by the worker itself (a club's one
process), or, with several workers, by the scorer process once for all of them
(:mod:`bridgescore.server.scorer`) and read from the database.

A scoring of the whole event takes 0.2 s of pure Python at 1,000 tables; made in a serving
worker it shares the interpreter with the tables' requests, which wait for it, and each worker
made its own. With the scorer, a worker reads the scores it shows (at most every
:data:`REREAD` seconds, and their values only when they are new) and scores nothing for the
live page; while the scorer has not looked for :data:`SCORER_GONE` seconds (stopped, or never
started), the worker scores the event itself as a club's server does. Either way the values
are the JSON the scorer stores (:meth:`LiveScores.made`), so the page is the same whichever
process scored it.
"""

from __future__ import annotations

__all__ = ["REREAD", "SCORER_GONE", "LivePage", "LiveScores"]

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bridgescore.server.domain import views
from bridgescore.server.state import EventState, Snapshot
from bridgescore.server.storage.store import Store

REREAD = 0.5
"""Seconds a worker shows the stored scores before it reads their head again."""
SCORER_GONE = 15.0
"""Seconds without the scorer looking after which a worker scores the live page itself."""


@dataclass(frozen=True)
class LiveScores:
    """The live page's scores: the event's revision and log entry they were made at, and their
    values (``done``, ``total``, ``rankings``, ``boards``) as JSON text and as read from it."""

    revision: int
    seq: int
    body: str
    values: dict[str, Any]

    @classmethod
    def made(cls, state: EventState, made: Snapshot) -> LiveScores:
        """The live page's scores of this scoring of the event."""
        found = views.live_scores(state.live, made.event, made.finished, made.rankings)
        body = json.dumps({"done": made.done, "total": made.total, **found}, separators=(",", ":"))
        return cls.of_json(made.revision, made.seq, body)

    @classmethod
    def of_json(cls, revision: int, seq: int, body: str) -> LiveScores:
        return cls(revision, seq, body, json.loads(body))

    @property
    def key(self) -> tuple[int, int]:
        return self.revision, self.seq


@dataclass(frozen=True)
class _Read:
    """The stored scores of an event as this worker last read them."""

    at: float
    seen_at: float
    scores: LiveScores


class LivePage:
    """The live page's scores of one worker (see the module docstring); ``shared``: read those
    the scorer made when it runs."""

    def __init__(
        self, state: Callable[[int], EventState], store: Store, patience: float, shared: bool
    ) -> None:
        self._state, self.store = state, store
        self.patience, self.shared = patience, shared
        self._lock = threading.Lock()
        self._read: dict[int, _Read] = {}
        self._made: dict[int, tuple[Snapshot, LiveScores]] = {}

    def view(self, event_id: int) -> dict[str, Any]:
        """The live page's values, ``key`` naming the scores they show (the page is the same
        for the same key)."""
        state = self._state(event_id)
        scores = self.scores(state, background=True)
        live = state.live
        view = views.live_view(live, scores.values)
        done, total = scores.values["done"], scores.values["total"]
        return {**view, "done": done, "total": total, "key": (*scores.key, live.revision)}

    def scores(self, state: EventState, *, background: bool) -> LiveScores:
        """The scores to show: the scorer's while it runs, else made here (made again, when
        they are behind and old enough, in the background with ``background``, else now)."""
        if self.shared:
            found = self._stored(state.live.id)
            if found is not None:
                return found
        made = state.scores.snapshot(state, patience=self.patience, background=background)
        with self._lock:
            kept = self._made.get(state.live.id)
        if kept is not None and kept[0] is made:
            return kept[1]
        scores = LiveScores.made(state, made)
        with self._lock:
            self._made[state.live.id] = (made, scores)
        return scores

    def _stored(self, event_id: int) -> LiveScores | None:
        """The scores the scorer made, unless it has stopped looking (:data:`SCORER_GONE`)."""
        now = time.time()
        with self._lock:
            kept = self._read.get(event_id)
        if kept is None or now - kept.at >= REREAD:
            head = self.store.live_scores.head(event_id)
            if head is None:
                return None
            if kept is not None and kept.scores.key == (head.revision, head.seq):
                scores = kept.scores
            else:
                found = self.store.live_scores.read(event_id)
                if found is None:
                    return None
                head, body = found
                scores = LiveScores.of_json(head.revision, head.seq, body)
            kept = _Read(now, head.seen_at, scores)
            with self._lock:
                self._read[event_id] = kept
        return None if now - kept.seen_at > SCORER_GONE else kept.scores
