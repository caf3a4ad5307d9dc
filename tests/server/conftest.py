"""The server tests' fixtures: a database of each kind (a SQLite file, a real PostgreSQL
started for the session), the server's application on it driven in this process (``client``,
``api``), on a real socket in a thread (``served``: the browser, the pushes) or as a
``bridgescore serve`` process (``server``: where it must be killed), with a director ``ann``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.support.server import (
    Api,
    Postgres,
    ServerProcess,
    ThreadedServer,
    add_director,
    in_process,
    postgres_cluster,
    running_server,
    threaded_server,
)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    with postgres_cluster() as cluster:
        yield cluster


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "club.db")
    cluster: Postgres = request.getfixturevalue("postgres")
    return cluster.database()


@pytest.fixture
def client(database: str, tmp_path: Path) -> Iterator[TestClient]:
    with in_process(database, tmp_path) as found:
        yield found


@pytest.fixture
def api(client: TestClient) -> Api:
    return Api(client)


@pytest.fixture
def served(database: str, tmp_path: Path) -> Iterator[ThreadedServer]:
    with threaded_server(database, tmp_path) as found:
        yield found


@pytest.fixture
def server(database: str, tmp_path: Path) -> Iterator[ServerProcess]:
    add_director(database, "ann")
    with running_server(database, tmp_path) as process:
        yield process
