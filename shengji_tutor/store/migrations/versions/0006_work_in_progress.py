"""Work a learner leaves half done, and lessons finished that have no puzzles: kept across reloads.

``work_in_progress`` holds one row per learner and place of the course: a coached
hand half played (its round's position and the learner's graded decisions), a
Zheng Fen game, the practice streak — each as JSON that its page reads back by
replaying it through the engine, so a row the engine refuses deals anew instead
of failing the page. ``lessons_done`` marks the lessons without puzzles (the
welcome, the coached hand) that a learner finished, for the home page's path.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "work_in_progress",
        sa.Column("student_id", sa.String(40), primary_key=True),
        sa.Column("place", sa.String(40), primary_key=True),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("saved_at", sa.Float, nullable=False),
    )
    op.create_table(
        "lessons_done",
        sa.Column("student_id", sa.String(40), primary_key=True),
        sa.Column("lesson", sa.String(40), primary_key=True),
        sa.Column("done_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Back to 0005: hands and games half played are dealt anew, and the finished lessons without puzzles are
    unmarked (the attempts, the source of progress, stay)."""
    op.drop_table("lessons_done")
    op.drop_table("work_in_progress")
