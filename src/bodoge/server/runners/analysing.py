"""What the worker processes run for analyses and hints (analysis.py sends them there). Kept
apart from the server's modules, as thinking.py is: a worker imports only the engine, the games
and the search.

An analysis goes in parts (`bodoge.ai.analysis.Parts`) of `PART_ITEMS` decisions, one task each,
so the bots' moves queue between them in the same pool and the page sees progress."""

from __future__ import annotations

from typing import Any

from bodoge.ai.analysis import Parts, Step, level_iterations
from bodoge.ai.analysis import foreseen as _foreseen
from bodoge.ai.probe import WHOLE, Probe
from bodoge.engine import Match, Rng, state_from_json
from bodoge.engine.events import visible_events

ANALYSIS_SEED = 0  # every analysis the same: a second request, a second server, agree exactly


def analysis_total(record: str, seat: int, level: str) -> int:
    """The items (decisions and chance steps looked at) of `seat`'s analysis of `record`."""
    return Parts(record, [seat], level, None, ANALYSIS_SEED).total


def analysis_part(record: str, seat: int, level: str, start: int, stop: int) -> list[Step]:
    return Parts(record, [seat], level, None, ANALYSIS_SEED).run(start, stop)


def analysis_json(record: str, seat: int, level: str, steps: list[Step]) -> dict[str, Any]:
    return Parts(record, [seat], level, None, ANALYSIS_SEED).finish(steps).to_json()


def hint(state_json: dict[str, Any], seat: int, level: str, seed: int) -> dict[str, Any]:
    """The search's best move for `seat` from its knowledge of the position, with the data of
    its reason: the move's words, the sentences of what it does where the seat can foresee
    that (events in the game's words; nothing drawn from hidden cards), and the seat's chance
    to win after it (and on average over the moves the search tried)."""
    state = state_from_json(state_json)
    probe = Probe(seed, level_iterations(level), None)
    candidates = state.search_actions(seat)
    if len(candidates) > 1:
        best = probe.choose(state, seat)
        tally = probe.tallies.get(best) or probe.tallies[WHOLE]
        chance = tally.chances()[seat]
        average = probe.tallies[WHOLE].chances()[seat]
    else:
        best = candidates[0]
        chance = average = probe.evaluate(state, seat)[seat]
    match = Match.from_state(state.clone())
    label = next(each["label"] for each in match.prompt(seat)["actions"] if each["id"] == best)
    texts: dict[str, list[str]] = {"en": [], "ja": []}
    if _foreseen(state, seat, best, seat, Rng(seed)):
        events = visible_events(match.apply(seat, best), seat)
        texts = match.texts_of(events, seat)
    return {
        "action": best,
        "notation": state.action_text(best),
        "label": label,
        "events": texts,
        "chance": round(chance, 4),
        "average": round(average, 4),
    }
