"""Benchmark 9: the club server under load, and killed in the middle of it.

Run from the repository root: ``.venv/bin/python -m bench.bench_server [SECONDS] [TABLES]``
(default 600 seconds and 100 tables). For each database, SQLite and a PostgreSQL cluster started
for the run (:mod:`bench.postgres`), a real ``bridgescore serve`` process gets TABLES tables,
two phones each, entering a 24-board session (sections of up to 25 tables, Mitchell, 12 rounds
of 2 boards) as fast as they can: one phone enters each board, the other confirms it, one entry
in ten is sent twice and one in twenty sent again by the other phone (duplicate sends), and
every request that gets no answer is retried with the same id. A session finished, the next one
starts, until SECONDS have passed. Half-way through the server is killed with SIGKILL and
restarted on the same database while the phones keep retrying.

Then it counts, from the server's own log: results the server had confirmed that it no longer
has (lost) and results stored twice (duplicated); both must be 0. It prints the requests, the
results confirmed, the 50th and 99th percentile latency of a request, and how long the restart
took.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from tests.support.server import ServerProcess, add_director

from bench.postgres import cluster

PASSWORD = "correct horse battery"


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    confirmed: dict[str, tuple[int, str]] = field(default_factory=dict)  # id -> event, slot
    retries: int = 0
    events: list[int] = field(default_factory=list)
    token: str = ""
    """The director's log-on (argon2 checks a password in a quarter of a second: once a run)."""


def session(tables: int) -> dict[str, Any]:
    sizes = [min(25, tables - start) for start in range(0, tables, 25)]
    sections = [
        {"letter": "ABCDEFGH"[i], "tables": size, "movement": "mitchell", "rounds": min(12, size)}
        for i, size in enumerate(sizes)
    ]
    if sizes[-1] < 3:
        raise SystemExit("TABLES: the last section of 25 would have fewer than 3 tables")
    return {"title": "Load", "scoring": {"rules": "ebu"}, "sections": sections}


async def call(
    client: httpx.AsyncClient, tally: Tally, method: str, path: str, **kw: Any
) -> httpx.Response:
    """A request retried (the same request, the same id) until the server answers it."""
    while True:
        started = time.perf_counter()
        try:
            answer = await client.request(method, path, **kw)
        except httpx.TransportError:
            tally.retries += 1
            await asyncio.sleep(0.2)
            continue
        if answer.status_code >= 500:
            tally.retries += 1
            await asyncio.sleep(0.2)
            continue
        tally.latencies.append(time.perf_counter() - started)
        return answer


async def play_table(
    client: httpx.AsyncClient, tally: Tally, event_id: int, name: str, code: str, until: float
) -> None:
    body = {"event": event_id, "section": name[0], "table": int(name[1:]), "code": code}
    phones = []
    for device in ("phone-1", "phone-2"):
        answer = await call(
            client,
            tally,
            "POST",
            "/api/tables/login",
            json=body,
            headers={"X-Device": f"{name}-{device}"},
        )
        phones.append({"Authorization": f"Bearer {answer.json()['token']}"})
    entering, confirming = phones
    while time.monotonic() < until:
        rounds = (await call(client, tally, "GET", "/api/tables/rounds", headers=entering)).json()
        current = next((r for r in rounds if r["current"]), None)
        if current is None:
            return
        for board in current["boards"]:
            if board in current["done"]:
                continue
            entry = {
                "id": str(uuid.uuid4()),
                "round": current["round"],
                "board": board,
                "ns": current["ns"],
                "ew": current["ew"],
                "contract": "4S",
                "declarer": "N",
                "result": random.choice(["=", "+1", "-1", "-2"]),
            }
            sends = 2 if random.random() < 0.1 else 1
            for _ in range(sends):
                answer = await call(
                    client, tally, "POST", "/api/results", json=entry, headers=entering
                )
                assert answer.status_code in (200, 201), answer.text
            if random.random() < 0.05:
                await call(client, tally, "POST", "/api/results", json=entry, headers=confirming)
            answer = await call(
                client, tally, "POST", f"/api/results/{entry['id']}/confirm", headers=confirming
            )
            if answer.status_code == 200 and answer.json().get("status") == "confirmed":
                slot = f"{name}/{current['round']}/{board}"
                tally.confirmed[entry["id"]] = (event_id, slot)


