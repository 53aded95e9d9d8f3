"""Collect! actions: a fixed integer space and its text notation.

| ints        | notation        | decision                                                  |
|-------------|-----------------|-----------------------------------------------------------|
| 0-1         | draw:A draw:B   | reveal the top card of a deck                             |
| 2           | keep            | keep the revealed card                                    |
| 3-4         | return:A / B    | put it face down on that deck, take the other deck's top  |
| 5-6         | left right      | play the card at that end of your row                     |
| 7           | pass            | do not use the ability                                    |
| 8           | use             | use the hermit crab's extra turn                          |
| 9-16        | name:ANIMAL     | the parrot names an animal                                |
| 17-18       | reveal:A / B    | the parrot reveals that deck's top card                   |
| 19-20       | top:A / B       | return the parrot's miss on top of that deck              |
| 21-22       | bottom:A / B    | put a card (crocodile's target, chameleon) on that bottom |
| 23-278      | card:S.I        | choose card I (0 = leftmost) of seat S's row              |
| 279-342     | to:I            | the crab moves its target to position I of that row       |
"""

from __future__ import annotations

from typing import Final

from bodoge.engine.errors import IllegalAction
from bodoge.games.collect.animals import CODE, KEYS, KINDS

DECKS = "AB"
# `Final`, so the compiled build puts the numbers in the code (see phases.py).
MAX_SEATS: Final = 4
MAX_ROW: Final = 64

DRAW: Final = 0
KEEP: Final = 2
RETURN: Final = 3
LEFT: Final = 5
RIGHT: Final = 6
PASS: Final = 7
USE: Final = 8
NAME: Final = 9
REVEAL: Final = NAME + KINDS
TOP: Final = REVEAL + 2
BOTTOM: Final = TOP + 2
CARD: Final = BOTTOM + 2
TO: Final = CARD + MAX_SEATS * MAX_ROW
SIZE: Final = TO + MAX_ROW

_DECK_WORDS = {"draw": DRAW, "return": RETURN, "reveal": REVEAL, "top": TOP, "bottom": BOTTOM}
_SIMPLE = {"keep": KEEP, "left": LEFT, "right": RIGHT, "pass": PASS, "use": USE}


def card_action(seat: int, index: int) -> int:
    return CARD + seat * MAX_ROW + index


def text(action: int) -> str:
    if not 0 <= action < SIZE:
        raise IllegalAction(f"action {action} is outside Collect!'s 0..{SIZE - 1}")
    if action >= TO:
        return f"to:{action - TO}"
    if action >= CARD:
        seat, index = divmod(action - CARD, MAX_ROW)
        return f"card:{seat}.{index}"
    if NAME <= action < REVEAL:
        return f"name:{KEYS[action - NAME]}"
    for word, base in _DECK_WORDS.items():
        if base <= action < base + 2:
            return f"{word}:{DECKS[action - base]}"
    return next(word for word, value in _SIMPLE.items() if value == action)


_DECK_OF = {deck.lower(): index for index, deck in enumerate(DECKS)}  # the parser reads lower case


def parse(notation: str) -> int:
    word, _, arg = notation.partition(":")
    if not arg and word in _SIMPLE:
        return _SIMPLE[word]
    if word in _DECK_WORDS and arg in _DECK_OF:
        return _DECK_WORDS[word] + _DECK_OF[arg]
    if word == "name" and arg in CODE:
        return NAME + CODE[arg]
    try:
        if word == "card":
            seat_text, _, index_text = arg.partition(".")
            seat, index = int(seat_text), int(index_text)
            if 0 <= seat < MAX_SEATS and 0 <= index < MAX_ROW:
                return card_action(seat, index)
        if word == "to" and 0 <= int(arg) < MAX_ROW:
            return TO + int(arg)
    except ValueError:
        pass
    raise IllegalAction(
        f"cannot read action {notation!r} (try draw:A, keep, return:B, left, right, pass, use, "
        "name:lion, reveal:A, top:B, bottom:A, card:SEAT.INDEX, to:INDEX)"
    )
