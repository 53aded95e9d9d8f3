"""The Collectable Monster card set, shared by the four Koremon games.

A card is an int: 0..14 a species in `data/cards.toml` order (rank 1 first), 15 (`MIMIC`) a Mimic.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any, NamedTuple

from bodoge.engine.errors import ContentError, InvalidState
from bodoge.engine.rng import Rng


class Species(NamedTuple):
    key: str
    rank: int
    en: str
    ja: str


def _load() -> tuple[tuple[Species, ...], Species, int, int]:
    name = "cards.toml"
    data = tomllib.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))
    species = []
    for number, item in enumerate(data.get("species", [])):
        missing = {"key", "rank", "en", "ja"} - set(item)
        if missing:
            raise ContentError(f"{name}: species #{number + 1} lacks {', '.join(sorted(missing))}")
        if not isinstance(item["rank"], int) or not 1 <= item["rank"] <= 5:
            raise ContentError(
                f"{name}: species {item['key']!r} has rank {item['rank']!r}, not 1-5"
            )
        species.append(Species(item["key"], item["rank"], item["en"], item["ja"]))
    if [s.rank for s in species] != sorted(s.rank for s in species):
        raise ContentError(f"{name}: species must be listed from rank 1 to rank 5")
    if len({s.key for s in species}) != len(species):
        raise ContentError(f"{name}: species keys must be unique")
    mimic = data["mimic"]
    # the games other than Trick the Monster read one count for every species (5 built in)
    copies = {int(item["count"]) for item in data["species"]}
    if len(copies) != 1:
        raise ContentError(f"{name}: every species has the same count")
    return (
        tuple(species),
        Species(mimic["key"], 0, mimic["en"], mimic["ja"]),
        copies.pop(),
        int(mimic["count"]),
    )


SPECIES, MIMIC_INFO, COPIES, MIMIC_COUNT = _load()
_MASK = (1 << 64) - 1
MIMIC = len(SPECIES)  # the Mimic's card code
CARD_COUNT = len(SPECIES) + 1
RANK = (*(s.rank for s in SPECIES), 0)  # rank of each card code; 0 for the Mimic
_BY_KEY = {s.key: code for code, s in enumerate(SPECIES)} | {MIMIC_INFO.key: MIMIC}
_BY_KEY |= {s.ja: code for code, s in enumerate(SPECIES)} | {MIMIC_INFO.ja: MIMIC}
KEYS = (*(s.key for s in SPECIES), MIMIC_INFO.key)  # card code -> key, for hot paths


def info(card: int) -> Species:
    return MIMIC_INFO if card == MIMIC else SPECIES[card]


def card_key(card: int) -> str:
    return KEYS[card]


def card_name(card: int, lang: str = "en") -> str:
    return info(card).ja if lang == "ja" else info(card).en


def parse_card(text: str) -> int | None:
    """The card code for a key ("dragon", "mimic", any case) or a Japanese name ("ドラゴン");
    None if there is none."""
    return _BY_KEY.get(text.strip().lower())


def species_of_rank(rank: int) -> list[int]:
    return [code for code, s in enumerate(SPECIES) if s.rank == rank]


def full_deck() -> list[int]:
    """The 90-card deck: every species `COPIES` times and the Mimics (unshuffled)."""
    return list(_FULL_DECK)


_FULL_DECK = (
    *(code for code in range(len(SPECIES)) for _ in range(COPIES)),
    *[MIMIC] * MIMIC_COUNT,
)


def trick_deck() -> list[int]:
    """Trick the Monster's 60 cards: two of each species removed, all Mimics kept."""
    return [code for code in range(len(SPECIES)) for _ in range(COPIES - 2)] + [MIMIC] * MIMIC_COUNT


def evolution_set() -> list[int]:
    """Monster Evolution's 15 cards: one of each species, no Mimic."""
    return list(range(len(SPECIES)))


# ---- state JSON helpers shared by the Koremon games ----------------------------------------


def read_card(key: object, where: str) -> int:
    """The card a state JSON names (its key); InvalidState naming `where` if it names none."""
    card = parse_card(key) if isinstance(key, str) else None
    if card is None:
        raise InvalidState(f"{where}: {key!r} is no card")
    return card


def read_list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise InvalidState(f"{key} must be a list")
    return value


def read_int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidState(f"{key} must be a whole number {low}..{high}, not {value!r}")
    return value


def read_seat(value: Any, players: int, field: str) -> int:
    """A seat a state JSON names; InvalidState naming `field` if it is none of 0..players-1."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise InvalidState(f"{field} must be a seat 0-{players - 1}, not {value!r}")
    return value


def card_counts(cards: Iterable[int]) -> list[int]:
    """How many of each card code `cards` hold (-1, an empty place, ignored)."""
    counts = [0] * CARD_COUNT
    for card in cards:
        if card >= 0:
            counts[card] += 1
    return counts


def check_cards(counts: Sequence[int], expected: Sequence[int]) -> None:
    """InvalidState naming every card whose count (per card code) differs from `expected`'s:
    "cards do not add up: 1 Dragon missing, 2 Goblin too many"."""
    wrong = []
    for card, (have, want) in enumerate(zip(counts, expected, strict=True)):
        if have < want:
            wrong.append(f"{want - have} {card_name(card)} missing")
        elif have > want:
            wrong.append(f"{have - want} {card_name(card)} too many")
    if wrong:
        raise InvalidState(f"cards do not add up: {', '.join(wrong)}")


FULL_COUNTS = tuple(card_counts(full_deck()))  # the 90-card deck, per card code


def shuffled_deck(cards: list[int], rng: Rng) -> None:
    """Shuffle `cards` in place (Fisher-Yates) from `rng`, advancing it.

    The same SplitMix64 stream as `Rng.next64`, inlined, with Lemire's multiply-shift for the
    index (bias below 2**-57 for 90 cards): a deal is most of a random playout's cost in these
    short games, and this is about four times faster than `Rng.shuffle`.
    """
    state = rng.state
    for i in range(len(cards) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        cards[i], cards[j] = cards[j], cards[i]
    rng.state = state
