"""Hunt the Monster's fixed public components for a client's drawing (see `common.public`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.games.koremon.common.cards import full_deck
from bodoge.games.koremon.common.public import (
    cards,
    deck_copies,
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
    return {
        "game": HuntState.info.id,
        "title": both(HuntState.info.title_en, HuntState.info.title_ja),
        "players": players,
        "cards": cards(deck_copies(), pyramid_points),
        "deck_size": len(full_deck()),
        "ranks": ranks(),
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
