"""Monster Auction over thousands of random games (issue 5 item 9): every game ends, all 90
cards are accounted for at every step, money never goes below 0, no view leaks a sealed bid or
the deck order, replay and JSON round-trip are exact."""

from __future__ import annotations

import pytest

from bodoge.engine import State
from bodoge.games.koremon.auction import MONEY, AuctionState
from bodoge.games.koremon.cards import full_deck
from protocol_checks import check_random_games

ALL_CARDS = sorted(full_deck())


def conserved(state: State) -> None:
    """Deck + table + discard + cards to place + pyramids hold exactly the 90 cards; bids stay
    within money; an out seat holds no bid and places nothing."""
    assert isinstance(state, AuctionState)
    cards = [*state.deck, *state.table, *state.discard]
    for seat in range(state.players):
        cards.extend(card for card in state.pyramids[seat] if card >= 0)
        cards.extend(state.to_place[seat])
        assert 0 <= sum(state.bids[seat]) <= state.money[seat] <= MONEY
        if state.out[seat]:
            assert not state.bids[seat] and not state.to_place[seat]
    assert sorted(cards) == ALL_CARDS


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games(players: int) -> None:
    check_random_games(
        "koremon_auction", players, 2000, seed=players, deep_every=40, invariant=conserved
    )


@pytest.mark.parametrize(
    "options",
    [{"payment": "winner-pays"}, {"mimics_placeable": "no"}, {"payment": "winner-pays",
                                                               "mimics_placeable": "no"}],
)  # fmt: skip
def test_random_games_with_options(options: dict[str, str]) -> None:
    check_random_games(
        "koremon_auction", 5, 300, options=options, deep_every=10, invariant=conserved
    )
