"""A person's data: the account's seat at a table moved to another device, the export (its
ratings and their history too) of everything kept about it, and the deletion of the account (its
seats leave or become a former player's; it cannot sign in again)."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.server import auth
from bodoge.server.entries import entries
from bodoge.server.errors import ApiError
from bodoge.server.services.cache import TableCache
from bodoge.server.services.lobby import Lobby
from bodoge.server.services.model import Table
from bodoge.server.services.profiles import own_ratings
from bodoge.server.services.rematch import release
from bodoge.server.store.accounts import AccountStore
from bodoge.server.store.models import AccountRow, PasskeyRow, now
from bodoge.server.store.queries import update_seat

DELETED_NAME = "deleted"  # a deleted account's name and name key: "deleted:<id>"


class AccountData:
    def __init__(self, rows: AccountStore, cache: TableCache, lobby: Lobby) -> None:
        self.rows = rows
        self.cache = cache
        self.lobby = lobby

    async def seat_here(self, account: AccountRow, table_id: str) -> dict[str, Any]:
        """A new credential for the account's seat at a table, for this device: the seat moves
        here (the credential another device held stops working, as only one is kept)."""
        player_ids = {row.id for row in await self.rows.players(account.id)}
        credential = auth.new_secret()
        hashed = auth.hash_secret(credential)

        async def apply(session: AsyncSession, table: Table) -> int:
            for seat in table.seats:
                if seat.player_id in player_ids and seat.credential_hash is not None:
                    await update_seat(session, table.id, seat.seat, credential_hash=hashed)
                    seat.credential_hash = hashed
                    return seat.seat
            raise ApiError(
                "not_found",
                "you hold no seat at that table",
                "その卓にあなたの席はありません",
            )

        return {"seat": await self.cache.change(table_id, apply), "credential": credential}

    async def export(self, account: AccountRow) -> dict[str, Any]:
        """Everything kept about the person: the account, its passkeys (no keys), its player
        rows, and each of its tables with its seat and the entries as that seat saw them."""
        players = await self.rows.players(account.id)
        tables = []
        for own in await self.rows.seats(account.id):
            table = await self.cache.get(own.table_id)
            tables.append(
                {
                    "table": self.lobby.info(table, set()),
                    "seat": own.seat,
                    "player": own.player_id,
                    "entries": entries(table, own.seat, 0),
                    "prompt": table.match.prompt(own.seat),
                    "record": self.lobby.record(table) if table.status == "over" else None,
                }
            )
        return {
            "account": {
                "id": account.id,
                "name": account.name,
                "display_name": account.display_name,
                "created": account.created,
                "has_password": account.password_hash is not None,
                "disabled": account.disabled,
            },
            "passkeys": [passkey_out(row) for row in await self.rows.passkeys(account.id)],
            "players": [
                {"id": row.id, "name": row.name, "created": row.created} for row in players
            ],
            "tables": tables,
            **await own_ratings(self.cache.store, account.id),
        }

    async def delete(self, account: AccountRow) -> None:
        """Delete the account: its seats at unfinished tables leave (as `leave` does); its seats
        in finished games stay, named "former player"; it cannot sign in again."""
        player_ids = {row.id for row in await self.rows.players(account.id)}
        own = await self.rows.seats(account.id)
        for table_id in dict.fromkeys(each.table_id for each in own if each.status != "over"):
            await self.lobby.leave_player(table_id, player_ids)
        for each in own:  # a seat kept for them at a rematch opens, as at a leave
            if each.status == "waiting":
                await release(self.cache, each.table_id, each.player_id)
        renamed = f"{DELETED_NAME}:{account.id}"
        await self.rows.forget(account.id, renamed, auth.hash_secret(secrets.token_hex()), now())
        for table_id in dict.fromkeys(each.table_id for each in own):
            self.cache.drop(table_id)  # its seats' names changed: read again
            self.cache.changed(table_id)


def passkey_out(row: PasskeyRow) -> dict[str, Any]:
    """A passkey as its person sees it (never its key)."""
    return {"id": row.id, "label": row.label, "created": row.created, "last_used": row.last_used}
