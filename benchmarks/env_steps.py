"""Environment steps per second: bodoge's environments beside PettingZoo's and OpenSpiel's own.

    python benchmarks/env_steps.py                  # every case, 5 rounds of 0.4 s each
    python benchmarks/env_steps.py --rounds 9 --seconds 1
    python benchmarks/env_steps.py --only pyspiel   # the cases whose family or name has it

One loop for every environment: ask the legal actions (PettingZoo: the observation's
`action_mask`; OpenSpiel: `legal_actions()`), pick one uniformly with numpy, apply it, and start a
new game (a fresh seed) at the end. A step is one player's decision; OpenSpiel's chance nodes are
sampled from `chance_outcomes()` and not counted, as PettingZoo and bodoge draw their chance inside
a step. Observations are built as the environment gives them: PettingZoo computes one at each
`last()`, OpenSpiel only when asked: the plain OpenSpiel cases ask for none (the bare
transitions), the "+ tensor" cases ask `observation_tensor()` of the seat to play at each step,
as a learner that reads its observation before each decision does.

The cases run in interleaved rounds (each round runs every case for `--seconds`), so a change in
the machine's load touches all of them alike; the table gives the median over the rounds of steps
per wall-clock second and per CPU second of this process, with the load average before and after.
bodoge's games run at their fewest and most players, through PettingZoo and through pyspiel.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import open_spiel.python.games  # noqa: F401 (registers OpenSpiel's Python games)
import pyspiel

import bodoge.envs.openspiel  # noqa: F401 (registers python_bodoge_<game>)
from bodoge.engine import game_ids, get_game
from bodoge.envs.aec import make_env

PETTINGZOO_CLASSIC = (
    "texas_holdem_v4",
    "texas_holdem_no_limit_v6",
    "leduc_holdem_v4",
    "hanabi_v5",
    "connect_four_v3",
    "tictactoe_v3",
)
OPENSPIEL_PYTHON = (
    "python_kuhn_poker",
    "python_liars_poker",
    "python_block_dominoes",
    "python_tic_tac_toe",
)

Loop = Callable[[float], int]  # runs for the given seconds; the steps it took


def pettingzoo_loop(env: Any, rng: np.random.Generator) -> Loop:
    def run(seconds: float) -> int:
        steps = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            env.reset(seed=int(rng.integers(1 << 31)))
            for _agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
                if time.perf_counter() >= deadline:
                    break
        return steps

    return run


def openspiel_loop(game: pyspiel.Game, rng: np.random.Generator, observe: bool = False) -> Loop:
    def run(seconds: float) -> int:
        steps = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal() and time.perf_counter() < deadline:
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                    continue
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
                steps += 1
        return steps

    return run


@dataclass
class Case:
    family: str
    name: str
    players: int
    loop: Loop
    per_wall: list[float] = field(default_factory=list)
    per_cpu: list[float] = field(default_factory=list)


def cases(rng: np.random.Generator, skipped: list[str]) -> list[Case]:
    found: list[Case] = []
    for game_id in game_ids():
        info = get_game(game_id).info
        env_fn, _ = make_env(game_id)
        for players in sorted({info.min_players, info.max_players}):
            env = env_fn(players=players)
            found.append(Case("bodoge PettingZoo", game_id, players, pettingzoo_loop(env, rng)))
    for name in PETTINGZOO_CLASSIC:
        try:
            module = __import__(f"pettingzoo.classic.{name}", fromlist=["env"])
            env = module.env()
            env.reset(seed=0)
        except Exception as error:  # a missing extra (rlcard, hanabi) says so in its own words
            skipped.append(f"pettingzoo.classic.{name}: {type(error).__name__}: {error}"[:150])
            continue
        players = len(env.possible_agents)
        found.append(Case("PettingZoo classic", name, players, pettingzoo_loop(env, rng)))
    for observe, suffix in ((False, ""), (True, " + tensor")):
        for name in OPENSPIEL_PYTHON:
            game = pyspiel.load_game(name)
            if observe and not game.get_type().provides_observation_tensor:
                continue
            loop = openspiel_loop(game, rng, observe)
            found.append(Case("OpenSpiel Python" + suffix, name, game.num_players(), loop))
        for game_id in game_ids():
            info = get_game(game_id).info
            for players in sorted({info.min_players, info.max_players}):
                game = pyspiel.load_game(f"python_bodoge_{game_id}", {"players": players})
                loop = openspiel_loop(game, rng, observe)
                found.append(Case("bodoge pyspiel" + suffix, game_id, players, loop))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.4, help="per case per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="the cases whose family or name has this")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    skipped: list[str] = []
    table = [case for case in cases(rng, skipped) if args.only in f"{case.family} {case.name}"]
    load_before = os.getloadavg()
    for _ in range(args.rounds):
        for case in table:
            wall, cpu = time.perf_counter(), time.process_time()
            steps = case.loop(args.seconds)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            case.per_wall.append(steps / wall)
            case.per_cpu.append(steps / cpu if cpu > 0 else float("nan"))
    load_after = os.getloadavg()
    print(f"{args.rounds} interleaved rounds of {args.seconds} s per case; medians; load average "
          f"(1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after, "
          f"on {os.cpu_count()} CPUs")  # fmt: skip
    print()
    print("| family | environment | players | steps/s (wall) | steps per CPU second |")
    print("|---|---|---:|---:|---:|")
    for case in table:
        print(f"| {case.family} | {case.name} | {case.players} | "
              f"{statistics.median(case.per_wall):,.0f} | "
              f"{statistics.median(case.per_cpu):,.0f} |")  # fmt: skip
    for line in skipped:
        print(f"\nnot measured: {line}")


if __name__ == "__main__":
    main()
