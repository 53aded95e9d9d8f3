"""The collection pyramid (RULINGS §3, "Normal rules" for placing and scoring: bodoge's
reconstruction of what the seed calls 「コレクタブル・モンスター」の通常のルール)."""

from __future__ import annotations

import pytest

from bodoge.engine import InvalidState
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC, parse_card


def card(key: str) -> int:
    code = parse_card(key)
    assert code is not None
    return code


def build(slots: dict[str, str], mimics_ok: bool = True) -> list[int]:
    return P.from_json(slots, mimics_ok)


def labels(slots: list[int]) -> list[str]:
    return [P.SLOT_LABELS[s] for s in slots]


BOTTOM = {"5.1": "slime", "5.2": "goblin", "5.3": "kobold", "5.4": "skeleton", "5.5": "bat"}
FULL = {
    **BOTTOM,
    **{"4.1": "orc", "4.2": "harpy", "4.3": "lizardman", "4.4": "werewolf"},
    **{"3.1": "golem", "3.2": "centaur", "3.3": "mermaid"},
    **{"2.1": "griffin", "2.2": "vampire", "1.1": "dragon"},
}


def test_slots_rows_and_supports() -> None:
    """§3: 15 slots, row 5 (bottom) 5 slots ... row 1 one; a slot above row 5 rests on the two
    slots below it."""
    assert P.SLOTS == 15
    assert [len(P.ROW_SLOTS[r]) for r in range(1, 6)] == [1, 2, 3, 4, 5]
    assert labels(list(P.SUPPORTS[P.parse_slot("3.2")])) == ["4.2", "4.3"]
    assert labels(list(P.SUPPORTS[P.parse_slot("1.1")])) == ["2.1", "2.2"]
    assert P.SUPPORTS[P.parse_slot("5.5")] == ()


def test_rank_5_goes_in_any_empty_bottom_slot() -> None:
    """§3: a monster of rank r may be placed in an empty slot of row r ... (row 5 needs none)."""
    pyr = build({"5.2": "slime"})
    assert labels(P.open_slots(pyr, card("goblin"))) == ["5.1", "5.3", "5.4", "5.5"]


def test_monster_needs_both_supports() -> None:
    """§3: ... whose two supporting slots are filled."""
    pyr = build({"5.1": "slime", "5.2": "goblin", "5.4": "bat"})
    assert labels(P.open_slots(pyr, card("orc"))) == ["4.1"]
    assert P.open_slots(build({}), card("orc")) == []


def test_monster_only_in_its_own_row() -> None:
    """§3: a monster of rank r may be placed ... of row r: a Golem (rank 3) never goes in row 4
    even when row 4 has an open slot."""
    pyr = build(BOTTOM)
    assert P.open_slots(pyr, card("golem")) == []
    assert labels(P.open_slots(pyr, card("orc"))) == ["4.1", "4.2", "4.3", "4.4"]


def test_species_uniqueness() -> None:
    """§3: ... and only if the pyramid holds no monster of the same species."""
    pyr = build({"5.1": "slime"})
    assert P.open_slots(pyr, card("slime")) == []
    assert not P.can_place(pyr, card("slime"))


def test_mimic_is_a_wild_filler_in_any_row() -> None:
    """§3: a Mimic may be placed in any empty slot whose supports are filled, in any row."""
    pyr = build({"5.1": "slime", "5.2": "goblin", "4.1": "orc", "5.3": "kobold"})
    assert labels(P.open_slots(pyr, MIMIC)) == ["4.2", "5.4", "5.5"]
    pyr = build({"5.1": "slime", "5.2": "goblin", "5.3": "bat", "4.1": "orc", "4.2": "mimic"})
    assert labels(P.open_slots(pyr, MIMIC)) == ["3.1", "5.4", "5.5"]


def test_mimic_supports_like_a_monster() -> None:
    """§3: a Mimic ... then supports like a monster."""
    pyr = build({"5.1": "mimic", "5.2": "mimic"})
    assert labels(P.open_slots(pyr, card("harpy"))) == ["4.1"]


def test_two_mimics_may_be_placed() -> None:
    """§3: uniqueness is per species; Mimics are not a species, so several fit."""
    pyr = build({"5.1": "mimic"})
    assert "5.2" in labels(P.open_slots(pyr, MIMIC))


def test_mimics_not_placeable_option() -> None:
    """§3 option mimics_placeable = no: a Mimic is then always unplaceable."""
    assert P.open_slots(build({}), MIMIC, mimics_ok=False) == []
    assert not P.can_place_all(build({}), [card("slime"), MIMIC], mimics_ok=False)
    with pytest.raises(InvalidState, match="mimics_placeable is no"):
        build({"5.1": "mimic"}, mimics_ok=False)


def test_full_pyramid_is_unplaceable_for_everything() -> None:
    """§3: a card with no legal slot is unplaceable (a full pyramid has none)."""
    pyr = build(FULL)
    assert P.is_full(pyr)
    assert P.placeable_mask(pyr) == 0


