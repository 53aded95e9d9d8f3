"""Train outcome-sampling MCCFR with OpenSpiel on Trick the Monster, through an abstraction small
enough for a table, and play the policy with `bodoge simulate`.

    python examples/openspiel_mccfr.py --players 3 --seconds 60
    PYTHONPATH=. BODOGE_MCCFR_POLICY=mccfr_policy.json bodoge simulate koremon_trick \
        --players 3 --games 300 --bots policy:examples.openspiel_mccfr:act,random,random

OpenSpiel's `OutcomeSamplingSolver` trains, unchanged, on the game's registration
(`python_bodoge_koremon_trick`) seen through `AbstractGame`: a one-player game for the learner,
at a seat drawn for each deal, whose information states are the abstraction's keys and whose
actions are the abstraction's moves, each played as one concrete card; the other seats play
uniformly random legal actions inside the transitions, as chance does. MCCFR on it minimises the
learner's regret against random players (trained against each other instead, the seats' average
policy gained 2 points on random in 120 s, inside the noise). bodoge's own information state is
the whole history (no two deals share one) and its observation almost never recurs in Trick the
Monster (24,143 distinct of 24,145 decisions in 500 random 3-player games), so a table keyed by
either learns nothing it meets again.

The abstraction, from the seat's view only (the cards of the trick in progress and the legal
actions, which also come out of the observation vector and the action mask, so the policy plays
from what PettingZoo or `bodoge simulate` give it). A trick goes to the last player of the species
with the most cards in it (RULINGS, Trick the Monster), and won cards score 8/4/2/1/0 by rank, a
Mimic -2:
- moves: `follow` (play the held species with the most cards already in the trick, the most
  valuable on a tie: the way to take it), `mimic` (a Mimic naming that species, or led),
  `shed` (the least valuable held species not in the trick) and `high` (the most valuable one);
  a move that would play the same card as an earlier one is left out;
- key: the number of cards in the trick, the points in it (0 or less, 1-2, 3-7, 8 or more) and
  the moves available, about a hundred keys in all.

The saved average policy is a table, key -> move probabilities (JSON); `act` plays it as a bodoge
policy (`policy:examples.openspiel_mccfr:act`, the file named by `BODOGE_MCCFR_POLICY`): the most
probable move, or for a key the training never met, a uniformly random move (a generator seeded
once per process). The script evaluates the policy against random players with bodoge's
simulator, the same as `bodoge simulate`, before training (an empty table: random moves) and
after, and prints both win rates.

Measured on the 2-core development machine with other jobs running (load about 12), the command
above: 1,481 iterations in 60 s, 87 keys; against two random players, 600 games each, the win
rate went from 38.7% [34.9%, 42.6%] before training to 50.4% [46.4%, 54.4%] after (a random
player's fair share is 33.3%; random moves of the abstraction already play the trick-taking
moves more often than uniformly random cards do).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mccfr, outcome_sampling_mccfr

import bodoge.envs.openspiel  # noqa: F401 (registers python_bodoge_<game>)
from bodoge.engine import get_spec
from bodoge.sim import Batch, run_batch, summarize

FORMAT = "bodoge-mccfr-table"
VERSION = 2
GAME = "koremon_trick"
SPECIES = 15  # actions 0-14 play that species, 15+s a Mimic naming species s, 30 a led Mimic
LEAD_MIMIC = 2 * SPECIES
OPTIONS = {"mimic_lead": "only-mimics"}  # the game's default, the only rules trained on


@functools.cache
def card_table(players: int) -> tuple[list[str], list[int]]:
    """Each card's key and points (the 15 species in action order, then the Mimic)."""
    cards = get_spec(GAME).public_content(players, OPTIONS)["cards"]
    return [card["key"] for card in cards], [int(card["points"]) for card in cards]


# ---- the abstraction ---------------------------------------------------------------------


def abstract(
    trick: Sequence[tuple[int, int]], legal: Sequence[int], points: Sequence[int]
) -> tuple[str, list[tuple[str, int]]]:
    """The key and the moves (name, concrete action) of a decision, from the cards of the trick
    in progress (card, species it counts as) and the legal actions."""
    counts = [0] * SPECIES
    for _, species in trick:
        counts[species] += 1
    stake = sum(points[card] for card, _ in trick)
    held = [action for action in legal if action < SPECIES]
    in_trick = [species for species in held if counts[species]]
    other = [species for species in held if not counts[species]]
    moves: list[tuple[str, int]] = []
    if in_trick:
        moves.append(("follow", max(in_trick, key=lambda s: (counts[s], points[s], -s))))
    mimics = [action for action in legal if action >= SPECIES]
    if LEAD_MIMIC in mimics:
        moves.append(("mimic", LEAD_MIMIC))
    elif mimics:
        named = max(mimics, key=lambda a: (counts[a - SPECIES], points[a - SPECIES], -a))
        moves.append(("mimic", named))
    if other:
        moves.append(("shed", min(other, key=lambda s: (points[s], -s))))
        moves.append(("high", max(other, key=lambda s: (points[s], -s))))
    unique: list[tuple[str, int]] = []
    for name, action in moves:
        if all(action != kept for _, kept in unique):
            unique.append((name, action))
    bucket = "<=0" if stake <= 0 else "1-2" if stake <= 2 else "3-7" if stake <= 7 else "8+"
    return f"{len(trick)}|{bucket}|{'+'.join(name for name, _ in unique)}", unique


