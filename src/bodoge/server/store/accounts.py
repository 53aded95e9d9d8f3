"""Every SQL statement about accounts: the accounts, their passkeys, their sessions, the WebAuthn
challenges under way, the player rows they own (`players.account_id`) and the seats of those."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from bodoge.server.store import ratings
from bodoge.server.store.database import Store
from bodoge.server.store.models import (
    AccountRow,
    AccountSessionRow,
    ChallengeRow,
    PasskeyRow,
    PlayerRow,
    SeatRow,
    TableRow,
)


@dataclass(frozen=True)
class OwnSeat:
    """A seat one of the account's player rows holds (or held) at a table."""

    table_id: str
    seat: int
    player_id: str
    status: str


class AccountStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- accounts -----------------------------------------------------------------------

    async def add(self, account: AccountRow, passkey: PasskeyRow | None = None) -> bool:
        """Store a new account (and its first passkey); False if its name is taken."""
        try:
            async with self.store.write() as session:
                session.add(account)
                await session.flush()  # the account before the passkey that points at it
                if passkey is not None:
                    session.add(passkey)
        except IntegrityError:
            return False
        return True

    async def by_name_key(self, name_key: str) -> AccountRow | None:
        async with self.store.glance() as session:
            found = await session.execute(select(AccountRow).where(AccountRow.name_key == name_key))
            return found.scalar_one_or_none()

    async def by_id(self, account_id: str) -> AccountRow | None:
        async with self.store.glance() as session:
            return await session.get(AccountRow, account_id)

    async def every(self) -> Sequence[AccountRow]:
        async with self.store.glance() as session:
            found = await session.execute(
                select(AccountRow).where(AccountRow.deleted.is_(None)).order_by(AccountRow.created)
            )
            return list(found.scalars())

    async def set_values(self, account_id: str, **values: object) -> bool:
        async with self.store.write() as session:
            done = await session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id, AccountRow.deleted.is_(None))
                .values(**values)
            )
        return bool(done.rowcount)  # type: ignore[attr-defined]

    async def link_player(self, player_id: str, account_id: str) -> None:
        """Make a guest's player row the account's (a row already some account's stays so)."""
        async with self.store.write() as session:
            await session.execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id, PlayerRow.account_id.is_(None))
                .values(account_id=account_id)
            )

    async def players(self, account_id: str) -> Sequence[PlayerRow]:
        async with self.store.glance() as session:
            found = await session.execute(
                select(PlayerRow)
                .where(PlayerRow.account_id == account_id)
                .order_by(PlayerRow.created)
            )
            return list(found.scalars())

    async def seats(self, account_id: str) -> list[OwnSeat]:
        """Every seat of every player row of the account, newest table first."""
        async with self.store.glance() as session:
            found = await session.execute(
                select(SeatRow.table_id, SeatRow.seat, SeatRow.player_id, TableRow.status)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .join(PlayerRow, PlayerRow.id == SeatRow.player_id)
                .where(PlayerRow.account_id == account_id)
                .order_by(TableRow.created.desc(), SeatRow.seat)
            )
            return [OwnSeat(t, s, str(p), st) for t, s, p, st in found.all()]

    async def forget(self, account_id: str, renamed: str, dead_hash: str, when: float) -> None:
        """Delete an account: no name, no password, no passkeys, no sessions; its player rows
        keep their ids (the seats point at them) with no name and a token nobody holds; its
        ratings leave the boards, its rating history stays (the others' was made against it)."""
        async with self.store.write() as session:
            await ratings.forget_ratings(session, account_id)
            await session.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
            await session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
            )
            await session.execute(delete(ChallengeRow).where(ChallengeRow.account_id == account_id))
            players = select(PlayerRow.id).where(PlayerRow.account_id == account_id)
            ids = list((await session.execute(players)).scalars())
            for number, player_id in enumerate(ids):
                await session.execute(
                    update(PlayerRow)
                    .where(PlayerRow.id == player_id)
                    .values(name="", token_hash=f"{dead_hash[:56]}{number:08x}")
                )
            await session.execute(
                update(SeatRow)
                .where(SeatRow.player_id.in_(ids), SeatRow.kind == "human")
                .values(name=None)
            )
            await session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(
                    name=renamed,
                    name_key=renamed,
                    display_name="",
                    password_hash=None,
                    user_handle=renamed,
                    disabled=True,
                    deleted=when,
                )
            )

    # ---- sessions -----------------------------------------------------------------------

    async def add_session(self, row: AccountSessionRow) -> None:
        async with self.store.write() as session:
            session.add(row)

    async def session_account(self, id_hash: str, now: float) -> AccountRow | None:
        """The account of a live session (not expired, the account neither disabled nor
        deleted)."""
        async with self.store.glance() as session:
            found = await session.execute(
                select(AccountRow)
                .join(AccountSessionRow, AccountSessionRow.account_id == AccountRow.id)
                .where(
                    AccountSessionRow.id_hash == id_hash,
                    AccountSessionRow.expires > now,
                    AccountRow.disabled.is_(False),
                    AccountRow.deleted.is_(None),
                )
            )
            return found.scalar_one_or_none()

    async def end_session(self, id_hash: str) -> None:
        async with self.store.write() as session:
            await session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.id_hash == id_hash)
            )

    async def end_sessions(self, account_id: str, keep: str | None = None) -> None:
        """End every session of the account (but `keep`, the id hash of the caller's own)."""
        async with self.store.write() as session:
            statement = delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
            if keep is not None:
                statement = statement.where(AccountSessionRow.id_hash != keep)
            await session.execute(statement)

    async def end_expired(self, now: float) -> None:
        async with self.store.write() as session:
            await session.execute(delete(AccountSessionRow).where(AccountSessionRow.expires <= now))
            await session.execute(delete(ChallengeRow).where(ChallengeRow.expires <= now))

    # ---- passkeys and their challenges ---------------------------------------------------

    async def add_passkey(self, row: PasskeyRow) -> bool:
        try:
            async with self.store.write() as session:
                session.add(row)
        except IntegrityError:
            return False
        return True

    async def passkeys(self, account_id: str) -> Sequence[PasskeyRow]:
        async with self.store.glance() as session:
            found = await session.execute(
                select(PasskeyRow)
                .where(PasskeyRow.account_id == account_id)
                .order_by(PasskeyRow.created)
            )
            return list(found.scalars())

    async def passkey_by_credential(self, credential_id: str) -> PasskeyRow | None:
        async with self.store.glance() as session:
            found = await session.execute(
                select(PasskeyRow).where(PasskeyRow.credential_id == credential_id)
            )
            return found.scalar_one_or_none()

    async def passkey_used(self, passkey_id: str, sign_count: int, when: float) -> None:
        async with self.store.write() as session:
            await session.execute(
                update(PasskeyRow)
                .where(PasskeyRow.id == passkey_id)
                .values(sign_count=sign_count, last_used=when)
            )

    async def remove_passkey(self, account_id: str, passkey_id: str) -> bool:
        """Remove one of the account's own passkeys (False: it has none of that id)."""
        async with self.store.write() as session:
            done = await session.execute(
                delete(PasskeyRow).where(
                    PasskeyRow.id == passkey_id, PasskeyRow.account_id == account_id
                )
            )
        return bool(done.rowcount)  # type: ignore[attr-defined]

    async def add_challenge(self, row: ChallengeRow) -> None:
        async with self.store.write() as session:
            session.add(row)

    async def take_challenge(self, challenge_id: str, now: float) -> ChallengeRow | None:
        """A challenge, used up: it is deleted as it is read (one answer each)."""
        async with self.store.write() as session:
            row = await session.get(ChallengeRow, challenge_id)
            if row is None:
                return None
            done = await session.execute(
                delete(ChallengeRow).where(ChallengeRow.id == challenge_id)
            )
            if not done.rowcount:  # type: ignore[attr-defined]
                return None  # another answer took it first
            return row if row.expires > now else None
