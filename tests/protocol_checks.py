"""Checks every game must pass, used by each game's property tests.

`check_random_games` plays many random legal games through `Match` and checks, along the way:
- every pending seat has a legal action, and every legal action's notation parses back to it;
- the full state survives a JSON round-trip exactly (and through `json.dumps`), and `clone()`
  gives the same JSON;
- no view leaks a secret: a seat's view is identical for the real state and for a
  determinization of it (resampling everything that seat cannot know), and JSON-serialisable;
- no event leaks a secret: applying the same decision to the real state and to a determinization
  for seat k gives seat k the same events whenever k's views afterwards agree (an event may only
  tell k what k's view then shows); private fields travel only under `private`;
- every event is listed in the game's catalogue with exactly its fields and can be described in
  English and Japanese, for every receiver;
- every prompt lists each legal action with its notation and words in both languages;
- a game-specific invariant (`invariant(state)`, e.g. conservation of components) holds;
- the game ends, has a result whose ranks and winners agree (winners may be empty only where
  the result's detail says `"no_winner": true`), and ends with one `game_over` event;
- replaying (game, options, seed, action notations) reproduces the final state exactly, and the
  game record file round-trips: read back, it replays to the same state and writes itself again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from bodoge.engine import Match, Rng, State, get_game, replay, visible_events
from bodoge.engine.events import engine_catalog
from bodoge.engine.registry import spec_of


def roundtrip(state: State) -> None:
    data = state.to_json()
    text = json.dumps(data, ensure_ascii=False)
    again = type(state).from_json(json.loads(text))
    assert again.to_json() == data, "JSON round-trip changed the state"
    assert state.clone().to_json() == data, "clone() differs from the state"


def views_hide_secrets(state: State, rng: Rng) -> None:
    seats: list[int | None] = [None, *range(state.players)]
    for seat in seats:
        view = state.view(seat)
        json.dumps(view, ensure_ascii=False)
        resampled = state.determinize(seat, rng)
        assert resampled.view(seat) == view, f"view of seat {seat} depends on hidden information"
        # The generator foretells future shuffles and dice: no determinization may carry it.
        assert resampled.rng.state != state.rng.state, "determinize kept the real generator"
        # A determinization depends only on the view: resampling a resampled state (same view)
        # with the same generator gives the same state, so the real hidden order cannot leak.
        key = rng.next64()
        again = resampled.determinize(seat, Rng(key)).to_json()
        assert again == state.determinize(seat, Rng(key)).to_json(), "determinize is not canonical"
        if seat is not None:
            assert resampled.legal_actions(seat) == state.legal_actions(seat)


def events_hide_secrets(state: State, seat: int, action: int, events: list[Any], rng: Rng) -> None:
    """`events` came from `seat` playing `action` on `state` (a copy from before). For every
    viewer k, the same decision on a world resampled from k's knowledge gives k the same events
    whenever k's views after it agree."""
    for viewer in [None, *range(state.players)]:
        world = state.determinize(viewer, rng)
        world.rng = Rng(state.rng.state)  # the same future chance, so only hidden cards differ
        if action not in world.legal_actions(seat):
            continue
        after = state.clone()
        after.apply(seat, action)
        world_events = world.apply(seat, action)
        if world.view(viewer) != after.view(viewer):
            continue  # the decision showed k something that differs between the worlds
        got, other = visible_events(events, viewer), visible_events(world_events, viewer)
        assert got == other, f"events for {viewer} depend on what it cannot know: {got} {other}"


def events_are_catalogued(state: State, events: list[Any]) -> None:
    catalog = spec_of(state).event_catalog
    own = catalog is not engine_catalog()  # games without a catalogue of their own are tests' toys
    for event in events:
        if own:
            problems = catalog.check(event)
            assert not problems, problems
        elif "visible_to" in event:
            assert "private" in event, f"a private event keeps its secrets under private: {event}"
        for viewer in [None, *range(state.players)]:
            (shown,) = visible_events([event], viewer)
            json.dumps(shown, ensure_ascii=False)
            if own:
                for lang in ("en", "ja"):
                    text = spec_of(state).describe_event(state, shown, lang, viewer)
                    assert text and "{" not in text, f"no words for {shown} in {lang}"


def prompts_are_complete(match: Match) -> None:
    for seat in match.pending():
        prompt = match.prompt(seat)
        assert [a["id"] for a in prompt["actions"]] == match.state.legal_actions(seat)
        for action in prompt["actions"]:
            assert action["notation"] and action["label"]["en"] and action["label"]["ja"]
    json.dumps(match.prompt(None), ensure_ascii=False)


def record_roundtrips(match: Match) -> None:
    text = match.record()
    again = Match.from_record(text)
    assert again.state.to_json() == match.state.to_json(), "the record replays differently"
    assert again.record() == text, "a record read back writes itself differently"


def check_random_games(
    game_id: str,
    players: int,
    games: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
    deep_every: int = 25,
    max_decisions: int = 200_000,
    invariant: Callable[[State], None] | None = None,
) -> list[int]:
    """Play `games` random games; deep checks (JSON, views, events, records, replay) on every
    `deep_every`-th game and at a sample of steps. Returns each game's decision count."""
    game = get_game(game_id)
    lengths = []
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        match = Match(game, players, options, game_seed)
        state = match.state
        picker = Rng(game_seed ^ 0x5EED)
        checker = Rng(game_seed ^ 0xC0DE)
        deep = number % deep_every == 0
        log: list[tuple[int, str]] = []
        events: list[Any] = []
        while not state.is_over():
            assert len(log) < max_decisions, f"{game_id} did not end in {max_decisions} decisions"
            pending = state.pending()
            assert pending, "a game that is not over must have a pending seat"
            legal_of = {seat: state.legal_actions(seat) for seat in pending}
            for seat in pending:
                assert legal_of[seat], f"pending seat {seat} has no legal action"
            seat = pending[picker.below(len(pending))]
            legal = legal_of[seat]
            action = legal[picker.below(len(legal))]
            text = state.action_text(action)
            sampled = deep and checker.below(8) == 0
            before = state.clone() if sampled else None
            if deep:
                for each in legal:
                    assert state.parse_action(state.action_text(each)) == each
                if sampled:
                    roundtrip(state)
                    views_hide_secrets(state, checker)
                    prompts_are_complete(match)
            events = match.apply(seat, action)
            log.append((seat, text))
            if deep:
                events_are_catalogued(state, events)
                if before is not None:
                    events_hide_secrets(before, seat, action, events, checker)
            if invariant is not None:
                invariant(state)
        result = state.result()
        assert result is not None, "a finished game must have a result"
        # a game where every seat can lose (Monster Hex's double loss) says so in its detail
        assert result.winners or result.detail.get("no_winner"), "a finished game needs winners"
        assert all(result.ranks[seat] == 1 for seat in result.winners)
        assert state.pending() == []
        if log:  # (a Hunt with a dead ring may be over before anyone moves)
            assert events[-1] == {
                "type": "game_over", "winners": result.winners, "result": result.to_json()
            }, "the last event is game_over with the result"  # fmt: skip
        if deep:
            roundtrip(state)
            views_hide_secrets(state, checker)
            again = replay(game_id, players, options, game_seed, log)
            assert again.to_json() == state.to_json(), "replay from seed and log differs"
            record_roundtrips(match)
        lengths.append(len(log))
    return lengths
