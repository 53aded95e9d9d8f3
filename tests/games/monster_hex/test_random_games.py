"""Monster Hex over thousands of random games (issue 3 item 6): every game ends after the right
number of placements, every unit and stone tile is accounted for at every step, no view leaks
a secret, replay and the JSON round-trip are exact."""

from __future__ import annotations

import pytest

from bodoge.engine import State, get_game
from bodoge.games.monster_hex.codes import FACTION, OVER, SHARED
from bodoge.games.monster_hex.content import FACTIONS, UNITS_PER_FACTION
from bodoge.games.monster_hex.rules import MonsterHex
from protocol_checks import check_random_games

MODES = [
    (2, {"shared_faction": "on"}),
    (2, {"shared_faction": "off"}),
    (3, {}),
    (4, {}),
]
WITH_CARDS = {"abilities": "on", "objectives": "on"}
# placements a game makes: rounds x placements per round (RULINGS §2: 8/10/9 rounds)
PLACEMENTS = {(2, "on"): 27, (2, "off"): 18, (3, "on"): 30, (4, "on"): 32}


def conserved(state: State) -> None:
    """Every unit of every faction in play is in exactly one place (board, hand, deck, the unit
    being placed), no other unit exists, and the 8 stone tiles are on a stone, taken, discarded
    or in the box, each once."""
    assert isinstance(state, MonsterHex)
    units = [u for u in state.occ if u >= 0]
    for piles in (state.hands, state.decks, state.sdecks):
        for pile in piles:
            units.extend(pile)
    if state.selected >= 0:
        units.append(state.selected)
    in_play = [f for f in [*state.factions, state.shared] if f >= 0]
    if state.phase not in (FACTION, SHARED):  # dealt
        expected = [f * UNITS_PER_FACTION + t for f in in_play for t in range(UNITS_PER_FACTION)]
        assert sorted(units) == sorted(expected)
    else:
        assert units == []
    cards = [*state.obj_public, *state.obj_deck, *(c for o in state.obj_private for c in o)]
    assert len(cards) == len(set(cards))
    if state.obj_deck or state.obj_public or any(state.obj_private):
        assert sorted(cards) == list(range(len(state.c.objectives)))
    assert all(state.occ[cell] < 0 for cell, n in enumerate(state.petrified) if n)
    tiles = [t for pile in state.site_tiles for t in pile] + state.discarded
    tiles += [t for pile in state.taken for t in pile]
    assert len(tiles) == len(set(tiles))
    assert all(0 <= t < len(state.c.tiles) for t in tiles)
    assert len(state.taken) == FACTIONS
    if state.phase == OVER:
        placed = sum(1 for u in state.occ if u >= 0)
        key = (state.players, state.options["shared_faction"] if state.players == 2 else "on")
        assert placed == PLACEMENTS[key]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), MODES)
def test_random_games(players: int, options: dict[str, str]) -> None:
    lengths = check_random_games(
        "monster_hex", players, 2000, options=options, seed=players, deep_every=40,
        invariant=conserved,
    )  # fmt: skip
    assert min(lengths) > 0


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), MODES)
def test_random_games_with_abilities_and_objectives(players: int, options: dict[str, str]) -> None:
    """The same checks with the ability and objective options (issue 4)."""
    check_random_games(
        "monster_hex", players, 2000, options=options | WITH_CARDS, seed=players + 10,
        deep_every=40, invariant=conserved,
    )  # fmt: skip


@pytest.mark.parametrize(
    "options",
    [
        {"factions": "random"},
        {"stone_layout": "fixed"},
        {"factions": "random", "shared_faction": "off"},
        {"abilities": "on"},
        {"objectives": "on", "factions": "random"},
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_options(players: int, options: dict[str, str]) -> None:
    check_random_games("monster_hex", players, 150, options=options, deep_every=10,
                       invariant=conserved)  # fmt: skip


def test_a_shared_faction_game_can_end_in_a_double_loss() -> None:
    """2 players, shared faction: お互いの得点が共有色の得点より低い場合、プレイヤーは2人とも
    ゲームに敗北します — random games reach it, and then nobody wins."""
    game = get_game("monster_hex")
    from bodoge.engine import Rng
    from bodoge.engine.playout import random_playout

    seen = 0
    for seed in range(200):
        state = game.new(2, {"shared_faction": "on"}, seed)
        random_playout(state, Rng(seed))
        result = state.result()
        assert result is not None
        if result.detail.get("double_loss"):
            seen += 1
            assert result.winners == []
            shared = result.detail["shared_faction"]["score"]
            assert all(score < shared for score in result.scores)
    assert seen > 0
