"""Hunt the Monster with a designer's card list (issue 28): the rules read the variant's ranks
(pyramid rows and points) and counts (the deck); the kit refuses what the shared check refuses,
naming the field in English and Japanese; the built-in list given as a variant plays exactly as
the built-in game; random games of a few variants end and keep every card."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bodoge.engine import Rng, State
from bodoge.games.koremon.common import variant as common_variant
from bodoge.games.koremon.common.cards import card_counts
from bodoge.games.koremon.common.pyramid import ROW_OF
from bodoge.games.koremon.hunt.rules import HuntState
from bodoge.games.koremon.hunt.variant import KIT
from protocol_checks import check_random_games

from .hunt_positions import hunt
from .variant_kit import edited, play_alike, refusals

SWAPPED = edited(dragon={"rank": 5}, slime={"rank": 1})  # the Dragon weakest, the Slime best


def test_a_variants_ranks_decide_where_the_taken_card_goes() -> None:
    """Seed バリアント２ 2.「手に入れたカードは、「コレクタブル・モンスター」の通常のルールに従って
    自分の前に置いておきます。もしもそのカードが、場に置けなかったらカードをそのままにして次の人の
    手番」: seat 2, its pyramid empty, lands on the Dragon. With bodoge's list (rank 1) it has no
    supports and is left; with the Dragon made rank 5 it goes in row 5 and scores 6 - 5 = 1."""
    builtin = hunt(dice=(2,), turn=2)
    assert builtin.apply_text(2, "roll")[-1] == {"type": "leave", "seat": 2, "card": "dragon"}
    state = hunt(dice=(2,), turn=2, options=KIT.options(SWAPPED))
    events = state.apply_text(2, "roll")
    assert [e["type"] for e in events] == ["roll"] and events[0]["card"] == "dragon"
    assert state.pending() == [2]
    assert state.legal_texts(2) == [f"place:5.{j}" for j in range(1, 6)]
    state.apply_text(2, "place:5.4")
    assert state.scores() == [0, 0, 1]
    assert state.to_json()["pyramids"][2] == {"5.4": "dragon"}


def test_a_variants_ranks_leave_the_strong_slime() -> None:
    """The other way round: the Slime made rank 1 is left by seat 0's empty pyramid, where
    bodoge's list would offer row 5."""
    assert hunt(dice=(6,)).apply_text(0, "roll")[-1]["type"] == "roll"
    state = hunt(dice=(6,), options=KIT.options(SWAPPED))
    events = state.apply_text(0, "roll")
    assert events[-1] == {"type": "leave", "seat": 0, "card": "slime"}


def test_the_built_in_list_given_as_a_variant_plays_alike() -> None:
    """The same seed and the same moves give the same game, card for card, whether the list is
    bodoge's own or the identical list as a variant (only the options name it)."""
    options = KIT.options(common_variant.builtin())
    assert HuntState.new(4, seed=3).to_json()["options"] == {
        "mimics_placeable": "yes",
        "dead_ring": "renew",
    }
    a, b = HuntState.new(4, seed=3), HuntState.new(4, options, seed=3)
    assert b.options["content"] == options["content"]
    play_alike(a, b)


def test_the_search_playout_reads_the_variants_ranks() -> None:
    """`playout` (the search's loop, bit masks instead of `apply`) places each monster in the
    variant's row and keeps every card, to the end of the game."""
    options = KIT.options(SWAPPED)
    dragons_in_row_5 = 0
    for seed in range(20):
        state = HuntState.new(3, options, seed=seed)
        assert state.playout(Rng(seed), policy=seed % 2 == 0)
        conserved(state)  # each monster in the variant's row
        dragons_in_row_5 += sum(p[i] == 0 for p in state.pyramids for i in range(10, 15))
    assert dragons_in_row_5 > 0


# ---- the kit's refusals ------------------------------------------------------------------


def test_the_built_in_list_passes() -> None:
    KIT.check(common_variant.builtin())
    assert "probability 1" in KIT.length_bound


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dragon": {"count": 0}}, "species[0].count"),
        ({"golem": {"rank": 6}}, "species[3].rank"),
        ({"mimic": {"count": 31}}, "mimic.count"),
        ({"bat": {"en": ""}}, "species[14].en"),
    ],
)
def test_each_bad_field_is_named(change: dict[str, dict[str, Any]], field: str) -> None:
    assert [f for f, _, _ in refusals(KIT, edited(**change))] == [field]


def test_a_rank_without_species_is_refused() -> None:
    [(field, en, ja)] = refusals(
        KIT, edited(dragon={"rank": 2})
    )  # no pyramid row 1 could be filled
    assert field == "species" and "rank 1" in en and "ランク1" in ja


# ---- random games of a few variants --------------------------------------------------------

VARIANTS = {
    "swapped": SWAPPED,
    # the smallest deck: one of each species, no Mimics (fifteen cards)
    "tiny": edited(
        **{s["key"]: {"count": 1} for s in common_variant.builtin()["species"]},
        mimic={"count": 0},
    ),
    # uneven counts, a big deck: the Dragon 12 times, the Bat once, 30 Mimics
    "uneven": edited(dragon={"count": 12}, bat={"count": 1}, mimic={"count": 30}),
}


def conserved(state: State) -> None:
    """Deck, ring, discard and pyramids hold the variant's deck; each monster in its row."""
    assert isinstance(state, HuntState)
    placed = [c for pyr in state.pyramids for c in pyr]
    cards = [*state.deck, *state.ring, *state.discard, *placed]
    assert card_counts(cards) == list(state.c.copies)
    for pyramid in state.pyramids:
        for i, card in enumerate(pyramid):
            assert card < 0 or state.c.rank[card] in (0, ROW_OF[i])


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("players", [3, 8])
def test_random_games_of_variants_end_and_keep_every_card(name: str, players: int) -> None:
    options = KIT.options(copy.deepcopy(VARIANTS[name]))
    check_random_games("koremon_hunt", players, 20, options, deep_every=10, invariant=conserved)
