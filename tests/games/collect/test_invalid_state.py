"""Invalid state JSON is rejected with a clear InvalidState (each check of state_json.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bodoge.engine import InvalidState
from bodoge.games.collect.rules import CollectState

from .helpers import CHAM, CRAB, CROC, LION, MONKEY, OCTO, PARROT, build

State = dict[str, Any]


def base() -> State:
    return build([[CROC, LION], [MONKEY]], [LION], [CROC])


def swap_rows_card(data: State, seat: int, index: int, card: str) -> None:
    """Replace a row card, keeping the count of 8 per animal by swapping with deck B."""
    old = data["rows"][seat][index]
    data["rows"][seat][index] = card
    deck_b = data["decks"]["B"]
    deck_b[deck_b.index(card)] = old


def set_fields(**fields: Any) -> Callable[[State], None]:
    return lambda data: data.update(fields)


def ability_state(card: str, **fields: Any) -> State:
    """Seat 0 has just played `card` at the right end of [crab]."""
    data = build([[CRAB, card], [MONKEY]], [LION], [CROC], phase="ability", placed=1)
    data.update(fields)
    return data


CASES: list[tuple[str, Callable[[State], None], str]] = [
    ("round 0", set_fields(round=0), "round must be a whole number"),
    ("round true", set_fields(round=True), "round must be a whole number"),
    ("active out of range", set_fields(active=2), "active must be a seat 0-1"),
    ("active missing", lambda d: d.pop("active"), "active must be a seat"),
    ("last_active bad", set_fields(last_active=-1), "last_active must be a seat"),
    ("round_start bad", set_fields(round_start="0"), "round_start must be a seat"),
    ("unknown phase", set_fields(phase="shuffle"), "phase 'shuffle' is not one of"),
    ("decks missing B", lambda d: d["decks"].pop("B"), 'decks must be an object with lists "A"'),
    ("deck not a list", lambda d: d["decks"].update(A="lion"), "decks.A must be a list"),
    ("deck card not text", lambda d: d["decks"]["A"].__setitem__(0, 6), "decks.A[0]: 6 is not"),
    ("deck card unknown", lambda d: d["decks"]["B"].__setitem__(1, "tiger"), "decks.B[1]: 'tiger'"),
    ("rows too few", lambda d: d["rows"].pop(), "rows must be a list of 2 rows"),
    ("row not a list", lambda d: d["rows"].__setitem__(1, "monkey"), "rows[1] must be a list"),
    ("row card starred", lambda d: d["rows"][0].__setitem__(1, "lion*"), "rows[0][1]: 'lion*'"),
    ("half crown count 3", set_fields(crowns={"half": [3, 0], "full": None}), "crowns.half must"),
    ("half crowns over 3", set_fields(crowns={"half": [2, 2], "full": None}), "crowns.half must"),
    ("half crowns length", set_fields(crowns={"half": [0], "full": None}), "crowns.half must"),
    ("full crown too early", set_fields(history=[0, 1], round=3,
     crowns={"half": [1, 1], "full": 0}), "crowns.full is seat 0, but history gives it to nobody"),
    ("full crown seat", set_fields(crowns={"half": [1, 1], "full": 5}), "crowns.full must be"),
    ("half crown true", set_fields(crowns={"half": [True, 0], "full": None}), "crowns.half must"),
    ("round after a game won", set_fields(phase="over", history=[0, 1, 0, 1], round=4,
     crowns={"half": [2, 1], "full": 1}), "history lists round 4 after seat 0 won the game"),
    ("target malformed", set_fields(target=[0]), "target must be [seat, index]"),
    ("target index", set_fields(target=[1, 3]), "target index 3 is not a card of row 1"),
    ("target index true", set_fields(phase="crocodile_deck", target=[0, True]), "target index"),
    ("discard 3", set_fields(chameleons_to_discard=3), "chameleons_to_discard must be 0, 1 or 2"),
    ("extra turn saved", set_fields(extra_turn=True), "extra_turn is true only inside"),
    ("discard 1.0", lambda d: (d["decks"]["B"].remove(CHAM),
     d.update(phase="chameleon", chameleons_to_discard=1.0)), "chameleons_to_discard must be"),
    ("history not list", set_fields(history=0), "history must be a list"),
    ("history seat", set_fields(history=[4]), "history must be a seat"),
    ("too many lions", lambda d: d["decks"]["A"].append(LION), "9 lion (8 expected)"),
    ("too few crabs", lambda d: d["decks"]["A"].remove(CRAB), "7 crab (8 expected)"),
    ("held unknown", set_fields(held="dragon"), "held: 'dragon' is not an animal"),
    ("over without winner", set_fields(phase="over"), "phase must be 'over' exactly when"),
    ("not over with winner", set_fields(history=[0, 0], round=2,
     crowns={"half": [2, 0], "full": None}), "'over' exactly"),
    ("held in draw", lambda d: (d["decks"]["A"].pop(0), d.update(held=LION)), "held must be null"),
    ("keep without held", set_fields(phase="keep"), "held must be a card in phase keep"),
    ("placed in draw", set_fields(placed=0), "placed must be null in phase draw"),
    ("target in draw", set_fields(target=[0, 0]), "target must be null in phase draw"),
    ("named in draw", set_fields(named=LION), "named must be null in draw"),
    ("discard in draw", lambda d: (d["decks"]["B"].remove(CHAM), d.update(chameleons_to_discard=1)),
     "chameleons_to_discard must be 1-2 exactly in phase chameleon"),
    ("chameleon phase idle", set_fields(phase="chameleon"), "chameleons_to_discard must be 1-2"),
    ("ability without placed", set_fields(phase="ability"), "phase ability needs placed"),
    ("ability placed out of row", set_fields(phase="ability", placed=2), "phase ability needs"),
    ("ability placed true", set_fields(phase="ability", placed=True), "phase ability needs"),
    ("crocodile_deck without target", set_fields(phase="crocodile_deck"), "target must be set"),
    ("parrot_reveal without name", set_fields(phase="parrot_reveal"), "named must be set"),
    ("wrong game", set_fields(game="koremon_hunt"), "is for game 'koremon_hunt'"),
    ("five players", set_fields(players=5), "players must be 2-4"),
]  # fmt: skip


@pytest.mark.parametrize(("mutate", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_inconsistent_state_is_rejected(mutate: Callable[[State], None], message: str) -> None:
    """RULINGS §1 (64 cards, 8 of each; crowns 3 half + 1 full; phases of a turn): the reader
    refuses a state that breaks them, naming the field."""
    data = base()
    CollectState.from_json(data)  # the unchanged base is valid
    mutate(data)
    with pytest.raises(InvalidState) as error:
        CollectState.from_json(data)
    assert message in str(error.value)


def test_a_row_with_two_chameleons_is_rejected() -> None:
    """Seed: 「自分の列に2枚のカメレオンがある場合、ただちに両方を…戻さなければなりません」: such a
    row cannot exist between decisions."""
    data = build([[CHAM, LION, CHAM], [MONKEY]], [LION], [CROC])
    with pytest.raises(InvalidState, match="cannot hold two chameleons"):
        CollectState.from_json(data)


def test_an_empty_deck_beside_a_full_one_is_rejected() -> None:
    """Seed: 「一方のデッキのカードがなくなったら、もう一方のデッキを2つに分割し」: an empty deck
    next to a deck of 2 or more cards has already been refilled."""
    data = build([[CROC], [MONKEY]], [], [LION], fill="B")
    with pytest.raises(InvalidState, match="empty deck must already have taken half"):
        CollectState.from_json(data)


def test_the_crab_needs_a_second_card_in_its_target_row() -> None:
    """Seed: 「その列の中で左右に好きな数だけ移動させます」: nowhere to move a single card."""
    data = build([[CRAB], [MONKEY]], [LION], [CROC], phase="crab_to", target=[1, 0])
    with pytest.raises(InvalidState, match="needs a second card"):
        CollectState.from_json(data)


def test_place_needs_a_card_in_the_row() -> None:
    """Seed: 「(最初のターンでは、単に自分の前に置きます)」: into an empty row the card goes at
    once."""
    data = build([[], [MONKEY]], [LION], [CROC], phase="place", held=OCTO)
    with pytest.raises(InvalidState, match="phase place needs a card already in the row"):
        CollectState.from_json(data)


def test_not_json_object() -> None:
    """Protocol: a state must be a JSON object."""
    with pytest.raises(InvalidState, match="must be a JSON object"):
        CollectState.from_json([])


@pytest.mark.parametrize(
    ("phase", "fields"),
    [
        ("keep", {"held": OCTO}),
        ("place", {"held": OCTO}),
        ("crocodile_deck", {"target": [1, 0]}),
        ("crab_to", {"target": [0, 1]}),
        ("parrot_reveal", {"named": LION}),
        ("parrot_return", {"held": OCTO}),
    ],
)
def test_every_phase_has_a_valid_form_that_round_trips(phase: str, fields: dict[str, Any]) -> None:
    """RULINGS §1 "A turn, as atomic decisions": each step can be written and read back."""
    layout = [[CRAB, PARROT if phase.startswith("parrot") else CROC], [MONKEY]]
    data = build(layout, [LION], [CROC], phase=phase, held=fields.pop("held", None), **fields)
    state = CollectState.from_json(data)
    assert CollectState.from_json(state.to_json()).to_json() == state.to_json()
    assert state.legal_actions(0)


def test_ability_and_chameleon_phases_round_trip() -> None:
    """RULINGS §1: the ability step and the two-chameleon discard step can be saved and resumed."""
    for data in (
        ability_state("parrot"),
        build([[LION], [MONKEY]], [LION], [CROC], phase="chameleon", discard=2),
    ):
        state = CollectState.from_json(data)
        assert CollectState.from_json(state.to_json()).to_json() == state.to_json()
