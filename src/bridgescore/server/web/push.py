"""Server-sent events: the live page and the director's grid hear of each change to their
event instead of asking every few seconds.

Each worker keeps one watcher for each event somebody is watching: it wakes when this worker
changes the event and, at most every :data:`EVERY` seconds, reads the event's row to hear of
what other workers changed; on a change it tells every stream of the event, each of which
sends its page part anew (the live page's part is made once for all its watchers). The live
page shows scores up to a couple of seconds late (:meth:`.Club.live_seen`): the watcher also
follows the scores, so a result entered just after a scoring is pushed once it is scored (it
looks again every ``2 * EVERY`` seconds while the scores are behind the log, not ``5 * EVERY``). A
spectator costs nothing while nothing changes, and at most one message every
:data:`EVERY` seconds when results come in; ``push.js`` swaps the part in, and where a browser
cannot keep the stream open it asks for the part every few seconds instead.
"""

from __future__ import annotations

__all__ = ["EVERY", "Pushes", "sse"]

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable, Hashable

from starlette.concurrency import run_in_threadpool

from bridgescore.server.club import Club
from bridgescore.server.storage.store import EventVersion

_Seen = tuple[EventVersion, Hashable]
"""The event's version and that of the live page's scores while somebody watches the live
page (:meth:`.Club.live_seen`)."""

EVERY = 1.0
"""The least time between two messages of one stream, in seconds."""
KEEP_ALIVE = 15.0
"""Seconds between the comments that keep a quiet stream open through proxies."""


def sse(name: str, text: str) -> str:
    """One server-sent event: its name and its data, a ``data:`` line for each line.

    >>> sse("live", "<p>1</p>\\n<p>2</p>")
    'event: live\\ndata: <p>1</p>\\ndata: <p>2</p>\\n\\n'
    """
    lines = "".join(f"data: {line}\n" for line in text.splitlines() or [""])
    return f"event: {name}\n{lines}\n"


class _Watch:
    """The streams of one event in this worker, and its watcher's state."""

    def __init__(self) -> None:
        self.streams: set[asyncio.Queue[_Seen]] = set()
        self.live = 0
        """How many of the streams are the live page's."""
        self.woken = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.parts: dict[tuple[str, _Seen], str] = {}


class Pushes:
    """The server-sent events of one worker (see the module docstring), and the live page's
    part made once for the scores it shows."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self._watches: dict[int, _Watch] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._parts: dict[tuple[int, Hashable], str] = {}
        club.watch(self._changed)

    def live_part(self, event_id: int) -> str:
        """The live page's part (made again only when the scores it shows are new)."""
        from bridgescore.server.web.pages.common import TEMPLATES

        view = self.club.live_page.view(event_id)
        key = (event_id, view["key"])
        with self._lock:
            found = self._parts.get(key)
        if found is None:
            found = TEMPLATES.get_template("live_part.html").render(**view)
            with self._lock:
                if len(self._parts) >= 64:
                    self._parts.pop(next(iter(self._parts)))
                self._parts[key] = found
        return found

    def _changed(self, event_id: int) -> None:
        """This worker changed ``event_id`` (called from whichever thread did)."""
        with self._lock:
            watch, loop = self._watches.get(event_id), self._loop
        if watch is not None and loop is not None:
            loop.call_soon_threadsafe(watch.woken.set)

    async def _watcher(self, event_id: int, watch: _Watch) -> None:
        seen: _Seen | None = None
        while watch.streams:
            watch.woken.clear()  # (a change from here on wakes the wait below at once)
            version: _Seen | None
            try:
                version = await run_in_threadpool(self.club.live_seen, event_id, watch.live > 0)
            except Exception:  # the database away for a moment: try again
                version = seen
            if version is not None and version != seen:
                seen = version
                watch.parts = {key: part for key, part in watch.parts.items() if key[1] == seen}
                for queue in list(watch.streams):
                    queue.put_nowait(version)
            await asyncio.sleep(EVERY)
            behind = seen is not None and seen[1] is not None and seen[1] != tuple(seen[0])
            with contextlib.suppress(TimeoutError):  # scores behind the log: look again soon
                await asyncio.wait_for(watch.woken.wait(), timeout=EVERY * (1 if behind else 4))
        with self._lock:
            self._watches.pop(event_id, None)

    async def stream(
        self, event_id: int, name: str, render: Callable[[], str], *, shared: bool
    ) -> AsyncIterator[str]:
        """The server-sent events of one watcher of ``event_id``: ``name`` events with the part
        ``render`` makes (made once for every watcher when ``shared``), at the start and after
        each change."""
        queue: asyncio.Queue[_Seen] = asyncio.Queue()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            watch = self._watches.setdefault(event_id, _Watch())
            watch.streams.add(queue)
            watch.live += name == "live"
            if watch.task is None or watch.task.done():
                watch.task = asyncio.create_task(self._watcher(event_id, watch))
        sent = ""
        try:
            yield "retry: 3000\n\n"
            queue.put_nowait(await run_in_threadpool(self.club.live_seen, event_id, name == "live"))
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), timeout=KEEP_ALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                while not queue.empty():  # only the newest counts
                    version = queue.get_nowait()
                key = (name, version)
                part = watch.parts.get(key) if shared else None
                if part is None:
                    part = await run_in_threadpool(render)
                    if shared:
                        watch.parts[key] = part
                if part != sent:
                    sent = part
                    yield sse(name, part)
        finally:
            watch.streams.discard(queue)
            watch.live -= name == "live"
