"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012, SO-ISMCTS).

Each iteration samples one world consistent with what the searching seat knows (`sample`:
determinize, reseed future chance), walks the single tree with availability-aware UCB (an
action's exploration term counts only the visits in which it was legal), adds one node, plays
the rest of the game out and credits every decision on the path with its seat's reward.

Playouts follow each game's `playout_action` (a cheap rule of thumb per game: bid within a
budget, dump a Mimic, fill the pyramid's best slot) or, with `playout="random"`, uniformly
random moves. The rule of thumb matters most where random play is a poor model of an
opponent: random bidders spend their money at once, so a search that assumes them learns
nothing about outbidding a careful player. The tree weighs `search_actions` (all legal actions,
or a game's representative subset, such as a grid of bid amounts).

Simultaneous decisions (several seats pending at once, such as sealed bids) are searched
decoupled: each pending seat chooses without seeing the others' choices, and the child is keyed
by the joint choice as the searching seat sees it: another seat's choice with an event private
to that seat (a sealed bid) enters the key as HIDDEN. So the searcher's next decision in the
tree never depends on a bid it could not have seen, even when a round takes several sealed
decisions. Seats are applied in pending order, the searching seat first at the root. The other
seats' sealed choices come from the game's `playout_action` (their own statistics, spread over
dozens of amounts, would make them bid at random), or with `opponents="search"` from
statistics of their own (DUCT).

A game may also steer the tree (`State.search_settings`, or the bot's arguments): a
`prior_weight` biases each action's value by the game's `heuristic` after it, fading with
visits (progressive bias), and a `widening` lets a node weigh only about widening x sqrt(visits)
actions, added in the order `playout_action` suggests (progressive widening).

Forced steps (a single legal action, such as a die roll) get no node of their own, so the
tree grows only where someone has a choice.

Reward per seat: 0.8 x its share of the win (1/k when k seats share it) plus 0.2 x its rank
position (1 for first, 0 for last), so the search still prefers second place to last in
games with more players; optionally mixed with the score scaled within the game.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any

from bodoge.ai.base import legal_or_fail, pick, sampler
from bodoge.engine import Event, Rng, State
from bodoge.engine.game import Heuristic, result_heuristic
from bodoge.engine.registry import spec_of

WIN_WEIGHT = 0.8
EXPLORATION = 0.7
PLAYOUTS = ("policy", "random")  # the game's playout_action, or uniformly random moves
# How other seats make sealed (simultaneous) choices in the tree: the game's playout_action, or
# their own decoupled statistics.
OPPONENTS = ("policy", "search")


HIDDEN = -1  # the tree key of an action the searching seat does not see


def _sealed(events: list[Event], seat: int) -> bool:
    """Whether a move of a simultaneous decision is a choice `seat` does not see: one of its
    events (the written bid, the sealed card) is private to other seats. Only asked of
    simultaneous decisions: a sequential move is public as a choice even when what it draws is
    private."""
    return any(seat not in event.get("visible_to", (seat,)) for event in events)


def _setting(chosen: float | None, settings: Mapping[str, float], name: str) -> float:
    return float(settings.get(name, 0.0)) if chosen is None else chosen


class _Node:
    __slots__ = ("children", "priors", "tables")

    def __init__(self) -> None:
        # seat -> action -> [visits, total reward, availability]
        self.tables: dict[int, dict[int, list[float]]] = {}
        # seat -> action -> the game's heuristic after the action, scaled to [0, 1] among siblings
        self.priors: dict[int, dict[int, float]] = {}
        self.children: dict[tuple[int, ...], _Node] = {}


def rewards(state: State, score_weight: float = 0.0) -> list[float]:
    """Each seat's reward in [0, 1] for a finished game; `score_weight` mixes in the seat's
    score scaled between the lowest (0) and the highest (1) score of the game."""
    result = state.result()
    players = state.players
    if result is None:
        return [0.0] * players
    winners, ranks, scores = result.winners, result.ranks, result.scores
    share = 1.0 / len(winners) if winners else 0.0
    spread = max(players - 1, 1)
    out = []
    for seat in range(players):
        win = share if seat in winners else 0.0
        place = (players - ranks[seat]) / spread
        out.append(WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * place)
    if score_weight:
        low, high = min(scores), max(scores)
        for seat in range(players):
            scaled = (scores[seat] - low) / (high - low) if high > low else 0.5
            out[seat] = (1.0 - score_weight) * out[seat] + score_weight * scaled
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
        playout: str = "policy",
        prior_weight: float | None = None,
        opponents: str = "policy",
        widening: float | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ismcts needs an iteration or a time budget")
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        self.playout = playout
        # None: the game's own `search_settings` (0 when it names none)
        self.prior_weight_setting = prior_weight
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, not {opponents!r}")
        self.opponents = opponents
        self.widening_setting = widening
        self.prior_weight = 0.0
        self.widening = 0.0
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
        self.heuristic: Heuristic[Any] = result_heuristic  # the game's, set by each `choose`

    def prepare(self, state: State) -> None:
        """The game's heuristic and search settings, taken before each search of `state`."""
        settings = state.search_settings
        self.heuristic = spec_of(state).heuristic
        self.prior_weight = _setting(self.prior_weight_setting, settings, "prior_weight")
        self.widening = _setting(self.widening_setting, settings, "widening")

    def choose(self, state: State, seat: int) -> int:
        legal = legal_or_fail(state, seat)
        if len(legal) == 1:
            return legal[0]
        candidates = state.search_actions(seat)
        if len(candidates) == 1:
            return candidates[0]
        self.prepare(state)
        root = _Node()
        draw = sampler(state, seat)  # what every iteration's world shares, worked out once
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, draw, seat)
            done += 1
        self.last_root = root
        table = root.tables.get(seat, {})
        best_key = max(
            (table[a][0], table[a][1] / table[a][0]) if a in table else (0.0, 0.0)
            for a in candidates
        )
        best = [
            a
            for a in candidates
            if a in table and (table[a][0], table[a][1] / table[a][0]) == best_key
        ]
        return pick(best, self.rng) if best else pick(candidates, self.rng)

    def _iterate(self, root: _Node, draw: Callable[[Rng], State], me: int) -> None:
        rng = self.rng
        world = draw(rng)
        node = root
        path: list[tuple[list[float], int]] = []
        first: int | None = me
        growing = True
        sealed_by_policy = self.opponents == "policy"
        while growing:
            # A forced step (a die roll, a lone option) is no decision: it gets no node, so
            # the tree grows only where someone has a choice.
            world.skip_forced()
            if world.is_over():
                break
            group = world.pending()
            if len(group) == 1:
                # One seat decides (the usual case): one action is the node's key, and its
                # events are not needed (only another seat's sealed choice is hidden).
                seat = group[0]
                legal = world.search_actions(seat)
                table = node.tables.get(seat)
                if table is None:
                    table = node.tables[seat] = {}
                priors = self._priors(node, world, seat, legal) if self.prior_weight else None
                action, fresh = self._select(table, legal, priors, world, seat)
                stat = table.get(action)
                if stat is None:
                    stat = table[action] = [0.0, 0.0, 1.0]
                path.append((stat, seat))
                world.apply_quiet(seat, action)  # a search action is a legal one
                first = None
                key: tuple[int, ...] = (seat, action)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                    growing = False  # one new node per iteration, then play out
                elif fresh:
                    growing = False
                node = child
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
                if seat != me and sealed_by_policy and len(members) > 1:
                    # Another seat's sealed choice: drawn from the opponent model, not searched.
                    action = world.playout_action(seat, world.legal_actions(seat), rng)
                    events = world.apply(seat, action)
                    acted.add(seat)
                    joint.append(seat)
                    joint.append(HIDDEN if _sealed(events, me) else action)
                    continue
                legal = world.search_actions(seat)
                table = node.tables.get(seat)
                if table is None:
                    table = node.tables[seat] = {}
                priors = self._priors(node, world, seat, legal) if self.prior_weight else None
                action, new = self._select(table, legal, priors, world, seat)
                fresh = fresh or new
                stat = table.get(action)
                if stat is None:
                    stat = table[action] = [0.0, 0.0, 1.0]
                path.append((stat, seat))
                events = world.apply(seat, action)
                acted.add(seat)
                joint.append(seat)
                # An action the searcher cannot see (a sealed bid) must not branch its tree:
                # its next decision would otherwise depend on a choice it never saw.
                sealed = seat != me and len(members) > 1 and _sealed(events, me)
                joint.append(HIDDEN if sealed else action)
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

    def _priors(self, node: _Node, world: State, seat: int, legal: list[int]) -> dict[int, float]:
        """The node's heuristic priors for `seat`, computed for actions not seen before: each is
        applied to a copy and judged by the game's `heuristic` (its spec's), then scaled among the
        batch."""
        priors = node.priors.get(seat)
        if priors is None:
            priors = node.priors[seat] = {}
        missing = [a for a in legal if a not in priors]
        if missing:
            heuristic = self.heuristic
            judged = {}
            for action in legal:
                after = world.clone()
                after.apply_quiet(seat, action)  # a search action is a legal one
                judged[action] = heuristic(after, seat)
            low, high = min(judged.values()), max(judged.values())
            for action in missing:
                priors[action] = (judged[action] - low) / (high - low) if high > low else 0.5
        return priors

    def _select(
        self,
        table: dict[int, list[float]],
        legal: list[int],
        priors: dict[int, float] | None,
        world: State,
        seat: int,
    ) -> tuple[int, bool]:
        """Availability-aware UCB1 over `legal`; an untried action is taken first (the one the
        heuristic likes best when there are priors, else one at random). With priors, each
        action's value gets a bias of weight x prior / (visits + 1), which fades with visits
        (progressive bias, Chaslot et al. 2008)."""
        untried = []
        for a in legal:
            stat = table.get(a)
            if stat is None:
                untried.append(a)
            else:
                stat[2] += 1.0
        if untried and self.widening:
            tried = [a for a in legal if a in table]
            visits = sum(table[a][0] for a in tried)
            if not tried or len(tried) < self.widening * math.sqrt(visits):
                return self._widen(untried, legal, world, seat), True
            legal = tried
        elif untried:
            if priors is not None:
                top = max(priors[a] for a in untried)
                untried = [a for a in untried if priors[a] == top]
            return pick(untried, self.rng), True
        c = self.exploration
        weight = self.prior_weight
        log = math.log
        sqrt = math.sqrt
        best_action = legal[0]
        best_value = -1.0
        for a in legal:
            visits, total, avail = table[a]
            value = total / visits + c * sqrt(log(avail) / visits)
            if priors is not None:
                value += weight * priors[a] / (visits + 1.0)
            if value > best_value:
                best_value = value
                best_action = a
        return best_action, False

    def _widen(self, untried: list[int], legal: list[int], world: State, seat: int) -> int:
        """The next action to add under progressive widening: the game's playout move (its
        nearest candidate, when the tree weighs a coarser grid of amounts), else any untried."""
        for _ in range(3):
            suggested = world.playout_action(seat, world.legal_actions(seat), self.rng)
            if suggested not in legal:
                suggested = min(legal, key=lambda a: abs(a - suggested))
            if suggested in untried:
                return suggested
        return pick(untried, self.rng)

    def _playout(self, world: State) -> bool:
        """Play to the end; False if the game has not ended after `max_playout` moves. The
        moves are applied quietly (no checks, no kept events): they come from `legal_actions`
        and nobody reads their events (`State.playout`, which a game may make faster)."""
        return world.playout(self.rng, self.playout == "policy", self.max_playout)
