"""Trick the Monster's observation, from a seat's view (seats relative to it: `common.observe`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot, relative_seat, scaled
from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common.cards import MIMIC, card_counts
from bodoge.games.koremon.common.observe import (
    CARD_ORDER,
    CARDS,
    CODE,
    SPECIES,
    SPECIES_ORDER,
    Fill,
    counts,
    options_piece,
    per_seat,
    to_move_piece,
    winners_piece,
)
from bodoge.games.koremon.trick.tricks import ACTIONS, FACE_UP_POINTS, LEAD_MIMIC, NAMED


def _play_action(text: str) -> int:
    """The action number of a play as the view writes it ("play:mimic=golem")."""
    name, _, named = text.removeprefix("play:").partition("=")
    if named:
        return NAMED + CODE[named]
    return LEAD_MIMIC if CODE[name] == MIMIC else CODE[name]


def _trick_pieces(prefix: str, key: str, players: int, what: str) -> list[Piece]:
    """Who played what, and what it counts as, card by card in play order."""

    def seats(view: View, block: list[float]) -> None:
        for i, entry in enumerate(view[key]):
            block[i * players + relative_seat(view, entry["seat"])] = 1.0

    def cards(view: View, block: list[float]) -> None:
        for i, entry in enumerate(view[key]):
            block[i * CARDS + CODE[entry["card"]]] = 1.0

    def kinds(view: View, block: list[float]) -> None:
        for i, entry in enumerate(view[key]):
            block[i * SPECIES + CODE[entry["as"]]] = 1.0

    return [
        Piece(f"{prefix}_seat", (players, players), f"1 if card i of {what} (in play order) was "
              "played by seat +s; all zeros: no card i", seats),
        Piece(f"{prefix}_card", (players, CARDS), f"1 if card i of {what} is card c "
              f"({CARD_ORDER})", cards),
        Piece(f"{prefix}_as", (players, SPECIES), f"1 if card i of {what} counts as species c "
              f"(a monster as itself, a Mimic as the species it names; {SPECIES_ORDER})", kinds),
    ]  # fmt: skip


def observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Trick the Monster: the seat's own hand, the trick in progress and the last one, won
    piles, face-up Mimics, the deal's public record of plays, scores and the game number.
    Counts are scaled by the copies, and scores by the range, of the game's card list (its
    `content` option: bodoge's or a variant's)."""
    deck = deck_mod.deck_of(options)
    cards = deck.trick_deck()
    copies = card_counts(cards)
    games = 2 if players == 3 else 1  # three players play the two halves as two games
    deal = len(cards) // games
    hand_top = -(-deal // players)
    # a seat's scores range from every negative card won (the Mimics face up if that costs
    # more) to every positive one: bodoge's list -150..78
    per_card = [*deck.points[:MIMIC], min(FACE_UP_POINTS, deck.points[MIMIC])]
    low = sum(points * count for points, count in zip(per_card, copies, strict=True) if points < 0)
    high = sum(points * count for points, count in zip(per_card, copies, strict=True) if points > 0)
    species = copies[:MIMIC]
    each = (
        str(species[0]) if len(set(species)) == 1 else "by species: " + ", ".join(map(str, species))
    )
    copies_said = f"its copies in the deck ({each}; the Mimic {copies[MIMIC]})"

    def game_number(view: View, block: list[float]) -> None:
        one_hot(block, view["game_number"] - 1)

    def seat_of(key: str) -> Fill:
        def fill(view: View, block: list[float]) -> None:
            if view[key] is not None:
                one_hot(block, relative_seat(view, view[key]))

        return fill

    def seats_in(key: str) -> Fill:
        def fill(view: View, block: list[float]) -> None:
            for seat in view[key]:
                one_hot(block, relative_seat(view, seat))

        return fill

    def hand(view: View, block: list[float]) -> None:
        counts(block, view["hand"] or [], copies)

    def hand_sizes(view: View, block: list[float]) -> None:
        per_seat(view, block, view["hand_sizes"], hand_top)

    def reserve(view: View, block: list[float]) -> None:
        block[0] = scaled(view["reserve_size"], len(cards) - deal)

    def last_rule(view: View, block: list[float]) -> None:
        one_hot(block, (view["last_rule"] or 0) - 1)

    def won(view: View, block: list[float]) -> None:
        for game, piles in enumerate(view["won"]):
            for seat, keys in enumerate(piles):
                counts(block, keys, copies, (game * players + relative_seat(view, seat)) * CARDS)

    def face_up(view: View, block: list[float]) -> None:
        for game, row in enumerate(view["face_up"]):
            for seat, count in enumerate(row):
                block[game * players + relative_seat(view, seat)] = scaled(count, copies[MIMIC])

    def scores(view: View, block: list[float]) -> None:
        for seat, score in enumerate(view["scores"]):
            block[relative_seat(view, seat)] = scaled(score - low, high - low)

    def played(view: View, block: list[float]) -> None:
        for entry in view["plays"] or []:
            action = _play_action(entry["play"])
            card = action if action < NAMED else MIMIC
            block[relative_seat(view, entry["seat"]) * CARDS + card] += 1.0 / copies[card]

    def plays(view: View, block: list[float]) -> None:
        width = players + ACTIONS
        for i, entry in enumerate(view["plays"] or []):
            block[i * width + relative_seat(view, entry["seat"])] = 1.0
            block[i * width + players + _play_action(entry["play"])] = 1.0

    pieces = [
        options_piece([("mimic_lead", "any-time")]),
        Piece(
            "game_number",
            (games,),
            "1 at g-1 while game g of the match is played (3 players play two 30-card games)",
            game_number,
        ),
        Piece("dealer", (players,), "1 if seat +s dealt this game", seat_of("dealer")),
        Piece("leader", (players,), "1 if seat +s leads the trick in progress", seat_of("leader")),
        to_move_piece(players),
        Piece(
            "hand",
            (CARDS,),
            f"how many of card c the observer holds / {copies_said}; {CARD_ORDER}; all zeros "
            "for a spectator",
            hand,
        ),
        Piece("hand_sizes", (players,), f"cards in seat +s's hand / {hand_top}", hand_sizes),
    ]
    if games == 2:
        pieces.append(
            Piece(
                "reserve",
                (1,),
                f"cards of the face-down half kept for game 2 / {len(cards) - deal}",
                reserve,
            )
        )
    pieces += [
        Piece("led_mimics", (players,), "1 if seat +s has led a Mimic into the trick in "
              "progress (taken face up at once)", seats_in("led_mimics")),
        *_trick_pieces("trick", "trick", players, "the trick in progress"),
        *_trick_pieces("last_trick", "last_trick", players, "the last finished trick"),
        Piece("last_winner", (players,), "1 if seat +s won the last finished trick (all zeros: "
              "no trick yet, or it held only led Mimics)", seat_of("last_winner")),
        Piece("last_rule", (3,), "1 at r-1 if the seed's rule r decided the last trick "
              "(1: most cards of one species, 2: of one rank, 3: smallest rank number)",
              last_rule),
        Piece("won", (games, players, CARDS), f"how many of card c seat +s has won in game g / "
              f"{copies_said}; {CARD_ORDER}", won),
        Piece("face_up", (games, players), f"face-up Mimics (-10 each) of seat +s in game g / "
              f"{copies[MIMIC]}", face_up),
        Piece("mimic_only", (players,), "1 if seat +s is known to hold nothing but Mimics (it "
              "led one under mimic_lead only-mimics)", seats_in("mimic_only")),
        Piece("scores", (players,), f"(score - ({low})) / {high - low}: seat +s's total over "
              f"the games so far, placed within its range {low}..{high}", scores),
        Piece("played", (players, CARDS), f"how many of card c seat +s has played this deal / "
              f"{copies_said}; {CARD_ORDER}", played),
        Piece("plays", (deal, players + ACTIONS), "the deal's record, play k in order: 1 at "
              f"seat +s (the first {players} numbers), then 1 at its action a (0-14: that "
              "species; 15+c: a Mimic naming species c; 30: a Mimic led face up); all zeros: "
              "not played yet", plays),
        winners_piece(players),
    ]  # fmt: skip
    return Observer(pieces)
