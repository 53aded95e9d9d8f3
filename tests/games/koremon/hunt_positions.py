"""A hand-written Hunt the Monster position shared by the hunt, heuristic and playout tests."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bodoge.engine import Rng
from bodoge.games.koremon.common.cards import card_key, full_deck
from bodoge.games.koremon.hunt.rules import HuntState

ALL_CARDS = Counter(card_key(card) for card in full_deck())
BOTTOM = {"5.1": "slime", "5.2": "goblin", "5.3": "kobold", "5.4": "skeleton", "5.5": "bat"}
ALMOST_FULL = {
    **BOTTOM,
    **{"4.1": "orc", "4.2": "harpy", "4.3": "lizardman", "4.4": "werewolf"},
    **{"3.1": "golem", "3.2": "centaur", "3.3": "mermaid"},
    **{"2.1": "griffin", "2.2": "vampire"},
}


def die_rng(*dice: int) -> int:
    """A generator state whose next rolls of one die are `dice`."""
    for state in range(100_000):
        rng = Rng(state)
        if all(rng.randint(1, 6) == die for die in dice):
            return state
    raise AssertionError(dice)


def hunt(dice: tuple[int, ...] = (), rest: str = "deck", **fields: Any) -> HuntState:
    """A 3-player state: the given fields over a default position, the next rolls `dice`.

    A state holds all 90 cards: the cards no field names go below the named `deck` cards, or
    with `rest="discard"` first in the discard (renewed rings, six cards each: the count must
    come out whole). `ply` and `die` default to the fewest decisions that placed the pyramids'
    cards (a roll and a placement each, and the roll of a card waiting to be placed) and a last
    roll of 1 (0 before the first roll)."""
    data: dict[str, Any] = {
        "game": "koremon_hunt",
        "players": 3,
        "seed": 7,
        "rng": die_rng(*dice) if dice else 0,
        "deck": ["orc", "bat", "mimic"],
        "ring": ["slime", "goblin", "dragon", "kobold", "mimic", "griffin"],
        "discard": [],
        "piece": 1,
        "pyramids": [{}, {}, {}],
        "turn": 0,
        "phase": "roll",
        "end": None,
    }
    data.update(fields)
    # Fields a test makes malformed (to see them refused) are left as they are.
    places = [data[key] for key in ("deck", "ring", "discard") if isinstance(data[key], list)]
    places += [list(pyr.values()) for pyr in data["pyramids"] if isinstance(pyr, dict)]
    named = Counter(key for place in places for key in place if isinstance(key, str))
    unnamed = sorted((ALL_CARDS - named).elements())
    if rest == "deck":
        data["deck"] = [*data["deck"], *unnamed]
    else:
        data["discard"] = [*unnamed, *data["discard"]]
    placed = sum(len(pyramid) for pyramid in data["pyramids"] if isinstance(pyramid, dict))
    data.setdefault("ply", 2 * placed + (data["phase"] == "place"))
    data.setdefault("die", 1 if data["ply"] else 0)
    return HuntState.from_json(json.loads(json.dumps(data)))
