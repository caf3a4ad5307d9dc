"""Benchmark 10: the club server under the load of a real session, from a club night to a
national simultaneous.

Run from the repository root: ``.venv/bin/python -m bench.bench_live [SECONDS] [TABLES ...]``
(default 90 seconds, and 10, 30, 100, 300 and 1,000 tables). For each size a real
``bridgescore serve`` gets one event of that many tables (sections of 25 playing the same 24
boards) and the load of :mod:`bench.live_load`: two phones a table entering and confirming a
board every 10 to 30 s, fifty spectators on the live page, the director's grid; on SQLite up to
300 tables, on PostgreSQL (a cluster started for the run: :mod:`bench.postgres`) with one worker,
and with :data:`WORKERS` workers from 100 tables.

Each run prints, per kind of request, its count and p50/p95/p99 in ms, and the p99 of the
requests sent once every table had logged on (the tables log on over the first 15 seconds: a
burst of two log-ons a table); the requests answered a second; the CPU the server's processes
and the database's used (per cent of one core, and milliseconds a request); results lost
(answered as confirmed, not in the log) and stored twice, counted in the server's own log.
Then the floor, in the same run: a minimal FastAPI app (:mod:`bench.floor`) inserting one row a
request into the same kind of database, driven at the same rate, and what share of the floor's
cost a request of the server's costs. The last table is the cost curve: CPU milliseconds a
request from the smallest event to the biggest.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import httpx
from tests.support.ports import free_port
from tests.support.server import ServerProcess, add_director

from bench.floor import drive_floor
from bench.live_load import BOARD_SECONDS, PASSWORD, Tally, drive
from bench.postgres import cluster
from bench.ranking_cost import ranking_cost
from bridgescore.server.storage.database import connect
from bridgescore.server.storage.store import Store

WORKERS = 2
"""The workers the two-core machine allows."""
TICK = os.sysconf("SC_CLK_TCK")


def _children() -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            found.setdefault(parent, []).append(int(entry.name))
    return found


def cpu(root: int) -> float:
    """CPU seconds used so far by the process ``root`` and all its descendants."""
    children, total, todo = _children(), 0.0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * share))]


@dataclass
class Run:
    name: str
    tables: int
    requests: int
    rate: float
    server_ms: float
    db_ms: float
    floor_ms: float


def lost_and_twice(database: str, event_id: int, tally: Tally) -> tuple[int, int]:
    """From the server's own log: results answered as confirmed but not there; entries and
    results there twice."""
    engine = connect(database)
    try:
        entries = Store(engine).entries(event_id)
    finally:
        engine.dispose()
    entered = Counter(e.client_id for e in entries if str(e.kind) == "entered")
    confirmed = {e.payload.get("entry") for e in entries if str(e.kind) == "confirmed"}
    twice = sum(n - 1 for n in entered.values() if n > 1)
    return len(tally.confirmed - confirmed), twice


def run(
    name: str,
    database: str,
    db_pid: int | None,
    floor_db: str,
    tables: int,
    seconds: float,
    workers: int,
) -> Run:
    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    add_director(database, "bench", PASSWORD)
    server = ServerProcess(database, folder, workers=workers)
    server.start()
    assert server.process is not None
    tally = Tally()
    before = cpu(server.process.pid), cpu(db_pid) if db_pid else 0.0
    began = time.perf_counter()
    event_id = asyncio.run(drive(server.url, tables, seconds, tally))
    wall = time.perf_counter() - began
    used = cpu(server.process.pid) - before[0], (cpu(db_pid) - before[1]) if db_pid else 0.0
    server.stop()
    lost, twice = lost_and_twice(database, event_id, tally)
    requests = tally.requests
    rate = requests / wall
    print(
        f"\n{tables} tables, {name}: {requests:,} requests in {wall:.0f} s ({rate:.1f} a second), "
        f"{len(tally.confirmed):,} results confirmed, {tally.retries} retries, lost {lost}, twice {twice}"
    )
    seated = "" if tally.all_seated is None else f"{tally.all_seated - began:.0f} s"
    print(
        f"  {'request':<8} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}   "
        f"once every table had logged on ({seated or 'never'}): {'count':>7} {'p99 ms':>8}"
    )
    for kind in ("result", "confirm", "rounds", "live", "grid"):
        found, settled = tally.times.get(kind, []), tally.settled.get(kind, [])
        if found:
            later = f"{percentile(settled, 0.99):>8.1f}" if settled else f"{'':>8}"
            print(
                f"  {kind:<8} {len(found):>7,} {percentile(found, 0.5):>8.1f} "
                f"{percentile(found, 0.95):>8.1f} {percentile(found, 0.99):>8.1f}   "
                f"{'':>34}{len(settled):>7,} {later}"
            )
    server_ms, db_ms = 1000 * used[0] / requests, 1000 * used[1] / requests
    print(
        f"  CPU: server {100 * used[0] / wall:.0f}% of a core ({server_ms:.2f} ms a request), "
        f"database {100 * used[1] / wall:.0f}% ({db_ms:.2f} ms a request)"
    )
    floor_ms = floor(floor_db, db_pid, rate, min(seconds, 30.0), workers, server_ms + db_ms)
    return Run(name, tables, requests, rate, server_ms, db_ms, floor_ms)


def floor(
    database: str, db_pid: int | None, rate: float, seconds: float, workers: int, ours: float
) -> float:
    port = free_port()
    env = {**os.environ, "BENCH_FLOOR_DB": database}
    process = subprocess.Popen(
        [sys.executable, "-m", "bench.floor", database, str(port), str(workers)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    with httpx.Client(timeout=1) as client:  # (a new one a call is 30 ms of CPU)
        while True:
            try:
                client.get(url + "/docs")
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise SystemExit("the floor's server did not start") from None
                time.sleep(0.1)
    before = cpu(process.pid), cpu(db_pid) if db_pid else 0.0
    times = asyncio.run(drive_floor(url, rate, seconds))
    used = cpu(process.pid) - before[0] + ((cpu(db_pid) - before[1]) if db_pid else 0.0)
    process.terminate()
    process.wait(timeout=30)
    cost = 1000 * used / len(times)
    print(
        f"  floor: {len(times):,} inserts at {rate:.1f} a second, p50 {percentile(times, 0.5):.1f} ms, "
        f"p99 {percentile(times, 0.99):.1f} ms, {cost:.2f} ms CPU an insert with its database: "
        f"a request of the server costs {ours / cost:.1f} times the floor's"
    )
    return cost


def main(seconds: float, sizes: list[int]) -> None:
    print(
        f"benchmark 10: the club server under a session's load, {seconds:g} s a run "
        f"(load average {os.getloadavg()[0]:.2f})"
    )
    runs = []
    for tables in sizes:
        if tables <= 300:
            with tempfile.TemporaryDirectory() as folder:
                runs.append(
                    run(
                        "SQLite, 1 worker",
                        str(Path(folder) / "club.db"),
                        None,
                        str(Path(folder) / "floor.db"),
                        tables,
                        seconds,
                        1,
                    )
                )
        with cluster() as running:
            postmaster = running.postmaster()
            counts = [1, WORKERS] if tables >= 100 else [1]
            for workers in counts:
                label = f"PostgreSQL, {workers} worker{'s' if workers > 1 else ''}"
                runs.append(
                    run(
                        label,
                        running.database(),
                        postmaster,
                        running.database(),
                        tables,
                        seconds,
                        workers,
                    )
                )
        print(ranking_cost(tables, tables / statistics.mean(BOARD_SECONDS)))  # as offered
    print("\nthe cost curve: CPU ms a request (server + database), and the floor's")
    print(f"  {'tables':>6} {'run':<24} {'req/s':>7} {'server':>7} {'db':>7} {'floor':>7}")
    for found in runs:
        print(
            f"  {found.tables:>6} {found.name:<24} {found.rate:>7.1f} {found.server_ms:>7.2f} "
            f"{found.db_ms:>7.2f} {found.floor_ms:>7.2f}"
        )
    print(f"(load average {os.getloadavg()[0]:.2f} at the end)")


if __name__ == "__main__":
    given = sys.argv[1:]
    main(
        float(given[0]) if given else 90.0, [int(x) for x in given[1:]] or [10, 30, 100, 300, 1000]
    )
