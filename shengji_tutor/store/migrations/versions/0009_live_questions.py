"""Live questions an instructor runs like a quiz: each push is a row, and an answer knows which push it answers.

``live_questions`` keeps every question pushed to a class: its puzzle, its
feedback mode (``instant``: each student sees their verdict at once, as before;
``after-reveal``: "answer recorded" until the instructor reveals), when it was
pushed, when it closes by itself (a timer) and when it was closed or revealed.
``classes.live_id`` names the one showing now. An attempt at a live question
carries its ``live_id``, and ``late`` when it came after the question closed:
the dashboard counts each student's first answer that was not late. A class
showing a question when this runs gets its row (instant, as it was shown).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    live = op.create_table(
        "live_questions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("puzzle_id", sa.String(80), nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("pushed_at", sa.Float, nullable=False),
        sa.Column("closes_at", sa.Float),
        sa.Column("closed_at", sa.Float),
        sa.Column("revealed_at", sa.Float),
    )
    op.create_index("live_questions_of_class", "live_questions", ["code", "id"])
    # plain ALTER TABLE … ADD COLUMN on both databases: a batch copy of ``classes`` would drop the table its
    # students refer to
    op.add_column("attempts", sa.Column("live_id", sa.Integer))
    op.add_column("attempts", sa.Column("late", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("classes", sa.Column("live_id", sa.Integer))
    conn = op.get_bind()
    classes = sa.table(
        "classes",
        sa.column("code", sa.String),
        sa.column("live_puzzle", sa.String),
        sa.column("live_revealed", sa.Boolean),
        sa.column("live_id", sa.Integer),
    )
    now = time.time()
    for code, puzzle, revealed in conn.execute(
        sa.select(classes.c.code, classes.c.live_puzzle, classes.c.live_revealed).where(
            classes.c.live_puzzle.is_not(None)
        )
    ).all():
        row = {"code": code, "puzzle_id": puzzle, "mode": "instant", "pushed_at": now}
        if revealed:
            row |= {"closed_at": now, "revealed_at": now}
        inserted = conn.execute(live.insert().values(**row)).inserted_primary_key
        live_id = inserted[0] if inserted else None
        conn.execute(classes.update().where(classes.c.code == code).values(live_id=live_id))


def downgrade() -> None:
    """Back to 0008: the question showing stays (``classes.live_puzzle``); which push an answer answered, its
    lateness, the modes and timers are forgotten."""
    op.drop_column("classes", "live_id")  # SQLite drops a column in place since 3.35
    op.drop_column("attempts", "late")
    op.drop_column("attempts", "live_id")
    op.drop_index("live_questions_of_class", table_name="live_questions")
    op.drop_table("live_questions")
