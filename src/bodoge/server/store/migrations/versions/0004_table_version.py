"""A version per table: every write to a table (a move, a join, a leave, a clock's change)
raises it in the same transaction, so a server process can append a move in one statement when
its cached table is still what is stored (tables.py, `store.append_move`).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("version", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("tables", "version")