def trick_from_view(view: dict[str, Any], keys: list[str]) -> list[tuple[int, int]]:
    index = {key: i for i, key in enumerate(keys)}
    return [(index[entry["card"]], index[entry["as"]]) for entry in view["trick"]]


@functools.cache
def trick_offsets(players: int) -> tuple[int, int]:
    observer = get_spec(GAME).observer(players, OPTIONS)
    assert observer is not None
    return observer.offsets["trick_card"], observer.offsets["trick_as"]


def trick_from_observation(observation: Sequence[float], players: int) -> list[tuple[int, int]]:
    """The trick in progress read back from the observation vector's `trick_card` and
    `trick_as` pieces (a row of zeros: no card there yet)."""
    card_at, as_at = trick_offsets(players)
    trick = []
    for i in range(players):
        cards = observation[card_at + 16 * i : card_at + 16 * (i + 1)]
        if max(cards) == 0:
            break
        kinds = observation[as_at + SPECIES * i : as_at + SPECIES * (i + 1)]
        trick.append((max(range(16), key=cards.__getitem__), max(range(15), key=kinds.__getitem__)))
    return trick


# ---- OpenSpiel's game seen through the abstraction ---------------------------------------


class AbstractState:
    """A state of the registration as the learner meets it: its one player is the learner, its
    information state the abstraction's key and its actions the abstraction's moves; the other
    seats' turns are played inside the transitions, uniformly at random over their legal actions,
    as chance is (what OpenSpiel's outcome sampling asks of a state, and no more)."""

    def __init__(self, state: Any, seat: int, table: AbstractGame) -> None:
        self.state, self.seat, self.table = state, seat, table
        self._decision: tuple[str, list[tuple[str, int]]] | None = None
        self._play_the_others()

    def _play_the_others(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat:
            legal = state.legal_actions()
            state.apply_action(legal[self.table.rng.randrange(len(legal))])

    def _abstracted(self) -> tuple[str, list[tuple[str, int]]]:
        if self._decision is None:
            view = self.state.match.state.view(self.seat)
            trick = trick_from_view(view, self.table.keys)
            self._decision = abstract(trick, self.state.legal_actions(), self.table.points)
        return self._decision

    def is_terminal(self) -> bool:
        return bool(self.state.is_terminal())

    def is_chance_node(self) -> bool:
        return False  # bodoge's chance, and the other seats, are inside the transitions

    def player_return(self, player: int) -> float:
        return float(self.state.player_return(self.seat))

    def current_player(self) -> int:
        return 0

    def information_state_string(self, player: int) -> str:
        return self._abstracted()[0]

    def legal_actions(self) -> list[int]:
        return list(range(len(self._abstracted()[1])))

    def apply_action(self, move: int) -> None:
        self.state.apply_action(self._abstracted()[1][move][1])
        self._decision = None
        self._play_the_others()


class AbstractGame:
    """The registration as a one-player game for the learner, at a seat drawn for each deal
    against random players: MCCFR on it minimises the learner's regret against them."""

    def __init__(self, game: pyspiel.Game, seed: int) -> None:
        self.game = game
        self.keys, self.points = card_table(game.num_players())
        self.rng = random.Random(seed)  # the learner's seats and the other seats' moves

    def num_players(self) -> int:
        return 1

    def get_type(self) -> pyspiel.GameType:
        return self.game.get_type()

    def new_initial_state(self) -> AbstractState:
        seat = self.rng.randrange(self.game.num_players())
        return AbstractState(self.game.new_initial_state(), seat, self)


def train(players: int, seconds: float, iterations: int | None, seed: int) -> Any:
    game = pyspiel.load_game(f"python_bodoge_{GAME}", {"players": players, "seed": seed})
    np.random.seed(seed)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(AbstractGame(game, seed))
    start = time.perf_counter()
    done = 0
    while (iterations is None or done < iterations) and (
        iterations is not None or time.perf_counter() - start < seconds
    ):
        solver.iteration()
        done += 1
        if done % 500 == 0:
            print(f"{done} iterations, {len(solver._infostates)} keys, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
    print(f"trained {done} iterations in {time.perf_counter() - start:.0f} s: "
          f"{len(solver._infostates)} keys in the table")  # fmt: skip
    return solver


def table_of(solver: Any, players: int) -> dict[str, Any]:
    """The average policy, key -> {move: probability}, for keys with a choice."""
    policy: dict[str, dict[str, float]] = {}
    for key, info in solver._infostates.items():
        moves = key.rsplit("|", 1)[1].split("+")
        if len(moves) < 2:
            continue
        sums = info[mccfr.AVG_POLICY_INDEX]
        total = float(sums.sum())
        probabilities = sums / total if total > 0 else np.full(len(moves), 1 / len(moves))
        policy[key] = {m: round(float(p), 6) for m, p in zip(moves, probabilities, strict=True)}
    return {"format": FORMAT, "version": VERSION, "game": GAME, "players": players,
            "policy": policy}  # fmt: skip


# ---- the bodoge policy: policy:examples.openspiel_mccfr:act ------------------------------

_loaded: dict[str, dict[str, Any]] = {}
_fallback = random.Random(0)
met = {"known": 0, "unknown": 0}  # choices whose key is in the table, and not


def act(observation: list[float], mask: list[int]) -> int:
    """The saved average policy's most probable move (see the module's docstring)."""
    path = os.environ.get("BODOGE_MCCFR_POLICY", "mccfr_policy.json")
    if path not in _loaded:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"{path} is not a {FORMAT} file, version {VERSION}")
        _loaded[path] = data
    data = _loaded[path]
    legal = [a for a, allowed in enumerate(mask) if allowed]
    if len(legal) == 1:
        return legal[0]
    players = int(data["players"])
    _, points = card_table(players)
    key, moves = abstract(trick_from_observation(observation, players), legal, points)
    row = data["policy"].get(key)
    if row is None:
        met["unknown"] += 1
        return _fallback.choice(moves)[1]
    met["known"] += 1
    return max(moves, key=lambda move: row[move[0]])[1]  # the first of equals: moves' order


def evaluate(players: int, games: int, seed: int, label: str) -> float:
    # The simulator imports the policy by its module name, as `bodoge simulate` would: the
    # repository's root must be importable (PYTHONPATH=. on the command line).
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)
    seated = importlib.import_module("examples.openspiel_mccfr").met  # the simulator's copy
    seated.update(known=0, unknown=0)
    bots = ("policy:examples.openspiel_mccfr:act", *["random"] * (players - 1))
    batch = Batch(game=GAME, players=players, bots=bots, games=games, seed=seed)
    summary = summarize(batch, run_batch(batch)).data["by_bot"][0]
    print(f"{label} vs random: won {summary['rate']:.1%} "
          f"[{summary['low']:.1%}, {summary['high']:.1%}] of {games} games "
          f"(fair share {summary['fair_share']:.1%}); choices whose key the table holds: "
          f"{seated['known']}, not: {seated['unknown']}")  # fmt: skip
    return float(summary["rate"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0, help="training time")
    parser.add_argument("--iterations", type=int, help="a number of iterations instead")
    parser.add_argument("--games", type=int, default=600, help="evaluation games, each time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("mccfr_policy.json"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:  # before: an empty table, every move random
        empty = Path(folder) / "empty.json"
        empty.write_text(json.dumps({"format": FORMAT, "version": VERSION, "game": GAME,
                                     "players": args.players, "policy": {}}))  # fmt: skip
        os.environ["BODOGE_MCCFR_POLICY"] = str(empty)
        before = evaluate(args.players, args.games, args.seed, "before training (random moves)")
    solver = train(args.players, args.seconds, args.iterations, args.seed)
    args.out.write_text(json.dumps(table_of(solver, args.players)), encoding="utf-8")
    os.environ["BODOGE_MCCFR_POLICY"] = str(args.out)
    opponents = ",random" * (args.players - 1)
    print(f"saved {args.out}; play it: PYTHONPATH=. BODOGE_MCCFR_POLICY={args.out} bodoge "
          f"simulate {GAME} --players {args.players} --games 300 "
          f"--bots policy:examples.openspiel_mccfr:act{opponents}")  # fmt: skip
    after = evaluate(args.players, args.games, args.seed, "after training (MCCFR policy)")
    print(f"training moved the win rate from {before:.1%} to {after:.1%} "
          f"({100 * (after - before):+.1f} points)")  # fmt: skip


if __name__ == "__main__":
    main()
