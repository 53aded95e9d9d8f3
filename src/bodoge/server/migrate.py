"""Apply the Alembic migrations programmatically with a sync engine (at every start)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(sync_url: str) -> None:
    """Bring the database at `sync_url` to the newest schema (nothing to do if it is there)."""
    engine = create_engine(sync_url)
    try:
        with engine.begin() as connection:
            config = alembic_config(sync_url)
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    finally:
        engine.dispose()
