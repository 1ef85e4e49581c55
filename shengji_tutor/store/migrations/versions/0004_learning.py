"""How a learner solved each puzzle, and the puzzles they will see again.

An attempt now says how many steps of the puzzle's hint ladder the learner had
opened when they answered (``hints``), whether it is the "Show answer" button
rather than an answer (``revealed``: it counts as not solved), and which
beginner's mistake a wrong answer matched (``mistake``: the misconception's
sentence, "" when none did), so mastery and weak spots are counted honestly.

``reviews`` holds one row per learner and item to review: a bank puzzle id or a
practice topic (``practice/<kind>/<difficulty>``), its FSRS card as JSON (the
``fsrs`` package's own format), and the card's due time, indexed to count what
is due today.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("attempts") as batch:
        batch.add_column(sa.Column("hints", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("revealed", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("mistake", sa.String(300), nullable=False, server_default=""))
    op.create_table(
        "reviews",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("student_id", sa.String(40), nullable=False),
        sa.Column("item", sa.String(80), nullable=False),
        sa.Column("card", sa.Text, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("reviews", sa.Integer, nullable=False),
        sa.Column("last_rating", sa.Integer, nullable=False),
        sa.Column("reviewed_at", sa.Float, nullable=False),
        sa.UniqueConstraint("student_id", "item", name="reviews_one_per_item"),
    )
    op.create_index("reviews_due", "reviews", ["student_id", "due"])


def downgrade() -> None:
    """Back to plain attempts: the review schedule goes with its table, the ladder steps with their columns."""
    op.drop_index("reviews_due", table_name="reviews")
    op.drop_table("reviews")
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("mistake")
        batch.drop_column("revealed")
        batch.drop_column("hints")
