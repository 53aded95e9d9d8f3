"""Request and response models of the account routes (api/accounts.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from bodoge.server.schemas import NAME_PATTERN, Strict
from bodoge.server.services.passwords import MAX_LENGTH, MIN_LENGTH

# A sign-in name: 1 to 32 characters, no spaces, control characters, quotes or backslashes.
SIGN_IN_NAME = r"^[^\s\x00-\x1f\x7f\"\\]+$"


class SignUpIn(Strict):
    name: str = Field(min_length=1, max_length=32, pattern=SIGN_IN_NAME)
    password: str = Field(min_length=MIN_LENGTH, max_length=MAX_LENGTH)
    display_name: str | None = Field(None, min_length=1, max_length=40, pattern=NAME_PATTERN)


class SignInIn(Strict):
    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=MAX_LENGTH)


class PasskeySignUpOptionsIn(Strict):
    name: str = Field(min_length=1, max_length=32, pattern=SIGN_IN_NAME)
    display_name: str | None = Field(None, min_length=1, max_length=40, pattern=NAME_PATTERN)


class PasskeyRegisterIn(Strict):
    challenge_id: str = Field(min_length=1, max_length=64)
    credential: dict[str, Any]  # the browser's PublicKeyCredential as JSON
    label: str = Field("passkey", min_length=1, max_length=64, pattern=NAME_PATTERN)
    display_name: str | None = Field(None, min_length=1, max_length=40, pattern=NAME_PATTERN)


class PasskeySignInIn(Strict):
    challenge_id: str = Field(min_length=1, max_length=64)
    credential: dict[str, Any]


class PasswordIn(Strict):
    current: str | None = Field(None, min_length=1, max_length=MAX_LENGTH)
    new: str = Field(min_length=MIN_LENGTH, max_length=MAX_LENGTH)


class DisplayNameIn(Strict):
    display_name: str = Field(min_length=1, max_length=40, pattern=NAME_PATTERN)


class DeleteIn(Strict):
    confirm: str = Field(min_length=1, max_length=64)  # the account's sign-in name


class PasskeyOut(BaseModel):
    id: str
    label: str
    created: float
    last_used: float | None


class AccountOut(BaseModel):
    id: str
    name: str
    display_name: str
    created: float
    has_password: bool
    passkeys: list[PasskeyOut]
    csrf: str  # send it as X-CSRF-Token with every write of this session


class Challenge(BaseModel):
    challenge_id: str
    options: dict[str, Any]  # for navigator.credentials.create / get (base64url fields)


class Done(BaseModel):
    ok: bool
