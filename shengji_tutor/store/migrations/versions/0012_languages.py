"""The language each learner reads the course in.

``languages`` holds one row per learner who chose a language with the course's
switch: its code ("en", "zh" or "ru") and when it was chosen. A learner without
a row reads the language their address or their browser asks for.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.create_table(
        "languages",
        sa.Column("student_id", sa.String(40), primary_key=True),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("saved_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Back to 0011: the choices go, and every learner reads what their address or browser asks for."""
    op.drop_table("languages")
