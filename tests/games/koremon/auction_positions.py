"""A hand-written Monster Auction position shared by the auction and heuristic tests."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bodoge.games.koremon.auction.codes import ROUND_CARDS
from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.common.cards import card_key, full_deck

BOTTOM = {"5.1": "slime", "5.2": "goblin", "5.3": "kobold", "5.4": "skeleton", "5.5": "bat"}
TABLE = ["slime", "goblin", "orc", "dragon", "mimic", "bat"]
NEXT = ["kobold", "harpy", "golem", "mimic", "vampire", "skeleton"]
ALL_CARDS = Counter(card_key(card) for card in full_deck())


def auction(**fields: Any) -> AuctionState:
    """A 3-player state in round 1's bid phase (the given fields over these defaults).

    A state holds all 90 cards, and after round r the deck holds 90 - 6r: the cards no field
    names fill the deck below `deck` (as its unordered part, unless `deck_unordered` is given),
    and what the deck has no room for was discarded in earlier rounds. `ply` defaults to the
    fewest decisions that reach the position: six amounts from every seat in round 1 and from
    one seat in each later revealed round, plus the cards placed and the amounts written now.
    """
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
    named = Counter([*data["deck"], *data.get("deck_unordered", []), *data["table"]])
    named.update(data["discard"])
    for cards in data["to_place"]:
        named.update(cards)
    for pyramid in data["pyramids"]:
        named.update(pyramid.values())
    rest = sorted((ALL_CARDS - named).elements())
    if "deck_unordered" not in fields:
        room = max(0, sum(ALL_CARDS.values()) - ROUND_CARDS * data["round"] - len(data["deck"]))
        data["deck_unordered"], rest = rest[:room], rest[room:]
    data["discard"] = rest + data["discard"]
    if "ply" not in fields:
        revealed = data["round"] - (data["phase"] == "bid")
        placed = sum(len(pyramid) for pyramid in data["pyramids"])
        money = data["money"]  # may be malformed: a test of its refusal
        written = sum(
            len(bid) for seat, bid in enumerate(data["bids"]) if seat < len(money) and money[seat]
        )
        opening = ROUND_CARDS * (data["players"] + revealed - 1) if revealed else 0
        data["ply"] = opening + placed + written
    return AuctionState.from_json(json.loads(json.dumps(data)))
