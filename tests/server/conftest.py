"""The server tests' fixtures: a database of each kind (SQLite file, a real PostgreSQL
started for the session), a running server process on it, and a director account."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server import (
    Postgres,
    ServerProcess,
    add_director,
    postgres_cluster,
    running_server,
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
def server(database: str, tmp_path: Path) -> Iterator[ServerProcess]:
    add_director(database, "ann", "correct horse battery")
    with running_server(database, tmp_path) as process:
        yield process
