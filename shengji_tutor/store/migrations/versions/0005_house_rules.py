"""A learner's own house rules, chosen once and used by lesson 10's hand and by practice.

``house_rules`` holds one row per learner: the ``RuleSet`` fields that differ
from RULES.md's house rules, as JSON (``engine.rules.rule_changes``; "{}" is the
house rules themselves), and when they were saved. The store checks the JSON
against the engine when it reads it, so a row the engine refuses gives the house
rules instead of an error.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "house_rules",
        sa.Column("student_id", sa.String(40), primary_key=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("saved_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Back to the house rules of RULES.md for everyone: the kept choices go with their table."""
    op.drop_table("house_rules")
