"""Monster Auction's observation, from a seat's view (seats relative to it: `common.observe`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot, relative_seat, scaled
from bodoge.games.koremon.auction import codes as auction
from bodoge.games.koremon.common.cards import FULL_COUNTS
from bodoge.games.koremon.common.observe import (
    CARD_ORDER,
    CARDS,
    CODE,
    FULL_COPIES,
    counts,
    one_of,
    options_piece,
    per_seat,
    pyramid_piece,
    score_piece,
    to_move_piece,
    winners_piece,
)

AUCTION_STATUS = ("bidding", "sealed", "placing", "waiting", "out")


def observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Monster Auction: the round, the six monsters, every seat's money, status, pyramid and
    cards to place, the seat's own bid so far (others' stay hidden until the reveal), the last
    reveal and the discard."""

    rounds, money, size = auction.ROUNDS, auction.MONEY, auction.ROUND_CARDS

    def round_(view: View, block: list[float]) -> None:
        one_hot(block, view["round"] - 1)

    def table(view: View, block: list[float]) -> None:
        for i, key in enumerate(view["table"]):
            block[i * CARDS + CODE[key]] = 1.0

    def my_bid(view: View, block: list[float]) -> None:
        for i, amount in enumerate(view.get("my_bid") or []):
            block[2 * i] = 1.0
            block[2 * i + 1] = scaled(amount, money)

    def money_(view: View, block: list[float]) -> None:
        per_seat(view, block, view["money"], money)

    def status(view: View, block: list[float]) -> None:
        for seat, word in enumerate(view["status"]):
            one_hot(
                block, AUCTION_STATUS.index(word), relative_seat(view, seat) * len(AUCTION_STATUS)
            )

    def out_round(view: View, block: list[float]) -> None:
        per_seat(view, block, view["out"], rounds)

    def to_place(view: View, block: list[float]) -> None:
        for seat, keys in enumerate(view["to_place"]):
            counts(block, keys, [size] * CARDS, relative_seat(view, seat) * CARDS)

    def discard(view: View, block: list[float]) -> None:
        counts(block, view["discard"], FULL_COUNTS)

    def deck(view: View, block: list[float]) -> None:
        block[0] = scaled(view["deck_count"], sum(FULL_COUNTS))

    def last_table(view: View, block: list[float]) -> None:
        for i, key in enumerate((view["last_reveal"] or {}).get("cards", [])):
            block[i * CARDS + CODE[key]] = 1.0

    def last_bids(view: View, block: list[float]) -> None:
        for seat, bid in enumerate((view["last_reveal"] or {}).get("bids", [])):
            for i, amount in enumerate(bid):
                block[relative_seat(view, seat) * size + i] = scaled(amount, money)

    def last_winners(view: View, block: list[float]) -> None:
        for i, seat in enumerate((view["last_reveal"] or {}).get("winners", [])):
            if seat >= 0:
                block[i * players + relative_seat(view, seat)] = 1.0

    return Observer(
        [
            options_piece([("payment", "winner-pays"), ("mimics_placeable", "yes")]),
            Piece("round", (rounds,), f"1 at r-1 in round r (1-{rounds})", round_),
            one_of("phase", auction.PHASES, "phase", "phase"),
            to_move_piece(players),
            Piece("table", (size, CARDS), "1 if monster i of this round's table (bid order) is "
                  f"card c ({CARD_ORDER}); all zeros once revealed", table),
            Piece("my_bid", (size, 2), "for monster i of the table: [1 if the observer has "
                  f"written its amount, the amount / {money}] (the observer's own sealed bid "
                  "so far; others' are hidden until the reveal)", my_bid),
            Piece("money", (players,), f"seat +s's money / {money}", money_),
            Piece("status", (players, len(AUCTION_STATUS)), "1 at seat +s's status ("
                  + ", ".join(AUCTION_STATUS) + ", in that order; sealed: has written all "
                  "its amounts; waiting: has nothing to place)", status),
            Piece("out_round", (players,), f"the round seat +s went out in / {rounds} "
                  "(0: still in the game)", out_round),
            Piece("to_place", (players, CARDS), f"how many of card c seat +s has won and still "
                  f"has to place, / {size} ({CARD_ORDER})", to_place),
            pyramid_piece(players),
            score_piece(players),
            Piece("discard", (CARDS,), f"how many of card c are in the discard / {FULL_COPIES}",
                  discard),
            Piece("deck", (1,), f"cards left in the deck / {sum(FULL_COUNTS)}", deck),
            Piece("last_table", (size, CARDS), "1 if monster i of the last revealed round was "
                  f"card c ({CARD_ORDER}); all zeros before the first reveal", last_table),
            Piece("last_bids", (players, size), f"seat +s's amount on monster i at the last "
                  f"reveal / {money} (0 for a seat that was out)", last_bids),
            Piece("last_winners", (size, players), "1 if seat +s won monster i at the last "
                  "reveal (all zeros: nobody, a tie or no positive bid)", last_winners),
            winners_piece(players),
        ]
    )  # fmt: skip
