"""Observation pieces the Collectable Monster games share, from a seat's view (see
bodoge.engine.observe): card codes, seats counted from the observer, counts of cards, and the
pyramids, scores, seats to move, winners and options as numbers.

Seats are listed relative to the observing seat: "seat +0" is the observer, "+1" the next seat
clockwise, and so on (a spectator observes as seat 0 would sit), so one policy can play any seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bodoge.engine.observe import Piece, View, one_hot, relative_seat, scaled
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import CARD_COUNT, FULL_COUNTS, KEYS, MIMIC

CODE = {key: code for code, key in enumerate(KEYS)}
Fill = Callable[[View, list[float]], None]  # a piece's filler
SPECIES = MIMIC  # 15 species; the Mimic is code 15
DIE = 6


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


def per_seat(view: View, block: list[float], values: Sequence[float], top: float) -> None:
    """Seat s's value scaled by `top`, at its position relative to the observer."""
    for seat, value in enumerate(values):
        block[relative_seat(view, seat)] = scaled(value, top)


def counts(block: list[float], keys: Sequence[str], copies: Sequence[int], offset: int = 0) -> None:
    """How many of each card code `keys` hold, each by its number of copies."""
    for key in keys:
        block[offset + CODE[key]] += 1.0 / copies[CODE[key]]


def pyramid_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat, pyramid in enumerate(view["pyramids"]):
            base = relative_seat(view, seat) * P.SLOTS * CARDS
            for label, key in pyramid.items():
                slot = P.parse_slot(label)
                assert slot is not None, f"no slot {label}"
                block[base + slot * CARDS + CODE[key]] = 1.0

    meaning = (
        "1 if seat +s's pyramid holds card c in slot k (slots from the top: 1.1, 2.1, 2.2, ... "
        f"5.5; {CARD_ORDER}); all zeros: the slot is empty"
    )
    return Piece("pyramids", (players, P.SLOTS, CARDS), meaning, fill)


def score_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat, score in enumerate(view["scores"]):
            block[relative_seat(view, seat)] = scaled(score - SCORE_LOW, SCORE_SPAN)

    meaning = (
        f"(score - ({SCORE_LOW})) / {SCORE_SPAN}: seat +s's pyramid score placed within its "
        f"range {SCORE_LOW}..{SCORE_HIGH}"
    )
    return Piece("scores", (players,), meaning, fill)


def winners_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat in (view["result"] or {}).get("winners", []):
            one_hot(block, relative_seat(view, seat))

    return Piece("winners", (players,), "1 if the game is over and seat +s is a winner", fill)


def to_move_piece(players: int) -> Piece:
    def fill(view: View, block: list[float]) -> None:
        for seat in view["pending"]:
            one_hot(block, relative_seat(view, seat))

    return Piece("to_move", (players,), "1 if seat +s is to decide", fill)


def one_of(name: str, choices: Sequence[str], key: str, what: str, note: str = "") -> Piece:
    """A one-hot of view[key] among `choices` (all zeros for anything else, such as None)."""

    def fill(view: View, block: list[float]) -> None:
        if view[key] in choices:
            block[choices.index(view[key])] = 1.0

    listed = ", ".join(choices)
    return Piece(name, (len(choices),), f"1 at the {what} ({listed}, in that order){note}", fill)


def options_piece(flags: Sequence[tuple[str, str]]) -> Piece:
    """One number per option: 1 if the option has the named value."""

    def fill(view: View, block: list[float]) -> None:
        for i, (name, value) in enumerate(flags):
            block[i] = float(view["options"].get(name) == value)

    said = "; ".join(f"{i}: 1 if {name} is {value}" for i, (name, value) in enumerate(flags))
    return Piece("options", (len(flags),), f"the rules played ({said})", fill)
