"""A Monster Hex state accounts for every component (issue 12): each unit, stone tile and
objective card in one place, and the counts that follow from the rest (hand sizes for the round
and the player count, two tiles on a large stone until it is resolved, the objective cards
dealt). Anything else is refused with an InvalidState naming what is wrong. And `to_json()` is a
snapshot: it shares no list or dict with the live state.

Components (seed 004 「コンポーネント」): ユニットタイル:40枚(10枚x4色), 魔石タイル:8枚,
目標カード:20枚; RULINGS §2: 10 units per faction, two stone tiles dealt to each large stone,
the rest in the box.
"""

from __future__ import annotations

import ast
import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bodoge.engine import InvalidState, Rng
from bodoge.games.monster_hex import state_json
from bodoge.games.monster_hex.rules import MonsterHex

from .helpers import build

OFF = {"shared_faction": "off"}


def refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidState, match=re.escape(message)):
        MonsterHex.from_json(data)


def played(players: int, placements: int, seed: int = 4, **options: str) -> MonsterHex:
    """A seeded game with random factions after `placements` units are on the board."""
    state = MonsterHex.new(players, {"factions": "random", **options}, seed)
    rng = Rng(seed)
    while sum(1 for u in state.occ if u >= 0) < placements:
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


# ---- units ----


def test_emptied_hands_and_decks_are_refused() -> None:
    """2 players with the shared faction play 30 units (10 each, 5 shared ones to each deck):
    after 5 placements the other 25 are in hands and decks; a state without them is refused
    (it used to load, and the game then ended after one move)."""
    data = played(2, 5).to_json()
    assert len(data["board"]) == 5
    data |= {"hands": [[], []], "decks": [[], []], "shared_decks": [[], []]}
    with pytest.raises(InvalidState, match=r"^units do not add up: \S+ and 24 more are missing$"):
        MonsterHex.from_json(data)


@pytest.mark.parametrize("place", ["board", "hands", "decks", "selected"])
def test_a_unit_missing_from_any_place_is_named(place: str) -> None:
    """Each of the 10 units of every faction in play is on the board, in a hand, in a deck or
    being placed."""
    data = build(
        4, phase="place", board={"c1": "red-S@0"}, hands=[[], ["blue-B2"], [], []],
        selected="red-B2", turn=4,
    ).to_json()  # fmt: skip
    if place == "board":
        del data["board"]["c1"]
        refused(data, "units do not add up: red-S is missing")
    elif place == "hands":
        data["hands"][1].remove("blue-B2")
        refused(data, "units do not add up: blue-B2 is missing")
    elif place == "decks":
        unit = data["decks"][2].pop()
        refused(data, f"units do not add up: {unit} is missing")
    else:
        data["selected"] = None
        refused(data, "units do not add up: red-B2 is missing")


def test_a_unit_of_a_faction_in_the_box_is_refused() -> None:
    """3人プレイ: 4色のユニットのうち、1色は使用しません: green stays in the box."""
    data = build(3).to_json()
    data["hands"][0].append("green-S")
    refused(data, "hands[0]: unit green-S belongs to a faction not in play")


def test_no_unit_is_dealt_before_every_faction_is_chosen() -> None:
    data = MonsterHex.new(3, {}, 2).to_json()
    assert data["phase"] == "faction"
    data["factions"][data["start"]] = "red"
    data["hands"][data["start"]] = ["red-S"]
    refused(data, f"hands[{data['start']}] holds red-S, but units are dealt once every faction")


# ---- hand sizes for the round and the player count ----


def test_a_three_player_hand_of_six_is_refused() -> None:
    """3人プレイ: 手札枚数は3枚です."""
    data = build(3).to_json()
    data["hands"][1] += [data["decks"][1].pop() for _ in range(3)]
    refused(data, "hands[1] holds 6 blue units, but in round 1 of a 3-player game it holds 3")


