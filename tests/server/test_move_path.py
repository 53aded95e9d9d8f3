"""A move's route goes down the server's layers once: route (or socket) -> service -> store, and
after the commit -> hub. Traced while a move is made over HTTP and over the websocket: at every
call into a server module, the chain of server modules that led to it (the await chain
included) holds no module twice apart, so no module is entered again by what it called."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from fastapi.testclient import TestClient
from serverkit import move, prompt, two_people
from test_ws import auth, until

from bodoge.server.app import create_app
from bodoge.server.config import Settings

PACKAGE = "bodoge.server"
ROUTES = "bodoge.server.api."


def _chain(frame: FrameType | None) -> list[str]:
    """The server modules of the frames from `frame` outwards to the route (`api/`; the
    middleware around every route is not the route's), consecutive repeats merged."""
    modules: list[str] = []
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if (name == PACKAGE or name.startswith(PACKAGE + ".")) and (
            not modules or modules[-1] != name
        ):
            modules.append(name)
            if name.startswith(ROUTES):
                break
        frame = frame.f_back
    return modules


@contextmanager
def re_entries() -> Iterator[set[tuple[str, ...]]]:
    """Every chain (innermost first) in which a server module comes back after another."""
    found: set[tuple[str, ...]] = set()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_globals.get("__name__", "").startswith(PACKAGE):
            chain = _chain(frame)
            if len(set(chain)) != len(chain):
                found.add(tuple(chain))

    threading.setprofile(profile)  # the TestClient's portal thread runs the app
    sys.setprofile(profile)
    try:
        yield found
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]


def test_a_move_visits_each_module_once_over_http_and_the_websocket(settings: Settings) -> None:
    # traced once the app has started: its start (the lifespan, through every middleware,
    # builds the server's parts) is not a move
    with TestClient(create_app(settings)) as client, re_entries() as found:
        table_id, creds = two_people(client)
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
            sockets = [first, second]
            for seat, socket in enumerate(sockets):
                auth(socket, creds[seat])
            for ply, over_the_socket in [(0, True), (1, False)]:
                mover = prompt(client, table_id, creds[0])["pending"][0]
                action = prompt(client, table_id, creds[mover])["actions"][0]["id"]
                if over_the_socket:
                    body = {"type": "move", "action": action, "expected_ply": ply}
                    sockets[mover].send_json(body)
                    assert until(sockets[mover], "answer")["status"] == "applied"
                else:
                    assert move(client, table_id, creds[mover], action, ply).status_code == 200
                for socket in sockets:
                    until(socket, "update", ply=ply + 1)
    assert not found, "\n".join(" <- ".join(chain) for chain in sorted(found))
