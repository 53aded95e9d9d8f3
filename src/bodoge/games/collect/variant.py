"""Collect! variants: the counts per animal as data (see `bodoge.engine.variants`).

A variant has one section, `animals` (the counts of `data/animals.toml`):

    [[animals.animal]]
    key = "crocodile"
    count = 10

one table per animal, all eight; a variant without the section is bodoge's deck. The check is
the engine's bounds, then `content.problems`: the very checks the built-in file passes.

What bounds a game's length (enforced, not proved): the rules alone bound none, the built-in
cards included (a crocodile may put a card back on a deck every turn), and some counts make
rounds that nearly never end (ten cards among four players: drawn round after drawn round;
random games of it did not end in 200,000 decisions). So a variant's game ends, nobody winning,
at the first turn that would begin after `content.VARIANT_PLIES` (20,000) decisions; a turn
itself is bounded (its parrot chain plays a parrot from a deck at each link). Bot games of the
built-in cards take 100-800 decisions, and the built-in game keeps the published rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.variants import (
    Problem,
    VariantError,
    VariantKit,
    check_bounds,
    content_options,
    installed_data_of,
    refuse,
)
from bodoge.games.collect import content
from bodoge.games.collect.animals import ANIMALS, KEYS

SECTIONS = ("animals",)


def builtin() -> dict[str, Any]:
    """bodoge's own counts in the variant format (what the studio starts from)."""
    return {"animals": content.builtin_section()}


def check(data: Mapping[str, Any]) -> None:
    """Refuse what the game would refuse, and what no variant may be (VariantError)."""
    if not isinstance(data, Mapping):
        raise refuse("content", "must be a table of sections", "セクションの表でなければなりません")
    check_bounds(data)
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise refuse(
            unknown[0],
            f"is not a section (sections: {', '.join(SECTIONS)})",
            f"セクションではありません（セクション：{', '.join(SECTIONS)}）",
        )
    if "animals" in data:
        found = content.problems(data["animals"])
        if found:
            raise VariantError(found)


# a game of the checked variant's options, installed in this process; the data they name
options = content_options(content.install, check)
data_of = installed_data_of(content.installed_data)


def _counts(data: Mapping[str, Any]) -> dict[str, int]:
    section = data.get("animals", content.builtin_section())
    return {str(item["key"]): int(item["count"]) for item in section["animal"]}


def differences(base: Mapping[str, Any], other: Mapping[str, Any]) -> list[Problem]:
    """What `other` changes of `base`: one line per animal whose count differs, and the total."""
    a, b = _counts(base), _counts(other)
    listed = other.get("animals", content.builtin_section())["animal"]
    index = {str(item["key"]): i for i, item in enumerate(listed)}  # the field of `other`
    lines: list[Problem] = []
    for code, key in enumerate(KEYS):
        if a.get(key) != b.get(key):
            animal = ANIMALS[code]
            lines.append(
                Problem(
                    f"animals.animal[{index.get(key, code)}].count",
                    f"{animal.en}: {a.get(key)} → {b.get(key)} cards",
                    f"{animal.ja}：{a.get(key)}枚 → {b.get(key)}枚",
                )
            )
    total_a, total_b = sum(a.values()), sum(b.values())
    if total_a != total_b:
        lines.append(
            Problem(
                "animals.animal",
                f"in all: {total_a} → {total_b} cards (decks A and B of {total_b // 2} each)",
                f"合計：{total_a}枚 → {total_b}枚（デッキA・Bは各{total_b // 2}枚）",
            )
        )
    return lines


KIT = VariantKit(
    builtin=builtin,
    check=check,
    options=options,
    differences=differences,
    data_of=data_of,
    sections=SECTIONS,
    length_bound=(
        "enforced: a variant's game ends, nobody winning, at the first turn that would begin "
        f"after {content.VARIANT_PLIES} decisions (the rules alone bound no game's length, and "
        "some counts make rounds that nearly never end); a turn is itself bounded, as each link "
        "of a parrot chain plays a parrot from a deck"
    ),
)
