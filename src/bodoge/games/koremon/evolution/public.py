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
    deck = deck_mod.deck_of(options)
    return {
        "game": EvolutionState.info.id,
        "title": both(EvolutionState.info.title_en, EvolutionState.info.title_ja),
        "players": players,
        "cards": cards(
            {code: 1 for code in range(len(SPECIES))}, lambda code: 6 - deck.rank[code], deck
        ),
        "ranks": ranks(deck),
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
        "goal": goal(deck),
    }


def goal(deck: deck_mod.Deck) -> dict[str, str]:
    """Who wins, naming the list's rank-1 species when it has one (bodoge's: the Dragon)."""
    tops = deck.by_rank[1]  # the check gives rank 1 a species
    if len(tops) > 1:
        return both(
            "the first to evolve into a rank-1 monster wins",
            "最初にランク1のモンスターに進化した人の勝ち",
        )
    return both(
        f"the first to evolve into the {deck.names_en[tops[0]]} wins",
        f"最初に{deck.names_ja[tops[0]]}に進化した人の勝ち",
    )
