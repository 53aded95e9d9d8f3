"""Routes: accounts (sign up, in and out, with a password or a passkey), who the session is, the
account's tables, passkeys, password and name, the export of its data and its deletion."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request, Response
from fastapi.responses import JSONResponse

from bodoge.server import auth, sessions
from bodoge.server.account_schemas import (
    AccountOut,
    Challenge,
    DeleteIn,
    DisplayNameIn,
    Done,
    PasskeyOut,
    PasskeyRegisterIn,
    PasskeySignInIn,
    PasskeySignUpOptionsIn,
    PasswordIn,
    SignInIn,
    SignUpIn,
)
from bodoge.server.api.deps import ServerDep, documented
from bodoge.server.errors import ApiError
from bodoge.server.ratelimit import client_address
from bodoge.server.schemas import Joined
from bodoge.server.services.accounts import SignedIn, signed_out
from bodoge.server.services.passkeys import Party
from bodoge.server.store.models import AccountRow, PlayerRow

router = APIRouter(prefix="/api/account")


async def optional_guest(
    srv: ServerDep, authorization: Annotated[str | None, Header()] = None
) -> PlayerRow | None:
    """The guest whose row the account takes over, when the page sends its bearer token."""
    token = auth.bearer_token(authorization)
    if token is None:
        return None
    return await srv.store.player_by_token_hash(auth.hash_secret(token))


GuestOrNone = Annotated[PlayerRow | None, Depends(optional_guest)]


class Session:
    """The signed-in account of the session cookie; a write also needs the CSRF token."""

    def __init__(self, account: AccountRow, secret: str) -> None:
        self.account = account
        self.secret = secret


async def session(request: Request, srv: ServerDep) -> Session:
    secret = sessions.cookie_secret(request)
    account = await srv.accounts.of_session(secret)
    if account is None or secret is None:
        raise signed_out()
    sessions.check_csrf(request, secret)
    return Session(account, secret)


SessionDep = Annotated[Session, Depends(session)]


def party(request: Request, srv: ServerDep) -> Party:
    return Party(sessions.rp_id(request, srv.settings), sessions.own_origin(request, srv.settings))


PartyDep = Annotated[Party, Depends(party)]


def from_this_site(request: Request, srv: ServerDep) -> None:
    sessions.check_origin(request, srv.settings)


SameSite = Depends(from_this_site)


async def _answer(
    request: Request, response: Response, srv: ServerDep, signed: SignedIn
) -> dict[str, Any]:
    earlier = sessions.cookie_secret(request)
    if earlier is not None:  # signing in again (as anyone) ends this browser's earlier session
        await srv.accounts.sign_out(earlier)
    sessions.set_cookie(response, request, srv.settings, signed.secret)
    return await srv.accounts.describe(signed.account, signed.secret)


@router.post(
    "/signup",
    response_model=AccountOut,
    responses=documented(403, 409, 413, 422),
    dependencies=[SameSite],
)
async def sign_up(
    body: SignUpIn, request: Request, response: Response, srv: ServerDep, guest: GuestOrNone
) -> dict[str, Any]:
    """A new account with a password; the guest of the bearer token (if sent) becomes it."""
    signed = await srv.accounts.sign_up(
        body.name, body.password, body.display_name, client_address(request.scope), guest
    )
    return await _answer(request, response, srv, signed)


@router.post(
    "/signin",
    response_model=AccountOut,
    responses=documented(401, 403, 413, 422),
    dependencies=[SameSite],
)
async def sign_in(
    body: SignInIn, request: Request, response: Response, srv: ServerDep, guest: GuestOrNone
) -> dict[str, Any]:
    """Sign in with a password; the guest of the bearer token (if sent) becomes the account's."""
    signed = await srv.accounts.sign_in(
        body.name, body.password, client_address(request.scope), guest
    )
    return await _answer(request, response, srv, signed)


@router.post("/signout", response_model=Done, responses=documented(401, 403))
async def sign_out(
    request: Request, response: Response, srv: ServerDep, who: SessionDep
) -> dict[str, bool]:
    await srv.accounts.sign_out(who.secret)
    sessions.clear_cookie(response, request, srv.settings)
    return {"ok": True}


@router.get("", response_model=AccountOut, responses=documented(401))
async def me(srv: ServerDep, who: SessionDep) -> dict[str, Any]:
    return await srv.accounts.describe(who.account, who.secret)


@router.post("/tables/{table_id}/seat", response_model=Joined, responses=documented(401, 403, 404))
async def seat_here(table_id: str, srv: ServerDep, who: SessionDep) -> dict[str, Any]:
    """Play the account's seat at a table on this device: a new seat credential (the one
    another device held stops working)."""
    return await srv.accounts.data.seat_here(who.account, table_id)


@router.post("/guest", response_model=Done, responses=documented(401, 403))
async def link_guest(srv: ServerDep, who: SessionDep, guest: GuestOrNone) -> dict[str, bool]:
    """The guest of the bearer token (one this browser made while signed in) becomes the
    account's; `ok` is false without a guest token."""
    if guest is None:
        return {"ok": False}
    await srv.accounts.link(who.account, guest)
    return {"ok": True}


