"""Wrong instructor keys, counted per client address for the whole server.

A wrong key makes the next try from the same address wait 1, 2, 4 … 30 s. The
wait was kept in the instructor page's kernel, so reopening the page began
again at 1 s; ``key_tries`` keeps it in the store every kernel (and every
replica behind the hub) shares: one row per address, its wrong tries in a row
and the time (``time.time``) before which the next try is refused.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "key_tries",
        sa.Column("client", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Back to 0007: the waits after wrong keys are forgotten (each page counts its own again)."""
    op.drop_table("key_tries")
