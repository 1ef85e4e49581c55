"""The first classroom schema: classes, students, attempts.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("code", sa.String(12), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("key_hash", sa.String(128), nullable=False),
        sa.Column("key_salt", sa.String(64), nullable=False),
        sa.Column("lessons", sa.String(200), nullable=False, server_default=""),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float, nullable=True),
        sa.Column("live_puzzle", sa.String(80), nullable=True),
        sa.Column("live_revealed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "students",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("code", sa.String(12), sa.ForeignKey("classes.code"), nullable=False, index=True),
        sa.Column("display_name", sa.String(60), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("student_id", sa.String(40), sa.ForeignKey("students.id"), nullable=False, index=True),
        sa.Column("code", sa.String(12), sa.ForeignKey("classes.code"), nullable=False, index=True),
        sa.Column("puzzle_id", sa.String(80), nullable=False),
        sa.Column("answer", sa.String(500), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("attempts")
    op.drop_table("students")
    op.drop_table("classes")
