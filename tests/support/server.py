"""The club server for the tests, run for real three ways: in the test's own process (the
application over a real SQLite file or a real PostgreSQL database, driven through Starlette's
test client: most tests), on a real socket in a thread of the test's process (the browser and
the server-sent events), and as a ``bridgescore serve`` process (where a process must die:
kill -9, and the command itself). A real PostgreSQL cluster is started for the tests from
Debian's packages (``make postgres`` installs them; as root, the cluster runs as the
``postgres`` user)."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

import bridgescore.server
from tests.support.ports import free_port
from tests.support.postgres import Postgres, Seed, read_seed

BRIDGESCORE = Path(sys.executable).parent / "bridgescore"
PASSWORD = "correct horse battery"

if TYPE_CHECKING:  # (imported where used: a benchmark that only runs ``serve`` needs neither)
    import uvicorn
    from fastapi import FastAPI
    from fastapi.testclient import TestClient


def add_director(database: str, name: str, password: str = PASSWORD) -> None:
    """A director account, made by the library's own call."""
    bridgescore.server.add_director(database, name, password)


@contextmanager
def in_process(database: str, folder: Path) -> Iterator[TestClient]:
    """The server's application on ``database`` (which has the director ``ann``: see
    :class:`Seeded`), driven in this process."""
    from fastapi.testclient import TestClient

    from bridgescore.server import create_app

    app = create_app(database, sites=folder / "sites", live_patience=0)
    try:
        with TestClient(app) as client:
            yield client
    finally:
        app.state.club.store.engine.dispose()


@dataclass
class ThreadedServer:
    """The server's application on a real socket (a port the system gives), in a thread."""

    app: FastAPI
    server: uvicorn.Server
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def threaded_server(
    database: str, folder: Path, *, public_url: str | None = None, live_patience: float = 0
) -> Iterator[ThreadedServer]:
    """A real HTTP server on ``database`` (with the director ``ann`` or with none, as the
    database is) in a thread of this process, stopped after; its cards point at ``public_url``
    when given; its live page is exact unless given ``live_patience``."""
    import uvicorn

    from bridgescore.server import create_app

    app = create_app(
        database, sites=folder / "sites", live_patience=live_patience, public_url=public_url
    )
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    port = int(server.servers[0].sockets[0].getsockname()[1])
    try:
        yield ThreadedServer(app, server, port)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        app.state.club.store.engine.dispose()


@dataclass
class ServerProcess:
    """``bridgescore serve`` running against ``database``; :meth:`kill` is kill -9."""

    database: str
    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    workers: int = 1
    start_with: list[str] = field(default_factory=list)
    """More options for ``serve``."""
    preamble: str | None = None
    """Python run in the server's process before the command line (``python -c``)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, tries: int = 5) -> None:
        """Start the server and wait (a minute at most) until it answers; when another
        program took its port meanwhile, on another port."""
        for _attempt in range(tries):
            if self._start():
                return
            self.port = free_port()
        raise AssertionError(f"no free port in {tries} tries")

    def _start(self) -> bool:
        log = (self.folder / "server.log").open("ab")
        command = [str(BRIDGESCORE)]
        if self.preamble is not None:
            then = "\nfrom bridgescore.cli import main\nmain()\n"
            command = [sys.executable, "-c", self.preamble + then]
        command += ["serve", "--db", self.database, "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--sites", str(self.folder / "sites")]
        command += ["--workers", str(self.workers), *self.start_with]
        self.process = subprocess.Popen(command, stdout=log, stderr=log, cwd=self.folder)
        deadline = time.monotonic() + 60
        with httpx.Client(timeout=1) as probe:  # (one client: each new one costs 30 ms of CPU)
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    said = (self.folder / "server.log").read_text()
                    if f"port {self.port}" in said and "in use" in said:
                        return False
                    raise AssertionError(f"the server stopped: {said}")
                try:
                    if probe.get(f"{self.url}/health").status_code == 200:
                        return True
                except httpx.HTTPError:
                    time.sleep(0.1)
        self.stop()  # (not left running after the test)
        raise AssertionError("the server did not answer within a minute")

    def kill(self) -> None:
        """kill -9: no shutdown, no flush, nothing the server can do about it."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def running_server(database: str, folder: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(database, folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Seeded:
    """New databases that have the director ``ann`` (password :data:`PASSWORD`), migrated,
    and one log-on of hers (:meth:`token`): each a copy of one database of its kind made once
    (by the library's own ``connect`` and :func:`add_director`, and a log-on through the
    server's API), so that every test has a database of its own without paying each time for
    the migrations, for hashing the password and for checking it (argon2, a quarter of a
    second of CPU each by design). SQLite's is copied with SQLite's backup; PostgreSQL's is made
    with ``CREATE DATABASE ... TEMPLATE`` and, once a test has finished with it
    (:meth:`give_back`), reset to the seed for the next (:meth:`.Postgres.reset`). The tests of
    logging on itself log on afresh."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.sqlite: Path | None = None
        self.postgres: dict[int, tuple[str, Seed]] = {}
        """The template and what it holds, by the port of its cluster."""
        self.tokens: dict[str, str] = {}
        """Ann's token in each database made here, by its URL or path."""
        self.given_back: dict[int, list[str]] = {}
        """Copies the tests have finished with, by the port of their cluster."""

    def sqlite_copy(self, path: Path) -> str:
        import sqlite3
        from contextlib import closing

        if self.sqlite is None:
            made = self.folder / "seeded.db"
            self._seed(str(made))
            self.sqlite = made
        with (
            closing(sqlite3.connect(self.sqlite)) as source,
            closing(sqlite3.connect(path)) as copy,
        ):
            source.backup(copy)
        self.tokens[str(path)] = self.tokens[str(self.sqlite)]
        return str(path)

    def postgres_copy(self, cluster: Postgres) -> str:
        """A database as the seed left it: one given back, reset, or else a new copy."""
        if cluster.port not in self.postgres:
            made = cluster.database()
            self._seed(made)
            self.postgres[cluster.port] = (made, read_seed(made))
        template, seed = self.postgres[cluster.port]
        waiting = self.given_back.setdefault(cluster.port, [])
        while waiting:
            used = waiting.pop()
            if cluster.reset(used, seed):
                return used
        copy = cluster.database(template=template.rsplit("/", 1)[1])
        self.tokens[copy] = self.tokens[template]
        return copy

    def give_back(self, cluster: Postgres, database: str) -> None:
        """A copy the test that had it has finished with (its servers stopped), for another."""
        self.given_back.setdefault(cluster.port, []).append(database)

    def token(self, database: str) -> str:
        """Ann's log-on token in ``database`` (a copy made here): a director's lasts half a
        day, longer than any test session."""
        return self.tokens[database]

    def _seed(self, database: str) -> None:
        add_director(database, "ann")
        with in_process(database, self.folder) as client:
            self.tokens[database] = Api(client).director["Authorization"].split()[1]


