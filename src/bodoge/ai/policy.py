"""A trained policy as a bot, so people and the simulator can play against what an agent learnt.

A policy maps a seat's observation (the game's observer over its view, as the research
environments give it) and the legal-action mask to an action. Two bot specs seat one:

- `policy:FILE.json`: a saved linear policy (the format below): the legal action with the largest
  `weights[a] . observation + bias[a]` (ties: the smaller action number).
- `policy:package.module:function`: any Python callable `function(observation, mask) -> action`,
  with `observation` a list of floats and `mask` a list of 0/1 over the game's action space.

The saved format (JSON), checked when the bot is made:

```json
{"format": "bodoge-linear-policy", "version": 1, "game": "koremon_evolution", "players": 3,
 "options": {}, "observation_size": 86, "num_actions": 16,
 "weights": [[...86 numbers...], ... 16 rows], "bias": [... 16 numbers ...]}
```

A policy sees only what its seat's view holds, like every bot.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bodoge.ai.base import BotSpecError, legal_or_fail
from bodoge.engine import IllegalAction, State
from bodoge.engine.observe import Observer
from bodoge.engine.registry import spec_of

Policy = Callable[[list[float], list[int]], int]
FORMAT = "bodoge-linear-policy"
MAX_FILE = 64 * 1024 * 1024


class LinearPolicy:
    """The saved linear policy: one weight row and a bias per action."""

    def __init__(self, data: dict[str, Any], source: str) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
            raise BotSpecError(f"{source}: not a {FORMAT} file (version 1)")
        try:
            size, actions = int(data["observation_size"]), int(data["num_actions"])
            weights = [[float(x) for x in row] for row in data["weights"]]
            bias = [float(x) for x in data["bias"]]
        except (KeyError, TypeError, ValueError) as error:
            raise BotSpecError(f"{source}: malformed policy ({error})") from None
        if len(weights) != actions or len(bias) != actions or any(len(r) != size for r in weights):
            raise BotSpecError(
                f"{source}: weights must be {actions} rows of {size}, bias {actions}"
            )
        if not all(math.isfinite(x) for row in weights for x in row) or not all(
            math.isfinite(x) for x in bias
        ):
            raise BotSpecError(f"{source}: weights and bias must be finite numbers")
        self.game = data.get("game")
        self.players = data.get("players")
        self.options = data.get("options") or {}
        self.size, self.actions, self.weights, self.bias = size, actions, weights, bias

    def __call__(self, observation: list[float], mask: list[int]) -> int:
        best, best_value = -1, -math.inf
        for action, allowed in enumerate(mask):
            if allowed:
                row = self.weights[action]
                value = self.bias[action] + sum(
                    w * x for w, x in zip(row, observation, strict=True)
                )
                if value > best_value:
                    best, best_value = action, value
        return best


def load_policy(target: str) -> tuple[Policy, str]:
    """The policy a spec's argument names: a JSON file, or `module:function`."""
    path = Path(target)
    if target.endswith(".json") or path.is_file():
        try:
            if path.stat().st_size > MAX_FILE:
                raise BotSpecError(f"{target}: a policy file holds at most {MAX_FILE} bytes")
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise BotSpecError(f"cannot read policy {target}: {error.strerror or error}") from None
        except json.JSONDecodeError as error:
            raise BotSpecError(f"{target}: not JSON ({error})") from None
        return LinearPolicy(data, target), path.stem
    module_name, sep, attribute = target.partition(":")
    if not sep:
        raise BotSpecError(f"policy {target!r}: give FILE.json or package.module:function")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        raise BotSpecError(f"cannot load policy {target!r}: {error}") from None
    if not callable(found):
        raise BotSpecError(f"policy {target!r} is not callable")
    return found, attribute


class PolicyBot:
    """Plays a policy over the game's observations."""

    def __init__(self, policy: Policy, name: str) -> None:
        self.policy = policy
        self.name = f"policy:{name}"
        self._observers: dict[tuple[type[State], int, str], Observer] = {}

    def _observer(self, state: State) -> Observer:
        key = (type(state), state.players, json.dumps(state.options, sort_keys=True))
        observer = self._observers.get(key)
        if observer is None:
            found = spec_of(state).observer(state.players, state.options)
            if found is None:
                raise BotSpecError(f"{state.info.id} has no observation encoder for a policy")
            observer = self._observers[key] = found
            self._check_fits(state, observer)
        return observer

    def _check_fits(self, state: State, observer: Observer) -> None:
        policy = self.policy
        if isinstance(policy, LinearPolicy):
            actions = state.num_actions(state.players, state.options)
            if policy.game not in (None, state.info.id) or policy.players not in (
                None,
                state.players,
            ):
                raise BotSpecError(
                    f"{self.name} was trained for {policy.game} with {policy.players} players"
                )
            if (policy.size, policy.actions) != (observer.size, actions):
                raise BotSpecError(
                    f"{self.name} expects {policy.size} observations and {policy.actions} actions, "
                    f"this game has {observer.size} and {actions}"
                )

    def choose(self, state: State, seat: int) -> int:
        legal = legal_or_fail(state, seat)
        observation = self._observer(state).encode(state.view(seat))
        mask = mask_of(legal, state.num_actions(state.players, state.options))
        action = self.policy(observation, mask)
        if action not in legal:
            raise IllegalAction(f"{self.name} chose action {action!r}, which is not legal here")
        return int(action)


def mask_of(legal: Sequence[int], size: int) -> list[int]:
    mask = [0] * size
    for action in legal:
        mask[action] = 1
    return mask
