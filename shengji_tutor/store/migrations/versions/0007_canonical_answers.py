"""Every stored answer in its puzzle's canonical form, written once instead of re-read on every refresh.

Answers are now canonical when they are written (``store.answers.Recorder``:
``8H 4H`` picked in that order is stored ``4H 8H``, a yes/no puzzle's ``True``
``yes``). Rows written before that, by a live class question or an early
version, are rewritten here, so the dashboard and the export count them with the
same answer given today without converting every row on every refresh. A row of
a puzzle no longer in the bank, or whose answer its puzzle cannot read, stays as
it was; so does a "Show answer" row (it has no answer). Going back changes
nothing: a canonical answer is a valid answer of the older versions.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"

BATCH = 500


def upgrade() -> None:
    from shengji_tutor.puzzles import answer_text, load_bank  # the bank as this version has it

    bank = load_bank()
    attempts = sa.table(
        "attempts",
        sa.column("id", sa.Integer),
        sa.column("puzzle_id", sa.String),
        sa.column("answer", sa.Text),
        sa.column("revealed", sa.Boolean),
    )
    conn = op.get_bind()
    query = sa.select(attempts.c.id, attempts.c.puzzle_id, attempts.c.answer).where(attempts.c.revealed == sa.false())
    rows = conn.execute(query).all()
    changed = [
        {"row": row_id, "canonical": text}
        for row_id, puzzle_id, answer in rows
        if puzzle_id in bank and (text := answer_text(bank[puzzle_id], answer)) != answer
    ]
    for start in range(0, len(changed), BATCH):
        conn.execute(
            attempts.update().where(attempts.c.id == sa.bindparam("row")).values(answer=sa.bindparam("canonical")),
            changed[start : start + BATCH],
        )


def downgrade() -> None:
    """Nothing to undo: a canonical answer is an answer the older versions read."""
