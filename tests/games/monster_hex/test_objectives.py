"""The objective option (issue 4; seed 004 「オプション:目標カード」; RULINGS §2 "Objective
option"): dealing, the three kinds of card, scoring at the end, privacy until the end."""

from __future__ import annotations

from typing import Any

from bodoge.engine import get_game
from bodoge.games.monster_hex import objectives as O
from bodoge.games.monster_hex.rules import MonsterHex

from .helpers import CONTENT, build


def test_one_private_card_each_and_two_public() -> None:
    """ゲームの準備で目標カード20枚をシャッフルして、個人目標として各プレイヤーに1枚ずつ配ります。
    次に全体目標として、目標カードを表向きで2枚公開します。残ったカードは山札として脇に置きます。"""
    state = get_game("monster_hex").new(4, {"objectives": "on", "factions": "random"}, 5)
    assert isinstance(state, MonsterHex)
    assert [len(cards) for cards in state.obj_private] == [1, 1, 1, 1]
    assert len(state.obj_public) == 2 and len(state.obj_deck) == 14
    view = state.view(2)["objectives"]
    assert view["private"][2] == [CONTENT.objectives[state.obj_private[2][0]].key]
    assert view["private"][0] == 1 and view["deck"] == 14 and len(view["public"]) == 2


# one private card each that scores nothing in these positions (no large stone is resolved and
# nobody holds a stone tile), unless a test deals its own
NOTHING = [["siege3"], ["siege2"], ["join_large"], ["most_tiles"]]


def over(board: dict[str, str], public: list[str], private: list[list[str]] | None = None,
         **fields: Any) -> MonsterHex:  # fmt: skip
    """The end of a 4-player game with the objective option; the cards not dealt are the deck."""
    return build(
        4, phase="over", turn=32, board=board, options={"objectives": "on"},
        objectives={"public": public, "private": private or NOTHING}, **fields,
    )  # fmt: skip


def test_a_formation_met_in_several_places_scores_that_many_times() -> None:
    """対象の目標条件を複数カ所で達成した場合、「表記された得点 × 達成カ所の数」を得点します; a
    formation may be rotated (図を回転させた形と同じ). Four red C units in a row on c1-c4 hold
    two lines of three; blue's two units none."""
    board = {"c1": "red-C1@0", "c2": "red-C2@0", "c3": "red-C3@0", "c4": "red-C4@0",
             "a1": "blue-C1@0", "a2": "blue-C2@0"}  # fmt: skip
    state = over(board, ["line3", "rabble"])
    red, blue = CONTENT.faction_of["red"], CONTENT.faction_of["blue"]
    line3 = CONTENT.objective_of["line3"]
    assert O.times(state, line3, red, [0, 1, 2, 3]) == 2
    assert O.times(state, line3, blue, [0, 1, 2, 3]) == 0
    result = state.result()
    assert result is not None
    assert result.detail["objectives"][0] == {"line3": 4, "rabble": 6}  # all C units: rabble too
    assert result.scores[0] == 10.0


def test_a_formation_with_ranks() -> None:
    """general: the S unit next to an A unit of the same faction, each pair once."""
    state = over({"c4": "red-S@0", "c3": "red-A1@0", "b4": "red-A2@0", "d4": "blue-A1@0"},
                 ["general", "most_edge"])  # fmt: skip
    assert O.times(state, CONTENT.objective_of["general"], 0, [0, 1, 2, 3]) == 2


def test_majority_every_tied_seat_scores_and_nobody_at_zero() -> None:
    """条件が「〇〇の数が最多」で複数いた場合、全員が得点します."""
    board = {"a1": "red-C1@0", "a5": "red-C2@0", "f1": "blue-C1@0", "f5": "blue-C2@0",
             "d4": "yellow-S@0"}  # fmt: skip
    state = over(board, ["most_edge", "most_start"])
    result = state.result()
    assert result is not None
    assert [d.get("most_edge", 0) for d in result.detail["objectives"]] == [3, 3, 0, 0]
    assert all("most_start" not in d for d in result.detail["objectives"])  # all have 0


def test_participation_counts_each_stone_with_own_units_next_to_it() -> None:
    """参戦とは、魔石獲得判定時に、少なくとも自軍のユニット1体が魔石マスに隣接している状態を指します.
    s2 (c6|c7) resolved with red on c6 and blue on c7; s1 not resolved."""
    board = {"c6": "red-A1@0", "c7": "blue-A1@0", "a3": "red-C1@0"}
    state = over(board, ["join_small", "duel"], done=["s2"], small_won={"s2": "red"})
    result = state.result()
    assert result is not None
    assert result.detail["objectives"][:2] == [{"join_small": 1}, {"join_small": 1}]


def test_private_cards_count_only_for_their_owner_and_are_shown_at_the_end() -> None:
    board = {"c1": "red-C1@0", "c2": "red-C2@0", "c3": "red-C3@0", "e1": "blue-C1@0"}
    state = over(board, ["siege3", "most_tiles"],  # public cards nobody meets here
                 private=[["line3"], ["line4"], ["triangle"], ["bend"]])  # fmt: skip
    result = state.result()
    assert result is not None
    assert result.detail["objectives"] == [{"line3": 2}, {}, {}, {}]
    assert state.view(1)["objectives"]["private"] == [["line3"], ["line4"], ["triangle"], ["bend"]]