def test_a_short_hand_is_refused_while_the_deck_lasts() -> None:
    """各プレイヤーは自分の山札からユニットを手札が4枚になるまで補充します."""
    data = build(4, turn=9).to_json()
    data["decks"][3].append(data["hands"][3].pop())
    refused(data, "hands[3] holds 3 green units, but in round 3 of a 4-player game it holds 4")


@pytest.mark.parametrize(
    ("phase", "turn", "held", "when"),
    [("unit", 24, 4, "in round 7"), ("unit", 27, 3, "in round 7"), ("over", 32, 2, "at the end")],
)
def test_hands_shrink_once_the_decks_are_spent(phase: str, turn: int, held: int, when: str) -> None:
    """4 players: 10 units, a hand of 4, so the deck is spent by the 6th refill; ※最後は手札に
    ユニットが2枚余ります. Seat 1 (blue) after its 6th turn holds 4, after its 7th (turn 25) 3,
    at the end 2; a hand of one more is refused."""
    state = build(4, phase=phase, turn=turn)
    assert len(state.hands[1]) == held
    data = state.to_json()
    data["hands"][1].append(data["decks"][1].pop())
    refused(data, f"hands[1] holds {held + 1} blue units, but {when} of a 4-player game it holds "
                  f"{held}")  # fmt: skip


def test_the_seat_to_move_holds_one_fewer_while_it_places() -> None:
    """The unit picked (phase place) has left the hand: 3 in hand and 1 selected, not 4."""
    state = build(4, phase="place", selected="red-S")
    assert len(state.hands[0]) == 3
    data = state.to_json()
    data["hands"][0].append(data["decks"][0].pop())
    refused(data, "hands[0] holds 4 red units, but in round 1 of a 4-player game it holds 3")


def test_with_the_shared_faction_the_first_hand_is_two_own_and_one_shared() -> None:
    """先手は自分の色を2枚と共有色を1枚、後手は自分の色を3枚引きます."""
    data = build(2, shared="green").to_json()
    assert sorted(u.split("-")[0] for u in data["hands"][0]) == ["green", "red", "red"]
    shared = next(u for u in data["hands"][0] if u.startswith("green"))
    data["hands"][0].remove(shared)
    data["hands"][0].append(data["decks"][0].pop())
    data["shared_decks"][0].append(shared)
    refused(data, "hands[0] holds 3 red units, but in round 1 of a 2-player game it holds 2")


def test_after_blitz_a_hand_may_be_short_but_not_below_the_final_hand() -> None:
    """速攻: a seat that used Blitz placed extra units, so its hand may hold fewer than the
    round gives, but never fewer than every seat keeps at the end (2 with 4 players)."""
    options = {"abilities": "on"}
    abilities = ["enchant", "blitz", "confuse", "curse"]
    fields: dict[str, Any] = {"abilities": abilities, "blitz_used": [None, 2, None, None]}
    hands = [[], ["blue-S", "blue-A1"], [], []]
    state = build(4, options=options, turn=8, hands=hands, **fields)  # round 3: 2 of 4 held
    assert len(state.hands[1]) == 2
    data = state.to_json()
    data["decks"][1].append(data["hands"][1].pop())
    refused(data, "hands[1] holds 1 blue unit, but in round 3 of a 4-player game it holds 2-4 "
                  "(Blitz used)")  # fmt: skip


# ---- stone tiles ----


def test_a_large_stone_left_with_one_tile_is_refused() -> None:
    """A large stone holds its two tiles until it is resolved (RULINGS §2)."""
    data = build(4).to_json()
    data["discarded"].append(data["stones"]["L1"].pop())
    refused(data, "stones: L1 holds 1 tile; a large stone keeps its 2 tiles until it is resolved")


