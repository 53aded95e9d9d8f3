"""Every bodoge environment passes PettingZoo's own tests, with several option sets (with and
without truncation), its observations hide what the seat cannot know, and every deal, even one
that is over before anyone decides, is a valid episode."""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
import pytest

from bodoge.engine import InvalidOptions, Match, Rng, game_ids, get_game
from bodoge.engine.options import resolve_options
from bodoge.engine.registry import get_spec, spec_of
from bodoge.envs import frame as frame_module
from bodoge.envs.aec import BodogeAEC, rewards_from

pettingzoo_test = pytest.importorskip("pettingzoo.test")

# game id -> the option sets (with player counts) each environment is tested with
CASES: dict[str, list[dict[str, Any]]] = {
    "koremon_evolution": [{"players": 2}, {"players": 5}],
    "koremon_auction": [{"players": 3}, {"players": 6, "payment": "winner-pays"}],
    "koremon_hunt": [
        {"players": 3},
        {"players": 8, "mimics_placeable": "no"},
        {"players": 4, "dead_ring": "end"},  # some deals end at once (not api_test's first two)
    ],
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


@pytest.mark.parametrize("game_id", list(CASES))
def test_pettingzoo_api_and_seed_with_truncation(game_id: str) -> None:
    module = env_module(game_id)
    kwargs = CASES[game_id][-1]
    pettingzoo_test.api_test(module.env(**kwargs, max_cycles=3), num_cycles=50)
    pettingzoo_test.seed_test(lambda **more: module.env(**kwargs, max_cycles=3, **more))


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
    from bodoge.engine import UnknownGame

    with pytest.raises(InvalidOptions, match="reward must be"):
        BodogeAEC("koremon_evolution", reward="money")
    for bad in (0, -3, 2.5, True, "10"):
        with pytest.raises(InvalidOptions, match="max_cycles must be"):
            BodogeAEC("koremon_evolution", max_cycles=bad)
    with pytest.raises(InvalidOptions, match="2-5 players"):
        BodogeAEC("koremon_evolution", players=9)
    with pytest.raises(UnknownGame):
        BodogeAEC("chess")


def option_sets(game_id: str) -> Iterator[dict[str, Any]]:
    """Every player count with every combination of the game's choice options it accepts."""
    game = get_game(game_id)
    info = game.info
    choices = [spec for spec in info.options if spec.kind == "choice"]
    for players in range(info.min_players, info.max_players + 1):
        for values in itertools.product(*(spec.choices for spec in choices)):
            options = {spec.key: value for spec, value in zip(choices, values, strict=True)}
            try:
                game.new(players, resolve_options(info.options, options), 0)
            except InvalidOptions:
                continue  # a combination the game refuses (Collect! teams need 4 players)
            yield {"players": players, **options}


def check_reset(env: BodogeAEC, seed: int) -> bool:
    """Reset to `seed` and check the episode starts as PettingZoo defines; True if it is over."""
    env.reset(seed=seed)
    assert env.match is not None
    if not env.match.is_over():
        agent = env.agent_selection
        assert env.observe(agent)["action_mask"].any()
        assert not any(env.terminations.values()) and not any(env.truncations.values())
        return False
    result = env.match.result()
    assert result is not None
    rewards = dict(zip(env.possible_agents, rewards_from(result, env.reward_kind), strict=True))
    assert env.terminations == dict.fromkeys(env.possible_agents, True)
    assert not any(env.truncations.values())
    left = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        assert (termination, truncation, reward) == (True, False, rewards[agent])
        assert not observation["action_mask"].any()
        left.append(agent)
        env.step(None)
    assert sorted(left) == env.possible_agents and env.agents == []
    return True


def every_deal_is_an_episode(
    seeds: range, games: Iterable[str] = CASES, players: int | None = None
) -> dict[str, int]:
    over: dict[str, int] = {}
    for game_id in games:
        for kwargs in option_sets(game_id):
            if players is not None and kwargs["players"] != players:
                continue
            env = BodogeAEC(game_id, **kwargs)
            for seed in seeds:
                if check_reset(env, seed):
                    over[game_id] = over.get(game_id, 0) + 1
    return over


def test_every_deal_of_every_option_set_is_an_episode() -> None:
    """Every game, player count and choice-option combination, 24 seeds each: a deal is either a
    game with a decision for the selected agent, or over at once (Monster Hunt with
    dead_ring=end when the first ring has nothing placeable), every agent terminated together
    with its reward from the result."""
    over = every_deal_is_an_episode(range(24))
    assert set(over) == {"koremon_hunt"}  # the games that can end before a decision, here


# One game and player count a test, so that they spread over the workers.
PLAYER_COUNTS = [
    (game_id, players)
    for game_id in sorted(CASES)
    for players in range(get_game(game_id).info.min_players, get_game(game_id).info.max_players + 1)
]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), PLAYER_COUNTS)
def test_every_deal_of_every_option_set_is_an_episode_many_seeds(
    game_id: str, players: int
) -> None:
    over = every_deal_is_an_episode(range(24, 400), [game_id], players)
    if game_id == "koremon_hunt":  # some deals of dead_ring=end end at once, at every count
        assert game_id in over


@pytest.mark.parametrize("reward", ["win", "rank", "score"])
def test_a_game_over_at_reset_gives_every_agent_its_result_through_the_wrappers(
    reward: str,
) -> None:
    """Monster Hunt, dead_ring=end, mimics not placeable: deal 0 has nothing placeable in its
    first ring, so the game ends before anyone decides (it used to raise IndexError)."""
    options = {"mimics_placeable": "no", "dead_ring": "end"}
    assert Match("koremon_hunt", 3, options, seed=0).is_over()
    env = env_module("koremon_hunt").env(players=3, **options, reward=reward)
    env.reset(seed=0)
    assert check_reset(env.unwrapped, 0)


