"""A hand-written Monster Auction position shared by the auction and heuristic tests."""

from __future__ import annotations

import json
from typing import Any

from bodoge.games.koremon.auction import AuctionState

BOTTOM = {"5.1": "slime", "5.2": "goblin", "5.3": "kobold", "5.4": "skeleton", "5.5": "bat"}
TABLE = ["slime", "goblin", "orc", "dragon", "mimic", "bat"]
NEXT = ["kobold", "harpy", "golem", "mimic", "vampire", "skeleton"]


def auction(**fields: Any) -> AuctionState:
    """A 3-player state in round 1's bid phase (the given fields over these defaults)."""
    data: dict[str, Any] = {
        "game": "koremon_auction",
        "players": 3,
        "seed": 7,
        "rng": 0,
        "round": 1,
        "phase": "bid",
        "deck": NEXT,
        "table": TABLE,
        "discard": [],
        "money": [100, 100, 100],
        "bids": [[], [], []],
        "out": [0, 0, 0],
        "to_place": [[], [], []],
        "pyramids": [{}, {}, {}],
        "last_reveal": None,
    }
    data.update(fields)
    return AuctionState.from_json(json.loads(json.dumps(data)))
