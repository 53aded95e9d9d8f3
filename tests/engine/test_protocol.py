"""The shared protocol behaviour every game inherits, checked on Collect!."""

import pytest

from bodoge.engine import (
    IllegalAction,
    InvalidOptions,
    InvalidState,
    Rng,
    UnknownGame,
    WrongSeat,
    game_ids,
    get_game,
    ranks_from_keys,
    replay,
    replay_from_json,
    state_from_json,
    visible_events,
)
from bodoge.engine.registry import spec_of


def test_registry_lists_the_games() -> None:
    assert "collect" in game_ids()
    assert get_game("collect").info.title_ja == "コレクト！"


def test_unknown_game_is_named_with_the_choices() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'.*collect"):
        get_game("chess")


def test_player_count_is_checked() -> None:
    with pytest.raises(InvalidOptions, match="2-4 players, not 5"):
        get_game("collect").new(5)


def test_team_mode_needs_four_players() -> None:
    with pytest.raises(InvalidOptions, match="exactly 4 players"):
        get_game("collect").new(3, {"team_mode": "on"})


def test_same_seed_same_game() -> None:
    game = get_game("collect")
    assert game.new(3, seed=11).to_json() == game.new(3, seed=11).to_json()
    assert game.new(3, seed=11).to_json() != game.new(3, seed=12).to_json()


def test_wrong_seat_and_illegal_action_leave_the_state_unchanged() -> None:
    state = get_game("collect").new(2, seed=1)
    before = state.to_json()
    idle = 1 - state.pending()[0]
    with pytest.raises(WrongSeat, match=f"seat {idle} is not to move"):
        state.apply_text(idle, "draw:A")
    with pytest.raises(IllegalAction, match="'keep' is not legal"):
        state.apply_text(state.pending()[0], "keep")
    with pytest.raises(IllegalAction, match="cannot read action"):
        state.apply_text(state.pending()[0], "fly away")
    with pytest.raises(IllegalAction, match="action 10000 is not legal"):
        state.apply(state.pending()[0], 10_000)
    with pytest.raises(IllegalAction, match="whole numbers"):
        state.apply(state.pending()[0], True)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_editing_a_view_or_the_json_leaves_the_state_alone() -> None:
    """The options dict is shared by a state and its clones; a view or JSON must hand out a copy,
    or editing the output would change the game (and every clone of it)."""
    state = get_game("collect").new(2, seed=1)
    clone = state.clone()
    state.to_json()["options"]["known_cards"] = "hidden"
    state.view(0)["options"]["team_mode"] = "on"
    assert state.options["known_cards"] == clone.options["known_cards"] == "shown"
    assert state.options["team_mode"] == "off"


def test_ply_counts_decisions_and_guards_stale_moves() -> None:
    state = get_game("collect").new(2, seed=1)
    seat = state.pending()[0]
    state.apply_text(seat, "draw:A")
    assert state.ply == 1
    assert state.to_json()["ply"] == 1


def test_state_json_dispatches_on_game_and_rejects_junk() -> None:
    state = get_game("collect").new(2, seed=4)
    assert state_from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(InvalidState, match="JSON object"):
        state_from_json([1, 2])
    with pytest.raises(UnknownGame):
        state_from_json({"game": "go"})
    broken = state.to_json()
    broken["players"] = 9
    with pytest.raises(InvalidState, match="players must be 2-4"):
        state_from_json(broken)
    for key, value in [("seed", True), ("ply", True), ("rng", False), ("format", True),
                       ("format", 1.0), ("players", 2.0)]:  # fmt: skip
        broken = state.to_json()
        broken[key] = value
        with pytest.raises(InvalidState, match=key):
            state_from_json(broken)
    broken = state.to_json()
    broken["seed"] = "x" * 100_000
    with pytest.raises(InvalidState) as error:
        state_from_json(broken)
    assert len(str(error.value)) < 120  # the bad value is quoted, not echoed whole
    broken = state.to_json()
    broken["options"] = [1]
    with pytest.raises(InvalidState, match="options must be an object"):
        state_from_json(broken)
    broken = state.to_json()
    broken["options"] = {"team_mode": "maybe"}
    with pytest.raises(InvalidState, match="team_mode"):
        state_from_json(broken)


