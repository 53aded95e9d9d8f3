"""Hunt the Monster's fixed public components for a client's drawing (see `common.public`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common.public import (
    cards,
    option,
    pyramid,
    pyramid_points,
    ranks,
)
from bodoge.games.koremon.common.words import END_WORDS, both
from bodoge.games.koremon.hunt.codes import RING
from bodoge.games.koremon.hunt.rules import HuntState


def content(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    mimics = option(HuntState, options, "mimics_placeable") == "yes"
    dead_ring = option(HuntState, options, "dead_ring")
    deck = deck_mod.deck_of(options)
    return {
        "game": HuntState.info.id,
        "title": both(HuntState.info.title_en, HuntState.info.title_ja),
        "players": players,
        "cards": cards(dict(enumerate(deck.copies)), lambda code: pyramid_points(code, deck), deck),
        "deck_size": len(deck.full_deck()),
        "ranks": ranks(deck),
        "pyramid": pyramid(mimics),
        "ring": {
            "positions": list(range(1, RING + 1)),
            "clockwise": True,
            "start": 1,
            "piece": both("Winhart", "ウィンハルト"),
        },
        "die": {
            "faces": 6,
            "meaning": both(
                "Winhart moves that many cards clockwise; you take the card he lands on",
                "ウィンハルトが出目の数だけ時計回りに進み、止まったカードを取る",
            ),
        },
        "dead_ring": dead_ring,
        "ends": {key: both(*END_WORDS[key]) for key in ("deck", "full", "dead")},
    }
