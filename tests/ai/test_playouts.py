"""A game's own `playout` and `skip_forced` (faster loops for the search) against the protocol's.

`State.playout` plays a simulated game through `pending`, `legal_actions`, `playout_action` and
`apply_quiet`; a game may override it (and `skip_forced`) with a loop of its own, which must make
exactly the same moves with the same draws and leave exactly the same state, so the search's
choices at a seed do not depend on which runs. Checked here for every registered game (the
default checks itself): from positions of seeded random games and worlds drawn from them, both
ways, with and without the rule of thumb, with budgets that cut the game short.
"""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.ai.base import sampler
from bodoge.engine import Rng, State, game_ids, get_game

LIMITS = (5_000, 1, 7, 40)
# Options that change what the fast loops do (the games' other options are checked by their
# defaults only).
OPTIONS: dict[str, list[tuple[int, dict[str, str]]]] = {
    "collect": [
        (4, {"team_mode": "on", "next_round_start": "after_previous_start"}),
        (3, {"known_cards": "hidden"}),
    ],
    "koremon_hunt": [(3, {"mimics_placeable": "no"}), (5, {"dead_ring": "end"})],
    "monster_hex": [
        (2, {"shared_faction": "off", "factions": "random"}),
        (3, {"abilities": "on", "objectives": "on"}),
    ],
}


def player_counts(game_id: str) -> list[int]:
    info = get_game(game_id).info
    return sorted({info.min_players, info.max_players})


def cases() -> list[tuple[str, int, dict[str, str]]]:
    plain = [(game_id, players, {}) for game_id in game_ids() for players in player_counts(game_id)]
    return plain + [
        (g, players, options) for g, more in OPTIONS.items() for players, options in more
    ]


def worlds(game_id: str, players: int, count: int, options: dict[str, str]) -> list[State]:
    """`count` worlds spread over two seeded random games: the state itself at some decisions,
    a determinized world of the seat to move at others."""
    found: list[State] = []
    rng = Rng(99)
    for seed in (1, 2):
        state = get_game(game_id).new(players, options, seed)
        step = 0
        while not state.is_over():
            seat = state.pending()[0]
            if step % 5 == 0:
                found.append(state.clone() if step % 2 else sampler(state, seat)(rng))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            step += 1
    stride = max(len(found) // count, 1)
    return found[::stride][:count]


def snapshot(state: State, rng: Rng) -> dict[str, Any]:
    data = state.to_json()
    data["search_rng"] = rng.state
    data["over"] = state.is_over()
    return data


# The games whose loops draw their own dice, as they come (before the fixture below).
FAST_CHANCE = [game_id for game_id in game_ids() if get_game(game_id).fast_chance]


@pytest.fixture(autouse=True)
def rules_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games' loops draw their chance as the rules do (`State.fast_chance` False), so their
    moves can be compared one for one; the cheaper dice are checked on their own below and in
    tests/engine/test_dice.py."""
    for game_id in game_ids():
        monkeypatch.setattr(get_game(game_id), "fast_chance", False)


@pytest.mark.parametrize(("game_id", "players", "options"), cases())
def test_a_games_playout_makes_the_protocols_moves(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    for index, world in enumerate(worlds(game_id, players, 40, options)):
        policy = index % 3 != 2
        limit = LIMITS[index % len(LIMITS)]
        expected, mine = world.clone(), world.clone()
        expected_rng, my_rng = Rng(index), Rng(index)
        ended = State.playout(expected, expected_rng, policy, limit)
        assert mine.playout(my_rng, policy, limit) is ended, (game_id, index)
        assert snapshot(mine, my_rng) == snapshot(expected, expected_rng), (game_id, index)
        # the state plays on as the protocol's would (no stale legal lists left behind)
        if not ended and not mine.is_over():
            seat = mine.pending()[0]
            assert mine.legal_actions(seat) == expected.legal_actions(seat)


@pytest.mark.parametrize(("game_id", "players", "options"), cases())
def test_a_games_skip_forced_stops_where_the_protocols_does(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    for index, world in enumerate(worlds(game_id, players, 24, options)):
        expected, mine = world.clone(), world.clone()
        State.skip_forced(expected)
        mine.skip_forced()
        assert snapshot(mine, Rng(0)) == snapshot(expected, Rng(0)), (game_id, index)
        if not mine.is_over():
            group = mine.pending()
            assert len(group) > 1 or len(mine.legal_actions(group[0])) > 1


def test_playouts_with_their_own_dice_end_in_states_the_rules_could_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose simulated games draw their dice their own way (`fast_chance`) still plays
    by its rules: every world played out is a state its JSON reader accepts (which checks the
    holdings, the turn and the move counter against each other)."""
    assert "koremon_evolution" in FAST_CHANCE
    for game_id in FAST_CHANCE:
        monkeypatch.setattr(get_game(game_id), "fast_chance", True)
        info = get_game(game_id).info
        for players in sorted({info.min_players, info.max_players}):
            for index, world in enumerate(worlds(game_id, players, 20, {})):
                world.skip_forced()
                world.playout(Rng(index), index % 2 == 0)
                assert world.is_over()
                assert get_game(game_id).from_json(world.to_json()).to_json() == world.to_json()
