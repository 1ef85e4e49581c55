"""The questions an instructor writes for their class, and the hub account a student joined with.

``class_questions`` keeps each one as the JSON of the bank's fields (the
engine computes its answer whenever it is asked, as it does for the bank's),
numbered within its class: the ``number``-th question of class ``code`` is
the puzzle ``class-<code>-<number>`` that attempts and live questions name.
``students.account`` is the login a student joined with behind JupyterHub
("" elsewhere, and for every student who joined before), for the export.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "class_questions",
        sa.Column("code", sa.String(12), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("lesson", sa.Integer, nullable=False),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.add_column("students", sa.Column("account", sa.String(100), nullable=False, server_default=""))


def downgrade() -> None:
    """Back to 0010: the classes' own questions and the students' hub accounts are forgotten (the questions'
    attempts stay, under their ids)."""
    op.drop_column("students", "account")
    op.drop_table("class_questions")