def test_truncation_after_max_cycles_steps_per_agent() -> None:
    """max_cycles=2 with 3 agents: after 6 steps every agent is truncated with reward 0 (the game
    is not over), and each leaves by stepping None."""
    env = BodogeAEC("koremon_hunt", players=3, max_cycles=np.int64(2))  # any whole number
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if truncation:
            assert (steps, termination, reward) == (6, False, 0.0)
            env.step(None)
            continue
        assert not termination and steps < 6
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
        if steps == 6:
            assert env.truncations == dict.fromkeys(env.possible_agents, True)
            assert env.rewards == dict.fromkeys(env.possible_agents, 0.0)
    assert env.agents == [] and env.match is not None and not env.match.is_over()


def test_a_game_ending_within_max_cycles_terminates_and_is_not_truncated() -> None:
    env = BodogeAEC("koremon_trick", players=3, max_cycles=1000)
    env.reset(seed=2)
    for _agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        assert not truncation
        env.step(None if termination else int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.match is not None and env.match.is_over()


def test_an_unseeded_reset_continues_from_the_last_seed() -> None:
    """Gymnasium's rule: reset() after reset(seed=s) draws its deal from s's generator, so a
    program that seeds once replays exactly; a seeded reset still plays the seed's own deal."""
    first, second = BodogeAEC("koremon_trick", players=3), BodogeAEC("koremon_trick", players=3)
    seeds = []
    for env in (first, second):
        env.reset(seed=5)
        assert env.match is not None and env.match.seed == 5
        env.reset()
        seeds.append(env.match.seed)
        env.reset()
        seeds.append(env.match.seed)
    assert seeds[:2] == seeds[2:] and len(set(seeds[:2])) == 2 and 5 not in seeds


@pytest.mark.parametrize("game_id", list(CASES))
def test_rgb_array_frames_are_the_spectators_table_and_keep_their_size(game_id: str) -> None:
    """render_mode="rgb_array": an RGB array of uint8, the same shape all episode long, that
    changes as the game moves on and is the same for every world a spectator cannot tell apart
    (resampled hidden cards and deck: no secret in it)."""
    kwargs = dict(CASES[game_id][-1])
    env = BodogeAEC(game_id, render_mode="rgb_array", lang="ja", **kwargs)
    env.reset(seed=3)
    first = env.render()
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8
    assert first.ndim == 3 and first.shape[2] == 3
    assert (first < 128).any() and (first > 128).any()  # ink on paper
    rng = Rng(4)
    frames = [first]
    for _agent in env.agent_iter(40):
        observation, _, termination, truncation, _ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if termination or truncation else int(legal[rng.below(len(legal))]))
        frames.append(env.render())
    assert {frame.shape for frame in frames} == {first.shape}
    assert not np.array_equal(frames[-1], first)
    assert env.match is not None
    world = env.match.state.determinize(None, rng)
    seen = frame_module.frame(spec_of(world).render(world, None, "ja"), game_id)
    assert np.array_equal(seen, frames[-1])


def test_a_frame_draws_wide_characters_in_two_cells() -> None:
    """The columns line up as in a terminal: after a wide character (two cells) and after a
    narrow one drawn alone (the middle dot), the next character starts at its own column."""
    narrow = frame_module.frame("ab\nxy", "none")
    wide = frame_module.frame("ドb\n··y", "none")
    cell, pad, line = frame_module.CELL, frame_module.PAD, frame_module.LINE

    def ink(image: np.ndarray, row: int, column: int) -> np.ndarray:
        y, x = pad + row * line, pad + column * cell
        return image[y : y + line, x : x + cell]

    assert np.array_equal(ink(narrow, 0, 1), ink(frame_module.frame("xb\nxy", "none"), 0, 1))
    assert np.array_equal(ink(wide, 0, 2), ink(frame_module.frame("  b", "none"), 0, 2))
    assert np.array_equal(ink(wide, 1, 2), ink(frame_module.frame("\n  y", "none"), 1, 2))
    assert wide.shape[1] == 2 * pad + 3 * cell  # three cells wide: ド is two


def test_random_tables_fit_the_measured_frame_sizes() -> None:
    """TABLE_CELLS holds the largest tables measured with a margin: fresh random games (seeds
    the table was not measured with) at the fewest and most players stay within it."""
    for game_id, (rows, columns) in frame_module.TABLE_CELLS.items():
        info = get_game(game_id).info
        for players in (info.min_players, info.max_players):
            match = Match(game_id, players, seed=100_000 + players)
            rng = Rng(players)
            while True:
                if match.ply % 4 == 0 or match.is_over():
                    for lang in ("en", "ja"):
                        lines = match.spec.render(match.state, None, lang).split("\n")
                        assert len(lines) <= rows, (game_id, players, len(lines))
                        widest = max(sum(map(frame_module.cells, line)) for line in lines)
                        assert widest <= columns, (game_id, players, widest)
                if match.is_over():
                    break
                seat = match.pending()[0]
                legal = match.state.legal_actions(seat)
                match.apply(seat, legal[rng.below(len(legal))])


def test_rgb_array_without_the_font_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frame_module, "FONT_FILES", ("/nowhere/NotoSansCJK-Regular.ttc",))
    frame_module.font.cache_clear()
    try:
        with pytest.raises(InvalidOptions, match="install Debian's fonts-noto-cjk"):
            BodogeAEC("koremon_trick", players=3, render_mode="rgb_array")
        BodogeAEC("koremon_trick", players=3, render_mode="ansi")  # the other modes need none
    finally:
        frame_module.font.cache_clear()
