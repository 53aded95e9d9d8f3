"""The options of Collect! (RULINGS §1 "Options (default first)")."""

from __future__ import annotations

import pytest

from bodoge.engine import InvalidOptions, InvalidState
from bodoge.games.collect.rules import CollectState

from .helpers import CROC, MONKEY, build


def test_options_and_their_defaults() -> None:
    """RULINGS §1: `team_mode` (off | on), `known_cards` (shown | hidden), `next_round_start` (seat
    after the last active seat | seat after the previous round's start seat)."""
    state = CollectState.new(3, seed=4)
    rules = {"team_mode": "off", "known_cards": "shown", "next_round_start": "after_last_active"}
    # and the content (the cards per animal): bodoge's, left out of views and the state JSON,
    # which stay as they were before variants
    assert state.options == {**rules, "content": "default"}
    assert state.view(0)["options"] == state.to_json()["options"] == rules
    specs = {spec.key: spec for spec in CollectState.info.options}
    assert set(specs) == {"team_mode", "known_cards", "next_round_start", "content"}


def test_players_two_to_four() -> None:
    """RULINGS §1: "Players: 2-4"."""
    assert (CollectState.info.min_players, CollectState.info.max_players) == (2, 4)
    for players in (1, 5):
        with pytest.raises(InvalidOptions):
            CollectState.new(players, seed=1)


def test_unknown_option_values_are_rejected() -> None:
    """RULINGS §1 options have fixed choices."""
    with pytest.raises(InvalidOptions):
        CollectState.new(2, {"known_cards": "sometimes"}, seed=1)
    with pytest.raises(InvalidState):
        CollectState.from_json(build([[CROC], [MONKEY]], options={"team_mode": "maybe"}))


def test_a_new_game_deals_two_decks_of_32_with_empty_rows() -> None:
    """Seed: 「すべてのカードをシャッフルし、およそ2等分にして裏向きのデッキを2つ作ります。」;
    RULINGS §1: "split into deck A (top 32) and deck B (32), face down. Rows are empty."; the first
    start seat is random but seeded."""
    state = CollectState.new(4, seed=11)
    data = state.to_json()
    assert (len(data["decks"]["A"]), len(data["decks"]["B"])) == (32, 32)
    assert data["rows"] == [[], [], [], []]
    assert data["active"] == data["round_start"]
    assert CollectState.new(4, seed=11).to_json() == data
    starts = {CollectState.new(4, seed=seed).active for seed in range(40)}
    assert starts == {0, 1, 2, 3}
