"""`bodoge admin`: the accounts of a server's database (the same --data or --db as `bodoge
serve`): list them, reset a password (there is no email here), disable and enable one."""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import secrets
import sys
from typing import Any

from bodoge.cli.serve import database_options, database_settings
from bodoge.engine import BodogeError


class NoSuchAccount(BodogeError):
    code = "no_such_account"
    kind_ja = "そのアカウントはありません"


class BadPassword(BodogeError):
    code = "bad_password"
    kind_ja = "パスワードが正しくありません"


def register(sub: Any) -> None:
    admin = sub.add_parser(
        "admin",
        help="manage the accounts of a bodoge serve database",
        description="The accounts of the database `bodoge serve` uses (the same --data or --db).",
    )
    database_options(admin)
    actions = admin.add_subparsers(dest="action", required=True)
    listing = actions.add_parser("accounts", help="list the accounts")
    listing.add_argument("--json", action="store_true", help="as JSON")
    reset = actions.add_parser(
        "reset-password",
        help="give an account a new password (printed), or the one read from standard input",
    )
    reset.add_argument("name")
    reset.add_argument(
        "--stdin", action="store_true", help="read the new password from standard input"
    )
    for action, words in (("disable", "sign in no more"), ("enable", "sign in again")):
        each = actions.add_parser(action, help=f"the account can {words}")
        each.add_argument("name")
    admin.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    settings = database_settings(args)
    password = None
    if args.action == "reset-password":
        password = read_password() if args.stdin else secrets.token_urlsafe(12)
    return asyncio.run(_run(args, settings, password))


def read_password() -> str:
    from bodoge.server.services.passwords import MAX_LENGTH, MIN_LENGTH

    password = sys.stdin.readline().rstrip("\r\n")
    if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise BadPassword(
            f"the password must have {MIN_LENGTH} to {MAX_LENGTH} characters",
            ja=f"パスワードは{MIN_LENGTH}〜{MAX_LENGTH}文字にしてください",
        )
    return password


async def _run(args: argparse.Namespace, settings: Any, password: str | None) -> int:
    from bodoge.server.services.accounts import name_key
    from bodoge.server.services.passwords import Passwords
    from bodoge.server.store import migrate
    from bodoge.server.store.accounts import AccountStore
    from bodoge.server.store.database import Store

    if settings.database_url is None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    await asyncio.to_thread(migrate.upgrade, settings.sync_url())
    store = Store(settings)
    rows = AccountStore(store)
    try:
        if args.action == "accounts":
            listed = [await _describe(rows, account) for account in await rows.every()]
            if args.json:
                print(json.dumps(listed, ensure_ascii=False, indent=2))
            for each in [] if args.json else listed:
                state = "disabled" if each["disabled"] else "active"
                print(
                    f"{each['name']}\t{each['display_name']}\t{each['created']}\t{state}\t"
                    f"password: {'yes' if each['password'] else 'no'}\t"
                    f"passkeys: {each['passkeys']}"
                )
            return 0
        account = await rows.by_name_key(name_key(args.name))
        if account is None or account.deleted is not None:
            raise NoSuchAccount(f"no account is named {args.name!r}")
        if args.action == "reset-password":
            assert password is not None
            await rows.set_values(
                account.id,
                password_hash=await Passwords(
                    settings.argon2_memory_kib, settings.argon2_time_cost
                ).hash(password),
            )
            await rows.end_sessions(account.id)  # whoever had the old one is signed out
            if not args.stdin:
                print(password)
        else:
            await rows.set_values(account.id, disabled=args.action == "disable")
            if args.action == "disable":
                await rows.end_sessions(account.id)
            print(f"{account.name}: {args.action}d")
        return 0
    finally:
        await store.close()


async def _describe(rows: Any, account: Any) -> dict[str, Any]:
    created = datetime.datetime.fromtimestamp(account.created, datetime.UTC)
    return {
        "name": account.name,
        "display_name": account.display_name,
        "created": created.isoformat(timespec="seconds"),
        "disabled": account.disabled,
        "password": account.password_hash is not None,
        "passkeys": len(await rows.passkeys(account.id)),
        "players": len(await rows.players(account.id)),
    }
