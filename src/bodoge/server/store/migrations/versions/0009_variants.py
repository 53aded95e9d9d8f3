"""The designer's studio: variants (a named copy of a game's content), their saved versions,
and balance runs (bot games of a version, with their summary).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "variants",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("owner_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("visibility", sa.String(8), nullable=False),
        sa.Column("latest", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_variants_owner_id", "variants", ["owner_id"])
    op.create_index("ix_variants_visibility", "variants", ["visibility"])
    op.create_table(
        "variant_versions",
        sa.Column("variant_id", sa.String(32), sa.ForeignKey("variants.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_variant_versions_digest", "variant_versions", ["digest"])
    op.create_table(
        "balance_runs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("variant_id", sa.String(32), sa.ForeignKey("variants.id"), nullable=True),
        sa.Column("version", sa.Integer, nullable=True),
        sa.Column("owner_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("bots", sa.Text, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("summary", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_balance_runs_owner_id", "balance_runs", ["owner_id"])
    op.create_index("ix_balance_runs_status", "balance_runs", ["status"])


def downgrade() -> None:
    op.drop_table("balance_runs")
    op.drop_table("variant_versions")
    op.drop_table("variants")
