"""The scorer: one process that scores the live page of every running event for all the
workers of a server (``bridgescore serve --workers N`` starts it; ``bridgescore serve scorer``
runs it alone, for workers on several hosts).

It looks at the database every :data:`LOOK_EVERY` seconds; an event whose log or settings moved
since its stored scores is scored again (as a worker would: :class:`.Club`'s kept state, the
same :class:`.LiveScores`) once those are :data:`~bridgescore.server.club.LIVE_PATIENCE`
seconds old, or older than their scoring's time over :data:`DUTY` for a big event. It runs at a
lower priority than the workers (:data:`NICE`): the tables' requests come first, and no
worker's interpreter stops for a scoring. It says it is looking every :data:`SEEN_EVERY`
seconds; the workers score for themselves when it stops (:data:`.live_page.SCORER_GONE`).
"""

from __future__ import annotations

__all__ = ["DUTY", "LOOK_EVERY", "NICE", "SEEN_EVERY", "Scorer", "main"]

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from bridgescore.server.club import LIVE_PATIENCE, Club
from bridgescore.server.live_page import LiveScores
from bridgescore.server.storage.live_scores import Due, Head

log = logging.getLogger("bridgescore.server")

LOOK_EVERY = 0.5
"""Seconds between two looks at the database."""
SEEN_EVERY = 3.0
"""Seconds between two notes that the scorer looks (a fifth of
:data:`.live_page.SCORER_GONE`, after which the workers score for themselves)."""
DUTY = 0.2
"""The most of its time the scorer spends on one event: a scoring of 0.2 s (1,000 tables) is
made again no sooner than a second after the last (:data:`LIVE_PATIENCE` for a club's)."""
NICE = 10
"""How much lower the scorer's priority is than the workers'."""


class Scorer:
    """Scores the live pages of one server's database (see the module docstring)."""

    def __init__(self, club: Club, *, patience: float = LIVE_PATIENCE) -> None:
        self.club, self.patience = club, patience
        self._seen_at = 0.0
        self._failed: dict[int, tuple[int, int]] = {}
        """The events that could not be scored, at the version they were at."""

    def look(self) -> list[int]:
        """Score again the events whose scores are behind and old enough; say the scorer
        looks when it last said so :data:`SEEN_EVERY` seconds ago. The events scored.

        An event that cannot be scored (whatever the reason) is logged and its stored scores
        dropped: the workers score it themselves, and say what is wrong to whoever asks, as
        one process does; the scorer tries it again once its log or settings move."""
        stored_scores = self.club.store.live_scores
        scored = []
        for due in stored_scores.due():
            if not self._due(due, time.time()):
                continue
            version = (due.revision, due.log_seq)
            if self._failed.get(due.event_id) == version:
                continue
            try:
                self.score(due.event_id)
            except Exception:
                log.exception("the scorer could not score event %d", due.event_id)
                self._failed[due.event_id] = version
                stored_scores.drop(due.event_id)
            else:
                self._failed.pop(due.event_id, None)
                scored.append(due.event_id)
        now = time.time()
        if now - self._seen_at >= SEEN_EVERY:
            stored_scores.seen(now)
            self._seen_at = now
        return scored

    def _due(self, due: Due, now: float) -> bool:
        """Whether the event's stored scores are behind and old enough to be made again."""
        stored = due.stored
        if stored is None:
            return True
        if (stored.revision, stored.seq) == (due.revision, due.log_seq):
            return False
        return now - stored.made_at >= max(self.patience, stored.took / DUTY)

    def score(self, event_id: int) -> LiveScores:
        """Score the event's live page as it is now and store it."""
        state = self.club.state(event_id)
        made = state.scores.snapshot(state)
        scores = LiveScores.made(state, made)
        now = time.time()
        made_at = now - (time.monotonic() - made.at)
        head = Head(scores.revision, scores.seq, made_at, made.took, now)
        self.club.store.live_scores.put(event_id, head, scores.body)
        return scores


def run(scorer: Scorer, *, going: Callable[[], bool]) -> None:
    """Look every :data:`LOOK_EVERY` seconds while ``going()``; trouble (the database away
    for a moment) is logged and the scorer looks again; an interrupt (Ctrl-C) ends it."""
    try:
        while going():
            try:
                scorer.look()
            except Exception:
                log.exception("the scorer could not score the live pages; it tries again")
            time.sleep(LOOK_EVERY)
    except KeyboardInterrupt:
        return


def main(database: str | None, *, parent: int | None = None) -> None:
    """The scorer process: on ``database`` at the priority :data:`NICE` below its parent's,
    until its parent (``parent``: the process id of the ``serve`` that started it) is gone."""
    import tempfile

    from bridgescore.server.storage.database import connect
    from bridgescore.server.storage.store import Store
    from bridgescore.server.web.app import settle

    os.nice(NICE)
    club = Club(Store(connect(database)), Path(tempfile.gettempdir()))  # (it publishes nothing)
    settle()
    run(Scorer(club), going=lambda: parent is None or os.getppid() == parent)


if __name__ == "__main__":  # (bridgescore serve --workers N starts it so, its id the argument)
    import sys

    main(os.environ.get("BRIDGESCORE_DB") or None, parent=int(sys.argv[1]))
