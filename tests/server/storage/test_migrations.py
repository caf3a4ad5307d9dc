"""The tables are defined twice, by the SQLAlchemy metadata the code uses and by the Alembic
migrations that make them in a database: the two must not drift apart (Alembic's own
comparison, on SQLite and on PostgreSQL)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from bridgescore.server.storage.database import connect
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
