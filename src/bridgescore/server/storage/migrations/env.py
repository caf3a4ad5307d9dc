"""Alembic's entry point for the club server's migrations: run by
:func:`bridgescore.server.storage.database.migrate` on the connection it is given."""

from __future__ import annotations

from alembic import context

from bridgescore.server.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
