"""Monster Auction with a designer's card list (issue 28): the rules read the variant's ranks
(pyramid rows and points) and counts (the deck); the kit refuses a deck too small for fifteen
rounds, naming the field in English and Japanese; the built-in list given as a variant plays
exactly as the built-in game; random games of a few variants end and keep every card."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bodoge.engine import InvalidState, State
from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.auction.variant import KIT
from bodoge.games.koremon.common import variant as common_variant
from bodoge.games.koremon.common.cards import card_counts
from protocol_checks import check_random_games

from .auction_positions import auction
from .variant_kit import edited, play_alike, refusals, with_variant


def bid(state: AuctionState, seat: int, *amounts: int) -> list[dict[str, Any]]:
    events = []
    for amount in amounts:
        events += state.apply_text(seat, f"bid:{amount}")
    return events


def test_a_variants_ranks_decide_whether_a_won_monster_fits() -> None:
    """Seed バリアント１ 3.「置けないモンスターを競り落とした人は、ペナルティとしてゲームから
    抜けます」 with the variant's ranks: seat 0, its pyramid empty, wins the Orc alone. With
    bodoge's list the Orc is rank 4, has no supports, and seat 0 is out; with the Orc made rank
    5 it goes in row 5 and scores 6 - 5 = 1 (RULINGS §3)."""
    builtin = auction()  # table: slime, goblin, orc, dragon, mimic, bat
    bid(builtin, 0, 0, 0, 10, 0, 0, 0)
    bid(builtin, 1, *[0] * 6)
    events = bid(builtin, 2, *[0] * 6)
    assert {"type": "out", "seat": 0, "cards": ["orc"]} in events
    state = with_variant(auction(), edited(orc={"rank": 5}))
    bid(state, 0, 0, 0, 10, 0, 0, 0)
    bid(state, 1, *[0] * 6)
    events = bid(state, 2, *[0] * 6)
    assert not [e for e in events if e["type"] == "out"]
    assert state.pending() == [0]
    assert state.legal_texts(0) == [f"place:orc@5.{j}" for j in range(1, 6)]
    state.apply_text(0, "place:orc@5.2")
    assert state.scores() == [1, 0, 0]
    assert state.to_json()["out"] == [0, 0, 0]


def test_a_variants_ranks_score_the_pyramid() -> None:
    """RULINGS §3 「each monster scores 6 - rank」 with the variant's ranks: a Griffin made rank
    4 sits in row 4 and scores 2 (4 in row 2 with bodoge's list, where row 4 refuses it)."""
    pyramid = {"5.1": "slime", "5.2": "goblin", "4.1": "griffin"}
    options = KIT.options(edited(griffin={"rank": 4}))
    state = auction(round=2, pyramids=[pyramid, {}, {}], money=[90, 100, 100], options=options)
    assert state.scores() == [1 + 1 + 2, 0, 0]
    with pytest.raises(InvalidState, match="rank-2 monster"):
        auction(round=2, pyramids=[pyramid, {}, {}], money=[90, 100, 100])


def test_the_built_in_list_given_as_a_variant_plays_alike() -> None:
    """The same seed and the same moves give the same game, card for card, whether the list is
    bodoge's own or the identical list as a variant (only the options name it)."""
    options = KIT.options(common_variant.builtin())
    assert AuctionState.new(4, seed=3).to_json()["options"] == {
        "payment": "all-pay",
        "mimics_placeable": "yes",
    }
    a, b = AuctionState.new(4, seed=3), AuctionState.new(4, options, seed=3)
    assert b.options["content"] == options["content"]
    play_alike(a, b)


# ---- the kit's refusals ------------------------------------------------------------------


def test_the_built_in_list_passes() -> None:
    KIT.check(common_variant.builtin())
    assert "630" in KIT.length_bound


def test_a_deck_too_small_for_fifteen_rounds_is_refused() -> None:
    [(field, en, ja)] = refusals(KIT, edited(mimic={"count": 14}))  # 89 cards
    assert field == "species" and "89 cards" in en and "90" in en
    assert "89枚" in ja and "90枚以上" in ja


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dragon": {"count": 0}}, "species[0].count"),
        ({"golem": {"rank": 6}}, "species[3].rank"),
        ({"mimic": {"count": 31}}, "mimic.count"),
        ({"bat": {"ja": ""}}, "species[14].ja"),
    ],
)
def test_each_bad_field_is_named(change: dict[str, dict[str, Any]], field: str) -> None:
    assert [f for f, _, _ in refusals(KIT, edited(**change))] == [field]


def test_a_rank_without_species_is_refused() -> None:
    [(field, en, _)] = refusals(KIT, edited(dragon={"rank": 2}))  # no pyramid row 1 could be filled
    assert field == "species" and "rank 1" in en


# ---- random games of a few variants --------------------------------------------------------

VARIANTS = {
    # ranks turned upside down: one rank-5 species, five rank-1 ones
    "upside-down": edited(
        **{s["key"]: {"rank": 6 - s["rank"]} for s in common_variant.builtin()["species"]}
    ),
    # no Mimics, six of each species (90 cards)
    "no-mimics": edited(
        **{s["key"]: {"count": 6} for s in common_variant.builtin()["species"]},
        mimic={"count": 0},
    ),
    # uneven counts, a big deck: the Dragon 12 times, the Bat once, 30 Mimics
    "uneven": edited(dragon={"count": 12}, bat={"count": 1}, mimic={"count": 30}),
}


def conserved(state: State) -> None:
    """Deck, table, discard, pyramids and cards to place hold the variant's deck."""
    assert isinstance(state, AuctionState)
    held = [c for pyr in state.pyramids for c in pyr] + [c for x in state.to_place for c in x]
    cards = [*state.deck, *state.table, *state.discard, *held]
    assert card_counts(cards) == list(state.c.copies)
    for pyramid in state.pyramids:
        assert state.t.rank == state.c.rank
        assert all(state.c.rank[c] in (0, row) for c, row in _rows(pyramid))


def _rows(pyramid: list[int]) -> list[tuple[int, int]]:
    from bodoge.games.koremon.common.pyramid import ROW_OF

    return [(card, ROW_OF[i]) for i, card in enumerate(pyramid) if card >= 0]


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("players", [3, 6])
def test_random_games_of_variants_end_and_keep_every_card(name: str, players: int) -> None:
    options = KIT.options(copy.deepcopy(VARIANTS[name]))
    lengths = check_random_games(
        "koremon_auction", players, 20, options, deep_every=10, invariant=conserved
    )
    assert max(lengths) <= 15 * (6 * players + 6)
