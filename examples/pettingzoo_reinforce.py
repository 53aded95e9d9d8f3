"""Train a small policy on a bodoge game with PettingZoo, save it, play it with `bodoge simulate`.

    python examples/pettingzoo_reinforce.py --game koremon_trick --players 3 --episodes 2000
    bodoge simulate koremon_trick --players 3 --games 300 \
        --bots policy:trick_policy.json,random,random
    bodoge simulate koremon_trick --players 3 --games 300 \
        --bots policy:trick_policy.json,greedy,greedy

REINFORCE with a linear softmax policy over the game's observation, learnt by one seat against
random opponents (the other agents in the environment pick uniformly among legal actions), with a
running baseline. The learnt weights are saved in bodoge's linear-policy format (docs/rl.md), which
`policy:FILE.json` seats as a bot. A few thousand games of Trick the Monster take a few minutes on
a laptop CPU; the policy then picks the action with the largest score (no sampling).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from bodoge.envs.aec import make_env


def train(
    game: str, players: int, episodes: int, rate: float, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    env_fn, _ = make_env(game)
    env = env_fn(players=players)
    env.reset(seed=seed)
    size = env.observation_space("player_0")["observation"].shape[0]
    actions = env.action_space("player_0").n
    weights = np.zeros((actions, size))
    bias = np.zeros(actions)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        learner = f"player_{episode % players}"  # learn every seat in turn
        trajectory: list[tuple[np.ndarray, np.ndarray, int]] = []
        reward = 0.0
        for agent in env.agent_iter():
            observation, agent_reward, done, cut, _ = env.last()
            if agent == learner:
                reward = float(agent_reward) if done or cut else reward
            if done or cut:
                env.step(None)
                continue
            mask = observation["action_mask"].astype(bool)
            legal = np.flatnonzero(mask)
            if agent != learner:
                env.step(int(rng.choice(legal)))
                continue
            x = observation["observation"].astype(np.float64)
            logits = weights[legal] @ x + bias[legal]
            probs = np.exp(logits - logits.max())
            probs /= probs.sum()
            pick = int(rng.choice(len(legal), p=probs))
            trajectory.append((x, legal, pick))
            env.step(int(legal[pick]))
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for x, legal, pick in trajectory:
            logits = weights[legal] @ x + bias[legal]
            probs = np.exp(logits - logits.max())
            probs /= probs.sum()
            grad = -probs
            grad[pick] += 1.0  # d log pi(pick) / d logits
            weights[legal] += rate * advantage * np.outer(grad, x)
            bias[legal] += rate * advantage * grad
        if (episode + 1) % max(1, episodes // 10) == 0:
            print(f"episode {episode + 1}/{episodes}: baseline reward {baseline:+.3f}", flush=True)
    return weights, bias


def save(path: Path, game: str, players: int, weights: np.ndarray, bias: np.ndarray) -> None:
    data = {
        "format": "bodoge-linear-policy",
        "version": 1,
        "game": game,
        "players": players,
        "options": {},
        "observation_size": int(weights.shape[1]),
        "num_actions": int(weights.shape[0]),
        "weights": weights.round(6).tolist(),
        "bias": bias.round(6).tolist(),
    }
    path.write_text(json.dumps(data))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="koremon_trick")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("trick_policy.json"))
    args = parser.parse_args(argv)
    weights, bias = train(args.game, args.players, args.episodes, args.rate, args.seed)
    save(args.out, args.game, args.players, weights, bias)
    print(f"saved {args.out}; play it: bodoge simulate {args.game} --players {args.players} "
          f"--bots policy:{args.out},random,random --games 300")  # fmt: skip


if __name__ == "__main__":
    main()
