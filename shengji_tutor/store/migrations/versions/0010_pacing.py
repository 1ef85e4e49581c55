"""Pacing a class: the instructor sends everyone to a place, and sees where each student is.

``classes.sent_to`` is the place of the course (a route: ``pairs``,
``practice/points``, ``review``) the instructor last sent the class to, and
``sent_at`` when: each student's page goes there once. ``classes.locked`` lists
the lessons the instructor keeps closed for now ("" when every lesson is open,
as before). ``students.place`` is where a student's page last was, for the
roster.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.add_column("classes", sa.Column("sent_to", sa.String(60)))
    op.add_column("classes", sa.Column("sent_at", sa.Float))
    op.add_column("classes", sa.Column("locked", sa.String(60), nullable=False, server_default=""))
    op.add_column("students", sa.Column("place", sa.String(60), nullable=False, server_default=""))


def downgrade() -> None:
    """Back to 0009: where the class was sent, the lessons locked and where each student was are forgotten."""
    op.drop_column("students", "place")
    op.drop_column("classes", "locked")
    op.drop_column("classes", "sent_at")
    op.drop_column("classes", "sent_to")
