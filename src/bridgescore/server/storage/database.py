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

__all__ = ["HEAD", "alembic_config", "connect", "database_url", "default_path", "migrate", "reader"]

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event

from bridgescore.server.domain.errors import ServerError

if TYPE_CHECKING:
    from alembic.config import Config

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


HEAD = "0003"
"""The newest migration shipped in the package (the last of ``migrations/versions``): a
database that has it already is opened without Alembic, whose import and run cost a starting
server 0.4 s of CPU."""


def migrate(engine: Engine) -> None:
    """Bring the database up to the newest migration shipped in the package."""
    from sqlalchemy.exc import OperationalError

    try:
        if _migration(engine) == HEAD:
            return
        from alembic import command

        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except OperationalError as error:
        reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        raise ServerError(f"cannot open the database {engine.url!r}: {reason}") from None


def alembic_config() -> Config:
    """Alembic's configuration of the migrations shipped in the package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _migration(engine: Engine) -> str | None:
    """The migration the database is at, as Alembic keeps it (``None``: none, or not known)."""
    from sqlalchemy.exc import DBAPIError

    with engine.connect() as connection:  # (a database that cannot be reached raises here)
        try:
            found = connection.exec_driver_sql("SELECT version_num FROM alembic_version")
            rows = found.fetchall()
        except DBAPIError:  # no such table: a new database (Alembic says any other trouble)
            return None
    return str(rows[0][0]) if len(rows) == 1 else None


def reader(engine: Engine) -> Engine:
    """An engine for reading only: on SQLite its transactions take no write lock, so readers
    go on while a writer writes (WAL); on PostgreSQL the engine's own connections in autocommit
    mode, each read one statement without ``BEGIN`` and ``ROLLBACK`` around it (a table's
    request reads its log-on that way: two round trips of four; every statement sees the
    database as it was when it began, in a transaction or not, at PostgreSQL's isolation)."""
    if engine.dialect.name != "sqlite":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    found = create_engine(engine.url, connect_args={"check_same_thread": False, "timeout": 30})
    _sqlite(found, writer=False)
    return found
