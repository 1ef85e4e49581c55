"""A wrong answer's misconception kept as a meaning, not as the words the learner read.

Until now an attempt's ``mistake`` held the author's sentence in the language the
learner read it in, and the dashboard found it again by trying every language. It is
now the misconception's id (``misconception:0`` is the puzzle's first, see
``engine.grading.misconception_id_of``), drawn in the language read when it is shown.
Rows written before are rewritten here: words that one of the puzzle's misconceptions
says, in any language, become its id; words no puzzle says any more stay as they were.
Going back writes each id as the English words.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"

BATCH = 500
ATTEMPTS = sa.table(
    "attempts",
    sa.column("id", sa.Integer),
    sa.column("puzzle_id", sa.String),
    sa.column("mistake", sa.Text),
)


def _rewrite(changed: list[dict[str, object]]) -> None:
    conn = op.get_bind()
    for start in range(0, len(changed), BATCH):
        conn.execute(
            ATTEMPTS.update().where(ATTEMPTS.c.id == sa.bindparam("row")).values(mistake=sa.bindparam("now")),
            changed[start : start + BATCH],
        )


def _rows() -> list[tuple[int, str, str]]:
    query = sa.select(ATTEMPTS.c.id, ATTEMPTS.c.puzzle_id, ATTEMPTS.c.mistake).where(ATTEMPTS.c.mistake != "")
    return [(row_id, puzzle_id, mistake) for row_id, puzzle_id, mistake in op.get_bind().execute(query)]


def upgrade() -> None:
    from shengji_tutor.engine.grading import misconception_id_of
    from shengji_tutor.puzzles import load_bank  # the bank as this version has it
    from shengji_tutor.puzzles.schema import TRANSLATED

    bank = load_bank()
    ids: dict[tuple[str, str], str] = {}
    for puzzle in bank.values():
        for code in ("en", *TRANSLATED):
            for index, says in enumerate(puzzle.spec.words(code).says):
                ids.setdefault((puzzle.id, says), misconception_id_of(index))
    _rewrite(
        [
            {"row": row_id, "now": ids[(puzzle_id, mistake)]}
            for row_id, puzzle_id, mistake in _rows()
            if (puzzle_id, mistake) in ids
        ]
    )


def downgrade() -> None:
    """Back to 0012: each id as the misconception's English words (an id the bank does not know stays)."""
    from shengji_tutor.engine.grading import misconception_index
    from shengji_tutor.puzzles import load_bank

    bank = load_bank()
    changed: list[dict[str, object]] = []
    for row_id, puzzle_id, mistake in _rows():
        index, puzzle = misconception_index(mistake), bank.get(puzzle_id)
        if index is not None and puzzle is not None and index < len(puzzle.spec.misconceptions):
            changed.append({"row": row_id, "now": puzzle.spec.words("en").says[index]})
    _rewrite(changed)