def test_placeable_mask_matches_open_slots() -> None:
    """§3 placeability, computed for all cards at once (used by Hunt the Monster)."""
    pyr = build({"5.1": "slime", "5.2": "goblin", "5.3": "mimic", "4.1": "orc"})
    for mimics_ok in (True, False):
        mask = P.placeable_mask(pyr, mimics_ok)
        for code in range(MIMIC + 1):
            assert bool(mask >> code & 1) == P.can_place(pyr, code, mimics_ok), code


def test_order_question_griffin_after_golems() -> None:
    """§3 / seed 「置けないモンスターを競り落とした人は…」: cards won together may be placed in
    the order the winner chooses. A Griffin fits only after two adjacent rank-3 cards, so
    {Griffin, Golem, Centaur} fits on a full row 4, but Griffin alone does not."""
    pyr = build({**BOTTOM, "4.1": "orc", "4.2": "harpy", "4.3": "lizardman", "4.4": "werewolf"})
    assert not P.can_place(pyr, card("griffin"))
    assert P.can_place_all(pyr, [card("griffin"), card("golem"), card("centaur")])
    assert not P.can_place_all(pyr, [card("griffin"), card("golem")])
    assert P.can_place_all(pyr, [card("griffin"), card("golem"), MIMIC])


def test_order_question_choices_keep_the_rest_placeable() -> None:
    """§3 order question: the next (card, slot) choices offered are those after which the other
    won cards still fit. Row 4 holds 4.1-4.2 only; with Griffin, Golem, Centaur and Lizardman
    won, the Lizardman must reach 4.3 before 3.2 opens, and the Griffin must wait for both
    rank-3 cards, so it is never offered first."""
    pyr = build({**BOTTOM, "4.1": "orc", "4.2": "harpy"})
    choices = P.placements_keeping_fit(pyr, [card("griffin"), card("golem"), card("orc")])
    assert choices == []  # a second Orc never fits (species uniqueness)
    assert not P.can_place_all(pyr, [card("griffin"), card("golem"), card("lizardman")])
    cards = [card("griffin"), card("golem"), card("centaur"), card("lizardman")]
    choices = P.placements_keeping_fit(pyr, cards)
    assert sorted((c, P.SLOT_LABELS[s]) for c, s in choices) == sorted(
        [(card("golem"), "3.1"), (card("centaur"), "3.1"), (card("lizardman"), "4.3")]
    )


def test_two_of_one_species_never_fit_together() -> None:
    """§3 species uniqueness applies to cards won together too."""
    assert not P.can_place_all(build({}), [card("slime"), card("slime")])
    assert P.can_place_all(build({}), [card("slime"), card("goblin"), MIMIC])


def test_too_many_cards_for_the_space() -> None:
    """§3: a card with no legal slot is unplaceable; six cards cannot all go on 5 open slots of a
    pyramid whose upper rows need what is missing."""
    rank5 = [card(k) for k in ("slime", "goblin", "kobold", "skeleton", "bat")]
    assert P.can_place_all(build({}), rank5)
    assert not P.can_place_all(build({}), [*rank5, card("dragon")])
    assert P.can_place_all(build({}), [*rank5, MIMIC])


def test_score_per_card() -> None:
    """§3: each monster scores 6 - rank (Dragon 5 ... rank 5 scores 1); each Mimic -2."""
    assert P.score(build({})) == 0
    assert P.score(build({"5.1": "slime", "5.2": "mimic"})) == 1 - 2
    assert P.score(build({**BOTTOM, "4.1": "orc"})) == 5 * 1 + 2


def test_score_full_pyramid_bonus() -> None:
    """§3: a full pyramid of 15 adds 5. All species: 5*1 + 4*2 + 3*3 + 2*4 + 5 + 5 = 40."""
    assert P.score(build(FULL)) == 5 + 8 + 9 + 8 + 5 + 5
    with_mimic = {**FULL, "1.1": "mimic"}
    assert P.score(build(with_mimic)) == 35 - 5 - 2 + 5  # the Dragon replaced


@pytest.mark.parametrize(
    ("slots", "message"),
    [
        ({"4.1": "orc"}, "slot below it is empty"),
        ({"5.1": "orc"}, "holds a rank-4 monster"),
        ({"9.9": "orc"}, "no slot"),
        ({"5.1": "unicorn"}, "no card"),
    ],
)
def test_impossible_pyramids_are_rejected(slots: dict[str, str], message: str) -> None:
    """§3 placement rules also check hand-written states: InvalidState with a clear message."""
    with pytest.raises(InvalidState, match=message):
        build(slots)


def test_json_round_trip() -> None:
    """A pyramid reads back from its readable JSON form exactly."""
    pyr = build(FULL)
    assert P.from_json(P.to_json(pyr)) == pyr
    assert P.to_json(build({"5.3": "mimic"})) == {"5.3": "mimic"}
