"""Collect! as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.games.collect.animals import ANIMALS, KEYS
from bodoge.games.collect.phases import DECK_NAMES, KNOWN, PHASES

if TYPE_CHECKING:
    from bodoge.games.collect.state import CollectState

PROMPTS = {
    "draw": "choose a deck to draw from",
    "keep": "keep the revealed card, or return it and take the other deck's top",
    "place": "play the card at the left or right end of your row",
    "ability": "use the ability of the card just played, or pass",
    "crocodile_deck": "put the chosen card on the bottom of deck A or B",
    "crab_to": "move the chosen card to a new position in its row",
    "parrot_reveal": "reveal the top card of deck A or B",
    "parrot_return": "no match: put the card back on top of deck A or B",
    "chameleon": "two chameleons: put each on the bottom of deck A or B",
    "over": "the game is over",
}


def _deck_line(state: CollectState, deck: int) -> str:
    cards = state.decks[deck]
    shown = state.options["known_cards"] == "shown"
    top_first = [KEYS[c & 7] if shown and c >= KNOWN else "?" for c in reversed(cards)]
    listing = " ".join(top_first) if len(top_first) <= 14 else " ".join(top_first[:14]) + " …"
    return f"  deck {DECK_NAMES[deck]} ({len(cards):2} cards, top first): {listing}"


def render(state: CollectState, seat: int | None) -> str:
    team_mode = state.options["team_mode"] == "on"
    lines = [f"Collect! / コレクト！  round {state.round}  (crowns left: "
             f"{3 - sum(state.half)} half, {'0' if state.full >= 0 else '1'} full)"]  # fmt: skip
    lines += [_deck_line(state, 0), _deck_line(state, 1), ""]
    for other, row in enumerate(state.rows):
        marks = "★" * state.half[other] + ("♛" if state.full == other else "")
        who = "you" if other == seat else f"seat {other}"
        team = f" team {'AB'[other % 2]}" if team_mode else ""
        turn = " ◀ to move" if other == state.active and state.phase != len(PHASES) - 1 else ""
        cards = "  ".join(f"{i}:{ANIMALS[c].en}" for i, c in enumerate(row)) or "(empty)"
        lines.append(f"  {who:7}{team} {marks:3}| {cards}{turn}")
    lines.append("")
    phase = PHASES[state.phase]
    if state.held >= 0:
        lines.append(f"  face up: {ANIMALS[state.held].en} ({ANIMALS[state.held].ja})")
    if state.placed >= 0:
        card = ANIMALS[state.rows[state.active][state.placed]]
        lines.append(f"  {card.en}: {card.ability_en}")
    if state.named >= 0:
        lines.append(f"  parrot named: {ANIMALS[state.named].en}")
    result = state.result()
    if result is not None:
        names = ", ".join(f"seat {w}" for w in result.winners)
        lines.append(f"  winner: {names}")
    else:
        lines.append(f"  seat {state.active}: {PROMPTS[phase]}")
    return "\n".join(lines)
