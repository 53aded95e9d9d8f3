"""The server's work on tables, between the routes and the store: the table cache (cache.py), the
lobby (lobby.py), the moves (moves.py), a table's clock (clock.py), rematches and replays."""
