"""Hunt the Monster's observation, from a seat's view (seats relative to it: `common.observe`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot, scaled
from bodoge.games.koremon.common.cards import FULL_COUNTS
from bodoge.games.koremon.common.observe import (
    CARD_ORDER,
    CARDS,
    CODE,
    DIE,
    FULL_COPIES,
    counts,
    one_of,
    options_piece,
    pyramid_piece,
    score_piece,
    to_move_piece,
    winners_piece,
)
from bodoge.games.koremon.hunt import codes as hunt


def observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Hunt the Monster: the ring, the Winhart piece, the last roll, whose turn, every pyramid,
    the deck's size and the discard."""

    ring_size = hunt.RING

    def ring(view: View, block: list[float]) -> None:
        for position, key in enumerate(view["ring"]):
            if key is not None:
                block[position * CARDS + CODE[key]] = 1.0

    def piece(view: View, block: list[float]) -> None:
        one_hot(block, view["piece"] - 1)

    def die(view: View, block: list[float]) -> None:
        one_hot(block, view["die"] - 1)

    def deck(view: View, block: list[float]) -> None:
        block[0] = scaled(view["deck_count"], sum(FULL_COUNTS) - ring_size)

    def discard(view: View, block: list[float]) -> None:
        counts(block, view["discard"], FULL_COUNTS)

    return Observer(
        [
            options_piece([("mimics_placeable", "yes"), ("dead_ring", "renew")]),
            one_of("phase", hunt.PHASES, "phase", "phase", "; place: the mover places the "
                    "card under the piece"),
            to_move_piece(players),
            Piece("ring", (ring_size, CARDS), "1 if ring position p (clockwise from the first "
                  f"card turned) holds card c ({CARD_ORDER}); all zeros: empty", ring),
            Piece("piece", (ring_size,), "1 at the ring position of the Winhart piece", piece),
            Piece("die", (DIE,), "1 at face-1 of the last roll (all zeros before the first)",
                  die),
            pyramid_piece(players),
            score_piece(players),
            Piece("deck", (1,), f"cards left in the deck / {sum(FULL_COUNTS) - ring_size}",
                  deck),
            Piece("discard", (CARDS,), "how many of card c are in the discard (renewed rings) "
                  f"/ {FULL_COPIES}", discard),
            one_of("end", hunt.ENDS[1:], "end", "reason the game ended", "; all zeros while "
                    "it goes on"),
            winners_piece(players),
        ]
    )  # fmt: skip
