"""The Koremon games' variants: the card list (`deck.py`) as a designer edits it, one format for
the four games (see `bodoge.engine.variants`). Each game's kit adds the checks its deal needs and
says what bounds its length whatever the list."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from bodoge.engine.variants import (
    Problem,
    VariantError,
    VariantKit,
    content_options,
    installed_data_of,
)
from bodoge.games.koremon.common import deck

SECTIONS = ("species", "mimic")
GameCheck = Callable[[Mapping[str, Any]], list[Problem]]  # (a list good for every game) -> more


def builtin() -> dict[str, Any]:
    return copy.deepcopy(deck.builtin_data())


def make_kit(game_check: GameCheck, length_bound: str) -> VariantKit:
    """A Koremon game's kit: the shared checks, then the game's own (`game_check`)."""

    def check(data: Mapping[str, Any]) -> None:
        found = deck.problems_of(data)
        if not found:
            found = game_check(data)
        if found:
            raise VariantError(found)

    return VariantKit(
        builtin=builtin,
        check=check,
        options=content_options(deck.install, check),
        differences=differences,
        data_of=data_of,
        sections=SECTIONS,
        length_bound=length_bound,
    )


data_of = installed_data_of(deck.installed_data)


# (field, English, Japanese) of what a species or the Mimics have that a designer edits
PARTS = (
    ("en", "English name", "英語名"),
    ("ja", "Japanese name", "日本語名"),
    ("rank", "rank", "ランク"),
    ("points", "points", "得点"),
    ("count", "count", "枚数"),
)


def differences(base: Mapping[str, Any], other: Mapping[str, Any]) -> list[Problem]:
    """What `other` changes of `base`: one line per changed species, and one for the Mimics."""
    lines: list[Problem] = []
    a_by = {s.get("key"): s for s in base.get("species", [])}
    for i, b in enumerate(other.get("species", [])):
        a = a_by.get(b.get("key"), {})
        line = _changes(f"species[{i}]", str(b.get("en", b.get("key"))), str(b.get("ja", "")), a, b)
        if line is not None:
            lines.append(line)
    mimic = _changes(
        "mimic", "the Mimics", "ミミック", base.get("mimic", {}), other.get("mimic", {})
    )
    if mimic is not None:
        lines.append(mimic)
    return lines


def _changes(
    field: str, name_en: str, name_ja: str, a: Mapping[str, Any], b: Mapping[str, Any]
) -> Problem | None:
    en, ja = [], []
    for key, part_en, part_ja in PARTS:
        if key in b and a.get(key) != b.get(key):
            en.append(f"{part_en} {a.get(key)} → {b.get(key)}")
            ja.append(f"{part_ja} {a.get(key)} → {b.get(key)}")
    if not en:
        return None
    return Problem(field, f"{name_en}: {', '.join(en)}", f"{name_ja}：{'、'.join(ja)}")


def counts(data: Mapping[str, Any]) -> tuple[list[tuple[int, int]], int]:
    """(index, count) of each species in the list's order, and the Mimics' count, of data the
    shared check passed."""
    return [(i, int(s["count"])) for i, s in enumerate(data["species"])], int(
        data["mimic"]["count"]
    )
