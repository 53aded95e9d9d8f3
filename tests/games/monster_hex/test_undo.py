"""Undo in Monster Hex through `Match` (its policy in bodoge/engine/match.py): a seat may take
back its own decisions of its turn until something hidden is made known or its turn ends.
Picking a unit (`select`) and placing an ability unit whose ability is still to be decided may be
taken back; a placement that ends the turn refills the hand (a `draw`, which reveals), and cannot.
"""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine.errors import StaleMove, UndoRefused
from bodoge.engine.match import Match
from bodoge.games.monster_hex import GAME
from bodoge.games.monster_hex.game import MonsterHex

from .helpers import SE, E, W, anchor, build, facing, turned
from .test_abilities import ABILITIES


def without_ply(state: MonsterHex) -> dict[str, Any]:
    data = state.to_json()
    del data["ply"]
    return data


def opening() -> Match:
    """A 4-player game at its first turn: seat 0 holds red-S, red-A1, red-B1 and red-C1."""
    state = build(4, hands=[["red-S", "red-A1", "red-B1", "red-C1"], [], [], []])
    return Match.from_state(state)


def enchanting() -> Match:
    """The ability option, seat 0 (red, Enchant) to move with red-S: blue-A1 on c6 shows 4 east,
    so red-S may go on c7 (east of c6) showing 3 west (the position of test_abilities' duel)."""
    hands = [[f"{f}-C3"] for f in ("red", "blue", "yellow", "green")]
    hands[0].append("red-S")
    board = {"c6": turned("blue-A1", E, 4), "d7": anchor("red-S", W, 3, SE, "yellow")}
    options = {"abilities": "on"}
    return Match.from_state(
        build(4, options=options, abilities=ABILITIES, hands=hands, board=board)
    )


def place_red_s(match: Match) -> None:
    match.apply(0, "unit:red-S")
    rotation = next(r for r in range(6) if facing("S", r, W) == 3)
    match.apply(0, f"place:c7@{rotation}")


def test_picking_a_unit_can_be_taken_back_exactly() -> None:
    match = opening()
    start = match.state.to_json()
    before, ply = without_ply(match.state), match.ply
    match.apply(0, "unit:red-A1", expected_ply=ply)
    assert match.prompt(0)["can_undo"] is True
    assert match.prompt(1)["can_undo"] is False  # only the seat that decided
    events = match.undo(0)
    assert [event["type"] for event in events] == ["undo"]
    assert without_ply(match.state) == before  # red-A1 is back in the hand, nothing picked
    assert match.state.to_json() == start  # the state's ply counts the decisions in effect
    assert match.ply == ply + 2  # the match's counts the log, undos included: it only grows
    assert match.prompt(0)["can_undo"] is False  # nothing of this turn is left to take back
    assert "unit:red-A1" in match.state.legal_texts(0)
    with pytest.raises(StaleMove):  # a move sent for the ply before the undo
        match.apply(0, "unit:red-A1", expected_ply=ply + 1)
    match.apply(0, "unit:red-A1", expected_ply=ply + 2)


def test_a_placement_that_ends_the_turn_cannot_be_taken_back() -> None:
    """The turn ends and seat 0 refills its hand from its deck: the drawn unit is a secret made
    known to seat 0, so neither the placement nor the pick before it can be undone."""
    match = opening()
    match.apply(0, "unit:red-A1")
    place = next(text for text in match.state.legal_texts(0) if text.startswith("place:"))
    events = match.apply(0, place)
    assert [event["type"] for event in events] == ["place", "draw"]
    assert GAME.event_catalog.reveals(events)
    assert match.pending() == [1]
    assert match.prompt(0)["can_undo"] is False
    with pytest.raises(UndoRefused, match="seat 0 cannot undo now"):
        match.undo(0)
    with pytest.raises(UndoRefused):
        match.undo(1)  # seat 1 has decided nothing yet


def test_a_placement_waiting_for_its_ability_can_be_taken_back() -> None:
    """The ability option: red-S (★, Enchant) goes on c7 showing 3 west; the seat still decides
    whether to use Enchant, nothing was drawn, so the placement and the pick may both be undone."""
    match = enchanting()
    before = without_ply(match.state)
    place_red_s(match)
    assert match.state.legal_texts(0) == ["pass", "enchant:c7"]
    assert match.prompt(0)["can_undo"] is True
    match.undo(0)
    assert match.state.legal_texts(0)[0].startswith("place:")  # red-S is picked again
    assert match.prompt(0)["can_undo"] is True
    match.undo(0)
    assert without_ply(match.state) == before
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_using_the_ability_ends_the_turn_and_closes_it() -> None:
    """Enchant resolves the small stone and ends the turn (the hand is refilled): no undo."""
    match = enchanting()
    place_red_s(match)
    events = match.apply(0, "enchant:c7")
    assert "draw" in [event["type"] for event in events]
    assert match.prompt(0)["can_undo"] is False
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_the_prompt_labels_every_action_in_both_languages() -> None:
    match = opening()
    actions = match.prompt(0)["actions"]
    assert [a["notation"] for a in actions] == [
        "unit:red-S", "unit:red-A1", "unit:red-B1", "unit:red-C1",
    ]  # fmt: skip
    assert actions[0]["label"] == {
        "en": "Pick Red Dragon: rank S, powers 5 3 4 5 2 4",
        "ja": "赤のドラゴンを選ぶ：ランクS、パワー 5 3 4 5 2 4",
    }
