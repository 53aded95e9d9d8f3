"""Analysis of a game: each seat's chance to win at every decision and chance step, from what
the analysed seat knew then; the move the search prefers; marks for moves that lose; luck.

`analyze(record_or_match, seats, level, seconds, seed, progress)` walks the decisions in effect
(undone ones are skipped) and, for each analysed seat K:

- at each decision of K with more than one legal action, searches the position from K's
  knowledge (`Probe`, the bot's ISMCTS: worlds sampled by `sampler(state, K)`, never the real
  hidden state). The search's choice is the preferred move. When the move played is another,
  both are measured again side by side (`Probe.compare`: half the level's iterations of
  paired rounds, each round's two simulated games from the same world and draws), so a move
  the search rarely tries is measured, not guessed, and most of the noise cancels out of
  their difference. `before` is every seat's chance to win after the preferred move (the
  search's estimate of the position), `after` the same after the move played; `loss` is K's
  chance lost (0 when the search prefers the move played), marked by `MARKS`.
- at each chance step, a step whose outcome K could not foresee from its knowledge and the move
  (the generator drew, or worlds sampled from K's knowledge show K different things after the
  move): K's own decisions that draw or reveal (a card turned up, the other bids of a sealed
  round), and steps nobody chose (a die roll: one legal action). Its `before` is K's estimate
  just before the outcome (the move played's, at K's own decision), its `after` K's estimate of
  the position that came out; the difference is the luck.

Chances are shares of the win (1/k for each of k winners; a team's win whole for each member),
so they sum to 1 in every game where someone always wins. The result is JSON-ready
(`Analysis.to_json`, described in docs/ai.md, "Analysis"). Everything is seeded: the same
record, seats, level and seed give the same analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bodoge.ai.base import sampler
from bodoge.ai.factory import ISMCTS_ITERATIONS
from bodoge.ai.ismcts import _Node
from bodoge.ai.probe import WHOLE, Probe
from bodoge.engine import BodogeError, Match, Rng, State, visible_events
from bodoge.engine.langs import LANGS
from bodoge.engine.match import Decision

# A move is marked by the chance to win it loses against the search's preferred move, as a
# share of the win: at least 0.20 a blunder, 0.10 a mistake, 0.05 an inaccuracy; and only when
# that loss is at least SIGNIFICANT standard errors of the paired measure (else it is noise).
MARKS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
SIGNIFICANT = 2.0
MARK_NAMES = ("inaccuracy", "mistake", "blunder")
DEFAULT_LEVEL = "normal"
PAIRED_SHARE = 2  # a move played that the search does not prefer: iterations/2 paired rounds
CONFIRM = 2  # the salt of a suspected move's second, independent measure
CHANCE_WORLDS = 4  # worlds sampled to see whether a step's outcome was foreseeable
BIGGEST = 3  # luck swings listed in each seat's summary
DECISION = "decision"
CHANCE = "chance"


class AnalysisError(BodogeError):
    code = "analysis"
    kind_ja = "解析できません"


def mark_for(loss: float) -> str | None:
    """The mark a move gets for the chance to win it loses (None: not marked)."""
    for name, threshold in MARKS:
        if loss >= threshold - 1e-12:
            return name
    return None


def _marked(loss: float, error: float) -> bool:
    """Whether a loss is past the least mark's threshold and beyond the noise of its measure."""
    return mark_for(loss) is not None and loss >= SIGNIFICANT * error


def level_iterations(level: str | int) -> int:
    """The search's iterations per position at a level (easy, normal, hard) or a count."""
    if isinstance(level, bool):
        raise AnalysisError(f"level must be easy, normal, hard or a count, not {level!r}")
    if isinstance(level, int):
        if not 0 < level <= 1_000_000:
            raise AnalysisError(
                f"a level's iterations are 1-1000000, not {level}",
                ja=f"反復回数は1〜1000000です（{level} は範囲外）",
            )
        return level
    if isinstance(level, str):
        text = level.strip().lower()
        if text in ISMCTS_ITERATIONS:
            return ISMCTS_ITERATIONS[text]
        if text.isdigit():
            return level_iterations(int(text))
    names = ", ".join(ISMCTS_ITERATIONS)
    raise AnalysisError(
        f"level must be {names} or a number of iterations, not {level!r:.40}",
        ja=f"レベルは {names} か反復回数です（{level!r:.40} は使えません）",
    )


@dataclass(frozen=True)
class Move:
    """A move as the analysed seat reads it: its number, notation and words (en, ja)."""

    action: int
    notation: str
    label: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "notation": self.notation, "label": dict(self.label)}


