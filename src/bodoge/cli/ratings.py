"""`bodoge ratings`: rebuild every rating from the stored results (`recompute`) and print a
game's board (`top`), on the database `bodoge serve` uses (the same --data and --db)."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from bodoge.cli.serve import MissingExtra, database_options, database_settings


def register(sub: Any) -> None:
    ratings = sub.add_parser(
        "ratings",
        help="rebuild the ratings from the stored results, or print a game's board",
        description="The server's ratings (docs/ratings.md), on its database: --data or --db "
        "as for bodoge serve.",
    )
    jobs = ratings.add_subparsers(dest="job", required=True, metavar="JOB")
    recompute = jobs.add_parser(
        "recompute",
        help="rebuild every rating from the stored results, in their order",
        description="Replay every rated result in the order stored, from the first rating, "
        "and store the rebuilt ratings (the numbers must be the stored ones: it says how many "
        "differed). --check stores nothing and fails if any differed.",
    )
    recompute.add_argument(
        "--check", action="store_true", help="store nothing; exit 1 if any differ"
    )
    top = jobs.add_parser("top", help="print a game's best ratings")
    top.add_argument("game", help="the game's id (bodoge games)")
    top.add_argument("--limit", type=int, default=20, metavar="N", help="how many (20)")
    top.add_argument("--min-games", type=int, default=5, metavar="N", help="rated games needed (5)")
    for job in (recompute, top):
        database_options(job)
    ratings.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from bodoge.server.store.migrate import upgrade
    except ImportError as error:
        raise MissingExtra(
            f"bodoge ratings needs the server extra ({error.name} is missing): "
            "pip install 'bodoge[server]'",
            ja="bodoge ratingsにはserverの追加パッケージが必要です：pip install 'bodoge[server]'",
        ) from None
    settings = database_settings(args, leaderboard_min_games=getattr(args, "min_games", 5))
    upgrade(settings.sync_url())
    if args.job == "recompute":
        return asyncio.run(_recompute(settings, args.check))
    return asyncio.run(_top(settings, args.game, args.limit))


async def _recompute(settings: Any, check: bool) -> int:
    from bodoge.server.services.ratings import recompute
    from bodoge.server.store.database import Store

    store = Store(settings)
    try:
        if check:
            async with store.session() as session:
                done = await recompute(session, write=False)
        else:
            async with store.write() as session:
                done = await recompute(session, write=True)
    finally:
        await store.close()
    print(
        f"{done.results} rated results replayed, {done.ratings} ratings rebuilt, "
        f"{done.differed} stored numbers differed" + ("" if check else " (rebuilt ones stored)")
    )
    return 1 if check and done.differed else 0


async def _top(settings: Any, game: str, limit: int) -> int:
    from bodoge.server.services.cache import TableCache
    from bodoge.server.services.profiles import Profiles
    from bodoge.server.store.database import Store

    store = Store(settings)
    try:
        board = await Profiles(TableCache(store, settings), settings).leaderboard(game, limit)
    finally:
        await store.close()
    print(f"{game}: accounts with at least {board['min_games']} rated games")
    print(f"{'#':>3}  {'rating':>7}  {'mu':>6}  {'sigma':>5}  {'games':>5}  {'wins':>4}  name")
    for row in board["players"]:
        print(
            f"{row['place']:>3}  {row['ordinal']:7.2f}  {row['mu']:6.2f}  {row['sigma']:5.2f}  "
            f"{row['games']:>5}  {row['wins']:>4}  {row['name'] or row['account_id']}"
        )
    return 0