@router.post("/name", response_model=Done, responses=documented(401, 403, 413, 422))
async def rename(body: DisplayNameIn, srv: ServerDep, who: SessionDep) -> dict[str, bool]:
    await srv.accounts.rename(who.account, body.display_name)
    return {"ok": True}


@router.post("/password", response_model=Done, responses=documented(401, 403, 413, 422))
async def change_password(body: PasswordIn, srv: ServerDep, who: SessionDep) -> dict[str, bool]:
    """A new password (the current one is needed if there is one); other sessions end."""
    await srv.accounts.change_password(who.account, body.current, body.new, who.secret)
    return {"ok": True}


@router.get("/export", responses=documented(401))
async def export(srv: ServerDep, who: SessionDep) -> JSONResponse:
    """Everything the server keeps about the signed-in person, as a JSON download."""
    data = await srv.accounts.data.export(who.account)
    return JSONResponse(
        data, headers={"Content-Disposition": 'attachment; filename="bodoge-account.json"'}
    )


@router.post("/delete", response_model=Done, responses=documented(401, 403, 413, 422))
async def delete(
    body: DeleteIn, request: Request, response: Response, srv: ServerDep, who: SessionDep
) -> dict[str, bool]:
    """Delete the account (confirm: its sign-in name). Finished games stay, with a former
    player at its seats; its seats at unfinished tables leave."""
    if body.confirm != who.account.name:
        raise ApiError(
            "bad_request",
            "confirm: send the account's sign-in name to delete it",
            "confirm：削除するにはアカウントのログイン名を送ってください",
        )
    await srv.accounts.data.delete(who.account)
    sessions.clear_cookie(response, request, srv.settings)
    return {"ok": True}


# ---- passkeys ---------------------------------------------------------------------------


@router.post(
    "/passkeys/signup-options",
    response_model=Challenge,
    responses=documented(403, 409, 413, 422),
    dependencies=[SameSite],
)
async def passkey_signup_options(
    body: PasskeySignUpOptionsIn, request: Request, srv: ServerDep, rp: PartyDep
) -> dict[str, Any]:
    """The options to create the first passkey of a new account named `name`."""
    return await srv.accounts.passkey_signup_options(
        rp, body.name, body.display_name, client_address(request.scope)
    )


@router.post(
    "/passkeys/signup",
    response_model=AccountOut,
    responses=documented(403, 409, 413, 422),
    dependencies=[SameSite],
)
async def passkey_sign_up(
    body: PasskeyRegisterIn,
    request: Request,
    response: Response,
    srv: ServerDep,
    rp: PartyDep,
    guest: GuestOrNone,
) -> dict[str, Any]:
    signed = await srv.accounts.passkey_sign_up(
        rp, body.challenge_id, body.credential, body.label, body.display_name, guest
    )
    return await _answer(request, response, srv, signed)


@router.post(
    "/passkeys/signin-options",
    response_model=Challenge,
    responses=documented(403),
    dependencies=[SameSite],
)
async def passkey_signin_options(srv: ServerDep, rp: PartyDep) -> dict[str, Any]:
    """The options to sign in with any passkey of this site."""
    return await srv.accounts.passkey_signin_options(rp)


@router.post(
    "/passkeys/signin",
    response_model=AccountOut,
    responses=documented(403, 413, 422),
    dependencies=[SameSite],
)
async def passkey_sign_in(
    body: PasskeySignInIn,
    request: Request,
    response: Response,
    srv: ServerDep,
    rp: PartyDep,
    guest: GuestOrNone,
) -> dict[str, Any]:
    signed = await srv.accounts.passkey_sign_in(
        rp, body.challenge_id, body.credential, client_address(request.scope), guest
    )
    return await _answer(request, response, srv, signed)


@router.post("/passkeys/options", response_model=Challenge, responses=documented(401, 403))
async def passkey_add_options(srv: ServerDep, rp: PartyDep, who: SessionDep) -> dict[str, Any]:
    """The options to add a passkey to the signed-in account."""
    return await srv.accounts.passkey_add_options(rp, who.account)


@router.post("/passkeys", response_model=PasskeyOut, responses=documented(401, 403, 413, 422))
async def passkey_add(
    body: PasskeyRegisterIn, srv: ServerDep, rp: PartyDep, who: SessionDep
) -> dict[str, Any]:
    row = await srv.accounts.passkey_add(
        rp, who.account, body.challenge_id, body.credential, body.label
    )
    return {"id": row.id, "label": row.label, "created": row.created, "last_used": None}


@router.post(
    "/passkeys/{passkey_id}/delete", response_model=Done, responses=documented(401, 403, 404)
)
async def passkey_remove(passkey_id: str, srv: ServerDep, who: SessionDep) -> dict[str, bool]:
    await srv.accounts.remove_passkey(who.account, passkey_id)
    return {"ok": True}
