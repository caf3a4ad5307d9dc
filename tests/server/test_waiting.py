"""A request that waits (for its event's lock, held by another transaction) waits in a worker
thread, not in the server's loop: everyone else is answered meanwhile. The phone's pages post
forms that the server reads in its loop; what the form asks for is done in a thread. Log-ons
take turns (:mod:`bridgescore.server.web.turns`): a crowd of them leaves threads to the rest."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pytest

from bridgescore.server.storage.database import connect
from bridgescore.server.storage.store import Store
from tests.support.server import (
    HOWELL_3,
    PASSWORD,
    Api,
    Seeded,
    ThreadedServer,
    threaded_server,
)

HELD = 3.0
"""Seconds the event's lock is held while a phone's entry waits for it."""


def test_a_phone_waiting_for_its_event_holds_up_nobody_else(
    served: ThreadedServer, database: str, seeded: Seeded
) -> None:
    api = Api(served.url, token=seeded.token(database))
    event_id, codes = api.event(HOWELL_3)
    current = api.current(api.table(event_id, "A1", codes["A1"]))
    assert current is not None
    phone = httpx.Client(base_url=served.url, follow_redirects=True, timeout=60)
    logon = {"event": str(event_id), "section": "A", "table": "1", "code": codes["A1"]}
    page = phone.post("/table", data=logon).text
    csrf = page.split('name="csrf" value="')[1].split('"')[0]
    phone.post("/table/seated", data={"csrf": csrf, "round": str(current["round"])})
    entry = {"csrf": csrf, "id": "phone-held-1", "round": str(current["round"])}
    entry |= {"board": str(current["boards"][0]), "ns": current["ns"], "ew": current["ew"]}
    entry |= {"contract": "3NT", "declarer": "S", "result": "="}
    answered: list[httpx.Response] = []
    store = Store(connect(database))
    try:
        with store.writing(event_id):  # (the event's lock: SQLite's write lock, or its row's)
            sent = threading.Thread(
                target=lambda: answered.append(phone.post("/table/enter", data=entry))
            )
            sent.start()
            time.sleep(0.5)  # (the entry is waiting for the lock now)
            started = time.monotonic()
            health = httpx.get(f"{served.url}/health", timeout=60)
            waited = time.monotonic() - started
            time.sleep(max(0.0, HELD - 0.5 - waited))
            assert not answered  # (the entry still waits)
        sent.join(60)
    finally:
        store.engine.dispose()
    assert health.status_code == 200 and waited < 1.0, f"/health took {waited:.1f} s"
    assert answered and answered[0].status_code == 200
    rounds = api.http.get("/api/tables/rounds", headers=api.tables["A1"]).json()
    mine = next(r for r in rounds if r["round"] == current["round"])
    assert mine["entered"][str(current["boards"][0])]["id"] == "phone-held-1"  # (stored once)


CROWD = 44
"""Log-ons at once: more than the 40 threads of a process."""

DOORS = {
    "a table, API": ("/api/tables/login", "json", 200),
    "a table, page": ("/table", "data", 303),
    "a director, API": ("/api/login", "json", 200),
    "a director, page": ("/director/login", "data", 303),
}
"""Each way to log on: its address, how its body is sent, and its answer when it succeeds."""


@pytest.mark.parametrize("door", DOORS)
def test_log_ons_waiting_in_a_crowd_leave_threads_to_the_tables_at_play(
    seeded: Seeded, tmp_path: Path, door: str
) -> None:
    """More log-ons at once than the process has threads (40), each waiting for the
    database: a seated table's round is answered meanwhile, and every log-on in the end."""
    path, sent_as, succeeded = DOORS[door]
    database = seeded.sqlite_copy(tmp_path / "club.db")
    with threaded_server(database, tmp_path) as served:
        api = Api(served.url, token=seeded.token(database))
        event_id, codes = api.event(HOWELL_3)
        seated = api.table(event_id, "A2", codes["A2"])
        body: dict[str, object] = {"name": "ann", "password": PASSWORD}
        if "table" in door:
            body = {"event": event_id, "section": "A", "table": 1, "code": codes["A1"]}
        answers: list[int] = []

        def log_on() -> None:
            with httpx.Client(base_url=served.url, timeout=60) as phone:
                if sent_as == "json":
                    answers.append(phone.post(path, json=body).status_code)
                else:
                    answers.append(phone.post(path, data=body).status_code)

        store = Store(connect(database))
        crowd = [threading.Thread(target=log_on) for _ in range(CROWD)]
        try:
            with store.writing(event_id):  # (SQLite's write lock: every log-on waits for it)
                for phone in crowd:
                    phone.start()
                time.sleep(1.0)  # (the log-ons are in, waiting)
                started = time.monotonic()
                rounds = api.http.get("/api/tables/rounds", headers=seated)
                waited = time.monotonic() - started
                assert not answers  # (the log-ons still wait)
            for phone in crowd:
                phone.join(60)
        finally:
            store.engine.dispose()
    assert rounds.status_code == 200 and waited < 1.0, f"the round took {waited:.1f} s"
    assert answers == [succeeded] * CROWD
