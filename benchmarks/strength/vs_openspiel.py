"""bodoge's ISMCTS against OpenSpiel's Python ISMCTSBot, at equal thinking time per decision.

    python benchmarks/strength/vs_openspiel.py --seconds 0.2 --games 6
    python benchmarks/strength/vs_openspiel.py koremon_trick --players 4 --games 20

Both play the same game through its OpenSpiel registration (`bodoge.envs.openspiel`): bodoge's
bot (`make_bot("ismcts:0.2s")`) chooses from the engine state inside the OpenSpiel state (it
reads only the seat's view and determinizations, as always); OpenSpiel's `ISMCTSBot` (random
rollout evaluator, UCT c=2, bodoge's `Resampler` for its determinizations) runs simulations
until the same time is spent. One bodoge bot sits with copies of OpenSpiel's, rotated through
the seats (the game count is rounded up to a multiple of the players). A decision with one legal
action is played without thinking by both. The table gives bodoge's win share (a shared win
counts 1/k) with a Wilson 95% interval beside the fair share 1/N, and the simulations each bot
ran per decision it thought about (a measure of how much each gets done in the time).

Games with real decisions only: Monster Evolution is pure dice and Hunt the Monster almost
(see benchmarks/strength/ladder.py).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from bodoge.ai import make_bot
from bodoge.envs.openspiel import Resampler, short_name
from bodoge.sim.stats import wilson

GAMES = {"collect": 2, "monster_hex": 2, "koremon_auction": 3, "koremon_trick": 3}


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot with a time budget: simulations until `seconds` have passed
    (at least one), then its usual final policy. The search itself is OpenSpiel's."""

    def __init__(self, game: pyspiel.Game, seconds: float, seed: int) -> None:
        random_state = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        super().__init__(game, evaluator, uct_c=2.0, max_simulations=1,
                         random_state=random_state)  # fmt: skip
        self.set_resampler(Resampler(seed))
        self.seconds = seconds
        self.simulations: list[int] = []

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self.reset()
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done == 0 or time.perf_counter() < deadline:
            world = self.sample_root_state(state)
            assert self.get_state_key(world) == key
            self.run_simulation(world)
            done += 1
        self.simulations.append(done)
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


@dataclass
class Tally:
    games: int = 0
    bodoge_wins: float = 0.0
    bodoge_iterations: list[int] = field(default_factory=list)
    openspiel_simulations: list[int] = field(default_factory=list)
    seconds: float = 0.0


def win_share(value: float) -> float:
    """A seat's win from OpenSpiel's returns (+1/k for each of k winners, -1 otherwise)."""
    return value if value > 0 else 0.0


def play(
    game_id: str, players: int, bodoge_seat: int, seconds: float, seed: int, tally: Tally
) -> None:
    game = pyspiel.load_game(short_name(game_id), {"players": players, "seed": seed})
    state = game.new_initial_state()
    ours = make_bot(f"ismcts:{seconds}s", seed)
    theirs = TimedISMCTSBot(game, seconds, seed)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif seat == bodoge_seat:
            ours.last_root = None
            action = ours.choose(state.match.state, seat)
            root = ours.last_root
            if root is not None:  # its iterations: the root's visits (none if only one candidate)
                tally.bodoge_iterations.append(
                    int(sum(v[0] for v in root.tables.get(seat, {}).values()))
                )
        else:
            action = int(theirs.step(state))
        state.apply_action(action)
    tally.games += 1
    tally.bodoge_wins += win_share(state.returns()[bodoge_seat])
    tally.openspiel_simulations += theirs.simulations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", metavar="game", help=f"default: {', '.join(GAMES)}")
    parser.add_argument("--players", type=int, help="player count (default: 2, or the fewest)")
    parser.add_argument("--games", type=int, default=6, help="games per game (rounded up)")
    parser.add_argument("--seconds", type=float, default=0.2, help="thinking time per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = args.games_ids or list(GAMES)
    print(f"bodoge ismcts:{args.seconds}s vs OpenSpiel ISMCTSBot, {args.seconds} s a decision; "
          f"load average at start {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(f"{'game':16} {'N':>2} {'games':>5}  {'bodoge win':>10}  {'95% CI':13} {'fair':>5}  "
          f"{'bodoge it/dec':>13} {'OpenSpiel sims/dec':>18} {'s/game':>7}")  # fmt: skip
    for game_id in chosen:
        players = args.players or GAMES.get(game_id, 2)
        count = math.ceil(args.games / players) * players
        tally = Tally()
        start = time.perf_counter()
        for number in range(count):
            play(game_id, players, number % players, args.seconds, args.seed + number, tally)
        elapsed = time.perf_counter() - start
        low, high = wilson(tally.bodoge_wins, tally.games)
        ours = statistics.median(tally.bodoge_iterations) if tally.bodoge_iterations else 0
        theirs = (
            statistics.median(tally.openspiel_simulations) if tally.openspiel_simulations else 0
        )
        print(f"{game_id:16} {players:>2} {tally.games:>5}  "
              f"{tally.bodoge_wins / tally.games:>9.0%}  [{low:4.0%}, {high:4.0%}]  "
              f"{1 / players:>5.0%}  {ours:>13.0f} {theirs:>18.0f} "
              f"{elapsed / tally.games:>7.1f}", flush=True)  # fmt: skip
    print(f"load average at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
