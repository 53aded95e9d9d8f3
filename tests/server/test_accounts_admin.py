"""`bodoge admin` on the server's own database: list the accounts, reset a password (printed, or
read from standard input), disable and enable an account; what a wrong name gets."""

from __future__ import annotations

import io
import json

import pytest
from accountkit import PASSWORD, cheap, sign_in, sign_up
from fastapi.testclient import TestClient

from bodoge.cli.main import main
from bodoge.server.config import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return cheap(settings)  # argon2 at a test's cost (accountkit.cheap)


def admin(url: str, *args: str) -> list[str]:
    return ["admin", "--db", url, *args]


def test_list_reset_disable_and_enable(
    client: TestClient,
    database_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sign_up(client, "aki")
    assert main(admin(database_url, "accounts", "--json")) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["name"] == "aki" and listed["password"] and not listed["disabled"]
    assert "$argon2" not in json.dumps(listed)

    assert main(admin(database_url, "reset-password", "aki")) == 0
    new = capsys.readouterr().out.strip()
    assert len(new) >= 12
    assert client.get("/api/account").status_code == 401  # the reset ended the session
    assert sign_in(client, "aki").status_code == 401
    assert sign_in(client, "aki", new).status_code == 200

    monkeypatch.setattr("sys.stdin", io.StringIO("chosen by the operator\n"))
    assert main(admin(database_url, "reset-password", "AKI", "--stdin")) == 0
    assert capsys.readouterr().out == ""  # a password read is not printed
    assert sign_in(client, "aki", "chosen by the operator").status_code == 200

    assert main(admin(database_url, "disable", "aki")) == 0
    assert client.get("/api/account").status_code == 401
    refused = sign_in(client, "aki", "chosen by the operator")
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "bad_sign_in"
    assert main(admin(database_url, "accounts")) == 0
    assert "disabled" in capsys.readouterr().out
    assert main(admin(database_url, "enable", "aki")) == 0
    assert sign_in(client, "aki", "chosen by the operator").status_code == 200
    assert PASSWORD not in capsys.readouterr().out


def test_a_wrong_name_or_password_is_one_line(
    client: TestClient,
    database_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert main(admin(database_url, "disable", "nobody")) == 2
    assert capsys.readouterr().err.strip() == "bodoge: error: no account is named 'nobody'"
    sign_up(client, "aki")
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(admin(database_url, "reset-password", "aki", "--stdin")) == 2
    err = capsys.readouterr().err
    assert err.startswith("bodoge: error:") and "Traceback" not in err
