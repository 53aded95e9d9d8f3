"""Terminal text shared by the Koremon games: cards and collection pyramids."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bodoge.games.koremon import pyramid as P
from bodoge.games.koremon.cards import MIMIC, RANK, card_name

CELL = 12  # wide enough for "[Lizardman]"


def card_label(card: int) -> str:
    """Both names and the rank, like Griffin/グリフォン(2); a Mimic has no rank; "-": no card."""
    if card < 0:
        return "-"
    names = f"{card_name(card)}/{card_name(card, 'ja')}"
    return names if card == MIMIC else f"{names}({RANK[card]})"


def card_list(cards: Iterable[int]) -> str:
    return ", ".join(card_label(card) for card in cards) or "none"


def pyramid_lines(pyramid: Sequence[int]) -> list[str]:
    """The pyramid as five centred rows, top first; empty slots show their label ("5.3")."""
    lines = []
    for row in range(1, P.ROWS + 1):
        cells = []
        for slot in P.ROW_SLOTS[row]:
            card = pyramid[slot]
            text = f"[{card_name(card)}]" if card >= 0 else f"·{P.SLOT_LABELS[slot]}·"
            cells.append(text.center(CELL))
        lines.append(" " * ((P.ROWS - row) * CELL // 2) + "".join(cells).rstrip())
    return lines


def pyramid_block(title: str, pyramid: Sequence[int]) -> str:
    """A titled pyramid with its score; an empty pyramid takes one line."""
    if P.count(pyramid) == 0:
        return f"{title} | pyramid empty"
    head = f"{title} | {P.score(pyramid)} points, {P.count(pyramid)}/15 cards"
    return "\n".join([head, *("  " + line for line in pyramid_lines(pyramid))])
