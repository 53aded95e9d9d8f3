"""The migrations make exactly the schema the models describe, on SQLite and PostgreSQL.

Every migration a change adds must agree with models.py: a column, index or table on one side
only fails here (Alembic's own comparison, the one `alembic revision --autogenerate` uses).
"""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from bodoge.server.store import migrate
from bodoge.server.store.models import Base


def test_migrations_make_the_models_schema(database_url: str) -> None:
    migrate.upgrade(database_url)
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": False})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []
