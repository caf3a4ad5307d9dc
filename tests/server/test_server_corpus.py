"""The club server's hostile corpus (``tests/data/hostile/server.jsonl``, written by
``tests/support/server_corpus.py``), on SQLite and PostgreSQL: every request a stranger, a
table or a director might send to hurt it gets the status its case says, never a 500, never a
traceback or a Python object in the answer, never a line of a board still in play, and (unless
the case says so) nothing stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from tests.support.server import HOWELL_3, Api, Seeded, in_process
from tests.support.server_corpus import HERE

CASES = [json.loads(line) for line in HERE.read_text(encoding="utf-8").splitlines()]
SECRET = "7NTX"
"""The contract of a result entered at table A1 on a board tables A2 and A3 have still to play."""


def test_the_corpus_is_big_enough_and_covers_every_route() -> None:
    assert len(CASES) >= 200
    paths = {step["path"].split("?")[0] for item in CASES for step in item["steps"]}
    assert {"/api/results", "/api/tables/login", "/api/login", "/api/events"} <= paths


class Corpus:
    """A server with one running event, a director's and a table's log-on (the director's the
    one the database was seeded with: :class:`Seeded`), and a result of a board in play at
    table A1."""

    def __init__(self, client: TestClient, token: str) -> None:
        self.client = client
        self.api = Api(client, token=token)
        self.event, codes = self.api.event(HOWELL_3)
        self.table = self.api.table(self.event, "A1", codes["A1"])
        current = self.api.current(self.table)
        assert current is not None
        body = {"id": "the-secret-one", "round": 1, "board": current["boards"][0]}
        body |= {"ns": current["ns"], "ew": current["ew"], "contract": SECRET, "declarer": "W"}
        assert self.api.post("/api/results", self.table, body | {"result": "-3"}).status_code == 201

    def stored(self) -> tuple[int, int]:
        """The log's entries and the events, counted in the database."""
        app: Any = self.client.app
        with app.state.club.store.engine.connect() as connection:
            entries = connection.execute(text("SELECT count(*) FROM log")).scalar_one()
            events = connection.execute(text("SELECT count(*) FROM events")).scalar_one()
        return int(entries), int(events)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def corpus(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Corpus]:
    folder = tmp_path_factory.mktemp(f"corpus-{request.param}")
    seeded: Seeded = request.getfixturevalue("seeded")
    if request.param == "sqlite":
        database = seeded.sqlite_copy(folder / "club.db")
    else:
        database = seeded.postgres_copy(request.getfixturevalue("postgres"))
    with in_process(database, Path(folder)) as client:
        yield Corpus(client, seeded.token(database))


def _sent(corpus: Corpus, item: dict[str, Any]) -> dict[str, Any]:
    headers = {"director": corpus.api.director, "table": corpus.table}.get(item["as"], {})
    sent: dict[str, Any] = {"headers": dict(headers)}
    if "json" in item:
        sent["content"] = json.dumps(item["json"]).replace('"{event}"', str(corpus.event))
        sent["content"] = sent["content"].replace("{event}", str(corpus.event))
        sent["headers"]["content-type"] = "application/json"
    elif "raw" in item:
        sent["content"] = item["raw"].encode("utf-8")
        sent["headers"]["content-type"] = "application/json"
    return sent


@pytest.mark.parametrize("item", CASES, ids=[item["name"] for item in CASES])
def test_a_hostile_request(corpus: Corpus, item: dict[str, Any]) -> None:
    before = corpus.stored()
    for step in item["steps"]:
        path = step["path"].replace("{event}", str(corpus.event))
        answer = corpus.client.request(step["method"], path, **_sent(corpus, step))
        said = answer.text
        assert answer.status_code == step["status"], f"{step['method']} {path}: {said[:300]}"
        assert "Traceback" not in said and "object at 0x" not in said
        assert SECRET not in said
    if not item["stores"]:
        assert corpus.stored() == before
