"""`bodoge serve`: the web server (lobby, tables, websockets, bots) on uvicorn.

The server lives behind the `server` extra and is imported only here, when the command runs, so
the rest of the command line stays light; without the extra the command says how to install it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from bodoge.engine import BodogeError, InvalidOptions
from bodoge.server.config import DEFAULT_DATA_DIR


class MissingExtra(BodogeError):
    code = "missing_extra"
    kind_ja = "追加のパッケージが必要です"


def register(sub: Any) -> None:
    serve = sub.add_parser(
        "serve",
        help="run the web server (pip install 'bodoge[server]')",
        description="Run bodoge's web server: the HTTP API under /api and websockets under /ws "
        "(see docs/server.md). Games are kept in a SQLite file in --data, or in the "
        "PostgreSQL database --db names.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (8000)")
    serve.add_argument(
        "--data",
        default=DEFAULT_DATA_DIR,
        metavar="DIR",
        help=f"folder for the SQLite database ({DEFAULT_DATA_DIR})",
    )
    serve.add_argument(
        "--db", metavar="URL", help="database URL instead, e.g. postgresql://user@host/bodoge"
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="how long a bot waits before it moves (0.5)",
    )
    serve.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="NAME=FILE.json",
        help="offer a trained policy (a bodoge linear-policy file, see docs/rl.md) as bot level "
        "NAME; repeatable",
    )
    serve.set_defaults(func=run)


def policy_bots(pairs: list[str]) -> tuple[tuple[str, str], ...]:
    """`NAME=FILE.json` pairs as bot levels, each policy loaded now so a bad one fails at start."""
    from bodoge.ai import make_bot
    from bodoge.ai.factory import LEVELS

    found: dict[str, str] = {}
    for pair in pairs:
        name, sep, target = pair.partition("=")
        if not sep or not name.isidentifier() or name in (*LEVELS, "random") or name in found:
            raise InvalidOptions(
                f"--policy {pair[:60]!r}: give NAME=FILE.json with a new name (letters, digits, _)"
            )
        spec = f"policy:{target}"
        make_bot(spec)  # refuses a missing or malformed file in one line
        found[name] = spec
    return tuple(found.items())


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from bodoge.server.app import create_app
    except ImportError as error:
        raise MissingExtra(
            f"bodoge serve needs the server extra ({error.name} is missing): "
            "pip install 'bodoge[server]'",
            ja="bodoge serveにはserverの追加パッケージが必要です：pip install 'bodoge[server]'",
        ) from None
    from bodoge.server.config import Settings

    settings = Settings(
        data_dir=Path(args.data),
        database_url=args.db,
        bot_delay=args.bot_delay,
        policy_bots=policy_bots(args.policy),
    )
    settings.async_url()  # a bad URL fails here, in one line
    print(f"bodoge serve: http://{args.host}:{args.port}", flush=True)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="info")
    return 0
