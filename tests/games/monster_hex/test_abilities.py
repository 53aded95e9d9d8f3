"""The ability option (issue 4; seed 004 「オプション:能力カード」; RULINGS §2 "Ability option"), on
the 4-player board: small stone s2 lies between c6 and c7 (c7 east of c6), d7 is south-east of
c7. Seats: 0 red, 1 blue, 2 yellow, 3 green."""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine import get_game
from bodoge.games.monster_hex import stones
from bodoge.games.monster_hex.rules import MonsterHex

from .helpers import NE, SE, E, W, anchor, build, of_type, place, placements, play, turned

ON = {"abilities": "on"}


def game(abilities: list[str], players: int = 4, **fields: Any) -> MonsterHex:
    options = fields.pop("options", {}) | ON
    return build(players, options=options, abilities=abilities, **fields)


def duel(seat: int, unit: str, power: int, c6: str, c6_power: int, abilities: list[str],
         **fields: Any) -> MonsterHex:  # fmt: skip
    """Seat `seat` places `unit` on c7 showing `power` west, against `c6` showing `c6_power` east,
    and stops at its ability decision."""
    hands = [[f"{f}-C3"] for f in ("red", "blue", "yellow", "green")]
    hands[seat].append(unit)
    board = {"c6": turned(c6, E, c6_power), "d7": anchor(unit, W, power, SE, "yellow")}
    board |= fields.pop("board", {})
    state = game(abilities, board=board, hands=hands, turn=seat, **fields)
    place(state, seat, unit, "c7", W, power)
    return state


ABILITIES = ["enchant", "blitz", "confuse", "curse"]


def test_abilities_are_chosen_from_the_last_seat_counter_clockwise() -> None:
    """スタートプレイヤーの右隣(つまり最後に手番を行うプレイヤー)から、反時計回り順に能力カードを
    選びます; each seat picks one of its faction's two abilities."""
    state = get_game("monster_hex").new(4, {"abilities": "on", "factions": "random"}, 3)
    assert isinstance(state, MonsterHex)
    order = [(state.start - 1 - i) % 4 for i in range(4)]
    for seat in order:
        assert state.pending() == [seat]
        faction = state.c.factions[state.factions[seat]].key
        own = [f"ability:{a.key}" for a in state.c.abilities if a.faction == state.factions[seat]]
        assert state.legal_texts(seat) == own and len(own) == 2, faction
        play(state, seat, own[1])
    assert state.to_json()["phase"] == "unit" and state.pending() == [state.start]


def test_enchant_adds_to_every_edge_when_stones_are_resolved() -> None:
    """強化: 味方ユニット(このユニットも含む)1体の上に白のカウンターを1つ(★は2つ)…そのユニットの
    すべてのパワーを+1します(但し魔石獲得判定時のみ). The S unit is ★: +2 turns 3 against 4
    into 5."""
    state = duel(0, "red-S", 3, "blue-A1", 4, ABILITIES)
    assert state.legal_texts(0) == ["pass", "enchant:c7"]  # own units only (d7 is yellow)
    events = play(state, 0, "enchant:c7")
    assert state.white[state.c.unit_of["red-s"]] == 2
    (stone,) = of_type(events, "small_stone")
    assert stone["faction"] == "red"


def test_an_unused_ability_is_gone_and_the_stone_resolves_as_printed() -> None:
    """使用しなかった能力は、ユニット配置時以降に使用することはできません."""
    state = duel(0, "red-S", 3, "blue-A1", 4, ABILITIES)
    events = play(state, 0, "pass")
    assert of_type(events, "small_stone")[0]["faction"] == "blue"
    assert state.pending() == [1]


def test_curse_takes_from_every_edge_of_an_enemy_unit() -> None:
    """呪い: 敵ユニットを1体選び、黒のカウンターを1つ(★は2つ)乗せます: 4 against 4 (A beats C)
    becomes 3 against 4."""
    state = duel(3, "green-C1", 4, "blue-A1", 4, [*ABILITIES[:3], "curse"])
    assert state.legal_texts(3) == ["pass", "curse:c6", "curse:d7"]  # enemy units, anywhere
    events = play(state, 3, "curse:c6")
    assert of_type(events, "small_stone")[0]["faction"] == "green"


def test_counters_never_take_a_power_below_zero() -> None:
    """Green's three Curse units (★ 2, ● 1, ● 1) have laid 4 black counters on blue-A1 (4 2 5 3 4
    1): every power drops by 4, and none below 0."""
    board = {"c6": "blue-A1@0", "a1": "green-S@0", "a2": "green-B1@0", "a3": "green-C1@0"}
    state = game(ABILITIES, board=board, counters={"blue-A1": {"white": 0, "black": 4}})
    c6 = state.board.cell_of["c6"]
    assert [stones.power(state, c6, d) for d in range(6)] == [0, 0, 1, 0, 0, 0]


