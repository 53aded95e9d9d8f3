"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012, SO-ISMCTS).

Each iteration samples one world consistent with what the searching seat knows (`sample`:
determinize, reseed future chance), walks the single tree with availability-aware UCB (an
action's exploration term counts only the visits in which it was legal), adds one node, plays
the rest of the game at random and credits every decision on the path with its seat's reward.

Simultaneous decisions (several seats pending at once, such as sealed bids) are searched
decoupled (DUCT): at such a node each pending seat keeps its own action statistics, chosen
without seeing the others' choices, and the child is keyed by the joint choice. So a seat's
sealed bid in the tree never depends on a bid it could not have seen. Seats are applied in
pending order, the searching seat first at the root.

Forced steps (a single legal action, such as a die roll) get no node of their own, so the
tree grows only where someone has a choice.

Reward per seat: 0.8 x its share of the win (1/k when k seats share it) plus 0.2 x its rank
position (1 for first, 0 for last), so the search still prefers second place to last in
games with more players; optionally mixed with the score scaled within the game.
"""

from __future__ import annotations

import math
import time

from bodoge.ai.base import legal_or_fail, sample
from bodoge.engine import Rng, State

WIN_WEIGHT = 0.8
EXPLORATION = 0.7


class _Node:
    __slots__ = ("children", "tables")

    def __init__(self) -> None:
        # seat -> action -> [visits, total reward, availability]
        self.tables: dict[int, dict[int, list[float]]] = {}
        self.children: dict[tuple[int, ...], _Node] = {}


def rewards(state: State, score_weight: float = 0.0) -> list[float]:
    """Each seat's reward in [0, 1] for a finished game; `score_weight` mixes in the seat's
    score scaled between the lowest (0) and the highest (1) score of the game."""
    result = state.result()
    players = state.players
    if result is None:
        return [0.0] * players
    share = 1.0 / len(result.winners) if result.winners else 0.0
    spread = max(players - 1, 1)
    low, high = min(result.scores), max(result.scores)
    out = []
    for seat in range(players):
        win = share if seat in result.winners else 0.0
        place = (players - result.ranks[seat]) / spread
        value = WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * place
        if score_weight:
            scaled = (result.scores[seat] - low) / (high - low) if high > low else 0.5
            value = (1.0 - score_weight) * value + score_weight * scaled
        out.append(value)
    return out


class IsmctsBot:
    """SO-ISMCTS with a budget of `iterations` or of `seconds` per decision (whichever is set)."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 300,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        max_playout: int = 5_000,
        name: str | None = None,
        score_weight: float = 0.0,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ismcts needs an iteration or a time budget")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.max_playout = max_playout
        self.score_weight = score_weight
        self.name = name or (
            f"ismcts:{seconds}s" if seconds is not None else f"ismcts:{iterations}"
        )
        self.last_root: _Node | None = None  # kept for tests and analysis

    def choose(self, state: State, seat: int) -> int:
        legal = legal_or_fail(state, seat)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, state, seat)
            done += 1
        self.last_root = root
        table = root.tables.get(seat, {})
        best_key = max(
            (table[a][0], table[a][1] / table[a][0]) if a in table else (0.0, 0.0) for a in legal
        )
        best = [
            a for a in legal if a in table and (table[a][0], table[a][1] / table[a][0]) == best_key
        ]
        return best[self.rng.below(len(best))] if best else legal[self.rng.below(len(legal))]

    def _iterate(self, root: _Node, state: State, me: int) -> None:
        rng = self.rng
        world = sample(state, me, rng)
        node = root
        path: list[tuple[list[float], int]] = []
        first: int | None = me
        growing = True
        while growing and not world.is_over():
            group = world.pending()
            if len(group) == 1:
                legal = world.legal_actions(group[0])
                if len(legal) == 1:
                    # A forced step (a die roll, a lone option) is no decision: it gets no
                    # node, so the tree grows only where someone has a choice.
                    world.apply(group[0], legal[0])
                    continue
            members = set(group)
            acted: set[int] = set()
            joint: list[int] = []
            fresh = False
            while True:
                pending = world.pending()
                if not pending or any(s not in members for s in pending):
                    break
                ready = [s for s in pending if s not in acted]
                if not ready:
                    break
                seat = first if first in ready else ready[0]
                legal = world.legal_actions(seat)
                table = node.tables.get(seat)
                if table is None:
                    table = node.tables[seat] = {}
                action, new = self._select(table, legal)
                fresh = fresh or new
                stat = table.get(action)
                if stat is None:
                    stat = table[action] = [0.0, 0.0, 1.0]
                path.append((stat, seat))
                world.apply(seat, action)
                acted.add(seat)
                joint.append(seat)
                joint.append(action)
            first = None
            key = tuple(joint)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                growing = False  # one new node per iteration, then play out
            elif fresh:
                growing = False
            node = child
        ended = self._playout(world)
        # A playout that wanders without end is scored as a draw.
        reward = (
            rewards(world, self.score_weight) if ended else [1.0 / world.players] * world.players
        )
        for stat, seat in path:
            stat[0] += 1.0
            stat[1] += reward[seat]

    def _select(self, table: dict[int, list[float]], legal: list[int]) -> tuple[int, bool]:
        """Availability-aware UCB1 over `legal`; an untried action is taken first, at random."""
        untried = [a for a in legal if a not in table]
        for a in legal:
            stat = table.get(a)
            if stat is not None:
                stat[2] += 1.0
        if untried:
            return untried[self.rng.below(len(untried))], True
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        best_action = legal[0]
        best_value = -1.0
        for a in legal:
            visits, total, avail = table[a]
            value = total / visits + c * sqrt(log(avail) / visits)
            if value > best_value:
                best_value = value
                best_action = a
        return best_action, False

    def _playout(self, world: State) -> bool:
        """Random moves to the end; False if the game has not ended after `max_playout`."""
        below = self.rng.below
        for _ in range(self.max_playout):
            if world.is_over():
                return True
            seat = world.pending()[0]
            legal = world.legal_actions(seat)
            world.apply(seat, legal[below(len(legal))] if len(legal) > 1 else legal[0])
        return world.is_over()
