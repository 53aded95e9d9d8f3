"""bodoge's web server (`bodoge serve`): lobby, tables, moves, websockets and bots over `Match`.

Behind the `server` extra: `pip install 'bodoge[server]'`. `create_app(settings)` builds the ASGI
app (see docs/server.md).
"""
