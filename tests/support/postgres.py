"""A PostgreSQL cluster of the tests' own, started from Debian's packages (``make postgres``
installs them; as root, the cluster runs as the ``postgres`` user) and stopped at the end of
the session; and its databases, new or copies of a seeded one.

A copy made with ``CREATE DATABASE ... TEMPLATE`` costs PostgreSQL 0.13 to 0.34 s of CPU (it
copies the catalogs, 7.8 MB, page by page), more than most server tests take. So a seeded
database a test has finished with is :meth:`Postgres.reset` and handed to the next test: the
connections left to it ended, its tables emptied and given the seeded rows again, its sequences
set back where the seed left them. A database whose tables are no longer the seed's (a test
that migrated it, or made a table) is not handed on.
"""

from __future__ import annotations

__all__ = ["Postgres", "Seed", "postgres_cluster", "read_seed"]

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.ports import free_port


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        pytest.fail(
            "PostgreSQL is missing: the server tests need Debian's postgresql; `make postgres` "
            "installs it (apt-get install postgresql, as root)",
            pytrace=False,
        )
    return found[-1].parent


def _as_postgres(command: list[str]) -> list[str]:
    """Run as the ``postgres`` user when we are root (PostgreSQL refuses to run as root)."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@dataclass
class Postgres:
    """A PostgreSQL cluster of the tests' own: a new database per :meth:`database` call, or
    one given back :meth:`reset`."""

    port: int
    folder: Path
    bin: Path
    made: int = 0

    def database(self, template: str | None = None) -> str:
        """A new database: empty, or a copy of the database ``template`` of this cluster (which
        nothing may be connected to)."""
        import psycopg

        self.made += 1
        name = f"club{self.made}"
        copied = f" TEMPLATE {template}" if template is not None else ""
        with psycopg.connect(
            f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True
        ) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {name}")
            connection.execute(f"CREATE DATABASE {name}{copied}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def reset(self, url: str, seed: Seed) -> bool:
        """Give the database at ``url`` (of this cluster) the seed's rows and sequences again,
        as a new copy has them, once every connection to it has ended; ``False`` (and nothing
        done) when its tables or migration are no longer the seed's."""
        with _connect(url) as connection:
            connection.execute(_END_CONNECTIONS)
            names = [row[0] for row in connection.execute(_TABLES)]
            if sorted(names) != sorted(seed.tables):
                return False
            if "alembic_version" in seed.rows:
                version = connection.execute('SELECT * FROM "alembic_version"').fetchall()
                if tuple(version) != seed.migration:
                    return False
            emptied = [name for name in seed.tables if name != "alembic_version"]
            with connection.transaction():
                for name in reversed(emptied):  # (a few rows: quicker than TRUNCATE's files)
                    connection.execute(f'DELETE FROM "{name}"')
                for name in emptied:
                    columns, rows = seed.rows[name]
                    if rows:
                        quoted = ", ".join(f'"{column}"' for column in columns)
                        marks = ", ".join(["%s"] * len(columns))
                        with connection.cursor() as cursor:
                            cursor.executemany(
                                f'INSERT INTO "{name}" ({quoted}) VALUES ({marks})', rows
                            )
                for sequence, (value, called) in seed.sequences.items():
                    connection.execute("SELECT setval(%s, %s, %s)", (sequence, value, called))
        return True


@contextmanager
def postgres_cluster() -> Iterator[Postgres]:
    bin_dir = _pg_bin()
    folder = Path(tempfile.mkdtemp(prefix="bridgescore-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()
    made = subprocess.run(
        _as_postgres(
            [
                str(bin_dir / "initdb"),
                "-D",
                str(data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
            ]
        ),
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=on"
    started = subprocess.run(
        _as_postgres(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(folder / "log"),
                "-w",
                "start",
            ]
        ),
        capture_output=True,
        text=True,
        check=False,
    )
    assert started.returncode == 0, started.stderr + started.stdout
    try:
        yield Postgres(port, folder, bin_dir)
    finally:
        subprocess.run(
            _as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
            text=True,
            check=False,
        )
        shutil.rmtree(folder, ignore_errors=True)


@dataclass(frozen=True)
class Seed:
    """What a seeded database holds: each table's columns and rows (in the order the tables can
    be filled in: :attr:`tables`), and each sequence's last value."""

    tables: tuple[str, ...]
    rows: dict[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]]
    sequences: dict[str, tuple[int, bool]]
    migration: tuple[Any, ...]


_TABLES = """
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname"""
_SEQUENCES = "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public'"
_END_CONNECTIONS = """
    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()"""


def _connect(url: str) -> Any:
    import psycopg

    return psycopg.connect(url, autocommit=True)


def _fill_order(connection: Any, names: list[str]) -> tuple[str, ...]:
    """The tables, each after those its foreign keys name."""
    needs: dict[str, set[str]] = {name: set() for name in names}
    for child, parent in connection.execute(
        "SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint "
        "WHERE contype = 'f' AND connamespace = 'public'::regnamespace"
    ):
        if child in needs and parent != child:
            needs[child].add(parent)
    ordered: list[str] = []
    while needs:
        ready = sorted(name for name, parents in needs.items() if parents <= set(ordered))
        assert ready, f"the tables' foreign keys go round: {needs}"
        ordered += ready
        for name in ready:
            del needs[name]
    return tuple(ordered)


def read_seed(url: str) -> Seed:
    """What the database at ``url`` holds, to give a used copy of it again."""
    with _connect(url) as connection:
        names = [row[0] for row in connection.execute(_TABLES)]
        rows = {}
        for name in names:
            cursor = connection.execute(f'SELECT * FROM "{name}"')
            columns = tuple(column.name for column in cursor.description or ())
            rows[name] = (columns, cursor.fetchall())
        sequences = {
            name: (1, False) if last is None else (int(last), True)
            for name, last in connection.execute(_SEQUENCES)
        }
        migration = tuple(rows.get("alembic_version", ((), []))[1])
        return Seed(_fill_order(connection, names), rows, sequences, migration)
