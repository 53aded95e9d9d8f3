"""Trick the Monster's deck and names, shared by the rules, the JSON and the public content: the
60-card deck, the card keys and the names a player may type, the seed's three ways to decide a
trick, and a hand's species as a bit mask."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress

from bodoge.games.koremon.common.cards import CARD_COUNT, MIMIC, card_key, card_name, trick_deck

SPECIES_COUNT = MIMIC  # species codes are 0..MIMIC-1
SPECIES = range(SPECIES_COUNT)
KEYS = tuple(card_key(card) for card in range(CARD_COUNT))
DECK = trick_deck()
DECK_COUNTS = tuple(DECK.count(c) for c in range(CARD_COUNT))
RULE_NAMES = {
    1: ("most cards of one species", "最も枚数が多いモンスター"),
    2: ("most cards of one rank", "最も枚数が多いランク"),
    3: ("smallest rank number", "最もランクの数字が小さいカード"),
}
# Names a player may type for a card: key, English and Japanese name.
CARD_BY_NAME = {
    name: code
    for code in range(CARD_COUNT)
    for name in (card_key(code), card_name(code, "en").lower(), card_name(code, "ja"))
}
_SPECIES_BITS = tuple(1 << species for species in SPECIES)


def held_species(hand: list[int]) -> int:
    """The bit mask of the species (not Mimics) `hand` holds."""
    return sum(compress(_SPECIES_BITS, hand))


def species_mask(species: Iterable[int]) -> int:
    mask = 0
    for each in species:
        mask |= 1 << each
    return mask
