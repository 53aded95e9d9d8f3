"""A bodoge game as a PettingZoo AEC environment, on the match engine.

Following PettingZoo's classic environments: agents `player_0` ... `player_{n-1}` (one per seat);
observations `{"observation": float32 vector, "action_mask": int8 vector}`, the vector from the
game's observer (built from the seat's view only, every number in [0, 1]) and the mask over the
game's fixed action space (all zeros when it is not that agent's decision); `Discrete(num_actions)`
actions; an illegal action ends the game with -1 for its agent and 0 for the others (the classic
`TerminateIllegalWrapper`). Chance is the engine's own, seeded by `reset(seed=...)`.
Simultaneous decisions (sealed bids) are taken one seat after another: the seats' views hide what
the others wrote until everyone has, so nothing is revealed early.

Rewards come at the end from the game's result (`reward=`):
- `"win"` (default): +1 for a winner (shared by k tied winners: 1/k each; a team's win counts
  whole for each member), -1 for everyone else;
- `"rank"`: from +1 for first to -1 for last, tied seats sharing the mean of their places;
- `"score"`: the seat's score minus the mean of the other seats' scores.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from bodoge.engine import InvalidOptions, Match, Result, State
from bodoge.engine.options import resolve_options
from bodoge.engine.registry import get_spec

REWARDS = ("win", "rank", "score")


def rewards_from(result: Result, kind: str) -> list[float]:
    seats = len(result.scores)
    if kind == "win":
        if result.teams is not None:
            return [1.0 if seat in result.winners else -1.0 for seat in range(seats)]
        share = 1.0 / len(result.winners) if result.winners else 0.0
        return [share if seat in result.winners else -1.0 for seat in range(seats)]
    if kind == "rank":
        if seats == 1:
            return [1.0]
        # rank r (1 = best) shared by k seats covers places r .. r+k-1; take their mean.
        out = []
        for rank in result.ranks:
            tied = result.ranks.count(rank)
            place = rank - 1 + (tied - 1) / 2
            out.append(1.0 - 2.0 * place / (seats - 1))
        return out
    scores = [float(score) for score in result.scores]
    return [score - (sum(scores) - score) / (seats - 1) if seats > 1 else 0.0 for score in scores]


class BodogeAEC(AECEnv):  # type: ignore[misc]
    """One bodoge game; see the module docstring for the conventions."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        super().__init__()
        self.spec = get_spec(game)
        self.game: type[State] = self.spec.rules
        info = self.game.info
        self.players = info.min_players if players is None else players
        if reward not in REWARDS:
            raise InvalidOptions(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, *BodogeAEC.metadata["render_modes"]):
            raise InvalidOptions(f"render_mode must be ansi or human, not {render_mode!r}")
        self.reward_kind = reward
        self.render_mode = render_mode
        self.lang = lang
        self.options = resolve_options(info.options, options)
        self.game.new(self.players, self.options, 0)  # the game's own checks, before anything
        observer = self.spec.observer(self.players, self.options)
        if observer is None:
            raise InvalidOptions(f"{info.id} has no observation encoder yet")
        self.observer = observer
        self.num_actions = self.game.num_actions(self.players, self.options)
        self.metadata = {**BodogeAEC.metadata, "name": f"bodoge_{info.id}_v0"}  # type: ignore[misc]
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (observer.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents
        }
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        self.match = Match(self.spec, self.players, self.options, seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.match.pending()[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.match is not None, "reset() first"
        seat = self._seat[agent]
        state = self.match.state
        vector = np.asarray(self.observer.encode(state.view(seat)), dtype=np.float32)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if agent == self.agent_selection and not state.is_over():
            mask[state.legal_actions(seat)] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None, "reset() first"
        self._cumulative_rewards[agent] = 0.0
        self.match.apply(self._seat[agent], int(action))
        state = self.match.state
        if state.is_over():
            result = state.result()
            assert result is not None
            for seat, value in enumerate(rewards_from(result, self.reward_kind)):
                self.rewards[self.possible_agents[seat]] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.pending()[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        assert self.match is not None, "reset() first"
        # a spectator's table: nothing secret
        text = self.spec.render(self.match.state, None, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.match = None


def make_env(game: str) -> tuple[Any, Any]:
    """The `env` (wrapped as the classic environments are) and `raw_env` functions of a game."""

    def raw_env(**kwargs: Any) -> BodogeAEC:
        return BodogeAEC(game, **kwargs)

    def env(**kwargs: Any) -> AECEnv:
        wrapped = BodogeAEC(game, **kwargs)
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
        wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
        return wrappers.OrderEnforcingWrapper(wrapped)

    raw_env.__doc__ = env.__doc__ = f"bodoge's {game} as a PettingZoo AEC environment."
    return env, raw_env
