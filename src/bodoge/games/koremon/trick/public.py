"""Trick the Monster's fixed public components for a client's drawing (see `common.public`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common.public import cards, option, ranks
from bodoge.games.koremon.common.words import both
from bodoge.games.koremon.trick.codes import RULE_NAMES
from bodoge.games.koremon.trick.rules import TrickState
from bodoge.games.koremon.trick.tricks import FACE_UP_POINTS


def content(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    deck = deck_mod.deck_of(options)
    cards_dealt = deck.trick_deck()
    copies: dict[int, int] = {}
    for code in cards_dealt:
        copies[code] = copies.get(code, 0) + 1
    games = 2 if players == 3 else 1
    return {
        "game": TrickState.info.id,
        "title": both(TrickState.info.title_en, TrickState.info.title_ja),
        "players": players,
        "cards": cards(copies, deck.points.__getitem__, deck),
        "deck_size": len(cards_dealt),
        "ranks": ranks(deck),
        "games": games,
        "hand_size": len(cards_dealt) // games // players,
        "face_up_points": FACE_UP_POINTS,
        "mimic_lead": option(TrickState, options, "mimic_lead"),
        "rules": {str(rule): both(en, ja) for rule, (en, ja) in RULE_NAMES.items()},
    }
