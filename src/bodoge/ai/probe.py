"""The search as an analyst: ISMCTS that also counts how every simulated game ended, per root
action, so a position gets each seat's chance to win from one seat's knowledge.

`IsmctsBot` credits each decision with its own seat's reward only, which is all a bot needs to
choose. An analysis wants more: every seat's chance to win after each root action (the move a
seat played, the move the search prefers), and the same for a position where the analysed seat
is not the one to move (before and after a die roll). `Probe` runs the very same iterations
(`IsmctsBot._iterate`: the same sampler, tree, playouts and seeds) and only watches them: the
first selection of an iteration is the root's action, and every playout's end is tallied under
it. It can also force the root's action, to measure a move the search would rarely try.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bodoge.ai.base import sampler
from bodoge.ai.ismcts import IsmctsBot, _Node
from bodoge.engine import Result, Rng, State

WHOLE = -1  # the tally of a position's every iteration, whatever the root's action


def win_shares(result: Result, players: int) -> list[float]:
    """Each seat's share of the win: 1/k for each of k winners; in a team game the whole win for
    each member of the winning team (as `bodoge simulate` counts them)."""
    if result.teams is not None:
        return [1.0 if seat in result.winners else 0.0 for seat in range(players)]
    share = 1.0 / len(result.winners) if result.winners else 0.0
    return [share if seat in result.winners else 0.0 for seat in range(players)]


class Tally:
    """How the simulated games through one root action ended: their count and each seat's
    summed share of the win."""

    __slots__ = ("count", "wins")

    def __init__(self, players: int) -> None:
        self.count = 0
        self.wins = [0.0] * players

    def add(self, shares: list[float]) -> None:
        self.count += 1
        wins = self.wins
        for seat, share in enumerate(shares):
            wins[seat] += share

    def chances(self) -> list[float]:
        """Each seat's estimated chance to win (the mean share)."""
        count = self.count
        return [win / count if count else 0.0 for win in self.wins]


class Probe(IsmctsBot):
    """ISMCTS whose iterations are tallied by root action (`tallies`); `force` makes every
    iteration start with the given root action."""

    def __init__(self, seed: int, iterations: int | None, seconds: float | None) -> None:
        super().__init__(seed, iterations=iterations, seconds=seconds, name="analysis")
        self.tallies: dict[int, Tally] = {}
        self.force: int | None = None
        self._first = False  # the next selection is this iteration's first (the root's)
        self._root_action = WHOLE
        self._into: Tally | None = None  # where `compare` wants the iteration's end counted
        # `compare`'s rounds of the seat's share, first move's minus last move's: their count,
        # sum and sum of squares (the difference's noise: `paired_error`)
        self.paired = (0, 0.0, 0.0)

    def reset(self) -> None:
        self.tallies = {}
        self.force = None

    # ---- watching the bot's own iterations --------------------------------------------

    def _iterate(self, root: _Node, draw: Callable[[Rng], State], me: int) -> None:
        self._first = True
        self._root_action = WHOLE
        super()._iterate(root, draw, me)

    def _select(
        self,
        table: dict[int, list[float]],
        legal: list[int],
        priors: dict[int, float] | None,
        world: State,
        seat: int,
    ) -> tuple[int, bool]:
        if not self._first:
            return super()._select(table, legal, priors, world, seat)
        self._first = False
        forced = self.force
        if forced is not None:
            self._root_action = forced
            return forced, forced not in table
        action, fresh = super()._select(table, legal, priors, world, seat)
        self._root_action = action
        return action, fresh

    def _playout(self, world: State) -> bool:
        ended = super()._playout(world)
        players = world.players
        result = world.result() if ended else None
        # A playout that wanders without end counts as a draw, as the search scores it.
        shares = win_shares(result, players) if result is not None else [1.0 / players] * players
        for key in (self._root_action, WHOLE) if self._root_action != WHOLE else (WHOLE,):
            tally = self.tallies.get(key)
            if tally is None:
                tally = self.tallies[key] = Tally(players)
            tally.add(shares)
        if self._into is not None:
            self._into.add(shares)
        return ended

    # ---- what an analysis asks ------------------------------------------------------------

    def run(self, state: State, seat: int, root: _Node, count: int | None = None) -> None:
        """`count` more iterations from `seat`'s knowledge of `state` into `root` (None: the
        probe's own budget, its iterations or its seconds)."""
        self.prepare(state)
        draw = sampler(state, seat)
        if count is None and self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            done = 0
            while done == 0 or time.perf_counter() < deadline:
                self._iterate(root, draw, seat)
                done += 1
            return
        for _ in range(count if count is not None else self.iterations or 1):
            self._iterate(root, draw, seat)

    def compare(
        self, state: State, seat: int, root: _Node, moves: tuple[int, ...], pairs: int
    ) -> list[Tally]:
        """Each of `moves` measured from `seat`'s knowledge of `state` over `pairs` rounds of
        one forced iteration per move, every round's iterations from the same state of the
        generator: the same sampled world and the same draws for each move as long as their
        games allow (common random numbers), so the difference between moves is measured with
        far less noise than the search's own means hold."""
        self.prepare(state)
        draw = sampler(state, seat)
        tallies = [Tally(state.players) for _ in moves]
        count, total, squares = 0, 0.0, 0.0
        for _ in range(pairs):
            start = self.rng.state
            shares: list[float] = []
            for move, tally in zip(moves, tallies, strict=True):
                self.rng.state = start
                self.force = move
                self._into = tally
                counted, won = tally.count, tally.wins[seat]
                self._iterate(root, draw, seat)
                if tally.count > counted:
                    shares.append(tally.wins[seat] - won)
            if len(moves) > 1 and len(shares) == len(moves):
                difference = shares[0] - shares[-1]
                count, total, squares = count + 1, total + difference, squares + difference**2
        self.paired = (count, total, squares)
        self.force = None
        self._into = None
        return tallies

    def paired_error(self) -> float:
        """The standard error of the mean difference of the last `compare` of two moves (the
        seat's share of the first minus the last, round by round); 0 without two rounds."""
        count, total, squares = self.paired
        if count < 2:
            return 0.0
        mean = total / count
        variance = max(0.0, (squares - count * mean * mean) / (count - 1))
        return float((variance / count) ** 0.5)

    def evaluate(self, state: State, seat: int) -> list[float]:
        """Each seat's chance to win from `seat`'s knowledge of `state`, whoever is to move
        (the tree searches every seat's decisions; a finished game gives its result)."""
        result = state.result()
        if result is not None:
            return win_shares(result, state.players)
        self.reset()
        self.run(state, seat, _Node())
        return self.tallies[WHOLE].chances()
