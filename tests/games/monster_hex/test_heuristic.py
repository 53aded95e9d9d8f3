"""The greedy bot's heuristic for Monster Hex (`bodoge.games.monster_hex.heuristic`): it reads only
what the seat may know, and values points, open stones, placements and the shared faction.

Large stone L1 of the 2-player board lies on b3; its neighbours a3 (NE), b4 (E), c4 (SE),
c3 (SW), b2 (W) and a2 (NW) face it with their SW, W, NW, NE, E and SE edges."""

from __future__ import annotations

import json

from bodoge.engine import Rng
from bodoge.games.monster_hex import GAME
from bodoge.games.monster_hex.game import MonsterHex

from .helpers import NE, NW, SE, SW, E, W, around, build, play, turned

OFF = {"shared_faction": "off"}


def test_only_what_the_seat_knows_counts() -> None:
    """The other seat's hand and every deck order are guesses in a determinized state: changing
    them leaves seat 0's judgement as it is; its own hand does count."""
    board = {"c1": "red-S@0", "c2": "blue-A1@3"}
    one = build(2, options=OFF, turn=2, board=board,
                hands=[["red-A1", "red-C2"], ["blue-C4", "blue-S", "blue-B1"]])  # fmt: skip
    two = build(2, options=OFF, turn=2, board=board,
                hands=[["red-A1", "red-C2"], ["blue-C1", "blue-C2", "blue-C3"]])  # fmt: skip
    assert GAME.heuristic(one, 0) == GAME.heuristic(two, 0)
    data = one.to_json()
    data["decks"] = [list(reversed(deck)) for deck in data["decks"]]
    assert GAME.heuristic(MonsterHex.from_json(data), 0) == GAME.heuristic(one, 0)
    other = build(2, options=OFF, turn=2, board=board,
                  hands=[["red-C3", "red-C4"], ["blue-C4", "blue-S", "blue-B1"]])  # fmt: skip
    assert GAME.heuristic(other, 0) != GAME.heuristic(one, 0)
    for seed in range(3):  # and it runs on the bot's determinized worlds
        assert isinstance(GAME.heuristic(one.determinize(0, Rng(seed)), 0), float)


# L2 surrounded and resolved, its tiles red3 and blue6 taken or discarded; L1 still open
RESOLVED_L2 = {"board": {"c1": "red-S@0"} | around(2, ["L2"], ["red", "blue"], {"red-S"}),
               "done": ["L2"], "stones": {"L1": ["red7", "blue4"]}}  # fmt: skip


def test_points_scored_count_against_the_best_rival() -> None:
    """Points already scored: own minus the rival's."""
    base = RESOLVED_L2 | {"hands": [["red-C2"], ["blue-C3"]], "turn": 1}
    even = build(2, options=OFF, discarded=["red3", "blue6"], **base)
    ahead = build(2, options=OFF, taken={"red": ["red3"]}, discarded=["blue6"], **base)
    behind = build(2, options=OFF, taken={"blue": ["blue6"]}, discarded=["red3"], **base)
    assert GAME.heuristic(behind, 0) < GAME.heuristic(even, 0) < GAME.heuristic(ahead, 0)
    assert GAME.heuristic(ahead, 0) - GAME.heuristic(even, 0) > 4  # 3 + 2 for its own color


def test_more_own_power_facing_an_open_stone_is_better() -> None:
    """Expected captures at an open large stone: red facing L1 with 5 beats facing it with 1,
    and the more neighbours are still empty, the less it is worth."""

    def state(power: int, extra: dict[str, str] | None = None) -> MonsterHex:
        board = {"a3": turned("red-S", SW, power), "c4": turned("blue-C2", NW, 2)} | (extra or {})
        return build(2, options=OFF, turn=1, board=board, hands=[["red-C2"], ["blue-C3"]],
                     stones={"L1": ["red7", "blue4"], "L2": ["green6", "yellow5a"]})  # fmt: skip

    assert GAME.heuristic(state(5), 0) > GAME.heuristic(state(2), 0)
    assert GAME.heuristic(state(5), 1) < GAME.heuristic(state(2), 1)
    # three more of red's units around it, one hex left empty: nearly sure
    around = {"b4": turned("red-A1", W, 3), "c3": turned("red-A2", NE, 3),
              "b2": turned("red-B2", E, 3)}  # fmt: skip
    assert GAME.heuristic(state(5, around), 0) > GAME.heuristic(state(5), 0) + 2


def test_the_shared_faction_is_a_rival() -> None:
    """2 players, shared faction: a seat wins only by not falling below the shared faction
    (お互いの得点が共有色の得点より低い場合、プレイヤーは2人ともゲームに敗北します), so the
    shared faction's points count against both players."""
    board = {"c1": "red-S@0"} | around(2, ["L2"], ["red", "green"], {"red-S", "green-C3"})
    base = RESOLVED_L2 | {"board": board, "hands": [["red-C2", "green-C3"], ["blue-C3"]],
                          "shared": "green", "turn": 1}  # fmt: skip
    plain = build(2, discarded=["red3", "green4"], **base)
    shared_ahead = build(2, taken={"green": ["green4"]}, discarded=["red3"], **base)
    assert GAME.heuristic(shared_ahead, 0) < GAME.heuristic(plain, 0) - 5
    assert GAME.heuristic(shared_ahead, 1) < GAME.heuristic(plain, 1) - 5


def test_the_unit_to_place_is_judged_by_where_it_can_go() -> None:
    """While the seat is to place a unit, a unit that can face an open stone with more power is
    worth more to pick."""
    board = {"a4": turned("blue-C2", SE, 2)}  # a4 touches a3 and b4, both next to L1
    state = build(2, options=OFF, turn=0, board=board,
                  hands=[["red-S", "red-C4"], ["blue-C3"]])  # fmt: skip
    values = {}
    for text in state.legal_texts(0):
        after = MonsterHex.from_json(json.loads(json.dumps(state.to_json())))
        play(after, 0, text)
        values[text] = GAME.heuristic(after, 0)
    assert values["unit:red-S"] > values["unit:red-C4"]


def test_a_finished_game_is_a_win_or_a_loss() -> None:
    won = build(2, phase="over", turn=18, options=OFF, taken={"red": ["red3"]},
                discarded=["blue6"], **RESOLVED_L2)  # fmt: skip
    assert GAME.heuristic(won, 0) > 100 > -100 > GAME.heuristic(won, 1)
