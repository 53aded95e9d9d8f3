"""Passkeys (WebAuthn) through the `webauthn` package: the options a browser's
`navigator.credentials.create/get` takes, and the checks of what it answers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from bodoge.server.errors import ApiError

RP_NAME = "bodoge"
TIMEOUT_MS = 5 * 60 * 1000


@dataclass(frozen=True)
class Party:
    """Who the passkeys are for: the relying party id (a host) and the page's origin."""

    rp_id: str
    origin: str


def registration_options(
    party: Party, name: str, display_name: str, user_handle: str, existing: list[str]
) -> tuple[str, dict[str, Any]]:
    """(challenge, options) for a new discoverable passkey of the user `user_handle`."""
    options = generate_registration_options(
        rp_id=party.rp_id,
        rp_name=RP_NAME,
        user_name=name,
        user_id=base64url_to_bytes(user_handle),
        user_display_name=display_name,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(each)) for each in existing
        ],
    )
    return bytes_to_base64url(options.challenge), json.loads(options_to_json(options))


def authentication_options(party: Party) -> tuple[str, dict[str, Any]]:
    """(challenge, options) for signing in with any passkey of this site (discoverable)."""
    options = generate_authentication_options(
        rp_id=party.rp_id,
        timeout=TIMEOUT_MS,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return bytes_to_base64url(options.challenge), json.loads(options_to_json(options))


@dataclass(frozen=True)
class NewPasskey:
    credential_id: str
    public_key: bytes
    sign_count: int


def check_registration(party: Party, challenge: str, credential: dict[str, Any]) -> NewPasskey:
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=party.rp_id,
            expected_origin=party.origin,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        raise refused() from error
    return NewPasskey(
        bytes_to_base64url(verified.credential_id),
        verified.credential_public_key,
        verified.sign_count,
    )


def check_authentication(
    party: Party,
    challenge: str,
    credential: dict[str, Any],
    public_key: bytes,
    sign_count: int,
) -> int:
    """The new sign count of a valid assertion (refused: `passkey_refused`)."""
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=party.rp_id,
            expected_origin=party.origin,
            credential_public_key=public_key,
            credential_current_sign_count=sign_count,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        raise refused() from error
    return int(verified.new_sign_count)


def credential_id(credential: dict[str, Any]) -> str:
    """The credential id an assertion names (base64url, as stored)."""
    value = credential.get("rawId") or credential.get("id")
    if not isinstance(value, str) or not value:
        raise refused()
    try:
        return bytes_to_base64url(base64url_to_bytes(value))
    except ValueError as error:
        raise refused() from error


def refused() -> ApiError:
    return ApiError(
        "passkey_refused",
        "the passkey could not be verified (try again, or sign in with your password)",
        "パスキーを確認できませんでした（もう一度試すか、パスワードでログインしてください）",
    )