@dataclass(frozen=True)
class Step:
    """One decision or chance step, from the analysed `seat`'s knowledge at that moment."""

    ply: int  # the match's ply after the step (the record's entry, the replay's step)
    seat: int  # whose analysis: whose knowledge the estimates come from
    mover: int  # the seat that made the step
    kind: str  # DECISION or CHANCE
    before: tuple[float, ...]  # each seat's chance to win: after the preferred move / before
    after: tuple[float, ...]  # ... after the move played / after the outcome
    played: Move | None = None  # decisions: the move played
    preferred: Move | None = None  # decisions: the move the search prefers
    loss: float = 0.0  # decisions: the seat's chance lost against the preferred move
    mark: str | None = None  # decisions: inaccuracy, mistake, blunder or None
    samples: tuple[int, int] = (0, 0)  # decisions: simulated games of (played, preferred)
    error: float = 0.0  # decisions: the standard error of `loss` (paired rounds)
    what: dict[str, list[str]] = field(default_factory=dict)  # chance: events as seat saw them

    @property
    def swing(self) -> float:
        """The change in the seat's own chance to win across the step."""
        return self.after[self.seat] - self.before[self.seat]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ply": self.ply,
            "seat": self.seat,
            "mover": self.mover,
            "kind": self.kind,
            "before": [round(value, 4) for value in self.before],
            "after": [round(value, 4) for value in self.after],
        }
        if self.kind == DECISION:
            assert self.played is not None and self.preferred is not None
            data["played"] = self.played.to_json()
            data["preferred"] = self.preferred.to_json()
            data["loss"] = round(self.loss, 4)
            data["error"] = round(self.error, 4)
            data["mark"] = self.mark
            data["samples"] = {"played": self.samples[0], "preferred": self.samples[1]}
        else:
            data["swing"] = round(self.swing, 4)
            data["what"] = {lang: list(lines) for lang, lines in self.what.items()}
        return data


@dataclass(frozen=True)
class SeatSummary:
    """A seat's decisions, their average loss, its marks and its biggest luck swings."""

    seat: int
    decisions: int
    average_loss: float
    marks: dict[str, int]
    luck: float  # the sum of the seat's chance steps' swings
    biggest: tuple[Step, ...]  # the chance steps of largest swing, largest first

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "average_loss": round(self.average_loss, 4),
            "marks": dict(self.marks),
            "luck": round(self.luck, 4),
            "biggest_swings": [
                {"ply": step.ply, "swing": round(step.swing, 4)} for step in self.biggest
            ],
        }


@dataclass(frozen=True)
class Analysis:
    game: str
    players: int
    names: list[str] | None
    seats: tuple[int, ...]
    level: str
    iterations: int
    seconds: float | None
    seed: int
    steps: tuple[Step, ...]
    summaries: tuple[SeatSummary, ...]

    def for_seat(self, seat: int) -> list[Step]:
        return [step for step in self.steps if step.seat == seat]

    def summary(self, seat: int) -> SeatSummary:
        for each in self.summaries:
            if each.seat == seat:
                return each
        raise AnalysisError(f"seat {seat} was not analysed")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "names": self.names,
            "seats": list(self.seats),
            "measure": "win_chance",
            "level": self.level,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "seed": self.seed,
            "thresholds": {name: threshold for name, threshold in reversed(MARKS)},
            "steps": [step.to_json() for step in self.steps],
            "summary": [each.to_json() for each in self.summaries],
        }


Progress = Callable[[int, int], None]  # (items done, items in all)


