"""Table affinity for HTTP: a request about a table (`/api/tables/{id}...`) that reaches a
process other than the table's owner is forwarded to the owner over the relay (Redis
request/reply, realtime/relay.py) and answered with the owner's answer, byte for byte.

`Forward` is ASGI middleware, inside the rate limit and outside the body limit: the owner runs
a forwarded request through its whole app (its body limit and its routes; `bodoge.forwarded` in
the scope: never forwarded again, nor counted twice by a rate limit). Only a request whose body
says its length, within the body limit, is forwarded; any other is handled here (the body
limit refuses it). If the owner does not answer
in time (killed), the request is handled here: every write goes through the table's row lock and
expected ply, so that stays correct while the lease waits to be taken over."""

from __future__ import annotations

import base64
import json
import re
from typing import TYPE_CHECKING, Any

from bodoge.server import metrics
from bodoge.server.realtime.relay import RelayError

if TYPE_CHECKING:
    from bodoge.server.realtime.affinity import Affinity

Scope = dict[str, Any]
TABLE_PATH = re.compile(r"^/api/tables/([A-Za-z0-9_-]{1,64})(?:/|$)")
FORWARDED = "bodoge.forwarded"


def table_of(path: str) -> str | None:
    found = TABLE_PATH.match(path)
    return found.group(1) if found else None


class Forward:
    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        table_id = table_of(scope["path"]) if scope["type"] == "http" else None
        server = getattr(scope["app"].state, "server", None) if table_id else None
        affinity: Affinity | None = server.affinity if server is not None else None
        if table_id is None or affinity is None or not self._fits(scope):
            await self.app(scope, receive, send)
            return
        owner = await affinity.owner_elsewhere(table_id)
        if owner is None:
            await self.app(scope, receive, send)
            return
        body = await _body(receive)
        request = {
            "method": scope["method"],
            "path": scope["path"],
            "query": scope.get("query_string", b"").decode("latin-1"),
            "headers": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope["headers"]],
            "body": base64.b64encode(body).decode(),
            "client": list(scope["client"]) if scope.get("client") else None,
        }
        try:
            reply = await affinity.relay.request(owner, "http", **request)
        except RelayError:
            affinity.forget(table_id)  # looked up again next time
            await self.app(scope, _replay(body), send)
            return
        metrics.FORWARDED.labels("http").inc()
        headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in reply["headers"]]
        await send({"type": "http.response.start", "status": reply["status"], "headers": headers})
        await send({"type": "http.response.body", "body": base64.b64decode(reply["body"])})

    def _fits(self, scope: Scope) -> bool:
        """Not forwarded already, and a body of a stated length within the limit (or none)."""
        if scope.get(FORWARDED):
            return False
        length = dict(scope["headers"]).get(b"content-length")
        if length is None:
            return scope["method"] in ("GET", "HEAD")
        return length.isdigit() and int(length) <= self.max_bytes


async def run_here(app: Any, request: dict[str, Any]) -> dict[str, Any]:
    """Answer a forwarded request with this process's app (the owner's side)."""
    scope: Scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": request["method"],
        "scheme": "http",
        "path": request["path"],
        "raw_path": request["path"].encode(),
        "root_path": "",
        "query_string": request["query"].encode("latin-1"),
        "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in request["headers"]],
        "client": tuple(request["client"]) if request["client"] else None,
        "server": None,
        FORWARDED: True,
    }
    answer: dict[str, Any] = {"status": 500, "headers": [], "body": b""}
    chunks: list[bytes] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            answer["headers"] = [
                [k.decode("latin-1"), v.decode("latin-1")] for k, v in message.get("headers", [])
            ]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, _replay(base64.b64decode(request["body"])), send)
    return {**answer, "body": base64.b64encode(b"".join(chunks)).decode()}


async def _body(receive: Any) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    return b"".join(chunks)


def _replay(body: bytes) -> Any:
    """A `receive` that hands over a body read already (then waits, as a client that stays)."""
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def ask_owner(
    affinity: Affinity,
    owner: str,
    path: str,
    body: dict[str, Any],
    credential: str | None,
    client: tuple[str, int] | None,
) -> tuple[int, Any] | None:
    """A websocket's move, undo or take-back as a POST to the owner: its status and JSON body;
    None if the owner did not answer (the caller handles it here)."""
    headers = [["content-type", "application/json"]]
    if credential is not None:
        headers.append(["x-seat-credential", credential])
    request = {
        "method": "POST",
        "path": path,
        "query": "",
        "headers": headers,
        "body": base64.b64encode(json.dumps(body).encode()).decode(),
        "client": list(client) if client else None,
    }
    try:
        reply = await affinity.relay.request(owner, "http", **request)
    except RelayError:
        affinity.forget(table_of(path) or "")
        return None
    metrics.FORWARDED.labels("socket").inc()
    return reply["status"], json.loads(base64.b64decode(reply["body"]))
