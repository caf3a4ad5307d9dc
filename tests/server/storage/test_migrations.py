"""The tables are defined twice, by the SQLAlchemy metadata the code uses and by the Alembic
migrations that make them in a database: the two must not drift apart (Alembic's own
comparison, on SQLite and on PostgreSQL)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from bridgescore.server.storage.database import HEAD, alembic_config, connect, migrate
from bridgescore.server.storage.schema import metadata


def test_the_migrations_make_exactly_the_tables_the_code_defines(new_database: str) -> None:
    engine = connect(new_database)  # migrated to the newest migration
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_head_is_the_newest_migration_shipped() -> None:
    """A database at :data:`HEAD` is opened without running Alembic: it must be the head of the
    migrations the package ships (a new migration moves it)."""
    from alembic.script import ScriptDirectory

    assert ScriptDirectory.from_config(alembic_config()).get_heads() == [HEAD]


def test_a_database_at_an_older_migration_is_brought_to_the_newest(new_database: str) -> None:
    """(What the quick look at the database's migration leaves to Alembic.)"""
    from alembic import command

    engine = connect(new_database, upgrade=False)
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")
        migrate(engine)
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").all() == [
                (HEAD,)
            ]
            assert "revision" in {c["name"] for c in inspect(connection).get_columns("events")}
    finally:
        engine.dispose()


def test_a_database_at_the_newest_migration_is_opened_without_alembic(tmp_path: Path) -> None:
    """A starting server (or worker) does not import Alembic for a database that is current."""
    path = tmp_path / "club.db"
    connect(path).dispose()  # made and brought to the newest migration
    code = (
        "import sys\nfrom bridgescore.server.storage.database import connect\n"
        f"connect({str(path)!r}).dispose()\nprint('alembic' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"
