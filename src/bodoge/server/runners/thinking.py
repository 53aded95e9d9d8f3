"""What a search bot's worker process runs. Kept apart from the server's modules so a worker
imports only the engine, the games and the bots (no web framework, no database)."""

from __future__ import annotations

import hashlib
from typing import Any

from bodoge.ai import make_bot
from bodoge.engine import get_spec, state_from_json


def bot_seed(table_seed: int, seat: int, ply: int) -> int:
    """The seed of a bot's decision at a table's ply: the same table replays the same way."""
    digest = hashlib.sha256(f"{table_seed}:{seat}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def think(
    state_json: dict[str, object],
    seat: int,
    level: str,
    seed: int,
    content: tuple[str, dict[str, Any]] | None = None,
) -> int:
    """A bot's decision for `seat` in the state `state_json` describes; `content` (game, data):
    a variant table's content, installed in this worker first (it travels as data)."""
    if content is not None:
        kit = get_spec(content[0]).variants
        if kit is not None:
            kit.options(content[1])
    return make_bot(level, seed).choose(state_from_json(state_json), seat)
