"""Alembic's environment: run by `bodoge.server.store.migrate.upgrade` with a sync connection in
`config.attributes["connection"]`, or from the command line with `sqlalchemy.url` set."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from bodoge.server.store.models import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
