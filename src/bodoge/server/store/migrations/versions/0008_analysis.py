"""Analyses cached per (table, seat, level), and the table option `hints`.

`analyses` keeps each analysis job's state and, once ready, its JSON, so a second viewer gets
it at once and any server process can answer a page that polls its progress; `tables.hints`
marks the casual tables whose seats may ask the search for a hint (a table's option, beside
`tables.rated`).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("level", sa.String(16), primary_key=True),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.add_column(
        "tables", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("tables", "hints")
    op.drop_table("analyses")