def test_confuse_turns_an_adjacent_enemy_before_the_stones_are_resolved() -> None:
    """混乱: ●隣接する敵1体を任意の向きに回転. blue-A1 turned 2 steps shows 1 east: yellow's 2
    wins."""
    state = duel(2, "yellow-C1", 2, "blue-A1", 3, ["enchant", "blitz", "confuse", "petrify"],
                 board={"a1": "blue-A2@0"})  # fmt: skip
    assert state.legal_texts(2) == ["pass", "confuse:c6"]  # not the far blue-A2 on a1
    play(state, 2, "confuse:c6")
    turned_now = int(state.to_json()["board"]["c6"].split("@")[1])
    assert state.legal_texts(2) == [f"rotate:{r}" for r in range(6) if r != turned_now]
    events = play(state, 2, "rotate:2")
    assert state.to_json()["board"]["c6"] == "blue-A1@2"
    assert of_type(events, "small_stone")[0]["faction"] == "yellow"


def test_confuse_star_reaches_any_enemy() -> None:
    """★敵1体を任意の向きに回転."""
    state = duel(2, "yellow-S", 2, "blue-A1", 3, ["enchant", "blitz", "confuse", "petrify"],
                 board={"a1": "blue-A2@0"})  # fmt: skip
    assert state.legal_texts(2) == ["pass", "confuse:a1", "confuse:c6"]


def test_scheme_draws_a_private_objective_card_even_without_the_objective_option() -> None:
    """隠密: ●★目標カードを1枚引く※個人目標:非公開. 〈隠密〉は…オプションを採用しない場合でも、この
    能力を選んだプレイヤーだけが目標カードを持ちます."""
    deck = ["line3", "line4", "triangle"]  # the top three (the others lie below)
    state = duel(2, "yellow-B1", 2, "blue-A1", 3, ["enchant", "blitz", "scheme", "curse"],
                 objectives={"public": [], "private": [[], [], [], []], "deck": deck})  # fmt: skip
    assert state.legal_texts(2) == ["pass", "scheme"]
    events = play(state, 2, "scheme")
    (drawn,) = of_type(events, "scheme")
    assert drawn["visible_to"] == [2] and drawn["private"] == {"card": "triangle"}
    assert state.view(2)["objectives"]["private"][2] == ["triangle"]
    assert state.view(0)["objectives"]["private"][2] == 1
    assert state.view(0)["objectives"]["deck"] == 19  # the 20 cards but the one drawn


def test_petrify_blocks_a_hex_until_it_is_surrounded_then_scores_as_a_large_stone() -> None:
    """魔石化: ★空きマス1つを2点の大魔石マスに変える。黒のカウンターがあるマスの周りすべてがユニット
    に囲まれた時、…魔石の獲得判定を行います: RULINGS §2, once every placeable neighbour holds a
    unit (a1 is next to L1's hex b2, which never holds one). The hex is free again afterwards
    (一時的に)."""
    hands = [["red-C3"], ["blue-C3"], ["yellow-C3"], ["green-S", "green-C3"]]
    state = game(["enchant", "blitz", "confuse", "petrify"], start=3, hands=hands)
    place(state, 3, "green-S", "a4")  # the first unit: a start hex
    assert "petrify:a1" in state.legal_texts(3)
    play(state, 3, "petrify:a1")
    assert state.petrified[state.board.cell_of["a1"]] == 2
    # a1's placeable neighbours are a2 (east of it) and b1 (south-west of it)
    board = {
        "a2": turned("red-A1", W, 3),
        "c2": anchor("blue-B1", NE, 5, SE, "yellow"),
        "f5": "green-S@0",
    }  # fmt: skip  (green's S laid the two counters)
    state = game(
        ["enchant", "blitz", "confuse", "petrify"],
        board=board,
        hands=[["red-C3"], ["blue-C3", "blue-B1"], ["yellow-C3"], ["green-C3"]],
        petrified={"a1": 2},
        turn=1,
    )
    assert not any(text.startswith("a1@") for text in placements_after(state, 1, "blue-B1"))
    state = game(
        ["enchant", "blitz", "confuse", "petrify"],
        board=board,
        hands=[["red-C3"], ["blue-C3", "blue-B1"], ["yellow-C3"], ["green-C3"]],
        petrified={"a1": 2},
        turn=1,
    )
    events = place(state, 1, "blue-B1", "b1", NE, 5)
    events += play(state, 1, "pass")  # B1 is blue's Blitz unit: no second placement
    (stone,) = of_type(events, "petrified_stone")
    assert stone == {"type": "petrified_stone", "hex": "a1", "points": 2,
                     "totals": {"red": 3, "blue": 5}, "faction": "blue"}  # fmt: skip
    assert stones.points(state)[1] == 2 and state.petrified[0] == 0
    assert state.face[0] != 0  # a1 takes units again


