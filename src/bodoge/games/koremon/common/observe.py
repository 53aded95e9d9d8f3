"""Observations of the Collectable Monster games, from a seat's view (see bodoge.engine.observe).

Seats are listed relative to the observing seat: "seat +0" is the observer, "+1" the next seat
clockwise, and so on (a spectator observes as seat 0 would sit), so one policy can play any seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot, scaled
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import (
    CARD_COUNT,
    FULL_COUNTS,
    KEYS,
    MIMIC,
    card_counts,
    trick_deck,
)
from bodoge.games.koremon.trick.tricks import ACTIONS, FACE_UP_POINTS, LEAD_MIMIC, NAMED, POINTS

_CODE = {key: code for code, key in enumerate(KEYS)}
Fill = Callable[[View, list[float]], None]  # a piece's filler
SPECIES = MIMIC  # 15 species; the Mimic is code 15
DIE = 6


def _relative(view: View, seat: int | None) -> int:
    """The position of `seat` counted clockwise from the observer (-1 for none)."""
    if seat is None:
        return -1
    me: int = view["seat"] or 0
    players: int = view["players"]
    return (seat - me) % players


def evolution_observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Monster Evolution: who holds which monster, the supply, whose turn, the dice."""

    def holds(view: View, block: list[float]) -> None:
        for seat, key in enumerate(view["holds"]):
            one_hot(block, _CODE[key], _relative(view, seat) * SPECIES)

    def supply(view: View, block: list[float]) -> None:
        for key in view["supply"]:
            one_hot(block, _CODE[key])

    def to_move(view: View, block: list[float]) -> None:
        for seat in view["pending"]:
            one_hot(block, _relative(view, seat))

    def choosing(view: View, block: list[float]) -> None:
        one_hot(block, (view["choosing_rank"] or 0) - 1)

    def dice(view: View, block: list[float]) -> None:
        for number, face in enumerate(view["dice"]):
            one_hot(block, face - 1, number * DIE)

    def roller(view: View, block: list[float]) -> None:
        one_hot(block, _relative(view, view["last_roller"]))

    def winner(view: View, block: list[float]) -> None:
        one_hot(block, _relative(view, view["winner"]))

    return Observer(
        [
            Piece("holds", (players, SPECIES), "1 if seat +s holds species c (seats from the "
                  "observer clockwise; species in cards.toml order, Dragon first)", holds),
            Piece("supply", (SPECIES,), "1 if species c is in the supply", supply),
            Piece("to_move", (players,), "1 if seat +s is to decide", to_move),
            Piece("choosing_rank", (5,), "1 at r-1 if the mover is choosing a monster of rank r",
                  choosing),
            Piece("dice", (2, DIE), "1 at face-1 of each die of the last roll", dice),
            Piece("last_roller", (players,), "1 if seat +s rolled last", roller),
            Piece("winner", (players,), "1 if seat +s has won (holds the Dragon)", winner),
        ]
    )  # fmt: skip


# ---- shared by Monster Auction, Hunt the Monster and Trick the Monster -----------------------

CARDS = CARD_COUNT  # 16 card codes: the 15 species in cards.toml order, then the Mimic (15)
CARD_ORDER = f"c: 0 {KEYS[0]} ... {MIMIC - 1} {KEYS[MIMIC - 1]} in cards.toml order, {MIMIC} mimic"
SPECIES_ORDER = f"c: 0 {KEYS[0]} ... {MIMIC - 1} {KEYS[MIMIC - 1]} in cards.toml order"
FULL_COPIES = (
    f"its copies in the deck ({FULL_COUNTS[0]}; the Mimic {FULL_COUNTS[MIMIC]}); {CARD_ORDER}"
)
# A pyramid's score lies between all Mimics (-2 each, full: +5) and the best monster in each slot.
SCORE_LOW = P.MIMIC_SCORE * P.SLOTS + P.FULL_BONUS
SCORE_HIGH = sum(6 - row for row in P.ROW_OF) + P.FULL_BONUS
SCORE_SPAN = SCORE_HIGH - SCORE_LOW


def _per_seat(view: View, block: list[float], values: Sequence[float], top: float) -> None:
    """Seat s's value scaled by `top`, at its position relative to the observer."""
    for seat, value in enumerate(values):
        block[_relative(view, seat)] = scaled(value, top)


