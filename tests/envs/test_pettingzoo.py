"""Every bodoge environment passes PettingZoo's own tests (issue 17), with several option sets,
and its observations hide what the seat cannot know."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import pytest

from bodoge.engine import Match, Rng, game_ids, get_game
from bodoge.engine.options import resolve_options
from bodoge.engine.registry import get_spec, spec_of
from bodoge.envs.aec import BodogeAEC, rewards_from

pettingzoo_test = pytest.importorskip("pettingzoo.test")

# game id -> the option sets (with player counts) each environment is tested with
CASES: dict[str, list[dict[str, Any]]] = {
    "koremon_evolution": [{"players": 2}, {"players": 5}],
    "koremon_auction": [{"players": 3}, {"players": 6, "payment": "winner-pays"}],
    "koremon_hunt": [{"players": 3}, {"players": 8, "mimics_placeable": "no"}],
    "koremon_trick": [{"players": 3}, {"players": 5, "mimic_lead": "any-time"}],
    "collect": [
        {"players": 2},
        {"players": 4, "team_mode": "on"},
        {"players": 3, "known_cards": "hidden"},
    ],
    "monster_hex": [
        {"players": 2},
        {"players": 3, "abilities": "on", "objectives": "on"},
        {"players": 4},
    ],
}


def with_observer() -> list[str]:
    return [g for g in game_ids() if get_spec(g).observer(get_game(g).info.min_players, {})]


def env_module(game_id: str) -> Any:
    return importlib.import_module(f"bodoge.envs.{game_id}_v0")


def test_every_game_with_an_observer_has_its_environment_and_cases() -> None:
    for game_id in with_observer():
        assert game_id in CASES, f"add {game_id}'s option sets to CASES"
        env_module(game_id)


@pytest.mark.parametrize(
    ("game_id", "kwargs"), [(g, k) for g, cases in CASES.items() for k in cases]
)
def test_pettingzoo_api_seed_and_render(game_id: str, kwargs: dict[str, Any]) -> None:
    module = env_module(game_id)
    pettingzoo_test.api_test(module.env(**kwargs), num_cycles=300)
    pettingzoo_test.seed_test(lambda **more: module.env(**kwargs, **more), num_cycles=100)
    pettingzoo_test.render_test(lambda render_mode: module.env(**kwargs, render_mode=render_mode))


@pytest.mark.parametrize(
    ("game_id", "kwargs"), [(g, k) for g, cases in CASES.items() for k in cases]
)
def test_observations_depend_only_on_the_view(game_id: str, kwargs: dict[str, Any]) -> None:
    """The leak test: a determinized state (same view) gives the same observation, for every
    seat and a spectator, every number in [0, 1], of the stated size. The moves are mostly the
    game's rule-of-thumb playout moves (long games: filled pyramids, later rounds), one in
    eight uniformly random (rarer positions: an Auction seat out of money or out)."""
    game = get_game(game_id)
    options = dict(kwargs)
    players = options.pop("players")
    observer = spec_of(game).observer(players, resolve_options(game.info.options, options))
    assert observer is not None
    match = Match(game, players, options, seed=players)
    rng = Rng(7)
    while not match.is_over():
        for seat in (None, *range(players)):
            vector = observer.encode(match.state.view(seat))
            assert len(vector) == observer.size and all(0.0 <= x <= 1.0 for x in vector)
            world = match.state.determinize(seat, rng)
            assert observer.encode(world.view(seat)) == vector
        seat = match.pending()[0]
        legal = match.state.legal_actions(seat)
        if rng.below(8):
            action = match.state.playout_action(seat, legal, rng)
        else:
            action = legal[rng.below(len(legal))]
        match.apply(seat, action)


def test_the_mask_is_the_legal_actions_and_zero_off_turn() -> None:
    env = BodogeAEC("koremon_evolution", players=3)
    env.reset(seed=4)
    assert env.match is not None
    mover = env.agent_selection
    seat = int(mover.split("_")[1])
    mask = env.observe(mover)["action_mask"]
    assert list(np.flatnonzero(mask)) == env.match.state.legal_actions(seat)
    other = env.possible_agents[(seat + 1) % 3]
    assert not env.observe(other)["action_mask"].any()


def test_rewards_follow_the_result() -> None:
    match = Match("koremon_evolution", 3, seed=2)
    match.play_out(lambda state, seat: state.legal_actions(seat)[0])
    result = match.result()
    assert result is not None
    win = rewards_from(result, "win")
    assert sorted(win) == [-1.0, -1.0, 1.0]
    rank = rewards_from(result, "rank")
    assert max(rank) == 1.0 and min(rank) >= -1.0
    score = rewards_from(result, "score")
    assert abs(sum(score)) < 1e-9 and len(score) == 3  # each seat against the others' mean


def test_bad_arguments_are_clear_errors() -> None:
    from bodoge.engine import InvalidOptions, UnknownGame

    with pytest.raises(InvalidOptions, match="reward must be"):
        BodogeAEC("koremon_evolution", reward="money")
    with pytest.raises(InvalidOptions, match="2-5 players"):
        BodogeAEC("koremon_evolution", players=9)
    with pytest.raises(UnknownGame):
        BodogeAEC("chess")
