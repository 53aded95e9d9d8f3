"""Undo in Collect! through `Match` (bodoge.engine.match, Board Game Arena's policy).

A seat may take back its own decisions of its current turn while no other seat decided since,
nothing was drawn from the generator and nothing hidden was revealed. In Collect! a deck card is
hidden until it is turned up (RULINGS §1, Knowledge), so `draw`, `return` and the parrot's
`reveal` close the turn; so does any decision after which the seat is no longer to move.
"""

from __future__ import annotations

import pytest

from bodoge.engine import Match
from bodoge.engine.errors import StaleMove, UndoRefused

from .helpers import CRAB, CROC, LION, MONKEY, OCTO, PARROT, load, phase


def test_keeping_a_revealed_card_can_be_undone_exactly() -> None:
    """Seed step 1: keep the revealed card, or return it; `keep` reveals nothing new (the card is
    already face up), so the seat may change its mind while the card is still to be placed."""
    match = Match.from_state(load([[LION], [CRAB]], phase="keep", held=OCTO))
    before = match.state.to_json()
    assert match.prompt(0)["can_undo"] is False
    events = match.apply(0, "keep", expected_ply=0)
    assert events == [{"type": "keep", "seat": 0, "card": "octopus"}]
    assert phase(match.state) == "place"
    assert match.prompt(0)["can_undo"] is True
    assert match.prompt(1)["can_undo"] is False  # only the seat that decided
    (undo,) = match.undo(0, expected_ply=1)
    assert (undo["type"], undo["seat"]) == ("undo", 0)
    assert match.describe(undo, "en", viewer=1) == "Seat 1 took back a move"  # seat 0, from 1
    assert match.describe(undo, "ja", viewer=0) == "あなたが一手取り消した"
    # The state is exactly as before, its ply too (it counts the decisions in effect); the
    # match's ply counts the log's entries, the undo included, so a stale client is refused.
    assert match.state.to_json() == before
    assert match.ply == 2
    assert match.prompt(0)["can_undo"] is False
    with pytest.raises(StaleMove):
        match.apply(0, "keep", expected_ply=1)  # a move sent before the undo
    # the seat decides again, differently: return the octopus instead
    match.apply(0, "return:A", expected_ply=2)
    assert match.state.to_json()["rows"] == [["lion"], ["crab"]]


def test_a_draw_cannot_be_undone() -> None:
    """Seed step 1: the top card is revealed to everyone; it was hidden, so the turn is closed."""
    match = Match.from_state(load([[LION], [CRAB]], [MONKEY]))
    events = match.apply(0, "draw:A")
    assert events == [{"type": "draw", "seat": 0, "deck": "A", "card": "monkey"}]
    assert match.pending() == [0]  # still seat 0's turn, but it saw a hidden card
    assert match.prompt(0)["can_undo"] is False
    with pytest.raises(UndoRefused, match="seat 0 cannot undo now"):
        match.undo(0)
    assert phase(match.state) == "keep" and match.ply == 1  # nothing changed


def test_placing_a_card_that_ends_the_turn_cannot_be_undone() -> None:
    """Seed step 4: a lion has no play ability, so placing it ends the turn and seat 1 moves;
    the `keep` before it is closed with it."""
    match = Match.from_state(load([[CRAB], [MONKEY]], phase="keep", held=LION))
    match.apply(0, "keep")
    assert match.can_undo(0)
    match.apply(0, "right")
    assert match.pending() == [1]
    assert match.prompt(0)["can_undo"] is False
    assert match.prompt(1)["can_undo"] is False
    with pytest.raises(UndoRefused):
        match.undo(0)
    with pytest.raises(UndoRefused):
        match.undo(1)  # seat 1 has decided nothing this turn
    assert match.state.to_json()["rows"] == [["crab", "lion"], ["monkey"]]


def test_an_ability_choice_can_be_undone_step_by_step() -> None:
    """Seed step 3: the crocodile's chosen card is only a choice until it goes to a deck's
    bottom; playing the crocodile (its ability then offered) and keeping it can be taken back one
    decision at a time, latest first."""
    match = Match.from_state(load([[CRAB], [MONKEY, OCTO]], phase="keep", held=CROC))
    start = match.state.to_json()
    match.apply(0, "keep")
    match.apply(0, "left")
    placed = match.state.to_json()
    match.apply(0, "card:1.1")
    assert phase(match.state) == "crocodile_deck"
    assert match.prompt(0)["can_undo"] is True
    match.undo(0)
    assert match.state.to_json() == placed
    match.undo(0)
    match.undo(0)
    assert match.state.to_json() == start
    assert match.ply == 6
    assert match.prompt(0)["can_undo"] is False
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_the_parrot_name_can_be_undone_but_not_its_reveal() -> None:
    """Seed, parrot: name an animal, then reveal a deck's top card (hidden until then)."""
    match = Match.from_state(load([[CRAB, PARROT], [LION]], [MONKEY], phase="ability", placed=1))
    before = match.state.to_json()
    match.apply(0, "name:monkey")
    assert match.can_undo(0)
    match.undo(0)
    assert match.state.to_json() == before
    match.apply(0, "name:lion")
    events = match.apply(0, "reveal:A")
    assert events[0] == {
        "type": "reveal", "seat": 0, "deck": "A", "card": "monkey", "match": False,
    }  # fmt: skip
    assert not match.can_undo(0)
    with pytest.raises(UndoRefused):
        match.undo(0)