def _counts(
    block: list[float], keys: Sequence[str], copies: Sequence[int], offset: int = 0
) -> None:
    """How many of each card code `keys` hold, each by its number of copies."""
    for key in keys:
        block[offset + _CODE[key]] += 1.0 / copies[_CODE[key]]


def _pyramid_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat, pyramid in enumerate(view["pyramids"]):
            base = _relative(view, seat) * P.SLOTS * CARDS
            for label, key in pyramid.items():
                slot = P.parse_slot(label)
                assert slot is not None, f"no slot {label}"
                block[base + slot * CARDS + _CODE[key]] = 1.0

    meaning = (
        "1 if seat +s's pyramid holds card c in slot k (slots from the top: 1.1, 2.1, 2.2, ... "
        f"5.5; {CARD_ORDER}); all zeros: the slot is empty"
    )
    return Piece("pyramids", (players, P.SLOTS, CARDS), meaning, fill)


def _score_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat, score in enumerate(view["scores"]):
            block[_relative(view, seat)] = scaled(score - SCORE_LOW, SCORE_SPAN)

    meaning = (
        f"(score - ({SCORE_LOW})) / {SCORE_SPAN}: seat +s's pyramid score placed within its "
        f"range {SCORE_LOW}..{SCORE_HIGH}"
    )
    return Piece("scores", (players,), meaning, fill)


def _winners_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat in (view["result"] or {}).get("winners", []):
            one_hot(block, _relative(view, seat))

    return Piece("winners", (players,), "1 if the game is over and seat +s is a winner", fill)


def _to_move_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat in view["pending"]:
            one_hot(block, _relative(view, seat))

    return Piece("to_move", (players,), "1 if seat +s is to decide", fill)


def _one_of(name: str, choices: Sequence[str], key: str, what: str, note: str = "") -> Piece:
    """A one-hot of view[key] among `choices` (all zeros for anything else, such as None)."""

    def fill(view: View, block: list[float]) -> None:
        if view[key] in choices:
            block[choices.index(view[key])] = 1.0

    listed = ", ".join(choices)
    return Piece(name, (len(choices),), f"1 at the {what} ({listed}, in that order){note}", fill)


def _options_piece(flags: Sequence[tuple[str, str]]) -> Piece:
    """One number per option: 1 if the option has the named value."""

    def fill(view: View, block: list[float]) -> None:
        for i, (name, value) in enumerate(flags):
            block[i] = float(view["options"].get(name) == value)

    said = "; ".join(f"{i}: 1 if {name} is {value}" for i, (name, value) in enumerate(flags))
    return Piece("options", (len(flags),), f"the rules played ({said})", fill)


# ---- Monster Auction -------------------------------------------------------------------------

AUCTION_STATUS = ("bidding", "sealed", "placing", "waiting", "out")