@pytest.mark.parametrize(("unit", "points"), [("green-S", 2), ("green-C1", 1)])
def test_petrify_on_a_hex_already_surrounded_resolves_at_once(unit: str, points: int) -> None:
    """RULINGS §2 (issue 11): the counter may go on any empty hex but the last one a stone waits
    for, so also on a1, whose placeable neighbours a2 and b1 hold units already (L1's hex b2 never
    holds one and does not count): 黒のカウンターがあるマスの周りすべてがユニットに囲まれた時…
    魔石の獲得判定を行います, at once, as a stone of 2 points (★) or 1 (●); then a1 is free."""
    state = game(
        ["enchant", "blitz", "confuse", "petrify"],
        board={"a2": turned("red-A1", W, 3), "b1": turned("blue-B1", NE, 4),
               "f2": anchor(unit, E, 5 if unit == "green-S" else 3, E, "green")},
        hands=[["red-C3"], ["blue-C3"], ["yellow-C3"], ["green-C3", unit]],
        turn=3,
    )  # fmt: skip
    place(state, 3, unit, "f1", E, 5 if unit == "green-S" else 3)
    assert "petrify:a1" in state.legal_texts(3)
    events = play(state, 3, "petrify:a1")
    (stone,) = of_type(events, "petrified_stone")
    assert stone == {"type": "petrified_stone", "hex": "a1", "points": points,
                     "totals": {"red": 3, "blue": 4}, "faction": "blue"}  # fmt: skip
    assert stones.points(state)[1] == points
    a1 = state.board.cell_of["a1"]
    assert state.petrified[a1] == 0 and state.petrified_done == [a1] and state.face[a1] != 0
    assert state.pending() == [0]  # the turn is over: the next seat plays


def placements_after(state: MonsterHex, seat: int, unit: str) -> set[str]:
    play(state, seat, f"unit:{unit}")
    return placements(state, seat)


def test_petrify_restrictions() -> None:
    """魔石の獲得判定に必要な最後の空きマスに黒のカウンターを置くことはできません; and bodoge's
    ruling (RULINGS §2): not next to another petrified hex."""
    state = game(
        ["enchant", "blitz", "confuse", "petrify"],
        board={"a3": "red-C3@0", "f1": "red-C2@0", "e1": "red-C4@0", "a5": "green-C1@0"},
        hands=[["red-A1"], ["blue-C3"], ["yellow-C3"], ["green-S", "green-C3"]],
        petrified={"d6": 1},  # laid by green-C1 (●)
        start=3,
    )
    place(state, 3, "green-S", "f2")
    legal = state.legal_texts(3)
    assert "petrify:b3" not in legal  # s1 (a3|b3) waits only for b3
    assert "petrify:d5" not in legal and "petrify:c7" not in legal  # next to petrified d6
    assert "petrify:b4" in legal


def test_blitz_places_a_second_unit_at_once() -> None:
    """速攻: 能力を持つユニットを配置した後、続けて手札から2体目のユニットを1体配置できます。2体目に
    能力を持つユニットを配置したとしても、1 ラウンド中に3体目のユニットは配置できません。"""
    hands = [["red-C3"], ["blue-B1", "blue-S", "blue-C2", "blue-C3"], ["yellow-C3"], ["green-C3"]]
    state = game(ABILITIES, board={"c1": "red-S@0"}, hands=hands, turn=1)
    place(state, 1, "blue-B1", "c2", W, 3)
    assert state.legal_texts(1) == ["pass", "blitz"]
    play(state, 1, "blitz")
    assert state.pending() == [1] and state.to_json()["phase"] == "unit"
    place(state, 1, "blue-S", "b1")  # another ability unit: no third placement
    assert state.pending() == [2]
    assert state.blitz_used[1] == 1
    assert len(state.hands[1]) == 4  # refilled after the turn


def test_after_blitz_a_seat_skips_turns_once_down_to_the_final_hand() -> None:
    """尚、この能力を使用した場合、残り手札が2枚になった以降のラウンドのあなたの手番は飛ばされます
    (RULINGS §2: once its hand is down to what every seat keeps at the end, 2 with 4 players)."""
    hands = [["red-C3", "red-C2", "red-C1"], ["blue-C3", "blue-C2"], ["yellow-C3"], ["green-C3"]]
    state = game(ABILITIES, board={"c1": "red-S@0"}, hands=hands, turn=28,
                 blitz_used=[None, 5, None, None])  # fmt: skip
    place(state, 0, "red-C3", None)
    assert state.pending() == [2]  # blue (seat 1) is skipped
    state = game(ABILITIES, board={"c1": "red-S@0"}, hands=hands, turn=28)
    place(state, 0, "red-C3", None)
    assert state.pending() == [1]  # without Blitz used, blue plays its turn


