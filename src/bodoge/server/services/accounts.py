"""Accounts: sign-up and sign-in (password or passkey), sessions, the guest rows an account owns,
passkeys, password and name changes (its tables, export and deletion: account_data.py).

The identity contract: a guest's player row becomes an account's by `players.account_id`. Signing
up or in with a guest's bearer token links that row, so the guest's tables, seats and records are
the account's, on every device it signs in on.
"""

from __future__ import annotations

import unicodedata
import uuid
from dataclasses import dataclass
from typing import Any

from bodoge.server import auth, sessions
from bodoge.server.config import Settings
from bodoge.server.errors import ApiError
from bodoge.server.ratelimit import RateLimiter
from bodoge.server.services import passkeys
from bodoge.server.services.account_data import AccountData, passkey_out
from bodoge.server.services.cache import TableCache
from bodoge.server.services.lobby import Lobby
from bodoge.server.services.passwords import Passwords
from bodoge.server.store.accounts import AccountStore
from bodoge.server.store.database import Store
from bodoge.server.store.models import (
    AccountRow,
    AccountSessionRow,
    ChallengeRow,
    PasskeyRow,
    PlayerRow,
    now,
)

CHALLENGE_SECONDS = 300.0


def name_key(name: str) -> str:
    """Two names that look alike are one name: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def bad_sign_in() -> ApiError:
    # One message whether the name exists or not, whatever was wrong.
    return ApiError(
        "bad_sign_in",
        "wrong name or password (or the account cannot sign in)",
        "名前かパスワードが違います（またはこのアカウントはログインできません）",
    )


def signed_out() -> ApiError:
    return ApiError(
        "unauthorized",
        "this needs you to be signed in (POST /api/account/signin)",
        "ログインが必要です。POST /api/account/signinでログインしてください",
    )


def too_many() -> ApiError:
    return ApiError(
        "rate_limited",
        "too many sign-in attempts: wait a minute and try again",
        "ログインの試行が多すぎます。1分ほど待ってからもう一度試してください",
    )


@dataclass(frozen=True)
class SignedIn:
    account: AccountRow
    secret: str  # the session cookie's value


class Accounts:
    def __init__(self, store: Store, cache: TableCache, lobby: Lobby, settings: Settings) -> None:
        self.rows = AccountStore(store)
        self.cache = cache
        self.lobby = lobby
        self.settings = settings
        self.passwords = Passwords(settings.argon2_memory_kib, settings.argon2_time_cost)
        self.data = AccountData(self.rows, cache, lobby)  # the tables, export and deletion
        # Sign-in attempts, counted per account name and per client address (per process).
        self.per_name = RateLimiter(settings.signin_per_second, settings.signin_burst)
        self.per_address = RateLimiter(settings.signin_per_second, settings.signin_burst)

    # ---- signing up and in ----------------------------------------------------------------

    async def sign_up(
        self,
        name: str,
        password: str,
        display_name: str | None,
        address: str,
        guest: PlayerRow | None,
    ) -> SignedIn:
        self._attempt(address, "signup:" + address)
        account = self._new_account(name, display_name, guest)
        account.password_hash = await self.passwords.hash(password)
        if not await self.rows.add(account):
            raise name_taken()
        return await self._signed_in(account, guest)

    async def sign_in(
        self, name: str, password: str, address: str, guest: PlayerRow | None
    ) -> SignedIn:
        self._attempt(address, name_key(name))
        account = await self.rows.by_name_key(name_key(name))
        stored = account.password_hash if account is not None else None
        right = await self.passwords.verify(password, stored)  # a dummy hash when there is none
        if account is None or not right or not self._may_sign_in(account):
            raise bad_sign_in()
        return await self._signed_in(account, guest)

    def _attempt(self, address: str, key: str) -> None:
        # Both buckets take a token, so neither many names from one address nor many
        # addresses on one name get more tries.
        by_address = self.per_address.allow(address)
        by_name = self.per_name.allow(key)
        if not (by_address and by_name):
            raise too_many()

    @staticmethod
    def _may_sign_in(account: AccountRow) -> bool:
        return not account.disabled and account.deleted is None

    def _new_account(
        self, name: str, display_name: str | None, guest: PlayerRow | None
    ) -> AccountRow:
        return AccountRow(
            id=str(uuid.uuid4()),
            name=name,
            name_key=name_key(name),
            display_name=display_name or (guest.name if guest is not None else name),
            password_hash=None,
            user_handle=auth.new_id(32),
            created=now(),
            disabled=False,
        )

    async def _signed_in(self, account: AccountRow, guest: PlayerRow | None) -> SignedIn:
        if guest is not None:
            await self.rows.link_player(guest.id, account.id)
        secret = sessions.new_secret()
        when = now()
        await self.rows.end_expired(when)  # the expired sessions and challenges go
        await self.rows.add_session(
            AccountSessionRow(
                id_hash=sessions.session_hash(secret),
                account_id=account.id,
                created=when,
                expires=when + self.settings.session_days * 86400,
            )
        )
        return SignedIn(account, secret)

    async def of_session(self, secret: str | None) -> AccountRow | None:
        if not secret:
            return None
        return await self.rows.session_account(sessions.session_hash(secret), now())

    async def sign_out(self, secret: str) -> None:
        await self.rows.end_session(sessions.session_hash(secret))

    # ---- passkeys -----------------------------------------------------------------------

    async def passkey_signup_options(
        self, party: passkeys.Party, name: str, display_name: str | None, address: str
    ) -> dict[str, Any]:
        self._attempt(address, "signup:" + address)
        if await self.rows.by_name_key(name_key(name)) is not None:
            raise name_taken()
        handle = auth.new_id(32)
        challenge, options = passkeys.registration_options(
            party, name, display_name or name, handle, []
        )
        return await self._challenge(challenge, options, "signup", None, name, handle)

    async def passkey_add_options(
        self, party: passkeys.Party, account: AccountRow
    ) -> dict[str, Any]:
        existing = [row.credential_id for row in await self.rows.passkeys(account.id)]
        challenge, options = passkeys.registration_options(
            party, account.name, account.display_name, account.user_handle, existing
        )
        return await self._challenge(challenge, options, "add", account.id, None, None)

    async def passkey_signin_options(self, party: passkeys.Party) -> dict[str, Any]:
        challenge, options = passkeys.authentication_options(party)
        return await self._challenge(challenge, options, "signin", None, None, None)

    async def _challenge(
        self,
        challenge: str,
        options: dict[str, Any],
        purpose: str,
        account_id: str | None,
        name: str | None,
        handle: str | None,
    ) -> dict[str, Any]:
        when = now()
        await self.rows.end_expired(when)
        row = ChallengeRow(
            id=auth.new_id(16),
            challenge=challenge,
            purpose=purpose,
            account_id=account_id,
            name=name,
            user_handle=handle,
            expires=when + CHALLENGE_SECONDS,
        )
        await self.rows.add_challenge(row)
        return {"challenge_id": row.id, "options": options}

    async def _take(self, challenge_id: str, purpose: str) -> ChallengeRow:
        row = await self.rows.take_challenge(challenge_id, now())
        if row is None or row.purpose != purpose:
            raise passkeys.refused()
        return row

    async def passkey_sign_up(
        self,
        party: passkeys.Party,
        challenge_id: str,
        credential: dict[str, Any],
        label: str,
        display_name: str | None,
        guest: PlayerRow | None,
    ) -> SignedIn:
        row = await self._take(challenge_id, "signup")
        made = passkeys.check_registration(party, row.challenge, credential)
        assert row.name is not None and row.user_handle is not None  # a signup challenge's
        account = self._new_account(row.name, display_name, guest)
        account.user_handle = row.user_handle
        if not await self.rows.add(account, self._passkey_row(account.id, made, label)):
            raise name_taken()
        return await self._signed_in(account, guest)

    async def passkey_add(
        self,
        party: passkeys.Party,
        account: AccountRow,
        challenge_id: str,
        credential: dict[str, Any],
        label: str,
    ) -> PasskeyRow:
        row = await self._take(challenge_id, "add")
        if row.account_id != account.id:
            raise passkeys.refused()
        made = passkeys.check_registration(party, row.challenge, credential)
        passkey = self._passkey_row(account.id, made, label)
        if not await self.rows.add_passkey(passkey):
            raise passkeys.refused()  # that authenticator's passkey is registered already
        return passkey

    async def passkey_sign_in(
        self,
        party: passkeys.Party,
        challenge_id: str,
        credential: dict[str, Any],
        address: str,
        guest: PlayerRow | None,
    ) -> SignedIn:
        if not self.per_address.allow(address):
            raise too_many()
        row = await self._take(challenge_id, "signin")
        passkey = await self.rows.passkey_by_credential(passkeys.credential_id(credential))
        if passkey is None:
            raise passkeys.refused()
        if not self.per_name.allow("passkey:" + passkey.account_id):  # per account too
            raise too_many()
        count = passkeys.check_authentication(
            party, row.challenge, credential, passkey.public_key, passkey.sign_count
        )
        account = await self.rows.by_id(passkey.account_id)
        if account is None or not self._may_sign_in(account):
            raise passkeys.refused()
        await self.rows.passkey_used(passkey.id, count, now())
        return await self._signed_in(account, guest)

    @staticmethod
    def _passkey_row(account_id: str, made: passkeys.NewPasskey, label: str) -> PasskeyRow:
        return PasskeyRow(
            id=auth.new_id(),
            account_id=account_id,
            credential_id=made.credential_id,
            public_key=made.public_key,
            sign_count=made.sign_count,
            label=label,
            created=now(),
        )

    async def remove_passkey(self, account: AccountRow, passkey_id: str) -> None:
        if not await self.rows.remove_passkey(account.id, passkey_id):
            raise ApiError(
                "not_found", "you have no passkey of that id", "そのパスキーはありません"
            )

    # ---- the account itself ---------------------------------------------------------------

    async def change_password(
        self, account: AccountRow, current: str | None, new: str, secret: str
    ) -> None:
        """A new password; the current one is needed when there is one. Every other session of
        the account ends."""
        stored = account.password_hash
        if stored is not None and (
            current is None or not await self.passwords.verify(current, stored)
        ):
            raise bad_sign_in()
        await self.rows.set_values(account.id, password_hash=await self.passwords.hash(new))
        await self.rows.end_sessions(account.id, keep=sessions.session_hash(secret))

    async def link(self, account: AccountRow, guest: PlayerRow) -> None:
        await self.rows.link_player(guest.id, account.id)

    async def rename(self, account: AccountRow, display_name: str) -> None:
        await self.rows.set_values(account.id, display_name=display_name)

    async def describe(self, account: AccountRow, secret: str) -> dict[str, Any]:
        """Who the session is: the account's own view (with the page's CSRF token)."""
        return {
            "id": account.id,
            "name": account.name,
            "display_name": account.display_name,
            "created": account.created,
            "has_password": account.password_hash is not None,
            "passkeys": [passkey_out(row) for row in await self.rows.passkeys(account.id)],
            "csrf": sessions.csrf_token(secret),
        }


def name_taken() -> ApiError:
    return ApiError(
        "name_taken",
        "that name is taken: choose another",
        "その名前はもう使われています。別の名前を選んでください",
    )
