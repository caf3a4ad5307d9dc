"""What several workers need to share one database: each event's revision and last log entry
(so a worker knows in one read whether what it keeps is current), tokens that expire, the log
indexed by event, and failed attempts counted in the database.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("log_seq", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("tokens") as batch:
        batch.add_column(sa.Column("expires_at", sa.String(32), nullable=True))
    op.create_index("log_by_event", "log", ["event_id", "seq"])
    op.execute(
        "UPDATE events SET log_seq = "
        "(SELECT COALESCE(MAX(seq), 0) FROM log WHERE log.event_id = events.id)"
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("attempts_by_key", "attempts", ["key", "at"])


def downgrade() -> None:
    op.drop_index("attempts_by_key", "attempts")
    op.drop_table("attempts")
    op.drop_index("log_by_event", "log")
    with op.batch_alter_table("tokens") as batch:
        batch.drop_column("expires_at")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("log_seq")
        batch.drop_column("revision")