def auction_observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Monster Auction: the round, the six monsters, every seat's money, status, pyramid and
    cards to place, the seat's own bid so far (others' stay hidden until the reveal), the last
    reveal and the discard."""
    from bodoge.games.koremon import auction  # here: the game module imports this one

    rounds, money, size = auction.ROUNDS, auction.MONEY, auction.ROUND_CARDS

    def round_(view: View, block: list[float]) -> None:
        one_hot(block, view["round"] - 1)

    def table(view: View, block: list[float]) -> None:
        for i, key in enumerate(view["table"]):
            block[i * CARDS + _CODE[key]] = 1.0

    def my_bid(view: View, block: list[float]) -> None:
        for i, amount in enumerate(view.get("my_bid") or []):
            block[2 * i] = 1.0
            block[2 * i + 1] = scaled(amount, money)

    def money_(view: View, block: list[float]) -> None:
        _per_seat(view, block, view["money"], money)

    def status(view: View, block: list[float]) -> None:
        for seat, word in enumerate(view["status"]):
            one_hot(block, AUCTION_STATUS.index(word), _relative(view, seat) * len(AUCTION_STATUS))

    def out_round(view: View, block: list[float]) -> None:
        _per_seat(view, block, view["out"], rounds)

    def to_place(view: View, block: list[float]) -> None:
        for seat, keys in enumerate(view["to_place"]):
            _counts(block, keys, [size] * CARDS, _relative(view, seat) * CARDS)

    def discard(view: View, block: list[float]) -> None:
        _counts(block, view["discard"], FULL_COUNTS)

    def deck(view: View, block: list[float]) -> None:
        block[0] = scaled(view["deck_count"], sum(FULL_COUNTS))

    def last_table(view: View, block: list[float]) -> None:
        for i, key in enumerate((view["last_reveal"] or {}).get("cards", [])):
            block[i * CARDS + _CODE[key]] = 1.0

    def last_bids(view: View, block: list[float]) -> None:
        for seat, bid in enumerate((view["last_reveal"] or {}).get("bids", [])):
            for i, amount in enumerate(bid):
                block[_relative(view, seat) * size + i] = scaled(amount, money)

    def last_winners(view: View, block: list[float]) -> None:
        for i, seat in enumerate((view["last_reveal"] or {}).get("winners", [])):
            if seat >= 0:
                block[i * players + _relative(view, seat)] = 1.0

    return Observer(
        [
            _options_piece([("payment", "winner-pays"), ("mimics_placeable", "yes")]),
            Piece("round", (rounds,), f"1 at r-1 in round r (1-{rounds})", round_),
            _one_of("phase", auction.PHASES, "phase", "phase"),
            _to_move_piece(players),
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
            _pyramid_piece(players),
            _score_piece(players),
            Piece("discard", (CARDS,), f"how many of card c are in the discard / {FULL_COPIES}",
                  discard),
            Piece("deck", (1,), f"cards left in the deck / {sum(FULL_COUNTS)}", deck),
            Piece("last_table", (size, CARDS), "1 if monster i of the last revealed round was "
                  f"card c ({CARD_ORDER}); all zeros before the first reveal", last_table),
            Piece("last_bids", (players, size), f"seat +s's amount on monster i at the last "
                  f"reveal / {money} (0 for a seat that was out)", last_bids),
            Piece("last_winners", (size, players), "1 if seat +s won monster i at the last "
                  "reveal (all zeros: nobody, a tie or no positive bid)", last_winners),
            _winners_piece(players),
        ]
    )  # fmt: skip


# ---- Hunt the Monster ------------------------------------------------------------------------


def hunt_observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Hunt the Monster: the ring, the Winhart piece, the last roll, whose turn, every pyramid,
    the deck's size and the discard."""
    from bodoge.games.koremon import hunt  # here: the game module imports this one

    ring_size = hunt.RING

    def ring(view: View, block: list[float]) -> None:
        for position, key in enumerate(view["ring"]):
            if key is not None:
                block[position * CARDS + _CODE[key]] = 1.0

    def piece(view: View, block: list[float]) -> None:
        one_hot(block, view["piece"] - 1)

    def die(view: View, block: list[float]) -> None:
        one_hot(block, view["die"] - 1)

    def deck(view: View, block: list[float]) -> None:
        block[0] = scaled(view["deck_count"], sum(FULL_COUNTS) - ring_size)

    def discard(view: View, block: list[float]) -> None:
        _counts(block, view["discard"], FULL_COUNTS)

    return Observer(
        [
            _options_piece([("mimics_placeable", "yes"), ("dead_ring", "renew")]),
            _one_of("phase", hunt.PHASES, "phase", "phase", "; place: the mover places the "
                    "card under the piece"),
            _to_move_piece(players),
            Piece("ring", (ring_size, CARDS), "1 if ring position p (clockwise from the first "
                  f"card turned) holds card c ({CARD_ORDER}); all zeros: empty", ring),
            Piece("piece", (ring_size,), "1 at the ring position of the Winhart piece", piece),
            Piece("die", (DIE,), "1 at face-1 of the last roll (all zeros before the first)",
                  die),
            _pyramid_piece(players),
            _score_piece(players),
            Piece("deck", (1,), f"cards left in the deck / {sum(FULL_COUNTS) - ring_size}",
                  deck),
            Piece("discard", (CARDS,), "how many of card c are in the discard (renewed rings) "
                  f"/ {FULL_COPIES}", discard),
            _one_of("end", hunt.ENDS[1:], "end", "reason the game ended", "; all zeros while "
                    "it goes on"),
            _winners_piece(players),
        ]
    )  # fmt: skip


# ---- Trick the Monster -----------------------------------------------------------------------


def _play_action(text: str) -> int:
    """The action number of a play as the view writes it ("play:mimic=golem")."""
    name, _, named = text.removeprefix("play:").partition("=")
    if named:
        return NAMED + _CODE[named]
    return LEAD_MIMIC if _CODE[name] == MIMIC else _CODE[name]


