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
import itertools
import multiprocessing
import os
import queue
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bodoge.ai import make_bot
from bodoge.engine import (
    GameSpec,
    InvalidOptions,
    Match,
    Rng,
    State,
    UnknownGame,
    get_spec,
    spec_of,
)
from bodoge.engine.options import resolve_options

_SEED_MASK = (1 << 63) - 1
MAX_GAMES = 10**9  # a year of the fastest games on one core: more is a typo
LOOKAHEAD = 4  # chunks queued per worker beyond the one it plays: enough to never wait
Progress = Callable[[int], None]


def resolve_game(ref: str) -> GameSpec[Any]:
    """A registered game id, or `package.module:NAME` for a game being prototyped: NAME a
    `GameSpec` or a state class (with the spec beside it, else every default)."""
    if ":" not in ref:
        return get_spec(ref)
    module_name, _, name = ref.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), name)
    except (ImportError, AttributeError, ValueError) as error:
        raise UnknownGame(f"cannot load game {ref!r}: {error}") from None
    if isinstance(found, GameSpec):
        return found
    if not (isinstance(found, type) and issubclass(found, State)):
        raise UnknownGame(f"{ref!r} is not a game spec or state class")
    return spec_of(found)


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
    # a variant's content as data (`bodoge simulate --content`, the studio's balance runs)
    content: dict[str, Any] | None = None

    def game_options(self, game: GameSpec[Any]) -> dict[str, Any]:
        """The options of every game: the batch's, and the variant's content installed in this
        process (a worker installs it again: content travels as data, never as a path)."""
        if self.content is None:
            return self.options
        if game.variants is None:
            raise InvalidOptions(f"{game.id} has no variants: it takes no content")
        return {**self.options, **game.variants.options(self.content)}

    def check(self) -> GameSpec[Any]:
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
        if self.games > MAX_GAMES:
            raise InvalidOptions(
                f"the number of games must be at most {MAX_GAMES} (10**9), not {self.games}"
            )
        if self.seed < 0:
            raise InvalidOptions("the seed must be a non-negative whole number")
        if self.content is not None and game.variants is not None:
            game.variants.check(self.content)
        options = self.game_options(game)
        resolve_options(info.options, options)
        game.rules.new(self.players, options, self.seed)  # the game's own option checks
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
    detail: dict[str, Any] = field(default_factory=dict)  # the game's own (`balance_detail`)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def play_game(batch: Batch, index: int, game: GameSpec[Any] | None = None) -> GameRecord:
    """Play game `index` of `batch`, every decision through a `Match` like any other layer."""
    game = game or resolve_game(batch.game)
    seed = batch.deal_seed(index)
    slots = batch.slots(index)
    match = Match(game, batch.players, batch.game_options(game), seed)
    seeds = batch.bot_seeds(index)
    bots = [make_bot(batch.bots[slot], seeds[seat]) for seat, slot in enumerate(slots)]
    deciders = [f"bot:{batch.bots[slot]}" for slot in slots]
    start = time.perf_counter()
    decisions = match.play_out(
        lambda state, seat: bots[seat].choose(state, seat),
        max_decisions=batch.max_decisions,
        by=deciders.__getitem__,
    )
    result = match.result()
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
        detail=game.balance_detail(match.state),
    )


def play_chunk(batch: Batch, indices: Sequence[int]) -> list[GameRecord]:
    game = resolve_game(batch.game)
    return [play_game(batch, index, game) for index in indices]


def available_cores() -> int:
    """The cores this process may run on: its affinity where the system has one, else all."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def worker_count(jobs: int, cores: int | None = None) -> int:
    """The worker processes to start for `jobs`: more than the cores only costs memory."""
    if jobs < 1:
        raise InvalidOptions("--jobs must be at least 1")
    return min(jobs, available_cores() if cores is None else cores)


def chunks(batch: Batch, jobs: int, start: int = 0) -> Iterator[range]:
    """The games from `start` on in small enough chunks for an even load and a lively progress
    bar, made one at a time: a batch of 10**9 games has 2 * 10**7 chunks."""
    size = max(1, min(50, batch.games // (jobs * 8)))
    for first in range(start, batch.games, size):
        yield range(first, min(first + size, batch.games))


def bounded(
    submit: Callable[[range], None],
    next_result: Callable[[], list[GameRecord]],
    work: Iterator[range],
    window: int,
) -> Iterator[list[GameRecord]]:
    """Keep at most `window` chunks of `work` submitted and not yet returned by `next_result`,
    yielding each result as it comes: the rest of the work is not even made before it is due."""
    pending = 0
    for indices in itertools.islice(work, window):
        submit(indices)
        pending += 1
    while pending:
        result = next_result()
        pending -= 1
        yield result
        for indices in itertools.islice(work, 1):
            submit(indices)
            pending += 1


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _run_local(batch: Batch, jobs: int, work: Iterator[range]) -> Iterator[list[GameRecord]]:
    if jobs == 1:
        for indices in work:
            yield play_chunk(batch, indices)
        return
    arrived: queue.SimpleQueue[list[GameRecord] | BaseException] = queue.SimpleQueue()

    def next_result() -> list[GameRecord]:
        result = arrived.get()
        if isinstance(result, BaseException):
            raise result
        return result

    with _pool_context().Pool(jobs) as pool:

        def submit(indices: range) -> None:
            pool.apply_async(
                play_chunk, (batch, indices), callback=arrived.put, error_callback=arrived.put
            )

        yield from bounded(submit, next_result, work, jobs * LOOKAHEAD)


Estimate = Callable[[float, int], None]


def run_batch(
    batch: Batch,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
    estimate: Estimate | None = None,
) -> list[GameRecord]:
    """Every game of the batch, in game order. `progress(done)` is called as games finish, and
    `estimate(seconds, workers)` once, with the batch's expected duration, after its first game
    (played here, then the rest in `workers` processes: no more than the cores, unless on an
    existing Ray cluster)."""
    batch.check()
    if backend not in ("process", "ray"):
        raise InvalidOptions(f"unknown backend {backend!r} (process, ray)")
    if jobs < 1:
        raise InvalidOptions("--jobs must be at least 1")
    workers = jobs if backend == "ray" and address else worker_count(jobs)
    workers = max(1, min(workers, batch.games - 1))
    game = resolve_game(batch.game)
    start = time.perf_counter()
    records = [play_game(batch, 0, game)]
    first = time.perf_counter() - start
    if estimate is not None:
        estimate(first + first * (batch.games - 1) / workers, workers)
    if progress is not None:
        progress(1)
    if batch.games == 1:
        return records
    work = chunks(batch, workers, start=1)
    if backend == "ray":
        from bodoge.sim.ray_backend import run_ray

        stream = run_ray(batch, workers, address, work)
    else:
        stream = _run_local(batch, workers, work)
    for part in stream:
        records.extend(part)
        if progress is not None:
            progress(len(records))
    records.sort(key=lambda record: record.index)
    return records