def test_a_tile_removed_from_a_stone_taken_or_discarded_is_named() -> None:
    """With 4 players all 8 tiles are dealt, so a missing one is known by name."""
    data = build(4).to_json()
    data["stones"]["L1"] = []
    refused(data, "stone tiles do not add up: red7 and 1 more are missing")
    data["discarded"] = ["red7", "blue4"]
    refused(data, "stones: L1 holds no tiles but is not resolved")
    state = build(4, stones={"L2": ["green6", "yellow5a"], "L3": ["blue6", "yellow5b"],
                             "L4": ["green4", "red3"]},
                  board={"a2": "red-S@0", "b3": "red-A1@0", "c3": "blue-S@0", "c2": "blue-A1@0",
                         "b1": "green-S@0", "a1": "yellow-S@0"},
                  done=["L1"], taken={"red": ["red7"]}, discarded=["blue4"])  # fmt: skip
    for place in ("taken", "discarded"):
        data = state.to_json()
        if place == "taken":
            data["taken"] = {}
            refused(data, "stone tiles do not add up: red7 is missing")
        else:
            data["discarded"] = []
            refused(data, "stone tiles do not add up: blue4 is missing")


def test_with_fewer_large_stones_the_count_of_tiles_must_match() -> None:
    """2 players: 2 large stones are dealt 4 tiles, the other 4 stay in the box (a board with
    fewer large stones leaves the rest in the box); with a random layout the box is secret, so
    a tile too many or too few is a count that is off."""
    data = build(2, options=OFF).to_json()
    data["discarded"] = ["red3"]
    refused(data, "stone tiles do not add up: 5 on the large stones, taken or discarded, but the "
                  "2 large stones were dealt 4")  # fmt: skip
    fixed = build(2, options=OFF | {"stone_layout": "fixed"}).to_json()
    fixed["discarded"] = ["red3"]
    refused(fixed, "stone tiles do not add up: red3 stays in the box (stone_layout=fixed)")


def test_a_resolved_large_stone_holds_no_tiles() -> None:
    board = {"a2": "red-S@0", "b3": "red-A1@0", "c3": "blue-S@0", "c2": "blue-A1@0",
             "b1": "green-S@0", "a1": "yellow-S@0"}  # fmt: skip
    data = build(
        4, board=board, done=["L1"], taken={"red": ["red7"]}, discarded=["blue4"]
    ).to_json()
    data["stones"]["L1"] = ["red7", "blue4"]
    data["taken"], data["discarded"] = {}, []
    refused(data, "stones: L1 is resolved but still holds its tiles")


# ---- objective cards ----

CARDS = {"objectives": "on"}


@pytest.mark.parametrize("place", ["private", "public", "deck"])
def test_an_objective_card_removed_from_anywhere_is_named(place: str) -> None:
    """ゲームの準備で目標カード20枚をシャッフルして、個人目標として各プレイヤーに1枚ずつ配ります。
    次に全体目標として、目標カードを表向きで2枚公開します。残ったカードは山札として脇に置きます."""
    data = build(
        4, options=CARDS,
        objectives={"public": ["line3", "arc"], "private": [["bend"], ["duel"], ["rabble"],
                                                            ["general"]]},
    ).to_json()  # fmt: skip
    if place == "private":
        data["objectives"]["private"][1] = []
        refused(data, "objective cards do not add up: duel is missing")
    elif place == "public":
        data["objectives"]["public"] = ["line3"]
        refused(data, "objective cards do not add up: arc is missing")
    else:
        card = data["objectives"]["deck"].pop(0)
        refused(data, f"objective cards do not add up: {card} is missing")