def test_no_blitz_without_a_later_turn_to_skip() -> None:
    """Blitz needs more units in hand than every seat keeps at the end, and a later turn of its
    own to skip, so the blitzing seat never places more units than anyone else (RULINGS §2)."""
    hands = [["red-C3"], ["blue-B1", "blue-C2", "blue-C3"], ["yellow-C3"], ["green-C3"]]
    state = game(ABILITIES, board={"c1": "red-S@0"}, hands=hands, turn=29)
    place(state, 1, "blue-B1", "c2", W, 3)
    assert state.pending() == [2]  # round 8: no use offered, the turn passed


def test_scatter_ignores_the_matching_rule() -> None:
    """散兵: ●隣接条件を無視して配置 (next to any unit, any rotation); ★…任意の空きマスに配置."""
    abilities = ["enchant", "scatter", "confuse", "curse"]
    hands = [["red-C3"], ["blue-B1", "blue-S", "blue-C2"], ["yellow-C3"], ["green-C3"]]
    state = game(abilities, board={"c1": "red-S@0"}, hands=hands, turn=1)
    assert placements_after(state, 1, "blue-B1") == {
        f"{h}@{r}" for h in ("b1", "c2", "d1") for r in range(6)
    }
    state = game(abilities, board={"c1": "red-S@0"}, hands=hands, turn=1)
    assert len(placements_after(state, 1, "blue-S")) == 31 * 6
    state = game(abilities, board={"c1": "red-S@0"}, hands=hands, turn=1)
    assert placements_after(state, 1, "blue-C2") < {f"{h}@{r}" for h in ("b1", "c2", "d1")
                                                    for r in range(6)}  # fmt: skip


def test_reward_scores_for_ability_units_around_a_large_stone_won() -> None:
    """褒賞: ●大魔石マス制圧時に+1点 ★大魔石マス制圧時に+2点 (RULINGS §2: for each Reward unit
    among the six neighbours where the faction takes place 1)."""
    from .test_stones import surround

    state, events = surround(
        {"a2": ("red-S", 5), "a1": ("red-B1", 4), "c3": ("blue-B3", 3), "c2": ("blue-A2", 3),
         "b1": ("green-B1", 2)},
        ("b3", "yellow-A1", 1),
        options=ON,
        abilities=["reward", "blitz", "confuse", "curse"],
    )  # fmt: skip
    (reward,) = of_type(events, "reward")
    assert reward == {"type": "reward", "faction": "red", "points": 3}
    play(state, 0, "take:red7")
    assert stones.points(state)[0] == 3 + 9


def test_the_shared_faction_has_no_ability() -> None:
    """bodoge's ruling: the shared faction's units carry no ability."""
    state = game(
        ["enchant", "blitz"],
        players=2,
        board={"c1": "red-S@0"},
        hands=[["red-C3", "green-S"], ["blue-C3"]],
        shared="green",
        turn=2,
    )
    place(state, 0, "green-S", None)
    assert state.pending() == [1]


def test_scatter_star_does_not_move_the_first_unit_off_the_start_hexes() -> None:
    """スタートプレイヤーは、最初の1枚目だけボード上に2つあるスタートマスのいずれか1マスを選び
    (RULINGS §2: first unit of the game: on a start hex). 散兵 ★ lifts the matching rule
    (隣接条件を無視して), not this one: blue's S as the game's first unit goes on a4 or f2."""
    abilities = ["enchant", "scatter", "confuse", "curse"]
    hands = [["red-C3"], ["blue-S", "blue-C2"], ["yellow-C3"], ["green-C3"]]
    state = game(abilities, hands=hands, start=1)
    assert placements_after(state, 1, "blue-S") == {f"{h}@{r}" for h in ("a4", "f2")
                                                    for r in range(6)}  # fmt: skip


def test_scatter_does_not_narrow_the_choice_of_the_first_unit() -> None:
    """The game's first unit goes on a start hex in any rotation (RULINGS §2 "Play"), so every
    unit in hand can open the game: holding its Scatter S does not leave blue only the S to
    pick (the S fits nowhere else then, see the test above)."""
    abilities = ["enchant", "scatter", "confuse", "curse"]
    hands = [["red-C3"], ["blue-S", "blue-C2", "blue-B1", "blue-C4"], ["yellow-C3"], ["green-C3"]]
    state = game(abilities, hands=hands, start=1)
    assert state.legal_texts(1) == ["unit:blue-S", "unit:blue-B1", "unit:blue-C2", "unit:blue-C4"]
    assert placements_after(state, 1, "blue-C2") == {f"{h}@{r}" for h in ("a4", "f2")
                                                     for r in range(6)}  # fmt: skip
