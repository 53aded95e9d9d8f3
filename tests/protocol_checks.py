"""Checks every game must pass, used by each game's property tests.

`check_random_games` plays many random legal games and checks, along the way:
- every pending seat has a legal action, and every legal action's notation parses back to it;
- the full state survives a JSON round-trip exactly (and through `json.dumps`);
- no view leaks a secret: a seat's view is identical for the real state and for a
  determinization of it (resampling everything that seat cannot know), and JSON-serialisable;
- events are JSON-serialisable, and the events a seat may see contain no hidden field;
- a game-specific invariant (`invariant(state)`, e.g. conservation of components) holds;
- the game ends, has a result whose ranks and winners agree (winners may be empty only where
  the result's detail says `"no_winner": true`), and
- replaying (game, options, seed, action notations) reproduces the final state exactly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from bodoge.engine import Rng, State, get_game, replay, visible_events


def roundtrip(state: State) -> None:
    data = state.to_json()
    text = json.dumps(data, ensure_ascii=False)
    again = type(state).from_json(json.loads(text))
    assert again.to_json() == data, "JSON round-trip changed the state"


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
    """Play `games` random games; deep checks (JSON, views, replay) on every `deep_every`-th game
    and at a sample of steps. Returns each game's decision count."""
    game = get_game(game_id)
    lengths = []
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        state = game.new(players, options, game_seed)
        picker = Rng(game_seed ^ 0x5EED)
        checker = Rng(game_seed ^ 0xC0DE)
        deep = number % deep_every == 0
        log: list[tuple[int, str]] = []
        while not state.is_over():
            assert len(log) < max_decisions, f"{game_id} did not end in {max_decisions} decisions"
            pending = state.pending()
            assert pending, "a game that is not over must have a pending seat"
            for seat in pending:
                assert state.legal_actions(seat), f"pending seat {seat} has no legal action"
            seat = pending[picker.below(len(pending))]
            legal = state.legal_actions(seat)
            action = legal[picker.below(len(legal))]
            text = state.action_text(action)
            if deep:
                for each in legal:
                    assert state.parse_action(state.action_text(each)) == each
                if checker.below(8) == 0:
                    roundtrip(state)
                    views_hide_secrets(state, checker)
            events = state.apply(seat, action)
            log.append((seat, text))
            if deep:
                json.dumps(events, ensure_ascii=False)
                for viewer in [None, *range(state.players)]:
                    json.dumps(visible_events(events, viewer), ensure_ascii=False)
            if invariant is not None:
                invariant(state)
        result = state.result()
        assert result is not None, "a finished game must have a result"
        # a game where every seat can lose (Monster Hex's double loss) says so in its detail
        assert result.winners or result.detail.get("no_winner"), "a finished game needs winners"
        assert all(result.ranks[seat] == 1 for seat in result.winners)
        assert state.pending() == []
        if deep:
            roundtrip(state)
            views_hide_secrets(state, checker)
            again = replay(game_id, players, options, game_seed, log)
            assert again.to_json() == state.to_json(), "replay from seed and log differs"
        lengths.append(len(log))
    return lengths
