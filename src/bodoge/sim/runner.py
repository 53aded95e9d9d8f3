"""Playing batches of bot games, in one process, in a pool of worker processes, or on Ray.

Game `i` of a batch of an N-player game uses rotation `i % N`: the bots of the line-up sit
rotated by one seat per game, so every bot plays every seat equally often. With different bots
each deal is played in all N rotations (deal `i // N`), so no bot is dealt luckier hands than
another; with one bot in every seat each game gets its own deal. Bots are seeded per game and
seat. Results come back in game order whatever the number of workers, so a seeded batch is
reproducible.
"""

from __future__ import annotations

import importlib
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bodoge.ai import make_bot
from bodoge.engine import InvalidOptions, Match, Rng, State, UnknownGame, get_game
from bodoge.engine.options import resolve_options

_SEED_MASK = (1 << 63) - 1
Progress = Callable[[int], None]


def resolve_game(ref: str) -> type[State]:
    """A registered game id, or `package.module:Class` for a game being prototyped."""
    if ":" not in ref:
        return get_game(ref)
    module_name, _, class_name = ref.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError, ValueError) as error:
        raise UnknownGame(f"cannot load game {ref!r}: {error}") from None
    if not (isinstance(found, type) and issubclass(found, State)):
        raise UnknownGame(f"{ref!r} is not a game state class")
    return found


@dataclass(frozen=True)
class Batch:
    """What to play: game, player count, options, one bot spec per line-up slot, how many."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    max_decisions: int = 200_000

    def check(self) -> type[State]:
        """Raise a bodoge error for anything that would fail later (game, players, options)."""
        game = resolve_game(self.game)
        info = game.info
        if not info.min_players <= self.players <= info.max_players:
            raise InvalidOptions(
                f"{info.id} takes {info.min_players}-{info.max_players} players, not {self.players}"
            )
        if len(self.bots) != self.players:
            raise InvalidOptions(f"{len(self.bots)} bots for {self.players} players")
        if self.games < 1:
            raise InvalidOptions("the number of games must be at least 1")
        if self.seed < 0:
            raise InvalidOptions("the seed must be a non-negative whole number")
        resolve_options(info.options, self.options)
        game.new(self.players, self.options, self.seed)  # the game's own option checks
        for spec in self.bots:
            make_bot(spec, 0)
        return game

    def deal_seed(self, index: int) -> int:
        deal = index if len(set(self.bots)) == 1 else index // self.players
        return (self.seed * 1_000_003 + deal) & _SEED_MASK

    def bot_seeds(self, index: int) -> list[int]:
        seeder = Rng((self.seed * 1_000_003 + index) ^ 0xB07B07)
        return [seeder.next64() >> 1 for _ in range(self.players)]

    def slots(self, index: int) -> list[int]:
        """The line-up slot at each seat in game `index`."""
        rotation = index % self.players
        return [(seat + rotation) % self.players for seat in range(self.players)]


@dataclass
class GameRecord:
    index: int
    seed: int
    slots: list[int]  # line-up slot at each seat
    scores: list[float]
    ranks: list[int]
    winners: list[int]
    wins: list[float]  # each seat's share of the win (a tie splits it; a team win counts whole)
    decisions: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def play_game(batch: Batch, index: int, game: type[State] | None = None) -> GameRecord:
    """Play game `index` of `batch`, every decision through a `Match` like any other layer."""
    game = game or resolve_game(batch.game)
    seed = batch.deal_seed(index)
    slots = batch.slots(index)
    match = Match(game, batch.players, batch.options, seed)
    seeds = batch.bot_seeds(index)
    bots = [make_bot(batch.bots[slot], seeds[seat]) for seat, slot in enumerate(slots)]
    deciders = [f"bot:{batch.bots[slot]}" for slot in slots]
    decisions = 0
    start = time.perf_counter()
    while not match.is_over():
        if decisions >= batch.max_decisions:
            raise RuntimeError(f"{game.info.id} did not end within {batch.max_decisions} moves")
        seat = match.pending()[0]
        match.apply(seat, bots[seat].choose(match.state, seat), by=deciders[seat])
        decisions += 1
    state = match.state
    result = state.result()
    assert result is not None  # is_over() promises a result
    if result.teams is not None:
        wins = [1.0 if seat in result.winners else 0.0 for seat in range(batch.players)]
    else:
        share = 1.0 / len(result.winners) if result.winners else 0.0
        wins = [share if seat in result.winners else 0.0 for seat in range(batch.players)]
    return GameRecord(
        index=index,
        seed=seed,
        slots=slots,
        scores=[float(score) for score in result.scores],
        ranks=list(result.ranks),
        winners=list(result.winners),
        wins=wins,
        decisions=decisions,
        seconds=time.perf_counter() - start,
    )


def play_chunk(batch: Batch, indices: list[int]) -> list[GameRecord]:
    game = resolve_game(batch.game)
    return [play_game(batch, index, game) for index in indices]


def chunks(batch: Batch, jobs: int) -> list[list[int]]:
    """Small enough chunks for an even load and a lively progress bar."""
    size = max(1, min(50, batch.games // (jobs * 8)))
    return [list(range(i, min(i + size, batch.games))) for i in range(0, batch.games, size)]


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _star(args: tuple[Batch, list[int]]) -> list[GameRecord]:
    return play_chunk(*args)


def _run_local(batch: Batch, jobs: int) -> Iterator[list[GameRecord]]:
    work = chunks(batch, jobs)
    if jobs == 1:
        for indices in work:
            yield play_chunk(batch, indices)
        return
    with _pool_context().Pool(jobs) as pool:
        yield from pool.imap_unordered(_star, [(batch, indices) for indices in work])


def run_batch(
    batch: Batch,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[GameRecord]:
    """Every game of the batch, in game order. `progress(done)` is called as games finish."""
    batch.check()
    if jobs < 1:
        raise InvalidOptions("--jobs must be at least 1")
    if backend == "ray":
        from bodoge.sim.ray_backend import run_ray

        stream = run_ray(batch, jobs, address)
    elif backend == "process":
        stream = _run_local(batch, jobs)
    else:
        raise InvalidOptions(f"unknown backend {backend!r} (process, ray)")
    records: list[GameRecord] = []
    for part in stream:
        records.extend(part)
        if progress is not None:
            progress(len(records))
    records.sort(key=lambda record: record.index)
    return records
