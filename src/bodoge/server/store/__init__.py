"""Storage: every SQL statement of the server (models.py, queries.py, leases.py), the engines and
transactions they run in (database.py), and the schema's migrations (migrate.py, migrations/)."""
