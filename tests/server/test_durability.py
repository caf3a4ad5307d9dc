"""Nothing lost, nothing twice: the server killed with SIGKILL in the middle of a burst of
entries and confirmations, on SQLite and PostgreSQL, restarted on the same database, has every
result it had answered for; the devices then send everything again (the same ids) and each
result is stored once."""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import httpx

from tests.support.server import HOWELL_3, Api, Seeded, ServerProcess


def send_all(
    api: Api,
    tables: dict[str, dict[str, str]],
    sent: list[tuple[str, dict[str, Any]]],
    answered: set[str],
) -> None:
    """Play the session through (three devices, one after another), remembering what was sent
    and which confirmations the server answered; stop at the first failure (the kill)."""
    try:
        for _round in range(5):
            for name, headers in tables.items():
                current = api.current(headers)
                if current is None:
                    continue
                for board in current["boards"]:
                    body = {
                        "id": str(uuid.uuid4()),
                        "round": current["round"],
                        "board": board,
                        "ns": current["ns"],
                        "ew": current["ew"],
                        "contract": "3NT",
                        "declarer": "S",
                        "result": str(8 + (board + int(name[1:])) % 3),
                    }
                    sent.append((name, body))
                    api.post("/api/results", headers, body).raise_for_status()
                    api.post(f"/api/results/{body['id']}/confirm", headers).raise_for_status()
                    answered.add(body["id"])
    except httpx.HTTPError:
        return


def test_kill_9_mid_session_loses_no_confirmed_result_and_stores_none_twice(
    server: ServerProcess, database: str, seeded: Seeded
) -> None:
    api = Api(server.url, token=seeded.token(database))
    event_id, codes = api.event(HOWELL_3)
    tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
    sent: list[tuple[str, dict[str, Any]]] = []
    answered: set[str] = set()
    worker = threading.Thread(target=send_all, args=(api, tables, sent, answered), daemon=True)
    worker.start()
    deadline = time.monotonic() + 120
    while len(answered) < 12 and worker.is_alive():
        assert time.monotonic() < deadline, "the devices got 12 answers in two minutes"
        time.sleep(0.05)
    assert len(answered) >= 12, f"the devices stopped after {len(answered)} answers"
    server.kill()
    worker.join(timeout=60)
    assert not worker.is_alive()
    server.start()
    audit = api.http.get(f"/api/events/{event_id}/audit", headers=api.director).json()
    confirmed = {e["payload"]["entry"] for e in audit if e["kind"] == "confirmed"}
    assert answered <= confirmed
    # Every device sends again everything it had sent, whatever it was told: stored once.
    for name, body in sent:
        answer = api.post("/api/results", tables[name], body)
        assert answer.status_code in (200, 201), answer.text
        api.post(f"/api/results/{body['id']}/confirm", tables[name]).raise_for_status()
    audit = api.http.get(f"/api/events/{event_id}/audit", headers=api.director).json()
    entered = [e["id"] for e in audit if e["kind"] == "entered"]
    assert len(entered) == len(set(entered)) == len(sent)
    assert not [e for e in audit if e["kind"] == "conflict"]
    csv = api.http.get(f"/api/events/{event_id}/travellers.csv", headers=api.director).text
    assert len(csv.splitlines()) == 1 + len(sent)
