"""The first schema: players, tables, seats, moves (the append-only log) and deadlines.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("spectators", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Text, nullable=False),
        sa.Column("timeout_level", sa.String(16), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("created_by", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot_level", sa.String(16), nullable=True),
        sa.Column("credential_hash", sa.String(64), nullable=True),
        sa.Column("stand_in", sa.String(16), nullable=True),
    )
    op.create_table(
        "moves",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(128), nullable=False),
        sa.Column("by", sa.String(32), nullable=True),
        sa.Column("client_key", sa.String(64), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "ply", name="uq_moves_table_ply"),
        sa.UniqueConstraint("table_id", "seat", "client_key", name="uq_moves_table_seat_key"),
    )
    op.create_table(
        "deadlines",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("deadlines", "moves", "seats", "tables", "players"):
        op.drop_table(name)
