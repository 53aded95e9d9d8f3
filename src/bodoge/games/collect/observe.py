"""Observations of Collect!, from a seat's view (see bodoge.engine.observe).

Seats are listed relative to the observing seat: "seat +0" is the observer, "+1" the next seat
clockwise, and so on (a spectator observes as seat 0 would sit), so one policy can play any seat.
Animals are in animals.toml order (crocodile, crab, monkey, hermit crab, octopus, parrot, lion,
chameleon). Decks and rows are padded to the most cards a deck or a row can hold (64, the most
any content has), so a variant's counts keep the shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot, relative_seat, scaled
from bodoge.games.collect.actions import MAX_ROW
from bodoge.games.collect.animals import CODE, KINDS
from bodoge.games.collect.content import MAX_CARDS
from bodoge.games.collect.phases import DECK_NAMES, HALF_CROWNS, PHASES

UNKNOWN = KINDS  # the deck column of a face-down card whose animal the view does not show
WIN_HALVES = 2  # two half crowns win the game


def collect_observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Collect!: both decks card by card, every row, crowns, the card in play and the step."""
    per_deck = MAX_CARDS * (KINDS + 1)
    per_row = MAX_ROW * KINDS

    def decks(view: View, block: list[float]) -> None:
        for d, name in enumerate(DECK_NAMES):
            for position, card in enumerate(view["decks"][name]["cards"]):
                column = UNKNOWN if card is None else CODE[card]
                block[d * per_deck + position * (KINDS + 1) + column] = 1.0

    def deck_sizes(view: View, block: list[float]) -> None:
        for d, name in enumerate(DECK_NAMES):
            block[d] = scaled(view["decks"][name]["count"], MAX_CARDS)

    def rows(view: View, block: list[float]) -> None:
        for seat, row in enumerate(view["rows"]):
            base = relative_seat(view, seat) * per_row
            for index, card in enumerate(row):
                block[base + index * KINDS + CODE[card]] = 1.0

    def row_lengths(view: View, block: list[float]) -> None:
        for seat, row in enumerate(view["rows"]):
            block[relative_seat(view, seat)] = scaled(len(row), MAX_ROW)

    def half_crowns(view: View, block: list[float]) -> None:
        for seat, count in enumerate(view["crowns"]["half"]):
            block[relative_seat(view, seat)] = scaled(count, WIN_HALVES)

    def half_left(view: View, block: list[float]) -> None:
        block[0] = scaled(view["crowns"]["half_left"], HALF_CROWNS)

    def full_crown(view: View, block: list[float]) -> None:
        one_hot(block, relative_seat(view, view["crowns"]["full"]))

    def to_move(view: View, block: list[float]) -> None:
        for seat in view["pending"]:
            one_hot(block, relative_seat(view, seat))

    def round_start(view: View, block: list[float]) -> None:
        one_hot(block, relative_seat(view, view["round_start"]))

    def phase(view: View, block: list[float]) -> None:
        one_hot(block, PHASES.index(view["phase"]))

    def held(view: View, block: list[float]) -> None:
        if view["held"] is not None:
            one_hot(block, CODE[view["held"]])

    def placed(view: View, block: list[float]) -> None:
        if view["placed"] is not None:
            one_hot(block, view["placed"])

    def target(view: View, block: list[float]) -> None:
        if view["target"] is not None:
            seat, index = view["target"]
            one_hot(block, relative_seat(view, seat) * MAX_ROW + index)

    def named(view: View, block: list[float]) -> None:
        if view["named"] is not None:
            one_hot(block, CODE[view["named"]])

    def extra_turn(view: View, block: list[float]) -> None:
        block[0] = 1.0 if view["extra_turn"] else 0.0

    def chameleons(view: View, block: list[float]) -> None:
        block[0] = scaled(view["chameleons_to_discard"], 2)

    def team_mode(view: View, block: list[float]) -> None:
        block[0] = 1.0 if view["options"]["team_mode"] == "on" else 0.0

    def hidden_cards(view: View, block: list[float]) -> None:
        block[0] = 1.0 if view["options"]["known_cards"] == "hidden" else 0.0

    return Observer(
        [
            Piece("decks", (2, MAX_CARDS, KINDS + 1), "deck d (A, B), position p from the top: "
                  "1 at animal c if that card has been face up and is shown, 1 at column "
                  f"{UNKNOWN} if it is face down and unknown; all 0 past the deck's end", decks),
            Piece("deck_sizes", (2,), f"cards in deck d (A, B) / {MAX_CARDS}", deck_sizes),
            Piece("rows", (players, MAX_ROW, KINDS), "1 if card i (0 = leftmost) of seat +s's row "
                  "is animal c (seats from the observer clockwise)", rows),
            Piece("row_lengths", (players,), f"cards in seat +s's row / {MAX_ROW}", row_lengths),
            Piece("half_crowns", (players,), f"half crowns seat +s holds / {WIN_HALVES}",
                  half_crowns),
            Piece("half_crowns_left", (1,), f"half crowns still to win / {HALF_CROWNS} (at 0 the "
                  "next round wins the full crown)", half_left),
            Piece("full_crown", (players,), "1 if seat +s holds the full crown", full_crown),
            Piece("to_move", (players,), "1 if seat +s is to decide", to_move),
            Piece("round_start", (players,), "1 if seat +s started this round", round_start),
            Piece("phase", (len(PHASES),), "1 at the step being decided: "
                  + ", ".join(PHASES), phase),
            Piece("held", (KINDS,), "1 at the animal of the face-up card in play (revealed, to be "
                  "placed, or the parrot's miss to return)", held),
            Piece("ability_card", (MAX_ROW,), "1 at the position in the mover's row of the card "
                  "whose ability is being offered", placed),
            Piece("ability_target", (players, MAX_ROW), "1 at card i of seat +s's row if the "
                  "crocodile or crab chose it (its deck or new place is being decided)", target),
            Piece("parrot_named", (KINDS,), "1 at the animal the parrot named", named),
            Piece("extra_turn", (1,), "1 if a hermit crab granted the mover another turn",
                  extra_turn),
            Piece("chameleons_to_discard", (1,), "chameleons still to put on a deck bottom / 2",
                  chameleons),
            Piece("team_mode", (1,), "1 if seats 0+2 play against 1+3 (the partner is seat +2)",
                  team_mode),
            Piece("known_cards_hidden", (1,), "1 if cards once face up are not shown again "
                  "(known_cards=hidden: players remember them)", hidden_cards),
        ]
    )  # fmt: skip
