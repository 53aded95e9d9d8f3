"""Monster Evolution's fixed public components for a client's drawing (see `common.public`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common.cards import SPECIES
from bodoge.games.koremon.common.public import cards, ranks
from bodoge.games.koremon.common.words import both
from bodoge.games.koremon.evolution.rules import EvolutionState


def content(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    deck = deck_mod.load(str(options.get("content", deck_mod.DEFAULT)))
    return {
        "game": EvolutionState.info.id,
        "title": both(EvolutionState.info.title_en, EvolutionState.info.title_ja),
        "players": players,
        "cards": cards(
            {code: 1 for code in range(len(SPECIES))}, lambda code: 6 - deck.rank[code], deck
        ),
        "ranks": ranks(),
        "dice": {
            "count": 2,
            "faces": 6,
            "meaning": both(
                "a total at or under your monster's rank evolves it one rank up; "
                "a double six sets it one rank back (never below rank 5)",
                "合計が持っているモンスターのランク以下なら1つ上のランクに進化、"
                "6のゾロ目なら1つ下のランクに退化（ランク5より下にはならない）",
            ),
        },
        "goal": both(
            "the first to evolve into the Dragon wins", "最初にドラゴンに進化した人の勝ち"
        ),
    }
