"""Monster Auction's fixed public components for a client's drawing (see `common.public`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.games.koremon.auction.codes import MONEY, ROUND_CARDS, ROUNDS
from bodoge.games.koremon.auction.render import AUCTION
from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common.public import (
    cards,
    choice_words,
    option,
    pyramid,
    pyramid_points,
    ranks,
    status_words,
)
from bodoge.games.koremon.common.words import both


def content(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    payment = option(AuctionState, options, "payment")
    mimics = option(AuctionState, options, "mimics_placeable") == "yes"
    deck = deck_mod.deck_of(options)
    return {
        "game": AuctionState.info.id,
        "title": both(AuctionState.info.title_en, AuctionState.info.title_ja),
        "players": players,
        "cards": cards(dict(enumerate(deck.copies)), lambda code: pyramid_points(code, deck), deck),
        "deck_size": len(deck.full_deck()),
        "ranks": ranks(deck),
        "pyramid": pyramid(mimics),
        "money": MONEY,
        "rounds": ROUNDS,
        "table_size": ROUND_CARDS,
        "payment": payment,
        "payment_rule": choice_words(AuctionState, "payment", payment),
        "status": status_words(AUCTION, ("bidding", "sealed", "placing", "waiting", "out")),
    }