def analyze(
    record_or_match: str | Match,
    seats: Sequence[int] | None = None,
    level: str | int = DEFAULT_LEVEL,
    seconds: float | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Analysis:
    """The analysis of a game record (its text) or a match, for `seats` (0-based; None: every
    seat) with the search at `level` (its iterations per position) or `seconds` per position
    (then not reproducible), seeded by `seed`. `progress(done, total)` is called after each
    decision or step looked at. Bad input raises a BodogeError (AnalysisError, InvalidState)."""
    parts = Parts(record_or_match, seats, level, seconds, seed)
    steps: list[Step] = []
    for done in range(parts.total):
        steps.extend(parts.run(done, done + 1))
        if progress is not None:
            progress(done + 1, parts.total)
    return parts.finish(steps)


class Parts:
    """An analysis in parts, for a caller that spreads it over several calls or processes (the
    server's workers): `run(start, stop)` gives the steps of items `start` to `stop` of the plan
    (each a seat's look at one decision), `finish(steps)` the analysis of them all. Every item
    is seeded by itself, so the parts give what one `analyze` gives, in any order."""

    def __init__(
        self,
        record_or_match: str | Match,
        seats: Sequence[int] | None = None,
        level: str | int = DEFAULT_LEVEL,
        seconds: float | None = None,
        seed: int = 0,
    ) -> None:
        match = Match.from_record(record_or_match) if isinstance(record_or_match, str) else None
        full = match if match is not None else record_or_match
        if not isinstance(full, Match):
            raise AnalysisError("analyze takes a game record's text or a Match")
        self.iterations = level_iterations(level)
        if seconds is not None and not 0 < seconds <= 3600:
            raise AnalysisError(
                f"seconds per position must be more than 0 and at most 3600, not {seconds}",
                ja=f"1局面あたりの秒数は0より大きく3600以下です（{seconds} は範囲外）",
            )
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise AnalysisError(f"seed must be a whole number 0-{(1 << 64) - 1}, not {seed!r:.40}")
        self.full = full
        self.level = str(level).strip().lower()
        self.seconds = seconds
        self.seed = seed
        self.seats = _seats(full.players, seats)
        kept = full.decisions()
        states = _positions(full, kept)
        self.plan = [
            (seat, index)
            for seat in self.seats
            for index, entry in enumerate(kept)
            if entry.seat == seat or len(states[index].legal_actions(entry.seat)) == 1
        ]
        self._walker = _Walker(full, kept, states, self.iterations, seconds, seed)

    @property
    def total(self) -> int:
        return len(self.plan)

    def run(self, start: int, stop: int) -> list[Step]:
        steps: list[Step] = []
        for seat, index in self.plan[start:stop]:
            steps.extend(self._walker.step(seat, index))
        return steps

    def finish(self, steps: Sequence[Step]) -> Analysis:
        full = self.full
        ordered = tuple(
            sorted(steps, key=lambda step: (step.seat, step.ply, step.kind != DECISION))
        )
        return Analysis(
            game=full.game.info.id,
            players=full.players,
            names=list(full.names) if full.names is not None else None,
            seats=tuple(self.seats),
            level=self.level,
            iterations=self.iterations,
            seconds=self.seconds,
            seed=self.seed,
            steps=ordered,
            summaries=tuple(summarize(ordered, seat) for seat in self.seats),
        )


def summarize(steps: Sequence[Step], seat: int) -> SeatSummary:
    """A seat's summary from its steps."""
    decisions = [s for s in steps if s.seat == seat and s.kind == DECISION]
    chances = [s for s in steps if s.seat == seat and s.kind == CHANCE]
    marks = {name: sum(1 for s in decisions if s.mark == name) for name in MARK_NAMES}
    biggest = sorted(chances, key=lambda s: (-abs(s.swing), s.ply))[:BIGGEST]
    return SeatSummary(
        seat=seat,
        decisions=len(decisions),
        average_loss=sum(s.loss for s in decisions) / len(decisions) if decisions else 0.0,
        marks=marks,
        luck=sum(s.swing for s in chances),
        biggest=tuple(biggest),
    )


def _seats(players: int, seats: Sequence[int] | None) -> list[int]:
    if seats is None:
        return list(range(players))
    chosen: list[int] = []
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < players:
            raise AnalysisError(
                f"there is no seat {seat!r:.20} in a {players}-player game (0-{players - 1})",
                ja=f"{players}人のゲームに席 {seat!r:.20} はありません（0〜{players - 1}）",
            )
        if seat not in chosen:
            chosen.append(seat)
    if not chosen:
        raise AnalysisError("no seat to analyse", ja="解析する席がありません")
    return sorted(chosen)


def _fresh(full: Match) -> Match:
    """A match at `full`'s start, to replay its decisions on."""
    if full.from_seed:
        return Match(full.game, full.players, full.options, full.seed, names=full.names)
    return Match.from_state(full.start, names=full.names)


def _positions(full: Match, kept: list[Decision]) -> list[State]:
    """The state before each decision in effect, and the last state after them."""
    match = _fresh(full)
    states = [match.state.clone()]
    for entry in kept:
        assert entry.action is not None  # decisions() holds no undo
        match.apply(entry.seat, entry.action)
        states.append(match.state.clone())
    return states


def _mix(*parts: int) -> int:
    """A 64-bit seed from a few numbers (SplitMix64 over them), for independent searches."""
    value = 0
    for part in parts:
        value = Rng(value ^ (part & ((1 << 64) - 1))).next64()
    return value


def foreseen(state: State, mover: int, action: int, seat: int, rng: Rng) -> bool:
    """Whether `seat` could foresee what `mover`'s `action` does from `state`, by its knowledge
    alone: in worlds sampled from that knowledge the move draws nothing from the generator and
    shows `seat` the same thing in each."""
    draw = sampler(state, seat)
    seen: dict[str, Any] | None = None
    for _ in range(CHANCE_WORLDS):
        world = draw(rng)
        if action not in world.legal_actions(mover):
            continue  # a world where the mover could not have made it says nothing
        generator = world.rng.state
        world.apply(mover, action)
        if world.rng.state != generator:
            return False
        view = world.view(seat)
        if seen is None:
            seen = view
        elif view != seen:
            return False
    return True


class _Walker:
    """The analysis of one game, step by step, with each seat's estimates of positions kept
    (a chance step's estimate after is the next one's before)."""

    def __init__(
        self,
        full: Match,
        kept: list[Decision],
        states: list[State],
        iterations: int,
        seconds: float | None,
        seed: int,
    ) -> None:
        self.kept = kept
        self.states = states
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        # Words only: a match set to each position asked about, for its prompt and sentences.
        self.labels = Match.from_state(full.start, names=full.names)
        self.values: dict[tuple[int, int], list[float]] = {}

    def probe(self, seat: int, *salt: int) -> Probe:
        budget = None if self.seconds is not None else self.iterations
        return Probe(_mix(self.seed, seat, *salt), budget, self.seconds)

    def value(self, seat: int, index: int) -> list[float]:
        """Each seat's chance to win at position `index`, from `seat`'s knowledge there."""
        key = (seat, index)
        found = self.values.get(key)
        if found is None:
            # One seed for every position of a seat: the same draws before and after a step
            # cancel most of the search's noise out of the swing.
            found = self.values[key] = self.probe(seat).evaluate(self.states[index], seat)
        return found

    def step(self, seat: int, index: int) -> list[Step]:
        entry = self.kept[index]
        state = self.states[index]
        assert entry.action is not None
        ply = entry.ply
        decided = entry.seat == seat and len(state.legal_actions(seat)) > 1
        steps: list[Step] = []
        if decided:
            steps.append(self.decision(seat, index))
            expected = steps[0].after
        rng = Rng(_mix(self.seed, seat, ply, 1))
        if foreseen(state, entry.seat, entry.action, seat, rng):
            return steps
        if not decided:
            expected = tuple(self.value(seat, index))
        events = visible_events(entry.events, seat)
        what = {lang: self._texts(events, seat)[lang] for lang in LANGS}
        steps.append(
            Step(
                ply=ply,
                seat=seat,
                mover=entry.seat,
                kind=CHANCE,
                before=expected,
                after=tuple(self.value(seat, index + 1)),
                what=what,
            )
        )
        return steps

    def decision(self, seat: int, index: int) -> Step:
        entry = self.kept[index]
        state = self.states[index]
        played = entry.action
        assert played is not None
        probe = self.probe(seat, entry.ply)
        candidates = state.search_actions(seat)
        if len(candidates) > 1:
            preferred = probe.choose(state, seat)
            root = probe.last_root
            assert root is not None
        else:  # the search weighs one move only: measure it as it would be played
            preferred = candidates[0]
            root = _Node()
        searched = probe.tallies.get(WHOLE)  # with a time budget, what the search managed
        whole = searched.count if searched is not None else self.iterations
        error = 0.0
        if played == preferred and len(candidates) > 1:
            best = chosen = probe.tallies[preferred]
        else:
            measure = (preferred,) if played == preferred else (preferred, played)
            pairs = whole if len(candidates) == 1 else max(whole // PAIRED_SHARE, 1)
            measured = probe.compare(state, seat, root, measure, pairs)
            best, chosen = measured[0], measured[-1]
            error = probe.paired_error() if played != preferred else 0.0
        before, after = tuple(best.chances()), tuple(chosen.chances())
        loss = max(0.0, before[seat] - after[seat]) if played != preferred else 0.0
        if _marked(loss, error):
            # A seat's many moves measured against the preferred one let a few pass two
            # standard errors by noise alone, and the move suspected is the one whose noise
            # was largest: measure it again, independently, and go by that measure.
            again = self.probe(seat, entry.ply, CONFIRM)
            measured = again.compare(state, seat, _Node(), (preferred, played), whole)
            best, chosen = measured
            error = again.paired_error()
            before, after = tuple(best.chances()), tuple(chosen.chances())
            loss = max(0.0, before[seat] - after[seat])
        moves = self._moves(state, seat)
        return Step(
            ply=entry.ply,
            seat=seat,
            mover=seat,
            kind=DECISION,
            before=before,
            after=after,
            played=moves[played],
            preferred=moves[preferred],
            loss=loss,
            mark=mark_for(loss) if _marked(loss, error) else None,
            error=error,
            samples=(chosen.count, best.count),
        )

    def _moves(self, state: State, seat: int) -> dict[int, Move]:
        """The seat's legal moves with their words, as its prompt gives them."""
        self.labels.state = state.clone()
        return {
            choice["id"]: Move(choice["id"], choice["notation"], dict(choice["label"]))
            for choice in self.labels.prompt(seat)["actions"]
        }

    def _texts(self, events: list[dict[str, Any]], seat: int) -> dict[str, list[str]]:
        return self.labels.texts_of(events, seat)
