"""The load of a real session on the club server, for benchmark 10 (:mod:`bench.bench_live`).

Each table has two phones. North's phone asks for the round, the board is played (a pause of
:data:`BOARD_SECONDS`: the 20 to 60 seconds a board takes, compressed by 2), North enters the
result, East's phone asks for the round and confirms it; a request that gets no answer (or a
5xx) is sent again, the same id. Fifty spectators each ask for the live page every ten seconds,
and the director's console asks for the grid every five. Every answer's time is kept by the
kind of request.

The load's own pauses would count against the server: its cycle collector is off while the
session is played (:func:`drive`). With Python's, a thousand tables' client stopped for 120-160
ms every ten seconds (a full collection of what it keeps), and each answer that came meanwhile
was timed that much late.
"""

from __future__ import annotations

__all__ = ["BOARD_SECONDS", "Tally", "drive", "session"]

import asyncio
import contextlib
import gc
import random
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import httpx

BOARD_SECONDS = (10.0, 30.0)
"""How long a table takes over a board: 20 to 60 seconds, compressed by 2."""
TABLES_A_CLIENT = 25
"""The tables that share one HTTP client (its pool of connections)."""
STAGGER_SECONDS = 15.0
"""The tables log on over the first seconds, as players sit down."""
SPECTATORS = 50
SPECTATOR_SECONDS = 10.0
GRID_SECONDS = 5.0
PASSWORD = "correct horse battery"


@dataclass
class Tally:
    """What the load saw: each request's time by kind, results confirmed, retries."""

    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    confirmed: set[str] = field(default_factory=set)
    retries: int = 0
    refused: list[str] = field(default_factory=list)
    seated: int = 0
    """The tables whose two phones have logged on."""
    all_seated: float | None = None
    """When the last table's phones had logged on (``time.perf_counter``)."""
    settled: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """The times of the requests sent once every table had logged on, by kind: the session
    under way, without the first minutes' log-ons."""

    @property
    def requests(self) -> int:
        return sum(len(found) for found in self.times.values())