HOWELL_3 = {
    "title": "Three-table Howell",
    "club": "Riverside Bridge Club",
    "date": "2026-11-24",
    "scoring": {"rules": "ebu", "method": "mp"},
    "sections": [
        {
            "tables": 3,
            "movement": "howell",
            "boards": "1-10",
            "pairs": [
                {"pair": str(n), "names": [f"North{n} Player", f"South{n} Player"]}
                for n in range(1, 7)
            ],
        }
    ],
}
"""A 3-table complete Howell of 10 boards (5 rounds of 2), six named pairs."""


class Api:
    """The JSON API of a server (a client in this process, or a URL), as a director and as
    tables."""

    def __init__(
        self,
        http: httpx.Client | str,
        director: str = "ann",
        password: str = PASSWORD,
        *,
        token: str | None = None,
    ) -> None:
        """Log ``director`` on, or use the ``token`` she has (:meth:`Seeded.token`)."""
        self.http = httpx.Client(base_url=http, timeout=30) if isinstance(http, str) else http
        if token is None:
            body = {"name": director, "password": password}
            token = self.http.post("/api/login", json=body).json()["token"]
        self.director = {"Authorization": f"Bearer {token}"}
        self.tables: dict[str, dict[str, str]] = {}

    def event(self, body: dict[str, Any]) -> tuple[int, dict[str, str]]:
        made = self.http.post("/api/events", json=body, headers=self.director)
        assert made.status_code == 201, made.text
        event_id = int(made.json()["id"])
        started = self.http.post(f"/api/events/{event_id}/start", headers=self.director)
        assert started.status_code == 200, started.text
        return event_id, started.json()["tables"]

    def table(self, event_id: int, name: str, code: str) -> dict[str, str]:
        body = {"event": event_id, "section": name[0], "table": int(name[1:]), "code": code}
        answer = self.http.post("/api/tables/login", json=body)
        assert answer.status_code == 200, answer.text
        headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        self.tables[name] = headers
        return headers

    def current(self, headers: dict[str, str]) -> dict[str, Any] | None:
        rounds = self.http.get("/api/tables/rounds", headers=headers).json()
        return next((r for r in rounds if r["current"]), None)

    def enter_first(self, table: dict[str, str], client_id: str) -> httpx.Response:
        """The table (logged on) enters 3NT by South, made, on the first board of its round."""
        current = self.current(table)
        assert current is not None
        body = {"id": client_id, "round": current["round"], "board": current["boards"][0]}
        body |= {"ns": current["ns"], "ew": current["ew"]}
        body |= {"contract": "3NT", "declarer": "S", "result": "="}
        return self.post("/api/results", table, body)

    def post(
        self, path: str, headers: dict[str, str], body: dict[str, Any] | None = None
    ) -> httpx.Response:
        return (
            self.http.post(path, json=body, headers=headers)
            if body is not None
            else self.http.post(path, headers=headers)
        )
