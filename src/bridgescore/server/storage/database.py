"""Where the club server keeps its data: SQLite by default, PostgreSQL by URL.

:func:`connect` opens the database a director names (a path, ``sqlite:///...`` or
``postgresql://...``), brings it up to date with the migrations shipped in the package
(Alembic) and returns the engine. SQLite runs in WAL mode with full synchronous commits, and
every write transaction starts ``BEGIN IMMEDIATE``, so two writers queue rather than fail;
PostgreSQL writers lock the event's row (see :mod:`bridgescore.server.storage.store`).

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     engine = connect(pathlib.Path(folder) / "club.db")
...     mode = engine.connect().exec_driver_sql("PRAGMA journal_mode").scalar()
...     engine.dispose()
>>> mode
'wal'
"""

from __future__ import annotations

__all__ = ["connect", "database_url", "default_path", "migrate", "newest", "reader"]

import os
import re
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect

from bridgescore.server.domain.errors import ServerError

MIGRATIONS = Path(__file__).parent / "migrations"


def default_path() -> Path:
    """The database a club uses when it names none: ``club.db`` in the user's data folder
    (``$XDG_DATA_HOME/bridgescore``, else ``~/.local/share/bridgescore``)."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "bridgescore" / "club.db"


def database_url(where: str | os.PathLike[str] | None) -> str:
    """The SQLAlchemy URL of a path or URL (``postgresql://`` is driven by psycopg 3).

    >>> database_url("postgresql://club@localhost/bridge")
    'postgresql+psycopg://club@localhost/bridge'
    >>> database_url("/srv/club.db")
    'sqlite:////srv/club.db'
    """
    text = os.fspath(where) if where is not None else os.fspath(default_path())
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if "://" in text:
        return text
    path = Path(text).expanduser().absolute()
    return f"sqlite:///{path}"


def _sqlite(engine: Engine, writer: bool = True) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(connection: Any, _record: Any) -> None:
        connection.isolation_level = None  # the driver starts no transactions of its own
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writer else "BEGIN")


def connect(where: str | os.PathLike[str] | None = None, *, upgrade: bool = True) -> Engine:
    """The engine of the database at ``where`` (see the module docstring), migrated."""
    url = database_url(where)
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ServerError(f"cannot make the folder {path.parent}: {error.strerror}") from None
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        _sqlite(engine)
    else:
        engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    if upgrade:
        migrate(engine)
    return engine


def migrate(engine: Engine) -> None:
    """Bring the database up to the newest migration shipped in the package. A database that
    has it already is only read (Alembic, a tenth of a second of CPU to load and run, is not
    needed: a server or a worker starts that much sooner)."""
    from sqlalchemy.exc import OperationalError

    try:
        with engine.begin() as connection:
            if _has_newest(connection):
                return
            from alembic import command
            from alembic.config import Config

            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except OperationalError as error:
        reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        raise ServerError(f"cannot open the database {engine.url!r}: {reason}") from None


_LINE = re.compile(r'^(revision|down_revision) = (?:None|"([^"]+)")$', re.MULTILINE)


def newest() -> frozenset[str]:
    """The revisions no migration shipped follows (one: the newest), read from the
    ``revision`` and ``down_revision`` lines of the migration files (Alembic imports them);
    none when a file does not have one of each, as ours do (then :func:`migrate` leaves it to
    Alembic)."""
    revisions, followed = set(), set()
    for path in sorted((MIGRATIONS / "versions").glob("*.py")):
        found = dict(_LINE.findall(path.read_text("utf-8")))
        if "revision" not in found or "down_revision" not in found or not found["revision"]:
            return frozenset()
        revisions.add(found["revision"])
        followed.add(found["down_revision"])
    return frozenset(revisions - followed)


def _has_newest(connection: Connection) -> bool:
    """Whether the database at ``connection`` has the newest migration already."""
    if not inspect(connection).has_table("alembic_version"):
        return False
    found = {
        row[0] for row in connection.exec_driver_sql("SELECT version_num FROM alembic_version")
    }
    return bool(found) and found == newest()


def reader(engine: Engine) -> Engine:
    """An engine for reading only: on SQLite its transactions take no write lock, so readers
    go on while a writer writes (WAL); elsewhere the engine itself."""
    if engine.dialect.name != "sqlite":
        return engine
    found = create_engine(engine.url, connect_args={"check_same_thread": False, "timeout": 30})
    _sqlite(found, writer=False)
    return found
