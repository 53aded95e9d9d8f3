"""Who a player is beyond one browser, and which tables count for ratings.

`players.account_id` links a guest's player row to the account it became (null: still a guest),
so an account keeps every table and seat its guest had; `tables.rated` marks the tables whose
result updates the ratings (only when every seat is an account).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("account_id", sa.String(36), nullable=True))
        batch.create_index("ix_players_account_id", ["account_id"])
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("tables", "rated")
    with op.batch_alter_table("players") as batch:
        batch.drop_index("ix_players_account_id")
        batch.drop_column("account_id")
