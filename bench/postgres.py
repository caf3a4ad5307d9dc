"""The PostgreSQL cluster benchmarks 9 and 10 (:mod:`bench.bench_server`, :mod:`bench.bench_live`)
run on: one started for the run from Debian's packages
(:func:`tests.support.postgres.postgres_cluster`), or the running one whose ``postgres``
database's URL is in ``BRIDGESCORE_BENCH_POSTGRES`` (the smoke test of the benchmarks gives the
test suite's, which it has running: a cluster costs a second and a half of CPU to make, start
and stop). Either way each run gets a new database of its own, dropped at the end when the
cluster was given.
"""

from __future__ import annotations

__all__ = ["SHARED", "Cluster", "cluster"]

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

SHARED = "BRIDGESCORE_BENCH_POSTGRES"
"""The environment variable naming a running cluster, by the URL of its ``postgres`` database."""


@dataclass
class Cluster:
    """A running cluster: new databases on it, and its postmaster's process id (the database's
    CPU is that process's and its children's)."""

    admin: str
    """The URL of its ``postgres`` database, where databases are made."""
    made: list[str] = field(default_factory=list)

    def database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        name = f"bench_{os.getpid()}_{len(self.made) + 1}"
        with psycopg.connect(self.admin, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        self.made.append(name)
        return f"{self.admin.rsplit('/', 1)[0]}/{name}"

    def postmaster(self) -> int:
        """The process id of the cluster's postmaster: the parent of a connection's backend."""
        import psycopg

        with psycopg.connect(self.admin, autocommit=True) as connection:
            row = connection.execute("SELECT pg_backend_pid()").fetchone()
            assert row is not None
            stat = (Path("/proc") / str(row[0]) / "stat").read_text()
        return int(stat.rsplit(")", 1)[1].split()[1])

    def drop(self) -> None:
        """Drop the databases made here (a connection still open to one is ended)."""
        import psycopg

        with psycopg.connect(self.admin, autocommit=True) as connection:
            for name in self.made:
                connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self.made.clear()


@contextmanager
def cluster() -> Iterator[Cluster]:
    """The cluster ``BRIDGESCORE_BENCH_POSTGRES`` names (its databases made here dropped after),
    or else one started for the run (and stopped after, with everything in it)."""
    given = os.environ.get(SHARED)
    if given:
        found = Cluster(given)
        try:
            yield found
        finally:
            found.drop()
        return
    from tests.support.postgres import postgres_cluster

    with postgres_cluster() as started:
        yield Cluster(f"postgresql://postgres@127.0.0.1:{started.port}/postgres")
