"""One attempts table for classes and solo learners: an attempt may have no class.

A solo learner's attempts (the single-user progress file) sit in the same table
as a class's: their ``code`` is NULL and their ``student_id`` is the learner's
name, so the link from ``student_id`` to ``students`` goes. Progress asks for one
learner's attempts at a time: an index on (student_id, puzzle_id), which also
serves the lookups by student alone that had an index of their own.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"

# SQLite's foreign keys have no names: batch mode names them by this convention so that one can be dropped.
NAMING = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}


def _student_key() -> str:
    """The name of the foreign key from attempts.student_id to students.id."""
    for key in sa.inspect(op.get_bind()).get_foreign_keys("attempts"):
        if key["constrained_columns"] == ["student_id"] and key.get("name"):
            return str(key["name"])
    return "fk_attempts_student_id_students"


def upgrade() -> None:
    name = _student_key()
    with op.batch_alter_table("attempts", naming_convention=NAMING) as batch:
        batch.drop_constraint(name, type_="foreignkey")
        batch.alter_column("code", existing_type=sa.String(12), nullable=True)
    op.create_index("attempts_by_student", "attempts", ["student_id", "puzzle_id"])
    op.drop_index("ix_attempts_student_id", table_name="attempts")


def downgrade() -> None:
    """Back to class attempts only: solo learners' attempts (no class) are deleted."""
    op.create_index("ix_attempts_student_id", "attempts", ["student_id"])
    op.drop_index("attempts_by_student", table_name="attempts")
    op.execute("DELETE FROM attempts WHERE code IS NULL")
    with op.batch_alter_table("attempts", naming_convention=NAMING) as batch:
        batch.alter_column("code", existing_type=sa.String(12), nullable=False)
        batch.create_foreign_key("fk_attempts_student_id_students", "students", ["student_id"], ["id"])
