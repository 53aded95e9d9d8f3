"""The Collect! animals, loaded from `data/animals.toml`. A card is its animal's code 0-7.

Each animal's `count` there is the built-in deck (`COUNTS`); a game's own counts are its content
(`content.py`: the built-in ones, or a variant's)."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Final, NamedTuple

from bodoge.engine.errors import ContentError


class Animal(NamedTuple):
    key: str
    en: str
    ja: str
    ability_en: str
    ability_ja: str


def _load() -> tuple[tuple[Animal, ...], tuple[int, ...]]:
    name = "animals.toml"
    text = resources.files("bodoge.games.collect.data").joinpath(name).read_text("utf-8")
    data = tomllib.loads(text)
    animals = []
    counts = []
    for number, item in enumerate(data.get("animal", [])):
        missing = ({*Animal._fields, "count"}) - set(item)
        if missing:
            raise ContentError(f"{name}: animal #{number + 1} lacks {', '.join(sorted(missing))}")
        animals.append(Animal(*(str(item[field]) for field in Animal._fields)))
        counts.append(item["count"])
    keys = [animal.key for animal in animals]
    expected = [
        "crocodile", "crab", "monkey", "hermit_crab", "octopus", "parrot", "lion", "chameleon",
    ]  # fmt: skip
    if keys != expected:
        raise ContentError(f"{name}: the rules need exactly these animals in order: {expected}")
    return tuple(animals), tuple(counts)  # the counts: checked by content.py, as a variant's are


ANIMALS, COUNTS = _load()
# The codes, in the order `_load` checks. `Final`, as the numbers of phases.py are: the compiled
# build puts them in the code instead of looking them up at every use.
CROCODILE: Final = 0
CRAB: Final = 1
MONKEY: Final = 2
HERMIT_CRAB: Final = 3
OCTOPUS: Final = 4
PARROT: Final = 5
LION: Final = 6
CHAMELEON: Final = 7
KINDS: Final = 8  # `_load` refuses any other list of animals
TOTAL_CARDS = sum(COUNTS)  # the built-in deck
KEYS = tuple(animal.key for animal in ANIMALS)
CODE = {key: code for code, key in enumerate(KEYS)}


def name(code: int, lang: str = "en") -> str:
    return ANIMALS[code].ja if lang == "ja" else ANIMALS[code].en
