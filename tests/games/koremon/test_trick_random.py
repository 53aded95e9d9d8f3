"""Trick the Monster property tests: thousands of random games per player count through the
shared protocol checks (ends, JSON round-trip, no leak via determinize, exact replay), with the
conservation invariant that all 60 cards are always somewhere (issue 5 item 9)."""

from __future__ import annotations

import pytest

from bodoge.engine import State
from bodoge.games.koremon.common.cards import MIMIC
from bodoge.games.koremon.trick.codes import DECK_COUNTS
from bodoge.games.koremon.trick.rules import TrickState
from bodoge.games.koremon.trick.tricks import POINTS
from protocol_checks import check_random_games


def sixty_cards(state: State) -> None:
    """Hands, the trick, won piles, face-up Mimics and the 3-player reserve hold the 60 cards."""
    assert isinstance(state, TrickState)
    totals = [0] * len(DECK_COUNTS)
    for pile in [*state.hands, *(pile for game in state.won for pile in game)]:
        for card, count in enumerate(pile):
            totals[card] += count
    for _, card, _ in state.trick:
        totals[card] += 1
    for card in state.reserve:
        totals[card] += 1
    totals[MIMIC] += sum(map(sum, state.face_up))
    assert tuple(totals) == DECK_COUNTS
    assert all(count >= 0 for hand in state.hands for count in hand)
    derived_fields_agree(state)


def derived_fields_agree(state: TrickState) -> None:
    """The fields the state keeps for speed equal what they are derived from: the seat to play
    follows the leader round the table, and each seat's points are those of its won cards."""
    assert state.mover == (state.leader + state.led + len(state.trick)) % state.players
    assert state.points == [
        [sum(count * POINTS[card] for card, count in enumerate(pile)) for pile in game]
        for game in state.won
    ]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_smoke(players: int) -> None:
    lengths = check_random_games("koremon_trick", players, 60, deep_every=3, invariant=sixty_cards)
    assert set(lengths) == {60}


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("mimic_lead", ["only-mimics", "any-time"])
def test_random_games(players: int, mimic_lead: str) -> None:
    """2,000 random games per player count for the default, 500 more with any-time Mimic leads."""
    games = 2000 if mimic_lead == "only-mimics" else 500
    lengths = check_random_games(
        "koremon_trick",
        players,
        games,
        {"mimic_lead": mimic_lead},
        seed=players,
        invariant=sixty_cards,
    )
    assert set(lengths) == {60}  # every card of every hand is played once
