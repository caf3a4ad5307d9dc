"""The server tests' fixtures: a database of each kind (a SQLite file, a real PostgreSQL
started for the session: ``postgres``, in ``tests/conftest.py``), migrated and with a director
``ann`` (``database``, a copy of one made once: :class:`tests.support.server.Seeded`) or new and
empty (``new_database``); the server's application on it driven in this process (``client``,
``api``), on a real socket in a thread (``served``: the browser, the pushes) or as a
``bridgescore serve`` process (``server``: where it must be killed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.support.postgres import Postgres
from tests.support.server import (
    Api,
    Seeded,
    ServerProcess,
    ThreadedServer,
    in_process,
    running_server,
    threaded_server,
)


@pytest.fixture(scope="session")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Seeded:
    return Seeded(tmp_path_factory.mktemp("seeded"))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path, seeded: Seeded) -> Iterator[str]:
    """A database of the test's own, migrated, with the director ``ann`` (on PostgreSQL, given
    back once the test and its servers are done, for the next test to have it reset)."""
    if request.param == "sqlite":
        yield seeded.sqlite_copy(tmp_path / "club.db")
        return
    cluster: Postgres = request.getfixturevalue("postgres")
    made = seeded.postgres_copy(cluster)
    yield made
    seeded.give_back(cluster, made)


@pytest.fixture(params=["sqlite", "postgresql"])
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database with nothing in it (no table, no director)."""
    if request.param == "sqlite":
        return str(tmp_path / "club.db")
    cluster: Postgres = request.getfixturevalue("postgres")
    return cluster.database()


@pytest.fixture
def client(database: str, tmp_path: Path) -> Iterator[TestClient]:
    with in_process(database, tmp_path) as found:
        yield found


@pytest.fixture
def api(client: TestClient, database: str, seeded: Seeded) -> Api:
    """The API as ann, with the log-on the database was seeded with."""
    return Api(client, token=seeded.token(database))


@pytest.fixture
def served(database: str, tmp_path: Path) -> Iterator[ThreadedServer]:
    with threaded_server(database, tmp_path) as found:
        yield found


@pytest.fixture
def server(database: str, tmp_path: Path) -> Iterator[ServerProcess]:
    with running_server(database, tmp_path) as process:
        yield process
