"""The numbered names (phases, animals), written out one by one, match the lists they number."""

from __future__ import annotations

from bodoge.games.collect import animals, phases


def test_each_phase_number_is_its_place_in_phases() -> None:
    names = ["DRAW", "KEEP", "PLACE", "ABILITY", "CROC_DECK", "CRAB_TO", "PARROT_REVEAL",
             "PARROT_RETURN", "CHAMELEON_DISCARD", "OVER"]  # fmt: skip
    assert [getattr(phases, name) for name in names] == list(range(len(phases.PHASES)))
    assert phases.PHASES[phases.CROC_DECK] == "crocodile_deck"
    assert phases.PHASES[phases.CHAMELEON_DISCARD] == "chameleon"


def test_each_animal_code_is_its_place_in_the_content() -> None:
    for key, code in animals.CODE.items():
        assert getattr(animals, key.upper()) == code
    assert len(animals.ANIMALS) == animals.KINDS
