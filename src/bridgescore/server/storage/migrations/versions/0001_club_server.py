"""The club server's first tables: directors, events, tables, tokens, the log and secrets.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _when() -> sa.Column[str]:
    return sa.Column("created_at", sa.String(32), nullable=False)


def upgrade() -> None:
    op.create_table(
        "directors",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        _when(),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("session", sa.Text, nullable=False),
        sa.Column("movements", sa.Text, nullable=False),
        sa.Column("hands", sa.Text, nullable=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("created_by", sa.String(80), nullable=False),
        _when(),
    )
    op.create_table(
        "tables",
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("section", sa.String(8), primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(16), nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("director_id", sa.Integer, sa.ForeignKey("directors.id"), nullable=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=True),
        sa.Column("section", sa.String(8), nullable=True),
        sa.Column("table_no", sa.Integer, nullable=True),
        sa.Column("device", sa.String(80), nullable=False),
        _when(),
    )
    op.create_table(
        "log",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
        sa.Column("section", sa.String(8), nullable=False),
        sa.Column("table_no", sa.Integer, nullable=True),
        sa.Column("round", sa.Integer, nullable=True),
        sa.Column("board", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("client_id", sa.String(64), nullable=True),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("device", sa.String(80), nullable=False),
        sa.Column("at", sa.String(32), nullable=False),
        sa.UniqueConstraint("event_id", "client_id", name="log_client_id_once"),
    )
    op.create_index("log_by_table", "log", ["event_id", "section", "table_no"])
    op.create_table(
        "secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_index("log_by_table", "log")
    for name in ("secrets", "log", "tokens", "tables", "events", "directors"):
        op.drop_table(name)
