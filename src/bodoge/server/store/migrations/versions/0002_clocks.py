"""Clocks: each seat's remaining time bank (a realtime clock), kept while its clock is stopped;
while it runs, the seat's `deadlines` row holds when it runs out.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("bank", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("bank")
