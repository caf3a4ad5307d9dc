"""The live page's scores made once for every worker, by the scorer process: each event's
last scores, what they were made at and when the scorer last looked.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_scores",
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("made_at", sa.Float, nullable=False),
        sa.Column("took", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("live_scores")