def session(tables: int) -> dict[str, Any]:
    """Sections of up to 25 tables, each a Mitchell of up to 12 rounds of 2 boards: every
    section plays the same board numbers, compared across the field."""
    sizes = [min(25, tables - start) for start in range(0, tables, 25)]
    if sizes[-1] < 3:
        raise SystemExit(f"{tables} tables: the last section of 25 would have fewer than 3")
    # A to Z, then AA, AB, ...: letters alone, so that "B12" is table 12 of section B
    letters = [
        ("" if i < 26 else chr(ord("A") + i // 26 - 1)) + chr(ord("A") + i % 26)
        for i in range(len(sizes))
    ]
    sections = [
        {"letter": letter, "tables": size, "movement": "mitchell", "rounds": min(12, size - 1)}
        for letter, size in zip(letters, sizes, strict=True)
    ]
    return {"title": f"Load, {tables} tables", "scoring": {"rules": "ebu"}, "sections": sections}


async def call(
    client: httpx.AsyncClient, tally: Tally, kind: str, method: str, path: str, **kw: Any
) -> httpx.Response:
    """A request, sent again (the same) until the server answers it; its time kept."""
    while True:
        started = time.perf_counter()
        try:
            answer = await client.request(method, path, **kw)
        except httpx.TransportError:
            tally.retries += 1
            await asyncio.sleep(0.5)
            continue
        if answer.status_code >= 500:
            tally.retries += 1
            await asyncio.sleep(0.5)
            continue
        tally.times[kind].append(time.perf_counter() - started)
        if tally.all_seated is not None and started >= tally.all_seated:
            tally.settled[kind].append(time.perf_counter() - started)
        return answer


async def table(
    client: httpx.AsyncClient,
    tally: Tally,
    event_id: int,
    name: str,
    code: str,
    until: float,
    tables: int,
) -> None:
    stagger = min(STAGGER_SECONDS, (until - time.monotonic()) / 4)
    await asyncio.sleep(random.uniform(0, stagger))  # the tables log on as they sit down
    section, number = name.rstrip("0123456789"), int(name[len(name.rstrip("0123456789")) :])
    body = {"event": event_id, "section": section, "table": number, "code": code}
    phones = []
    for device in ("north", "east"):
        headers = {"X-Device": f"{name}-{device}"}
        answer = await call(
            client, tally, "login", "POST", "/api/tables/login", json=body, headers=headers
        )
        if answer.status_code != 200:
            raise SystemExit(f"table {name} could not log on: {answer.status_code} {answer.text}")
        phones.append({"Authorization": f"Bearer {answer.json()['token']}", **headers})
    north, east = phones
    tally.seated += 1
    if tally.seated == tables:
        tally.all_seated = time.perf_counter()
    while time.monotonic() < until:
        rounds = (
            await call(client, tally, "rounds", "GET", "/api/tables/rounds", headers=north)
        ).json()
        current = next((r for r in rounds if r["current"]), None)
        if current is None:
            return
        board = next(b for b in current["boards"] if b not in current["done"])
        await asyncio.sleep(min(random.uniform(*BOARD_SECONDS), max(0.0, until - time.monotonic())))
        if time.monotonic() >= until:
            return
        entry = {
            "id": uuid.uuid4().hex,
            "round": current["round"],
            "board": board,
            "ns": current["ns"],
            "ew": current["ew"],
            "contract": random.choice(["4S", "3NT", "4H", "2S"]),
            "declarer": random.choice("NESW"),
            "result": random.choice(["=", "+1", "-1", "-2"]),
        }
        answer = await call(
            client, tally, "result", "POST", "/api/results", json=entry, headers=north
        )
        if answer.status_code not in (200, 201):
            tally.refused.append(answer.text)
            continue
        await call(client, tally, "rounds", "GET", "/api/tables/rounds", headers=east)
        path = f"/api/results/{entry['id']}/confirm"
        answer = await call(client, tally, "confirm", "POST", path, headers=east)
        if answer.status_code == 200 and answer.json().get("status") == "confirmed":
            tally.confirmed.add(entry["id"])


async def spectator(client: httpx.AsyncClient, tally: Tally, event_id: int, until: float) -> None:
    arrives = random.uniform(0, SPECTATOR_SECONDS)
    if arrives >= until - time.monotonic():
        return  # (a run shorter than ten seconds is not made to last until they all came)
    await asyncio.sleep(arrives)
    while time.monotonic() < until:
        await call(client, tally, "live", "GET", f"/events/{event_id}/live")
        await asyncio.sleep(max(0.0, min(SPECTATOR_SECONDS, until - time.monotonic())))


async def console(
    client: httpx.AsyncClient, tally: Tally, event_id: int, director: dict[str, str], until: float
) -> None:
    while time.monotonic() < until:
        await call(client, tally, "grid", "GET", f"/api/events/{event_id}/grid", headers=director)
        await asyncio.sleep(max(0.0, min(GRID_SECONDS, until - time.monotonic())))


async def drive(url: str, tables: int, seconds: float, tally: Tally) -> int:
    """Make and start the event, then play it for ``seconds``; the event's number."""
    # One client a section of tables (and one for the rest): httpx's pool hands out its
    # connections in a time that grows with the connections times the requests waiting, so one
    # pool of hundreds for a thousand tables spends the load's machine on itself, not the server.
    limits = httpx.Limits(
        max_connections=TABLES_A_CLIENT, max_keepalive_connections=TABLES_A_CLIENT
    )
    async with contextlib.AsyncExitStack() as stack:
        pools = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=url, timeout=60, limits=limits)
            )
            for _ in range(1 + (tables + TABLES_A_CLIENT - 1) // TABLES_A_CLIENT)
        ]
        client = pools[0]
        login = {"name": "bench", "password": PASSWORD}
        token = (await call(client, tally, "login", "POST", "/api/login", json=login)).json()
        director = {"Authorization": f"Bearer {token['token']}"}
        made = await call(
            client, tally, "setup", "POST", "/api/events", json=session(tables), headers=director
        )
        event_id = int(made.json()["id"])
        started = await call(
            client, tally, "setup", "POST", f"/api/events/{event_id}/start", headers=director
        )
        codes = started.json()["tables"]
        tally.times.clear()
        until = time.monotonic() + seconds
        if gc.isenabled():  # (see the module docstring)
            stack.callback(gc.enable)
            gc.collect()
            gc.disable()
        await asyncio.gather(
            *(
                table(
                    pools[1 + n // TABLES_A_CLIENT], tally, event_id, name, code, until, len(codes)
                )
                for n, (name, code) in enumerate(codes.items())
            ),
            *(spectator(client, tally, event_id, until) for _ in range(SPECTATORS)),
            console(client, tally, event_id, director, until),
        )
        tally.times.pop("login", None)
        return event_id
