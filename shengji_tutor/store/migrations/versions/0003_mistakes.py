"""A learner's costliest mistakes, kept to come back to as "find a better play" puzzles.

Each row is one decision the coach graded a mistake or a blunder in a hand the
learner played: the position before it (a ``play.record.Position`` as JSON, which
replays through the engine), the play the learner made, what it cost and when it
was solved again. One learner's open mistakes are read together: an index on
(student_id, solved_at).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "mistakes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("student_id", sa.String(40), nullable=False),
        sa.Column("made_at", sa.Float, nullable=False),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("answer", sa.String(200), nullable=False),
        sa.Column("grade", sa.String(12), nullable=False),
        sa.Column("loss", sa.Float, nullable=False),
        sa.Column("solved_at", sa.Float, nullable=True),
    )
    op.create_index("mistakes_by_student", "mistakes", ["student_id", "solved_at"])


def downgrade() -> None:
    """Back to attempts only: the kept mistakes go with their table."""
    op.drop_index("mistakes_by_student", table_name="mistakes")
    op.drop_table("mistakes")
