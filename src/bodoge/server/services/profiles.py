"""What people read of the ratings and of who played what: the leaderboards, a table's rating
changes, an account's profile (its ratings, their history, its recent games), a person's tables
across devices, the tables waiting for their move, and the finished games anyone may list."""

from __future__ import annotations

from typing import Any

from bodoge.engine import get_game
from bodoge.server.config import Settings
from bodoge.server.entries import names_of
from bodoge.server.errors import ApiError
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import not_found
from bodoge.server.services.ratings import ordinal
from bodoge.server.store import ratings as store
from bodoge.server.store.database import Store
from bodoge.server.store.models import RatingChangeRow, RatingRow, SeatRow, TableRow

RECENT_GAMES = 20  # a profile's recent games
MY_TABLES = 100  # a person's tables, newest first


def _skill(mu: float, sigma: float) -> dict[str, float]:
    return {"mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma)}


def _rating(row: RatingRow) -> dict[str, Any]:
    return {**_skill(row.mu, row.sigma), "games": row.games, "wins": row.wins}


def _change(row: RatingChangeRow) -> dict[str, Any]:
    before = _skill(row.mu_before, row.sigma_before)
    after = _skill(row.mu_after, row.sigma_after)
    return {
        "table_id": row.table_id,
        "game": row.game,
        "seat": row.seat,
        "rank": row.rank,
        "before": before,
        "after": after,
        "change": after["ordinal"] - before["ordinal"],
        "created": row.created,
    }


async def own_ratings(database: Store, account_id: str) -> dict[str, Any]:
    """An account's ratings and every change of them, for its own export (with every table's
    id: the person sat at each)."""
    async with database.session() as session:
        ratings = await store.ratings_of_account(session, account_id)
        changes = await store.history(session, account_id)
    return {
        "ratings": [{"game": row.game, **_rating(row)} for row in ratings],
        "rating_history": [_change(row) for row in changes],
    }


def no_account(key: str) -> ApiError:
    return ApiError(
        "not_found", f"no account {key!r:.40}", f"アカウント{key!r:.40}は見つかりません"
    )


class Profiles:
    def __init__(self, cache: TableCache, settings: Settings) -> None:
        self.cache = cache
        self.store = cache.store
        self.settings = settings

    async def leaderboard(self, game: str, limit: int) -> dict[str, Any]:
        get_game(game)  # unknown_game for a game that does not exist
        minimum = self.settings.leaderboard_min_games
        async with self.store.glance() as session:
            rows = await store.leaderboard(session, game, minimum, limit)
            names = await store.names_of(session, [row.account_id for row in rows])
        return {
            "game": game,
            "min_games": minimum,
            "players": [
                {"place": place, "account_id": row.account_id, "name": names.get(row.account_id),
                 **_rating(row)}
                for place, row in enumerate(rows, 1)
            ],
        }  # fmt: skip

    async def table_ratings(self, table_id: str) -> list[dict[str, Any]]:
        """The rating changes a finished table made (empty if it made none)."""
        async with self.store.glance() as session:
            # its row, not its match: nothing here needs the game replayed
            if not await store.table_exists(session, table_id):
                raise not_found(table_id)
            rows = await store.table_changes(session, table_id)
            names = await store.names_of(session, [row.account_id for row in rows])
        return [
            {**_change(row), "account_id": row.account_id, "name": names.get(row.account_id)}
            for row in rows
        ]

    async def profile(self, key: str) -> dict[str, Any]:
        """An account's profile, by its id or by its display name."""
        async with self.store.session() as session:
            account = key
            name = await store.display_name(session, key)
            if name is None:
                found = await store.account_named(session, key)
                if found is None:
                    raise no_account(key)
                account, name = found, await store.display_name(session, found)
            ratings = await store.ratings_of_account(session, account)
            changes = await store.history(session, account)
            players = await store.player_ids_of(session, account)
            # a profile is public: only the tables anyone may find (never an unlisted one's id)
            finished = await store.player_tables(
                session, players, "over", RECENT_GAMES, listed_only=True
            )
            seats = await store.seats_of_tables(session, [table.id for table, _ in finished])
            listed = await store.listed_ids(session, list({c.table_id for c in changes}))
        by_game: dict[str, list[dict[str, Any]]] = {}
        ranks: dict[str, int] = {}
        for change in changes:
            point = _change(change)
            if change.table_id not in listed:  # the chart's point, without an unlisted id
                point["table_id"] = None
            by_game.setdefault(change.game, []).append(point)
            ranks[change.table_id] = change.rank
        won = {table.id: await self._won(table.id, seat) for table, seat in finished}
        return {
            "account_id": account,
            "name": name,
            "games": [
                {"game": row.game, **_rating(row), "history": by_game.get(row.game, [])}
                for row in ratings
                if row.games > 0
            ],
            "recent": [
                {
                    **_table(table, seats[table.id]),
                    "seat": seat,
                    "rank": ranks.get(table.id),
                    "won": won[table.id],
                }
                for table, seat in finished
            ],
        }

    async def players_of(self, account_id: str) -> list[str]:
        """The player rows of an account (one per device it signed in on)."""
        async with self.store.glance() as session:
            return await store.player_ids_of(session, account_id)

    async def my_tables(self, players: list[str]) -> list[dict[str, Any]]:
        """Every table of the person's player rows (all the account's devices; a guest's own
        row), newest first, with its seat, whether that seat is still held (a credential on
        some device: "Play here" can move it) and whether it waits for the seat's move."""
        async with self.store.session() as session:
            tables = await store.player_tables(session, players, None, MY_TABLES)
            seats = await store.seats_of_tables(session, [table.id for table, _ in tables])
        found = []
        for table, seat in tables:
            row = _table(table, seats[table.id])
            held = seats[table.id][seat].credential_hash is not None
            row.update(seat=seat, held=held, waiting=held and await self._waits_for(table, seat))
            found.append(row)
        return found

    async def waiting(self, players: list[str]) -> list[dict[str, Any]]:
        """The person's playing tables that wait for their move (the turn notices)."""
        return [table for table in await self.my_tables(players) if table["waiting"]]

    async def _waits_for(self, row: TableRow, seat: int) -> bool:
        if row.status != "playing":
            return False
        table = await self.cache.get(row.id)
        held = table.seats[seat]
        return held.stand_in is None and seat in table.match.pending()

    async def _won(self, table_id: str, seat: int) -> bool:
        """Whether the seat won the finished table (its match replayed from the moves)."""
        result = (await self.cache.get(table_id)).match.result()
        return result is not None and seat in result.winners

    async def finished(self, game: str | None, limit: int, before: float | None) -> list[Any]:
        """Finished games anyone may find and watch, newest first, by game."""
        if game is not None:
            get_game(game)
        async with self.store.glance() as session:
            tables = await store.finished_tables(session, game, limit, before)
            seats = await store.seats_of_tables(session, [table.id for table in tables])
        return [_table(table, seats[table.id]) for table in tables]


def _table(table: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
    return {
        "table_id": table.id,
        "game": table.game,
        "players": table.players,
        "status": table.status,
        "rated": table.rated,
        "created": table.created,
        "names": names_of(seats),  # in both languages, as the table's own info names them
        "kinds": [seat.kind for seat in seats],
    }
