"""The tables are defined twice, by the SQLAlchemy metadata the code uses and by the Alembic
migrations that make them in a database: the two must not drift apart (Alembic's own
comparison, on SQLite and on PostgreSQL)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from bridgescore.server.storage.database import MIGRATIONS, connect, newest
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


def test_the_newest_migration_is_read_as_alembic_reads_it() -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert newest() == frozenset(ScriptDirectory.from_config(config).get_heads())


def test_a_database_with_the_newest_migration_is_opened_without_alembic(tmp_path: Path) -> None:
    """(A new database is migrated by Alembic: the test above, on both kinds of database.)"""
    database = str(tmp_path / "club.db")
    connect(database).dispose()
    code = (
        "import sys\n"
        "from bridgescore.server.storage.database import connect\n"
        f"connect({database!r}).dispose()\n"
        "print('alembic' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"
