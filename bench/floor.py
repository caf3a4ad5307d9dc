"""The floor for benchmark 10: the least a server on this machine can do per request, a
minimal FastAPI app whose one route inserts one row into the same kind of database, in one
transaction, the same number of workers. Run as ``python -m bench.floor DATABASE PORT WORKERS``
(the database's URL in ``BENCH_FLOOR_DB`` for the workers), driven at the rate the club
server was offered.
"""

from __future__ import annotations

__all__ = ["app", "drive_floor"]

import asyncio
import os
import sys
import time
import uuid
from typing import TYPE_CHECKING

import httpx
from sqlalchemy import Column, Integer, MetaData, String, Table, insert

from bridgescore.server.storage.database import connect

if TYPE_CHECKING:  # (imported by the app alone: the load client's process needs none of it)
    from fastapi import FastAPI

metadata = MetaData()
rows = Table(
    "floor_rows",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("client_id", String(64), nullable=False),
)


def app() -> FastAPI:
    """The floor's app (a factory, for uvicorn's workers)."""
    from fastapi import FastAPI

    # the server's engine and settings, without the club's tables and their migrations
    engine = connect(os.environ["BENCH_FLOOR_DB"], upgrade=False)
    metadata.create_all(engine)
    found = FastAPI()

    @found.post("/insert")
    def insert_one(body: dict[str, str]) -> dict[str, bool]:
        with engine.begin() as connection:
            connection.execute(insert(rows).values(client_id=body["id"]))
        return {"ok": True}

    return found


async def drive_floor(url: str, rate: float, seconds: float) -> list[float]:
    """Insert at ``rate`` requests a second for ``seconds``, as many in flight as it takes:
    each request's time."""
    times: list[float] = []
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:

        async def one() -> None:
            started = time.perf_counter()
            answer = await client.post("/insert", json={"id": uuid.uuid4().hex})
            answer.raise_for_status()
            times.append(time.perf_counter() - started)

        pending = set()
        begun = time.monotonic()
        sent = 0
        while (now := time.monotonic()) - begun < seconds:
            due = int((now - begun) * rate) - sent
            for _ in range(due):
                pending.add(asyncio.create_task(one()))
            sent += max(due, 0)
            pending = {task for task in pending if not task.done()}
            await asyncio.sleep(0.01)
        await asyncio.gather(*pending)
    return times


if __name__ == "__main__":
    import uvicorn

    from bridgescore.server.web.nodelay import H11NoDelay

    database, port, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.environ["BENCH_FLOOR_DB"] = database
    uvicorn.run(
        "bench.floor:app",
        factory=True,
        host="127.0.0.1",
        port=port,
        workers=workers,
        log_level="warning",
        http=H11NoDelay,  # as the club server's (the same writes, sent at once)
    )