def test_replay_record_rebuilds_the_game() -> None:
    state = get_game("collect").new(2, seed=8)
    log = []
    for _ in range(12):
        seat = state.pending()[0]
        text = state.legal_texts(seat)[-1]
        state.apply_text(seat, text)
        log.append([seat, text])
    record = {"game": "collect", "players": 2, "options": {}, "seed": 8, "actions": log}
    assert replay_from_json(record).to_json() == state.to_json()
    assert replay("collect", 2, None, 8, log).to_json() == state.to_json()
    with pytest.raises(InvalidState, match="malformed"):
        replay_from_json({"game": "collect"})


def test_view_rejects_a_seat_that_does_not_exist() -> None:
    with pytest.raises(IllegalAction, match="no seat 7"):
        get_game("collect").new(2, seed=1).view(7)
    with pytest.raises(IllegalAction, match="no seat True"):
        get_game("collect").new(2, seed=1).view(True)  # type: ignore[arg-type]


def test_a_boolean_seed_is_no_seed() -> None:
    with pytest.raises(InvalidOptions, match="seed must be"):
        get_game("collect").new(2, seed=True)


def test_private_events_reach_others_in_their_public_shape() -> None:
    events = [
        {"type": "deal", "seat": 1, "private": {"card": "x"}, "visible_to": [1]},
        {"type": "turn"},
    ]
    assert visible_events(events, 1) == [{"type": "deal", "seat": 1, "card": "x"}, {"type": "turn"}]
    assert visible_events(events, 0) == [{"type": "deal", "seat": 1}, {"type": "turn"}]
    assert visible_events(events, None) == [{"type": "deal", "seat": 1}, {"type": "turn"}]


def test_competition_ranks() -> None:
    assert ranks_from_keys([5, 9, 9, 1]) == [3, 1, 1, 4]


def test_search_hooks_default_to_all_legal_actions_and_a_random_pick() -> None:
    """A game without rules of thumb offers the search every legal action and plays its
    simulated games at random (seeded, always legal)."""
    state = get_game("collect").new(2, seed=4)
    seat = state.pending()[0]
    legal = state.legal_actions(seat)
    assert state.search_actions(seat) == legal
    picks = {state.playout_action(seat, legal, Rng(n)) for n in range(60)}
    assert picks == set(legal)


def test_state_json_refuses_out_of_range_numbers_and_unknown_fields() -> None:
    """Issue 12, item 5: a generator state of 2**64 or more would be cut silently, a ply of 10**30
    is no game's, and a misspelt field would be dropped in silence."""
    from bodoge.engine import InvalidState, get_game

    game = get_game("collect")
    data = game.new(2, seed=5).to_json()
    for key, value in (("rng", 1 << 64), ("seed", 1 << 64), ("ply", 10**30)):
        with pytest.raises(InvalidState, match=f"{key} must be a whole number"):
            game.from_json(data | {key: value})
    with pytest.raises(InvalidState, match="unknown field 'colour'"):
        game.from_json(data | {"colour": "red"})
    assert game.from_json(data | {"rng": (1 << 64) - 1}).rng.state == (1 << 64) - 1


def test_every_game_lists_its_events_with_words() -> None:
    """Issue 13: every game has an event catalogue of its own (the property tests then check each
    emitted event against it), an observer for the environments and words for its actions."""
    from bodoge.engine import game_ids
    from bodoge.engine.events import engine_catalog

    for game_id in game_ids():
        game = get_game(game_id)
        assert spec_of(game).event_catalog is not engine_catalog(), f"{game_id} has no events.toml"
        assert "game_over" in spec_of(game).event_catalog and "undo" in spec_of(game).event_catalog
        assert spec_of(game).observer(game.info.min_players, {}) is not None
        state = game.new(game.info.min_players, seed=1)
        seat = state.pending()[0]
        for action in state.legal_actions(seat):
            assert spec_of(state).action_label(state, action, "ja", seat) != state.action_text(
                action
            )
