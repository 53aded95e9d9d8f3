"""Game flow (RULINGS §2 "Play"; seed 004 「ゲームの流れ」「ゲーム終了」, 3人プレイ, 2人プレイ):
faction choice, dealing, refills, turn order, rounds, game end, scoring and tie-breaks, the
2-player modes, options, views and notation."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bodoge.engine import IllegalAction, InvalidState, Rng, get_game, visible_events
from bodoge.engine.playout import random_playout
from bodoge.games.monster_hex import GAME as SPEC
from bodoge.games.monster_hex.game import MonsterHex

from .helpers import NE, NW, SW, E, W, around, build, of_type, place, play, rehome, turned

GAME = get_game("monster_hex")


def new(players: int, seed: int = 3, **options: str) -> MonsterHex:
    state = GAME.new(players, options, seed)
    assert isinstance(state, MonsterHex)
    return state


# ---- factions ----


def test_factions_are_chosen_in_turn_order_from_the_start_seat() -> None:
    """Factions: chosen in the lobby or random (RULINGS §2); bodoge makes the choice a decision
    of each seat in turn order (option factions=choose, the default)."""
    state = new(4, seed=5)
    start = state.start
    order = [(start + i) % 4 for i in range(4)]
    for number, seat in enumerate(order):
        assert state.pending() == [seat]
        assert len(state.legal_actions(seat)) == 4 - number
        play(state, seat, state.legal_texts(seat)[0])
    assert sorted(state.factions) == [0, 1, 2, 3]
    assert state.to_json()["phase"] == "unit" and state.pending() == [start]
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert [len(deck) for deck in state.decks] == [6, 6, 6, 6]


def test_a_taken_faction_cannot_be_chosen_again() -> None:
    state = new(3, seed=1)
    seat = state.pending()[0]
    play(state, seat, "faction:green")
    with pytest.raises(IllegalAction):
        state.apply_text(state.pending()[0], "faction:green")


def test_random_factions_need_no_decision() -> None:
    state = new(3, factions="random")
    assert state.to_json()["phase"] == "unit"
    assert len(set(state.factions)) == 3 and -1 not in state.factions


def test_three_players_leave_one_color_out_with_hands_of_three() -> None:
    """4色のユニットのうち、1色は使用しません。…手札枚数は3枚です。"""
    state = new(3, factions="random")
    assert [len(h) for h in state.hands] == [3, 3, 3]
    units = [u for pile in (*state.hands, *state.decks) for u in pile]
    assert len(units) == 30 and len({u // 10 for u in units}) == 3


# ---- turns, refills, rounds ----


def test_refill_from_the_seats_own_deck_after_its_turn() -> None:
    """各プレイヤーは自分の山札からユニットを手札が4枚になるまで補充します。"""
    state = build(
        4,
        hands=[["red-S", "red-A1", "red-A2", "red-B1"], ["blue-S"], ["yellow-S"], ["green-S"]],
    )
    events = place(state, 0, "red-S", "a4")
    assert len(state.hands[0]) == 4 and len(state.decks[0]) == 5
    assert state.hands[0][-1] == state.c.unit_of["red-c4"]  # the top of the deck (its end)
    (drawn,) = of_type(events, "draw")
    assert drawn["visible_to"] == [0] and drawn["private"] == {"units": ["red-C4"]}
    # the others learn how many units seat 0 drew, not which
    assert visible_events([drawn], 1) == [{"type": "draw", "seat": 0, "count": 1}]
    assert visible_events([drawn], 0) == [
        {"type": "draw", "seat": 0, "count": 1, "units": ["red-C4"]}
    ]


def test_an_empty_deck_means_no_refill() -> None:
    """※自分の山札が尽きたら、もう手札補充は行いません。 Round 7 of 4 players: red has placed six
    units (on a1-a5 and b6), its last four are in hand and its deck is empty."""
    hexes, keys = ("a1", "a2", "a3", "a4", "a5", "b6"), ("A2", "B1", "B2", "B3", "C1", "C2")
    board = {h: f"red-{key}@0" for h, key in zip(hexes, keys, strict=True)}
    state = build(
        4,
        board=board,
        hands=[["red-S", "red-A1", "red-C3", "red-C4"], [], [], []],
        decks=[[], None, None, None],
        turn=24,
    )
    events = place(state, 0, "red-S", None)
    assert [state.c.unit_names[u] for u in state.hands[0]] == ["red-A1", "red-C3", "red-C4"]
    assert not of_type(events, "draw")


@pytest.mark.parametrize(
    ("players", "options", "rounds", "placements", "left"),
    [
        (4, {}, 8, 32, 2),  # ※最後は手札にユニットが2枚余ります。
        (3, {}, 10, 30, 0),  # 全10ラウンド行なうため、10体のユニットを全て使用します。
        (2, {"shared_faction": "off"}, 9, 18, 1),  # ※ゲーム終了時に手札に1枚残ります。
        (2, {"shared_faction": "on"}, 9, 27, None),
    ],
)
def test_the_game_ends_after_the_last_placement_of_the_last_round(
    players: int, options: dict[str, str], rounds: int, placements: int, left: int | None
) -> None:
    """Game end after the last placement of the last round (4p: 8 rounds, 3p: 10, 2p: 9)."""
    for seed in range(5):
        state = new(players, seed=seed, **options)
        random_playout(state, Rng(seed))
        assert sum(1 for u in state.occ if u >= 0) == placements
        assert state.turn == state.turns == rounds * (3 if len(options) and players == 2
                                                      and options["shared_faction"] == "on"
                                                      else players)  # fmt: skip
        if left is not None:
            assert [len(h) for h in state.hands] == [left] * players
        assert all(len(d) == 0 for d in state.decks)


def test_turns_go_clockwise_from_the_start_seat() -> None:
    state = new(4, factions="random", seed=9)
    seats = []
    for _ in range(8):
        seat = state.pending()[0]
        seats.append(seat)
        play(state, seat, state.legal_texts(seat)[0])
        play(state, seat, state.legal_texts(seat)[0])
        while state.to_json()["phase"] == "take":
            chooser = state.pending()[0]
            play(state, chooser, state.legal_texts(chooser)[0])
    assert seats == [(state.start + i) % 4 for i in range(8)]


def test_a_large_stone_on_the_last_placement_resolves_before_the_game_ends() -> None:
    """最終ラウンドに最後の手番を行うプレイヤーがユニットを配置した後、魔石の獲得判定を行いゲーム
    は終了します: the place-1 seat still chooses, then the game is over."""
    from .test_stones import surround

    state, _ = surround(
        {"a2": ("red-S", 5), "a1": ("red-A1", 4), "c3": ("blue-B3", 3), "c2": ("blue-A2", 3),
         "b1": ("green-B1", 2)},
        ("b3", "green-A1", 1),
        turn=31,
    )  # fmt: skip
    assert not state.is_over() and state.pending() == [0]
    events = play(state, 0, "take:red7")
    assert state.is_over() and of_type(events, "game_over")
    result = state.result()
    assert result is not None and result.winners == [0]


# ---- final scoring ----


def over(resolved: list[str], **fields: Any) -> MonsterHex:
    """The end of a 4-player game whose large stones `resolved` are surrounded and resolved (the
    others still hold their tiles)."""
    board = around(4, resolved, FACTIONS)
    return build(4, phase="over", turn=32, board=board, done=resolved, **fields)


FACTIONS = ["red", "blue", "yellow", "green"]


def test_most_points_wins() -> None:
    """最多得点獲得プレイヤーが勝者です。"""
    state = over(["L3", "L4"], taken={"red": ["blue6"], "blue": ["red3", "green4"]},
                 discarded=["yellow5b"])  # fmt: skip
    result = state.result()
    assert result is not None
    assert result.scores == [6.0, 7.0, 0.0, 0.0] and result.winners == [1]
    assert result.ranks == [2, 1, 3, 3]


def test_a_tie_goes_to_the_holder_of_the_7_point_stone() -> None:
    """該当するプレイヤーが複数いる場合は、7点の魔石を獲得したプレイヤーが勝者です。"""
    state = over(["L1", "L3", "L4"], taken={"red": ["blue6", "green4"], "blue": ["red7", "red3"]},
                 discarded=["blue4", "yellow5b"])  # fmt: skip
    result = state.result()
    assert result is not None
    assert result.scores[:2] == [10.0, 10.0] and result.winners == [1]
    assert result.detail["seven_holder"] == "blue"


def test_a_tie_without_the_7_point_stone_is_a_shared_win() -> None:
    """該当するプレイヤーに7点の魔石がなければ、魔王は必要ないということで勝利を分かち合って
    ください。"""
    state = over(
        ["L1", "L2", "L3", "L4"],
        taken={"red": ["blue6", "green4"], "blue": ["yellow5a", "yellow5b"], "yellow": ["red7"]},
        discarded=["red3", "green6", "blue4"],
    )
    result = state.result()
    assert result is not None
    assert result.scores == [10.0, 10.0, 7.0, 0.0] and result.winners == [0, 1]


# ---- 2 players with the shared faction ----


def test_shared_faction_dealing() -> None:
    """共有色をお互いに5枚ずつ受け取り…先手は自分の色を2枚と共有色を1枚、後手は自分の色を3枚
    引きます。 The second seat chooses the shared faction after both seats chose theirs."""
    state = new(2, seed=4)
    first = state.start
    play(state, first, "faction:red")
    play(state, 1 - first, "faction:blue")
    assert state.pending() == [1 - first]
    assert state.legal_texts(1 - first) == ["shared:yellow", "shared:green"]
    play(state, 1 - first, "shared:green")
    hand = [state.c.unit_names[u].split("-")[0] for u in state.hands[first]]
    assert sorted(hand) == ["green", "red", "red"]
    assert [state.c.unit_names[u].split("-")[0] for u in state.hands[1 - first]] == ["blue"] * 3
    assert len(state.sdecks[first]) == 4 and len(state.sdecks[1 - first]) == 5
    assert len(state.decks[first]) == 8 and len(state.decks[1 - first]) == 7


def test_shared_faction_turn_order_and_refill() -> None:
    """1.先手、後手の順に手番を行った後、先手は共有色を配置ルールに従って配置します。
    2.先手は自分の色の山札からユニットが3枚になるまで、後手は共有色の山札からユニットを1枚
    補充します。3.先手と後手を交代して、先手から手番を開始します。"""
    state = new(2, seed=6, factions="random")
    a = state.start
    b = 1 - a
    shared = state.shared

    def faction_of(text: str) -> int:
        return state.c.faction_of[text.split(":")[1].split("-")[0]]

    slots = []
    for _ in range(6):
        seat = state.pending()[0]
        units = state.legal_texts(seat)
        slots.append((seat, {faction_of(t) == shared for t in units}))
        play(state, seat, units[0])
        play(state, seat, state.legal_texts(seat)[0])
        while state.to_json()["phase"] == "take":
            play(state, state.pending()[0], state.legal_texts(state.pending()[0])[0])
        if len(slots) == 3:  # end of round 1
            assert len(state.hands[a]) == 3 and all(u // 10 != shared for u in state.hands[a])
            assert sorted(u // 10 == shared for u in state.hands[b]) == [False, False, True]
    assert slots == [
        (a, {False}), (b, {False}), (a, {True}),
        (b, {False}), (a, {False}), (b, {True}),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("tiles", "taken"),
    [
        (["red7", "green6"], "green6"),
        (["blue6", "green4"], "blue6"),
        (["green4", "blue6"], "green4"),
    ],
)
def test_the_shared_faction_takes_the_tile_worth_more_to_it(tiles: list[str], taken: str) -> None:
    """The shared faction's choice at a large stone: the tile worth more to it, ties to the first
    (RULINGS §2). Green (shared) is place 1 at L1 (b3): green6 (6 + 2) beats red7; blue6 and
    green4 (4 + 2) are worth the same, so it takes the first."""
    state = build(
        2,
        board={"a3": turned("green-A1", SW, 5), "b4": turned("green-A2", W, 5),
               "c4": turned("green-B1", NW, 4), "c3": turned("red-C1", NE, 1),
               "b2": turned("blue-C2", E, 1)},
        hands=[["red-C3", "red-S"], ["blue-C3"]],
        shared="green",
        stones={"L1": tiles, "L2": ["red3", "yellow5a"]},
    )  # fmt: skip
    events = place(state, 0, "red-S", "a2")
    rest = next(t for t in tiles if t != taken)
    assert [(e["faction"], e["tile"]) for e in of_type(events, "take")] == [
        ("green", taken),
        ("red", rest),
    ]
    assert state.choice is None and state.pending() == [1]


def test_the_shared_faction_scores_like_a_player_and_both_may_lose() -> None:
    """共有色もプレイヤーと同じく得点を獲得します。お互いの得点が共有色の得点より低い場合、
    プレイヤーは2人ともゲームに敗北します。"""
    board = around(2, ["L1", "L2"], ["red", "blue", "green"])
    board |= {"a1": "blue-C1@0", "b1": "blue-C2@0", "d6": "blue-C3@0", "e5": "blue-C4@0"}
    done = ["L1", "L2", "s1", "s2"]
    state = build(
        2, phase="over", turn=27, stones={}, shared="green", board=board, done=done,
        taken={"red": ["blue6"], "blue": ["yellow5a"], "green": ["green4", "red7"]},
        small_won={"s1": "blue", "s2": "blue"},
    )  # fmt: skip
    result = state.result()
    assert result is not None
    assert result.scores == [6.0, 7.0] and result.winners == []
    assert result.ranks == [2, 2]  # both lose: blue's 7 does not rank it above red
    assert result.detail["double_loss"] and result.detail["shared_faction"]["score"] == 13
    # a player level with the shared faction is not below it: the normal rule applies
    state = build(
        2, phase="over", turn=27, stones={}, shared="green", board=board, done=done,
        taken={"red": ["red7"], "blue": ["blue4"], "green": ["green4", "yellow5a"]},
        small_won={"s1": "red", "s2": "red"},
    )  # fmt: skip
    result = state.result()
    assert result is not None and result.winners == [0] and "double_loss" not in result.detail


# ---- options ----


def test_fixed_stone_layout_uses_the_board_file() -> None:
    """Option stone_layout=fixed: the tiles lie as the board file lists them."""
    state = new(4, stone_layout="fixed")
    assert state.to_json()["stones"] == {
        "L1": ["red7", "blue4"], "L2": ["green6", "yellow5a"],
        "L3": ["blue6", "yellow5b"], "L4": ["green4", "red3"],
    }  # fmt: skip


def test_random_stone_layout_deals_two_tiles_to_each_large_stone() -> None:
    """At setup the tiles are shuffled (seeded) and dealt face up, two to each large stone; a board
    with fewer large stones leaves the rest in the box."""
    for players, large in ((4, 4), (3, 3), (2, 2)):
        stones = new(players, seed=11).to_json()["stones"]
        assert len(stones) == large and all(len(t) == 2 for t in stones.values())
        tiles = [t for pair in stones.values() for t in pair]
        assert len(set(tiles)) == 2 * large


# ---- views, notation, JSON ----


def test_hands_and_decks_are_private_the_board_public() -> None:
    """Hidden information: hands and decks are private (RULINGS §2)."""
    state = new(4, factions="random", seed=2)
    seat = state.pending()[0]
    place(state, seat, state.c.unit_names[state.hands[seat][0]], "a4")
    mine = state.view(seat)
    assert mine["hands"][seat] == [state.c.unit_names[u] for u in state.hands[seat]]
    other = (seat + 1) % 4
    assert mine["hands"][other] == {state.c.factions[state.factions[other]].key: 4}
    assert mine["decks"] == [len(d) for d in state.decks]
    spectator = state.view(None)
    assert all(isinstance(h, dict) for h in spectator["hands"])
    assert spectator["board"] == mine["board"] and len(mine["board"]) == 1
    text = json.dumps(spectator)
    for s in range(4):
        for unit in state.hands[s] + state.decks[s]:
            assert state.c.unit_names[unit] not in text


def test_every_action_has_a_notation_that_parses_back() -> None:
    state = new(4)
    for action in range(MonsterHex.num_actions(4, state.options)):
        assert state.parse_action(state.action_text(action)) == action
    assert state.parse_action(" PLACE:D4@2 ") == state.parse_action("place:d4@2")
    for bad in ("place:z9@0", "place:d4@6", "unit:red-Z1", "take:red8", "faction:purple", "jump"):
        with pytest.raises(IllegalAction, match="not a Monster Hex action"):
            state.parse_action(bad)


def test_state_json_round_trip_and_hand_written_positions() -> None:
    state = new(3, seed=8, factions="random")
    data = state.to_json()
    assert MonsterHex.from_json(json.loads(json.dumps(data))).to_json() == data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"board": {"c1": "red-S@0", "c2": "red-S@1"}},
            "red-S is both in board c1 and in board c2",
        ),
        ({"board": {"b3": "red-A1@0"}}, "not a placeable hex"),
        ({"board": {"c1": "red-S@7"}}, "write a unit and its rotation"),
        ({"board": {"c1": "yellow-S@0"}}, "faction not in play"),
        (
            {"hands": [["red-S"], ["red-A1"]]},
            "hands[1] holds red-A1, but may hold only seat 1's and the shared faction",
        ),
        ({"phase": "dance"}, "phase must be one of"),
        ({"factions": ["red", "red"]}, "a faction is played twice"),
        ({"stones": {"L1": ["red7", "red7"]}}, "red7 is both in"),
        ({"done": ["s1"]}, "marked done but not surrounded"),
        ({"phase": "place"}, "phase place goes with a selected unit"),
        ({"hands": [["red-S"], []], "turn": 1}, "holds none"),
    ],
)
def test_an_inconsistent_state_is_rejected_with_a_clear_message(
    change: dict[str, object], message: str
) -> None:
    data = build(2, options={"shared_faction": "off"}, hands=[["red-S"], ["blue-S"]]).to_json()
    data.update(change)
    data = rehome(data)
    with pytest.raises(InvalidState, match=message.replace("[", r"\[").replace("]", r"\]")):
        MonsterHex.from_json(data)


def test_a_surrounded_stone_must_have_been_resolved() -> None:
    with pytest.raises(InvalidState, match="s1 is surrounded but not resolved"):
        build(2, options={"shared_faction": "off"}, board={"a1": "red-S@0", "b1": "blue-S@0"},
              hands=[["red-A1"], ["blue-A1"]])  # fmt: skip


def test_render_shows_the_board_the_stones_and_only_the_own_hand() -> None:
    state = new(2, factions="random", seed=3)
    seat = state.pending()[0]
    unit = state.c.unit_names[state.hands[seat][0]]
    place(state, seat, unit, "c1")
    text = SPEC.render(state, 1 - seat, "en")
    assert "S c7" in text and "<L1 b3>" in text and "s1 a1|b1: open" in text
    assert f"{unit.split('-')[0][0].upper()}:{unit.split('-')[1]}" in text
    own = [state.c.unit_names[u] for u in state.hands[1 - seat]]
    assert all(name in text for name in own)
    assert not any(state.c.unit_names[u] in text for u in state.hands[seat])
