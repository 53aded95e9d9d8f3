"""Monster Auction over thousands of random games (issue 5 item 9): every game ends, all 90
cards are accounted for at every step, money never goes below 0, no view leaks a sealed bid or
the deck order, replay and JSON round-trip are exact."""

from __future__ import annotations

import pytest

from bodoge.engine import Rng, State, get_game, replay
from bodoge.games.koremon.auction.codes import MONEY
from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import full_deck
from protocol_checks import check_random_games, roundtrip, views_hide_secrets

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


def test_thrifty_random_games_reach_round_fifteen() -> None:
    """Uniform random bids spend all money in a round or two and win unplaceable monsters, so
    these games bid at most 6 a monster and 0 on a monster the seat cannot place now: they
    mostly run the whole 15 rounds (seed 4.「こうして１５ラウンド行った後」) and fill pyramids,
    under the same checks."""
    game = get_game("koremon_auction")
    full_games = full_pyramids = 0
    for number in range(300):
        players = 3 + number % 4
        state = game.new(players, {"payment": ("all-pay", "winner-pays")[number % 2]}, number)
        picker, checker = Rng(number), Rng(number + 1)
        log = []
        while not state.is_over():
            seat = state.pending()[picker.below(len(state.pending()))]
            legal = state.legal_actions(seat)
            action = legal[picker.below(min(len(legal), 7))]
            if state.phase == 0:
                card = state.table[len(state.bids[seat])]
                if not P.can_place(state.pyramids[seat], card, state.mimics_ok):
                    action = 0
            log.append((seat, state.action_text(action)))
            state.apply(seat, action)
            conserved(state)
            if picker.below(50) == 0:
                roundtrip(state)
                views_hide_secrets(state, checker)
        full_games += state.round == 15
        full_pyramids += sum(P.is_full(pyramid) for pyramid in state.pyramids)
        assert replay("koremon_auction", players, state.options, number, log).to_json() == (
            state.to_json()
        )
    assert full_games > 120 and full_pyramids > 10
