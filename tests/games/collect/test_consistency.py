"""States whose fields do not fit together are refused, naming what is wrong (issue 12).

History is the record: RULINGS §1 "A round winner takes a half crown while any remain, else the
full crown. A seat with 2 half crowns or the full crown wins the game", and each round is the
finished rounds plus one. The turn order: "A new round starts with the seat that would have moved
next (the seat left of the round's last active seat)"; "Each round: shuffle all 64, split into
deck A (top 32) and deck B (32)".
"""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine import InvalidState
from bodoge.games.collect.rules import CollectState

from .helpers import CHAM, CRAB, CROC, HERMIT, LION, MONKEY, OCTO, PARROT, build

State = dict[str, Any]
FOUR_LIONS = [LION, LION, LION, LION]


def refused(data: State, message: str) -> None:
    with pytest.raises(InvalidState) as error:
        CollectState.from_json(data)
    assert message in str(error.value)


def fresh(players: int = 2, **fields: Any) -> State:
    """A round not begun: empty rows, 32 unseen cards in each deck."""
    return build([[] for _ in range(players)], **fields)


def over(**fields: Any) -> State:
    """Seat 0 has just won its second half crown with four lions (history [0, 0])."""
    return build([FOUR_LIONS, [MONKEY]], [CROC], [CROC], phase="over", half=[2, 0], **fields)


# ---- rounds and crowns from history -----------------------------------------------------------


def test_a_round_number_that_history_does_not_explain_is_refused() -> None:
    refused(build([[CROC], [MONKEY]], round=99), "round is 99, but history lists 0 finished rounds")
    refused(over(round=3), "round is 3, but history lists 2 finished rounds, so the game ended")


def test_a_crown_that_nobody_won_is_refused() -> None:
    data = build([[CROC], [MONKEY]], history=[], half=[1, 0])
    refused(data, "crowns.half[0] is 1, but history gives seat 0 0: a half crown that no round")


def test_a_won_round_without_its_crown_is_refused() -> None:
    data = build([[CROC], [MONKEY]], history=[1], half=[0, 0])
    refused(data, "crowns.half[1] is 0, but history gives seat 1 1 (it won round 1)")


def test_a_drawn_round_gives_no_crown() -> None:
    """RULINGS §1: "the round ends drawn: no crown, next round"."""
    state = CollectState.from_json(build([[CROC], [MONKEY]], history=[None]))
    assert state.to_json()["round"] == 2
    refused(build([[CROC], [MONKEY]], history=[None], half=[1, 0]), "crowns.half[0] is 1")


def test_the_full_crown_goes_to_the_round_winner_after_the_half_crowns() -> None:
    """Three seats each won a half crown; seat 1 then won round 4 and the full crown."""
    layout = [[CROC], FOUR_LIONS, [MONKEY]]
    data = build(layout, phase="over", active=1, half=[1, 1, 1], full=1, history=[0, 1, 2, 1])
    assert CollectState.from_json(data).result() is not None
    data["crowns"]["full"] = 2
    refused(data, "crowns.full is seat 2, but history gives it to seat 1")
    data["crowns"]["full"] = None
    refused(data, "crowns.full is null, but history gives it to seat 1")


def test_crowns_and_round_left_out_follow_from_history() -> None:
    data = build([[CROC], [MONKEY]], history=[1, None])
    del data["crowns"], data["round"]
    written = CollectState.from_json(data).to_json()
    assert written["crowns"] == {"half": [0, 1], "full": None}
    assert written["round"] == 3


# ---- the turn order -----------------------------------------------------------------------


def test_a_round_not_begun_has_two_full_decks() -> None:
    refused(fresh(b=[LION, LION], fill="A"), "so decks A and B hold 32 cards each, not 62 and 2")


def test_a_round_not_begun_is_started_by_its_start_seat() -> None:
    refused(fresh(active=1, round_start=0), "active must be round_start 0, not 1")


def test_a_new_round_starts_left_of_the_last_active_seat() -> None:
    data = fresh(3, half=[1, 0, 0], round_start=1, active=1, last_active=2)
    refused(data, "round_start 1 must be the seat after last_active 2")
    data["options"] = {"next_round_start": "after_previous_start"}
    CollectState.from_json(data)  # under this option the start seat is the previous start's next


def test_last_active_is_null_only_until_the_first_turn_ends() -> None:
    refused(fresh(last_active=1), "last_active must be null before the game's first turn ends")
    refused(build([[CROC], [MONKEY]], last_active=None), "a turn of this round has ended")
    refused(fresh(half=[1, 0], last_active=None), "last_active must be a seat once a round")
    first_turn = build([[CROC], [MONKEY]], [LION], phase="keep", held=OCTO, last_active=None)
    refused(first_turn, "rows[1] holds cards, but no turn has ended yet")


def test_only_the_next_seat_or_the_same_after_a_hermit_crab_can_be_to_move() -> None:
    layout = [[CROC], [MONKEY], [OCTO]]
    refused(build(layout, active=2, last_active=0, round_start=1), "active 2 cannot be to move")
    CollectState.from_json(build(layout, active=0, last_active=0, round_start=1))  # extra turn


def test_the_last_active_seat_cannot_have_left_an_alliance_unclaimed() -> None:
    data = build([[CROC], FOUR_LIONS, [MONKEY]], active=2, last_active=1)
    refused(data, "rows[1] forms an alliance (four): seat 1's turn (last_active) would have won")


def test_the_game_ends_on_the_winners_turn_with_the_winning_row() -> None:
    refused(over(active=1), "active and last_active must be seat 0, whose turn won the game")
    no_alliance = build([[LION, LION, CROC, LION], [MONKEY]], phase="over", half=[2, 0])
    refused(no_alliance, "rows[0] forms no alliance, yet seat 0 won the game")


# ---- the steps of an ability --------------------------------------------------------------


def test_the_card_just_played_is_at_an_end_of_the_row() -> None:
    data = build([[CRAB, PARROT, LION], [MONKEY]], phase="ability", placed=1)
    refused(data, "placed 1 is not an end of the row")


def test_each_ability_step_needs_its_card_in_the_active_row() -> None:
    layout = [[LION, OCTO], [MONKEY]]
    refused(build(layout, phase="crocodile_deck", target=[1, 0]), "needs the crocodile")
    own = build([[LION, CROC], [MONKEY]], phase="crocodile_deck", target=[0, 1])
    refused(own, "cannot target itself")
    refused(build(layout, phase="crab_to", target=[0, 0]), "needs the crab in the active row")
    refused(build(layout, phase="parrot_reveal", named=LION), "needs the parrot in the active row")
    refused(build(layout, phase="parrot_return", held=CROC), "needs the parrot in the active row")


def test_a_revealed_chameleon_is_never_returned() -> None:
    """Seed: the parrot's reveal of a chameleon matches any named animal."""
    data = build([[LION, PARROT], [MONKEY]], phase="parrot_return", held=CHAM)
    refused(data, "a revealed chameleon matches any named animal")


def test_an_ability_with_no_use_is_never_waiting() -> None:
    data = build([[LION, HERMIT], [MONKEY]], phase="ability", placed=1)
    refused(data, "ability can be used now, not the hermit_crab at rows[0][1]")
