"""Monster Evolution with a designer's card list (issue 28): the rules read the variant's ranks;
the kit refuses a list that cannot deal every seat a rank-5 monster; random games of a few
variants end and keep every monster."""

from __future__ import annotations

import pytest

from bodoge.engine import State
from bodoge.engine.variants import VariantError
from bodoge.games.koremon.common import variant as common_variant
from bodoge.games.koremon.evolution.rules import EvolutionState
from bodoge.games.koremon.evolution.variant import KIT
from protocol_checks import check_random_games

from .test_evolution import held, position


def golem_rank_two() -> dict[str, object]:
    data = common_variant.builtin()
    data["species"][3]["rank"] = 2  # the Golem
    return data


def test_a_variants_ranks_give_the_choice_of_species() -> None:
    """Seed 2 「１つ上のランクのモンスターカードを受け取ります」 with the variant's ranks: the
    Centaur (rank 3) rolls 1 + 2 with the Griffin held. With bodoge's list only the Vampire is
    a free rank 2 and is taken at once; with the Golem made rank 2 the seat chooses."""
    builtin = position(["centaur", "griffin"], (1, 2))
    events = builtin.apply_text(0, "roll")
    assert events[1] == {"type": "evolve", "seat": 0, "from": "centaur", "to": "vampire"}
    options = KIT.options(golem_rank_two())
    state = position(["centaur", "griffin"], (1, 2), options=options)
    state.apply_text(0, "roll")
    assert state.pending() == [0] and state.legal_texts(0) == ["take:vampire", "take:golem"]
    state.apply_text(0, "take:golem")
    assert held(state) == ["golem", "griffin"]
    assert state.scores() == [4, 4]  # 6 - rank, the Golem's rank the variant's


def test_the_built_in_list_is_not_written_in_a_games_options() -> None:
    assert EvolutionState.new(3, seed=1).to_json()["options"] == {}
    key = KIT.options(golem_rank_two())["content"]
    state = EvolutionState.new(3, {"content": key}, seed=1)
    assert state.options == {"content": key}
    assert EvolutionState.from_json(state.to_json()).to_json() == state.to_json()


def test_too_few_rank_five_species_are_refused() -> None:
    data = common_variant.builtin()
    data["species"][14]["rank"] = 4  # the Bat: four rank-5 species left
    with pytest.raises(VariantError) as caught:
        KIT.check(data)
    [problem] = caught.value.problems
    assert problem.field == "species" and "4 species have rank 5" in problem.en
    assert "ランク5の種族が4種" in problem.ja


def all_monsters(state: State) -> None:
    """Each species once, held or in the supply; only the winner holds a rank-1 monster."""
    assert isinstance(state, EvolutionState)
    supply = [card for card in range(15) if state.supply[card]]
    assert sorted(state.holds + supply) == list(range(15))
    best = [seat for seat, card in enumerate(state.holds) if state.c.rank[card] == 1]
    assert best == ([state.winner] if state.winner >= 0 else [])


def variants() -> dict[str, dict[str, object]]:
    one_of_each = common_variant.builtin()  # ranks 1, 2, 3, 4 one species each; ten rank 5
    for item, rank in zip(one_of_each["species"], [1, 2, 3, 4] + [5] * 11, strict=True):
        item["rank"] = rank
    many_dragons = common_variant.builtin()  # three rank-1 species, the Golem rank 2
    for item, rank in zip(many_dragons["species"][:4], [1, 1, 1, 2], strict=True):
        item["rank"] = rank
    return {"golem-rank-2": golem_rank_two(), "ladder": one_of_each, "dragons": many_dragons}


@pytest.mark.parametrize("name", ["golem-rank-2", "ladder", "dragons"])
@pytest.mark.parametrize("players", [2, 5])
def test_random_games_of_variants_end_and_keep_every_monster(name: str, players: int) -> None:
    options = KIT.options(variants()[name])
    check_random_games(
        "koremon_evolution", players, 30, options, deep_every=10, invariant=all_monsters
    )
