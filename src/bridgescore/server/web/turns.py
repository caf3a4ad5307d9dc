"""Log-ons take turns: a process works on at most :data:`LOGONS_AT_ONCE` log-ons at a time, and
the others wait for a turn in the server's loop, holding no thread.

A process answers its requests from a pool of 40 threads. Every table of a congress logs on at
the start, two phones a table, and someone trying codes sends as many log-ons as they like:
either way log-ons that each take a thread (and wait for the database, or for the turn of
their table's key: :meth:`.Accounts.table_login`) would leave none to the tables at play. With
turns, a table's round, its results and the live page are answered while the log-ons queue.
"""

from __future__ import annotations

__all__ = ["LOGONS_AT_ONCE", "Turns"]

import asyncio
from collections.abc import Callable
from typing import TypeVar

from starlette.concurrency import run_in_threadpool

T = TypeVar("T")

LOGONS_AT_ONCE = 4
"""The most log-ons a process works on at once (each takes a few milliseconds of CPU: four keep
a process busy during a burst)."""


class Turns:
    """At most ``at_once`` calls at a time, each in a worker thread; the others wait."""

    def __init__(self, at_once: int = LOGONS_AT_ONCE) -> None:
        self.at_once = at_once
        self._loop: asyncio.AbstractEventLoop | None = None
        self._turns = asyncio.Semaphore(at_once)

    async def run(self, function: Callable[..., T], *args: object) -> T:
        """``function(*args)`` in a worker thread, once a turn is free."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # (a process has one loop; a test's client may start more)
            self._loop, self._turns = loop, asyncio.Semaphore(self.at_once)
        async with self._turns:
            return await run_in_threadpool(function, *args)
