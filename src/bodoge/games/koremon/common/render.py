"""Terminal text shared by the Koremon games, in English or Japanese: seats, cards and collection
pyramids (each game's own words and table are in its `render.py`).

The action notations (`bid:25`, `place:goblin@5.3`, `roll`, `play:mimic=golem`, ...) are the same
in both languages: they are what the player types.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bodoge.engine.langs import LANGS
from bodoge.engine.text import terminal_texts
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC
from bodoge.games.koremon.common.words import card, rank_of

if TYPE_CHECKING:
    from bodoge.games.koremon.common.deck import Deck

CELL = 12  # wide enough for "[Lizardman]"
CELL_JA = 15  # terminal columns: "[ケンタウロス]" takes 14

LABELS = {
    "en": {
        "none": "none",
        "list_sep": ", ",
        "empty": "{title} | pyramid empty",
        "pyramid": "{title} | {score:point|points}, {count}/15 cards",
        "seat": "seat {seat}",
        "you": " (you)",
    },
    "ja": {
        "none": "なし",
        "list_sep": "、",
        "empty": "{title} | ピラミッドは空",
        "pyramid": "{title} | {score}点、{count}/15枚",
        "seat": "席{seat}",
        "you": "（あなた）",
    },
}


terminal_texts(LABELS)  # seats counted from 1, counts with their nouns


def language(lang: str) -> str:
    """`lang` if the Koremon games speak it, else English."""
    return lang if lang in LANGS else "en"


def width(text: str) -> int:
    """Terminal columns of `text` (a Japanese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int) -> str:
    """`text` padded on the right to `columns` terminal columns."""
    return text + " " * max(0, columns - width(text))


def center(text: str, columns: int) -> str:
    """`text` centred in `columns` terminal columns, as `str.center` does for plain ASCII."""
    extra = columns - width(text)
    if extra <= 0:
        return text
    left = extra // 2 + (extra & columns & 1)  # str.center's rounding
    return " " * left + text + " " * (extra - left)


def seat_list(seats: Sequence[int], lang: str) -> str:
    """ "seat 1, seat 3" / "席1、席3", counted from 1 as in the rest of the terminal's text."""
    text = LABELS[language(lang)]
    return text["list_sep"].join(text["seat"].format(seat=s) for s in seats) or text["none"]


def card_label(code: int, lang: str = "en", deck: Deck | None = None) -> str:
    """Both names and the rank, like Griffin/グリフォン(2), or in Japanese グリフォン(2); a Mimic
    has no rank; "-": no card. Names and ranks are `deck`'s (bodoge's list if None)."""
    if code < 0:
        return "-"
    ja = card(code, "ja", deck)
    names = ja if lang == "ja" else f"{card(code, 'en', deck)}/{ja}"
    return names if code == MIMIC else f"{names}({rank_of(code, deck)})"


def card_list(cards: Iterable[int], lang: str = "en", deck: Deck | None = None) -> str:
    text = LABELS[language(lang)]
    return text["list_sep"].join(card_label(code, lang, deck) for code in cards) or text["none"]


def pyramid_lines(pyramid: Sequence[int], lang: str = "en", deck: Deck | None = None) -> list[str]:
    """The pyramid as five centred rows, top first; empty slots show their label ("5.3")."""
    cell = CELL_JA if lang == "ja" else CELL
    lines = []
    for row in range(1, P.ROWS + 1):
        cells = []
        for slot in P.ROW_SLOTS[row]:
            code = pyramid[slot]
            text = f"[{card(code, lang, deck)}]" if code >= 0 else f"·{P.SLOT_LABELS[slot]}·"
            cells.append(center(text, cell))
        lines.append(" " * ((P.ROWS - row) * cell // 2) + "".join(cells).rstrip())
    return lines


def pyramid_block(
    title: str, pyramid: Sequence[int], lang: str = "en", deck: Deck | None = None
) -> str:
    """A titled pyramid with its score; an empty pyramid takes one line."""
    text = LABELS[language(lang)]
    if P.count(pyramid) == 0:
        return text["empty"].format(title=title)
    tables = P.BUILTIN if deck is None else P.tables(deck)
    score = P.score(pyramid, tables)
    head = text["pyramid"].format(title=title, score=score, count=P.count(pyramid))
    return "\n".join([head, *("  " + line for line in pyramid_lines(pyramid, lang, deck))])
