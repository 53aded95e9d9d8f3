"""`bodoge serve`: the web server (lobby, tables, websockets, bots) on uvicorn.

The server lives behind the `server` extra and is imported only here, when the command runs, so
the rest of the command line stays light; without the extra the command says how to install it.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from bodoge.engine import BodogeError, InvalidOptions
from bodoge.server.config import DEFAULT_DATA_DIR, Settings


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
    database_options(serve)
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
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes behind the one port (1); more than one needs --db postgresql "
        "and --redis (docs/deploy.md)",
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help="Redis for the notices between server processes, e.g. redis://127.0.0.1:6379/0",
    )
    serve.add_argument(
        "--redis-channel",
        default="bodoge",
        metavar="NAME",
        help="the Redis channel prefix, so several bodoge sites may share one Redis (bodoge)",
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how soon another process takes over the bots of a process that died (10)",
    )
    serve.add_argument(
        "--leaderboard-min-games",
        type=int,
        default=5,
        metavar="N",
        help="the leaderboards list accounts with at least N rated games of the game (5)",
    )
    serve.set_defaults(func=run)


def database_options(parser: Any) -> None:
    """Where the server's database is: the same options for `bodoge serve`, `admin` and
    `ratings`, so each command finds the database the others use."""
    parser.add_argument(
        "--data",
        "--data-dir",
        default=DEFAULT_DATA_DIR,
        metavar="DIR",
        help=f"folder for the SQLite database ({DEFAULT_DATA_DIR})",
    )
    parser.add_argument(
        "--db",
        "--database-url",
        metavar="URL",
        help="database URL instead, e.g. postgresql://user@host/bodoge",
    )


def database_settings(args: argparse.Namespace, **more: Any) -> Settings:
    """The server's settings on the database of `database_options`; a bad URL fails here, in
    one line."""
    settings = Settings(data_dir=Path(args.data), database_url=args.db, **more)
    settings.async_url()
    return settings


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
    from bodoge.server.logs import uvicorn_config

    settings = database_settings(
        args,
        bot_delay=args.bot_delay,
        policy_bots=policy_bots(args.policy),
        redis_url=args.redis,
        redis_channel=args.redis_channel,
        lease_seconds=args.lease_seconds,
        leaderboard_min_games=args.leaderboard_min_games,
    )
    check_workers(args.workers, settings)
    print(f"bodoge serve: http://{args.host}:{args.port}", flush=True)
    if args.workers == 1:
        uvicorn.run(
            create_app(settings),
            host=args.host,
            port=args.port,
            log_level="info",
            log_config=uvicorn_config(),
        )
        return 0
    # uvicorn's own workers: it binds the port once and starts N processes that share it, and
    # starts a new one when one dies. Each imports the app by name, so the settings go to them
    # as JSON in the environment (they are the command line's, nothing secret beyond the URLs).
    from bodoge.server.app import SETTINGS_VARIABLE
    from bodoge.server.store.migrate import upgrade

    upgrade(settings.sync_url())  # once, before the workers start
    os.environ[SETTINGS_VARIABLE] = json.dumps(settings.to_json())
    metrics_dir = metrics_directory()
    uvicorn.run(
        "bodoge.server.app:app_from_environment",
        factory=True,
        workers=args.workers,
        host=args.host,
        port=args.port,
        log_level="info",
        log_config=uvicorn_config(),
    )
    metrics_dir.cleanup()
    return 0


def metrics_directory() -> tempfile.TemporaryDirectory[str]:
    """The workers' metrics files (prometheus-client's multiprocess mode, server/metrics.py):
    a fresh directory per run, which the workers find in the environment."""
    from bodoge.server.metrics import MULTIPROCESS_VARIABLE

    directory = tempfile.TemporaryDirectory(prefix="bodoge-metrics-")
    os.environ[MULTIPROCESS_VARIABLE] = directory.name
    return directory


def check_workers(workers: int, settings: Any) -> None:
    """Several workers share a PostgreSQL database and tell each other of changes over Redis."""
    if workers < 1:
        raise InvalidOptions("--workers must be at least 1", ja="--workersは1以上にしてください")
    if workers > 1 and (settings.is_sqlite() or settings.redis_url is None):
        raise InvalidOptions(
            "--workers above 1 needs --db postgresql://... and --redis redis://... "
            "(the workers share the database and tell each other of changes over Redis)",
            ja="--workersを2以上にするには--db postgresql://...と--redis redis://...が必要です"
            "（ワーカーはデータベースを共有し、変更をRedisで知らせ合います）",
        )
