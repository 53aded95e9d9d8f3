"""Blitz is offered wherever the rules allow it, at every player count, with and without the
shared faction, and the seat that uses it still never places more units than anyone else.

Seed 004 「オプション:能力カード」: 〈速攻〉は能力を持つユニットを配置した後、続けて手札から2体目の
ユニットを1体配置できます (once a round). RULINGS §2 "Ability option": the extra placement is
immediate, once per round; a seat that has used Blitz skips any later turn in which its hand is
already down to the number of units every seat keeps at game end, "so that it never places more
units than anyone else". That skipped turn is the only limit: the round's first player in a
2-player game with the shared faction holds a shared unit beside its own and refills with its own
units at the round's end, so it may use Blitz too.

Blue holds Blitz (B1 is one of its ability units); the positions are written by hand (state JSON
through `helpers.build`), then played to the end with Blitz taken whenever it is offered.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bodoge.games.monster_hex.codes import KEEP_AT_END
from bodoge.games.monster_hex.content import UNITS_PER_FACTION
from bodoge.games.monster_hex.game import MonsterHex

from .helpers import build, play

ABILITIES = {"red": "enchant", "blue": "blitz", "yellow": "confuse", "green": "curse"}
ON = {"abilities": "on"}


def position(players: int, factions: list[str], **fields: Any) -> MonsterHex:
    options = fields.pop("options", {}) | ON
    abilities = [ABILITIES[f] for f in factions]
    return build(players, options=options, factions=factions, abilities=abilities, **fields)


def place_first(state: MonsterHex, seat: int, unit: str) -> None:
    play(state, seat, f"unit:{unit}")
    play(state, seat, state.legal_texts(seat)[0])


def play_to_the_end(state: MonsterHex, seed: int) -> None:
    """Blitz whenever it is offered, else a random legal action; the state reads back from its
    JSON after every move (every position the game reaches is one its checks accept)."""
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal_texts(seat)
        play(state, seat, "blitz" if "blitz" in legal else rng.choice(legal))
        assert MonsterHex.from_json(state.to_json()).to_json() == state.to_json()


def placed(state: MonsterHex) -> Counter[str]:
    """Units on the board, by faction."""
    return Counter(
        state.c.factions[unit // UNITS_PER_FACTION].key for unit in state.occ if unit >= 0
    )


def assert_fair(state: MonsterHex, factions: list[str], shared: str | None = None) -> None:
    """Every faction placed as many units as the game lets each place: all but the hand every
    seat keeps at the end (RULINGS §2: "never places more units than anyone else")."""
    each = UNITS_PER_FACTION - KEEP_AT_END[state.players]
    expected = {faction: each for faction in factions}
    if shared is not None:
        expected[shared] = state.turns // 3
    assert dict(placed(state)) == expected
    if shared is not None or state.players > 2:  # these boards have a hex for every placement
        assert sum(placed(state).values()) == len(state.board.placeable_cells)


def test_the_issue_position_offers_blitz_to_the_rounds_first_player() -> None:
    """`players=2, seed=0`, abilities and the shared faction on: blue is the round's first
    player with blue-A2, blue-B1 and a shared unit in hand; it plays blue-B1 and is offered
    Blitz (its own units to come are its hand and its deck, refilled at the round's end)."""
    state = MonsterHex.new(2, {"abilities": "on", "shared_faction": "on"}, 0)
    for text in ("faction:blue", "faction:red", "shared:green"):
        play(state, state.pending()[0], text)
    while state.to_json()["phase"] == "ability":
        seat = state.pending()[0]
        blue = state.factions[seat] == 1
        play(state, seat, "ability:blitz" if blue else state.legal_texts(seat)[0])
    seat = state.pending()[0]
    assert state.c.factions[state.factions[seat]].key == "blue"
    assert sorted(state.to_json()["hands"][seat])[:2] == ["blue-A2", "blue-B1"]
    place_first(state, seat, "blue-B1")
    assert state.legal_texts(seat) == ["pass", "blitz"]


@pytest.mark.parametrize("seed", range(3))
def test_two_players_shared_faction_the_rounds_first_player(seed: int) -> None:
    """Round 1, blue (seat 1) starts: it holds blue-A2, blue-B1 and the shared green-C4."""
    factions = ["red", "blue"]
    hands = [[], ["blue-A2", "blue-B1", "green-C4"]]
    state = position(2, factions, shared="green", start=1, hands=hands)
    place_first(state, 1, "blue-B1")
    assert state.legal_texts(1) == ["pass", "blitz"]
    play(state, 1, "blitz")
    place_first(state, 1, "blue-A2")
    assert state.pending() == [0]  # red's turn; blue places the shared unit after it
    play_to_the_end(state, seed)
    assert_fair(state, factions, "green")


@pytest.mark.parametrize("seed", range(3))
def test_two_players_shared_faction_the_rounds_second_player(seed: int) -> None:
    factions = ["red", "blue"]
    state = position(2, factions, shared="green", start=0, turn=1, board={"c1": "red-S@0"},
                     hands=[[], ["blue-B1", "blue-A2", "blue-A1"]])  # fmt: skip
    place_first(state, 1, "blue-B1")
    assert state.legal_texts(1) == ["pass", "blitz"]
    play_to_the_end(state, seed)
    assert_fair(state, factions, "green")


def test_two_players_shared_faction_not_in_the_last_round() -> None:
    """Round 9 of 9: no later turn of its own to skip, so no Blitz; the turn passes."""
    factions = ["red", "blue"]
    state = position(2, factions, shared="green", start=1, turn=24, board={"c1": "red-S@0"},
                     hands=[[], ["blue-B1"]])  # fmt: skip
    assert state.round_number() == 9 and state.pending() == [1]
    place_first(state, 1, "blue-B1")
    assert state.pending() == [0]  # no use offered: red's turn


@pytest.mark.parametrize("seed", range(3))
def test_two_players_without_the_shared_faction(seed: int) -> None:
    factions = ["red", "blue"]
    hands: list[list[str]] = [[], ["blue-B1", "blue-A2", "blue-A1"]]
    state = position(2, factions, options={"shared_faction": "off"}, start=0, turn=1,
                     board={"c1": "red-S@0"}, hands=hands)  # fmt: skip
    place_first(state, 1, "blue-B1")
    assert state.legal_texts(1) == ["pass", "blitz"]
    play_to_the_end(state, seed)
    assert_fair(state, factions)


@pytest.mark.parametrize("seed", range(3))
def test_three_players(seed: int) -> None:
    factions = ["red", "blue", "yellow"]
    state = position(3, factions, start=0, turn=1, board={"c1": "red-S@0"},
                     hands=[[], ["blue-B1", "blue-A2", "blue-A1"], []])  # fmt: skip
    place_first(state, 1, "blue-B1")
    assert state.legal_texts(1) == ["pass", "blitz"]
    play_to_the_end(state, seed)
    assert_fair(state, factions)


@pytest.mark.parametrize("seed", range(3))
def test_four_players(seed: int) -> None:
    factions = ["red", "blue", "yellow", "green"]
    state = position(4, factions, start=0, turn=1, board={"c1": "red-S@0"},
                     hands=[[], ["blue-B1", "blue-A2", "blue-A1", "blue-S"], [], []])  # fmt: skip
    place_first(state, 1, "blue-B1")
    assert state.legal_texts(1) == ["pass", "blitz"]
    play_to_the_end(state, seed)
    assert_fair(state, factions)


@pytest.mark.parametrize(
    ("players", "turn", "options"),
    [(2, 17, {"shared_faction": "off"}), (3, 28, {}), (4, 29, {})],
)
def test_not_in_the_last_round(players: int, turn: int, options: dict[str, str]) -> None:
    """The seat's last turn: no later turn to skip, so Blitz would let it place more units than
    anyone else; it is not offered and the turn passes."""
    factions = ["red", "blue", "yellow", "green"][:players]
    hands: list[list[str]] = [[] for _ in factions]
    hands[1] = ["blue-B1"]
    state = position(players, factions, options=options, start=0, turn=turn,
                     board={"c1": "red-S@0"}, hands=hands)  # fmt: skip
    assert state.pending() == [1]
    place_first(state, 1, "blue-B1")
    assert state.pending() != [1]