def _trick_pieces(prefix: str, key: str, players: int, what: str) -> list[Piece]:
    """Who played what, and what it counts as, card by card in play order."""

    def seats(view: View, block: list[float]) -> None:
        for i, entry in enumerate(view[key]):
            block[i * players + _relative(view, entry["seat"])] = 1.0

    def cards(view: View, block: list[float]) -> None:
        for i, entry in enumerate(view[key]):
            block[i * CARDS + _CODE[entry["card"]]] = 1.0

    def kinds(view: View, block: list[float]) -> None:
        for i, entry in enumerate(view[key]):
            block[i * SPECIES + _CODE[entry["as"]]] = 1.0

    return [
        Piece(f"{prefix}_seat", (players, players), f"1 if card i of {what} (in play order) was "
              "played by seat +s; all zeros: no card i", seats),
        Piece(f"{prefix}_card", (players, CARDS), f"1 if card i of {what} is card c "
              f"({CARD_ORDER})", cards),
        Piece(f"{prefix}_as", (players, SPECIES), f"1 if card i of {what} counts as species c "
              f"(a monster as itself, a Mimic as the species it names; {SPECIES_ORDER})", kinds),
    ]  # fmt: skip


def trick_observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Trick the Monster: the seat's own hand, the trick in progress and the last one, won
    piles, face-up Mimics, the deal's public record of plays, scores and the game number."""
    cards = trick_deck()
    copies = card_counts(cards)
    games = 2 if players == 3 else 1  # three players play the two halves as two games
    deal = len(cards) // games
    hand_top = -(-deal // players)
    low = FACE_UP_POINTS * copies[MIMIC]
    high = sum(points * count for points, count in zip(POINTS, copies, strict=True) if points > 0)
    copies_said = f"its copies in the deck ({copies[0]}; the Mimic {copies[MIMIC]})"

    def game_number(view: View, block: list[float]) -> None:
        one_hot(block, view["game_number"] - 1)

    def seat_of(key: str) -> Fill:
        def fill(view: View, block: list[float]) -> None:
            if view[key] is not None:
                one_hot(block, _relative(view, view[key]))

        return fill

    def seats_in(key: str) -> Fill:
        def fill(view: View, block: list[float]) -> None:
            for seat in view[key]:
                one_hot(block, _relative(view, seat))

        return fill

    def hand(view: View, block: list[float]) -> None:
        _counts(block, view["hand"] or [], copies)

    def hand_sizes(view: View, block: list[float]) -> None:
        _per_seat(view, block, view["hand_sizes"], hand_top)

    def reserve(view: View, block: list[float]) -> None:
        block[0] = scaled(view["reserve_size"], len(cards) - deal)

    def last_rule(view: View, block: list[float]) -> None:
        one_hot(block, (view["last_rule"] or 0) - 1)

    def won(view: View, block: list[float]) -> None:
        for game, piles in enumerate(view["won"]):
            for seat, keys in enumerate(piles):
                _counts(block, keys, copies, (game * players + _relative(view, seat)) * CARDS)

    def face_up(view: View, block: list[float]) -> None:
        for game, row in enumerate(view["face_up"]):
            for seat, count in enumerate(row):
                block[game * players + _relative(view, seat)] = scaled(count, copies[MIMIC])

    def scores(view: View, block: list[float]) -> None:
        for seat, score in enumerate(view["scores"]):
            block[_relative(view, seat)] = scaled(score - low, high - low)

    def played(view: View, block: list[float]) -> None:
        for entry in view["plays"] or []:
            action = _play_action(entry["play"])
            card = action if action < NAMED else MIMIC
            block[_relative(view, entry["seat"]) * CARDS + card] += 1.0 / copies[card]

    def plays(view: View, block: list[float]) -> None:
        width = players + ACTIONS
        for i, entry in enumerate(view["plays"] or []):
            block[i * width + _relative(view, entry["seat"])] = 1.0
            block[i * width + players + _play_action(entry["play"])] = 1.0

    pieces = [
        _options_piece([("mimic_lead", "any-time")]),
        Piece(
            "game_number",
            (games,),
            "1 at g-1 while game g of the match is played (3 players play two 30-card games)",
            game_number,
        ),
        Piece("dealer", (players,), "1 if seat +s dealt this game", seat_of("dealer")),
        Piece("leader", (players,), "1 if seat +s leads the trick in progress", seat_of("leader")),
        _to_move_piece(players),
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
        _winners_piece(players),
    ]  # fmt: skip
    return Observer(pieces)