def test_the_objective_cards_dealt_follow_from_the_options() -> None:
    """One private card each and two public with the objective option; more in a hand only as
    Scheme's draws, one for each of the seat's ability units placed."""
    private = [["bend"], ["duel"], ["rabble"], ["general"]]
    data = build(
        4, options=CARDS, objectives={"public": ["line3", "arc"], "private": private}
    ).to_json()
    data["objectives"]["deck"].append(data["objectives"]["public"].pop())
    refused(data, "objectives.public holds 1 card, but 2 are turned up")
    data = build(
        4, options=CARDS, objectives={"public": ["line3", "arc"], "private": private}
    ).to_json()
    data["objectives"]["private"][0].append(data["objectives"]["deck"].pop())
    refused(data, "objectives.private[0] holds 2 cards; seat 0 was dealt 1")
    # Scheme (yellow, seat 2): its S on the board may have drawn one card
    abilities = ["enchant", "blitz", "scheme", "curse"]
    options = CARDS | {"abilities": "on"}
    private[2] = ["rabble", "triangle"]
    state = build(4, options=options, abilities=abilities, board={"c1": "yellow-S@0"}, turn=4,
                  objectives={"public": ["line3", "arc"], "private": private})  # fmt: skip
    data = state.to_json()
    data["objectives"]["private"][2].append(data["objectives"]["deck"].pop())
    refused(data, "objectives.private[2] holds 3 cards; seat 2 was dealt 1 and up to 1 drawn with "
                  "Scheme")  # fmt: skip


# ---- counters ----


def test_counters_come_only_from_ability_units_placed() -> None:
    """強化: ●味方1体のパワーを+1 ★味方1体のパワーを+2: red's Enchant S on the board laid at
    most 2 white counters."""
    abilities = ["enchant", "blitz", "confuse", "curse"]
    board = {"c1": "red-S@0", "c2": "red-A1@0"}
    fields: dict[str, Any] = {"options": {"abilities": "on"}, "abilities": abilities,
                              "board": board, "turn": 4}  # fmt: skip
    assert build(4, counters={"red-A1": {"white": 2}}, **fields).white[1] == 2  # red-A1
    with pytest.raises(InvalidState, match="3 white Enchant counters on the board, but the "
                                           "Enchant units placed lay at most 2"):  # fmt: skip
        build(4, counters={"red-A1": {"white": 3}}, **fields)
    with pytest.raises(InvalidState, match="1 black Curse counter on the board, but the Curse "
                                           "units placed lay at most 0"):  # fmt: skip
        build(4, counters={"red-A1": {"black": 1}}, **fields)


# ---- to_json is a snapshot ----


def mutate_everything(value: Any) -> None:
    """Change every list and dict inside `value`."""
    if isinstance(value, dict):
        for item in list(value.values()):
            mutate_everything(item)
        value["changed"] = True
    elif isinstance(value, list):
        for item in value:
            mutate_everything(item)
        value.append("changed")


@pytest.mark.parametrize("options", [{}, {"abilities": "on", "objectives": "on"}])
def test_editing_the_returned_json_does_not_change_the_game(options: dict[str, str]) -> None:
    state = played(4, 6, **options)
    before = copy.deepcopy(state.to_json())
    mutate_everything(state.to_json())
    assert state.to_json() == before
    view = copy.deepcopy(state.view(0))
    mutate_everything(state.view(0))
    assert state.view(0) == view


@pytest.mark.parametrize("options", [{}, {"abilities": "on", "objectives": "on"}])
def test_a_later_move_does_not_change_an_earlier_snapshot(options: dict[str, str]) -> None:
    state = played(4, 2, **options)
    rng = Rng(1)
    while not state.is_over():
        snapshot = state.to_json()
        kept = copy.deepcopy(snapshot)
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        assert snapshot == kept


def test_the_documented_hand_written_states_load() -> None:
    """The examples on the rules page (docs/games/monster_hex.md, "State JSON") and in
    `state_json`'s docstring account for every component."""
    page = (Path(__file__).parents[3] / "docs/games/monster_hex.md").read_text(encoding="utf-8")
    section = page.split("## State JSON", 1)[1]
    # the docstring from the source: a compiled module (mypyc) keeps no __doc__
    source = Path(state_json.__file__).with_name("state_json.py").read_text(encoding="utf-8")
    docstring = ast.get_docstring(ast.parse(source)) or ""
    assert "```json" in docstring
    for text in (section, docstring):
        block = re.search(r"```json\n(.*?)```", text, re.S)
        assert block is not None
        state = MonsterHex.from_json(json.loads(block.group(1)))
        assert state.to_json()["board"] == {"c1": "red-S@0", "c2": "blue-A1@3"}
