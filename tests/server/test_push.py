"""The live page and the director's grid are pushed to the browser (server-sent events) when
results change, over a real socket: the first event is the page part as it is, the next comes
after a change, made by this worker or (the grid) seen in the database."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from bridgescore.server.web.push import EVERY
from tests.support.server import HOWELL_3, Api, Seeded, ThreadedServer, threaded_server


def events(stream: httpx.Response) -> Iterator[tuple[str, str]]:
    """Each server-sent event of ``stream``: its name and its data."""
    name, data = "message", []
    for line in stream.iter_lines():
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif not line and data:
            yield name, "\n".join(data)
            name, data = "message", []


def test_a_result_is_pushed_to_the_live_page_and_the_grid(
    served: ThreadedServer, database: str, seeded: Seeded
) -> None:
    api = Api(served.url, token=seeded.token(database))
    event_id, codes = api.event(HOWELL_3)
    api.post(f"/api/events/{event_id}/settings", api.director, {"live_travellers": True})
    listener = httpx.Client(base_url=served.url, timeout=60)
    with listener.stream("GET", f"/events/{event_id}/stream") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        pushed = events(stream)
        name, first = next(pushed)
        assert name == "live" and "No results yet" in first
        fix = {"section": "A", "table": 1, "round": 1, "board": 1, "contract": "4S"}
        fix |= {"declarer": "N", "result": "+1", "reason": "agreed"}
        changed = api.post(f"/api/events/{event_id}/results/correct", api.director, fix)
        assert changed.status_code == 200
        name, second = next(pushed)  # (within the client's minute)
        assert name == "live" and "North1 Player" in second
    director = httpx.Client(base_url=served.url, timeout=60, follow_redirects=False)
    director.post("/director/login", data={"name": "ann", "password": "correct horse battery"})
    with director.stream("GET", f"/director/events/{event_id}/stream") as stream:
        pushed = events(stream)
        name, grid = next(pushed)
        assert name == "grid" and grid.count("s-confirmed") == 0
        table = api.table(event_id, "A2", codes["A2"])
        assert api.enter_first(table, "abcdefgh-1").status_code == 201
        name, grid = next(pushed)
        assert name == "grid" and "s-entered" in grid


def test_a_result_entered_just_after_a_scoring_is_pushed_once_it_is_scored(
    seeded: Seeded, tmp_path: Path
) -> None:
    """As served, the live page's scores are made again at most every ``live_patience``
    seconds: a change within that time is pushed at first with the scores made before it,
    then again once they are made (within a few seconds, and with nobody asking), so the last
    results of a session are never left off a spectator's page. (On SQLite only: the watcher
    reads the database as the test above has it do on both.)"""
    database = seeded.sqlite_copy(tmp_path / "club.db")
    with threaded_server(database, tmp_path, live_patience=3.0) as served:
        api = Api(served.url, token=seeded.token(database))
        event_id, codes = api.event(HOWELL_3)
        listener = httpx.Client(base_url=served.url, timeout=30)
        with listener.stream("GET", f"/events/{event_id}/stream") as stream:
            pushed = events(stream)
            assert "No results yet" in next(pushed)[1]
            fix = {"section": "A", "table": 1, "round": 1, "board": 1, "contract": "4S"}
            fix |= {"declarer": "N", "result": "+1", "reason": "agreed"}
            corrected = api.post(f"/api/events/{event_id}/results/correct", api.director, fix)
            assert corrected.status_code == 200, corrected.text
            name, part = next(pushed)
            assert name == "live" and "North1 Player" in part
            table = api.table(event_id, "A2", codes["A2"])
            current = api.current(table)
            assert current is not None and current["ns"] != "1"
            fix |= {"table": 2, "board": current["boards"][0]}
            time.sleep(EVERY * 1.5)  # the watcher waits to be woken: a change wakes it at once,
            # its scores made a moment ago (those pushed): the page must not stay on them
            corrected = api.post(f"/api/events/{event_id}/results/correct", api.director, fix)
            assert corrected.status_code == 200, corrected.text
            name, part = next(pushed)  # (the client waits 30 s at most)
            assert name == "live" and f"North{current['ns']} Player" in part, part