async def drive(url: str, tables: int, seconds: float, tally: Tally) -> None:
    limits = httpx.Limits(max_connections=2 * tables, max_keepalive_connections=2 * tables)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
        token = (
            await call(
                client, tally, "POST", "/api/login", json={"name": "bench", "password": PASSWORD}
            )
        ).json()["token"]
        tally.token = token
        director = {"Authorization": f"Bearer {token}"}
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            made = await call(
                client, tally, "POST", "/api/events", json=session(tables), headers=director
            )
            event_id = made.json()["id"]
            tally.events.append(event_id)
            codes = (
                await call(client, tally, "POST", f"/api/events/{event_id}/start", headers=director)
            ).json()["tables"]
            await asyncio.gather(
                *(play_table(client, tally, event_id, n, c, until) for n, c in codes.items())
            )


def count(url: str, tally: Tally) -> tuple[int, int]:
    """Lost and duplicated results, from the server's own log and travellers."""
    client = httpx.Client(base_url=url, timeout=120)
    director = {"Authorization": f"Bearer {tally.token}"}  # (it outlives the restart)
    lost = duplicated = 0
    for event_id in tally.events:
        audit = client.get(f"/api/events/{event_id}/audit", headers=director).json()
        entered = Counter(e["id"] for e in audit if e["kind"] == "entered")
        duplicated += sum(n - 1 for n in entered.values() if n > 1)
        confirmed = {e["payload"]["entry"] for e in audit if e["kind"] == "confirmed"}
        mine = {i for i, (event, _slot) in tally.confirmed.items() if event == event_id}
        lost += len(mine - confirmed)
        csv = client.get(
            f"/api/events/{event_id}/travellers.csv", headers=director
        ).text.splitlines()[1:]
        slots = Counter(tuple(line.split(",")[i] for i in (0, -3, -2, -1)) for line in csv)
        duplicated += sum(n - 1 for n in slots.values() if n > 1)
    return lost, duplicated


def run(name: str, database: str, folder: Path, seconds: float, tables: int) -> None:
    add_director(database, "bench", PASSWORD)
    server = ServerProcess(database, folder)
    server.start()
    tally = Tally()
    restart: list[float] = []

    def kill_half_way() -> None:
        time.sleep(seconds / 2)
        server.kill()
        started = time.perf_counter()
        server.start()
        restart.append(time.perf_counter() - started)

    killer = threading.Thread(target=kill_half_way)
    killer.start()
    began = time.perf_counter()
    asyncio.run(drive(server.url, tables, seconds, tally))
    wall = time.perf_counter() - began
    killer.join()
    lost, duplicated = count(server.url, tally)
    server.stop()
    ms = sorted(1000 * x for x in tally.latencies)
    p50 = statistics.median(ms)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"{name:<10} {len(tally.events):>8} {len(tally.latencies):>9,} {len(tally.latencies) / wall:>7.0f} "
        f"{len(tally.confirmed):>9,} {p50:>8.1f} {p99:>8.1f} {tally.retries:>7,} {restart[0]:>8.1f} "
        f"{lost:>5} {duplicated:>5}"
    )


def main(seconds: float = 600, tables: int = 100) -> None:
    print(
        f"club server: {tables} tables x 2 phones, {seconds:g} s a database, killed (SIGKILL) half-way"
    )
    print(
        f"{'database':<10} {'sessions':>8} {'requests':>9} {'req/s':>7} {'results':>9} {'p50 ms':>8} {'p99 ms':>8} {'retries':>7} {'restart':>8} {'lost':>5} {'twice':>5}"
    )
    with tempfile.TemporaryDirectory() as folder:
        run("SQLite", str(Path(folder) / "club.db"), Path(folder), seconds, tables)
    with cluster() as found, tempfile.TemporaryDirectory() as folder:
        run("PostgreSQL", found.database(), Path(folder), seconds, tables)


if __name__ == "__main__":
    given = sys.argv[1:]
    main(float(given[0]) if given else 600, int(given[1]) if len(given) > 1 else 100)
