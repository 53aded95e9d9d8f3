"""Property tests: thousands of random legal Collect! games (issue 2, item 5).

Each game must end; the 64 cards (8 of each animal, RULINGS §1) are accounted for after every
decision; views never show a deck card that has not been face up; JSON round-trips and replays
from (seed, actions) are exact (see tests/protocol_checks.py).
"""

from __future__ import annotations

import pytest

from bodoge.engine import State
from bodoge.games.collect.animals import CHAMELEON, KINDS
from bodoge.games.collect.phases import KNOWN
from bodoge.games.collect.rules import CollectState
from protocol_checks import check_random_games

GAMES_PER_MODE = 1000  # four modes: 4,000 games in all


def conserved(state: State) -> None:
    assert isinstance(state, CollectState)
    counts = [0] * KINDS
    for deck in state.decks:
        for card in deck:
            counts[card & 7] += 1
    for row in state.rows:
        assert row.count(CHAMELEON) <= 1, "two chameleons must leave a row at once"
        for card in row:
            counts[card] += 1
    if state.held >= 0:
        counts[state.held] += 1
    counts[CHAMELEON] += state.discard
    assert counts == list(state.deck.counts), f"cards not conserved: {counts}"
    for empty in (0, 1):  # RULINGS §1: an empty deck takes half of the other at once
        assert state.decks[empty] or len(state.decks[1 - empty]) < 2


def hidden_cards_stay_hidden(state: State) -> None:
    assert isinstance(state, CollectState)
    for seat in [None, *range(state.players)]:
        decks = state.view(seat)["decks"]
        for d, name in enumerate("AB"):
            shown = decks[name]["cards"]
            for position, card in enumerate(reversed(state.decks[d])):
                if card < KNOWN:
                    assert shown[position] is None, "an unseen deck card reached a view"


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (4, {"team_mode": "on"})],
    ids=["2p", "3p", "4p", "teams"],
)
def test_random_games(players: int, options: dict[str, str]) -> None:
    def invariant(state: State) -> None:
        conserved(state)
        if state.ply % 16 == 0:
            hidden_cards_stay_hidden(state)

    lengths = check_random_games(
        "collect", players, GAMES_PER_MODE, options, seed=players, invariant=invariant
    )
    assert len(lengths) == GAMES_PER_MODE


@pytest.mark.parametrize(
    "options",
    [{"known_cards": "hidden"}, {"next_round_start": "after_previous_start"}],
    ids=["known-hidden", "start-after-previous"],
)
def test_random_games_with_options(options: dict[str, str]) -> None:
    check_random_games("collect", 3, 300, options, seed=7, invariant=conserved)


def test_team_results_name_both_teammates() -> None:
    """RULINGS §1: in team mode the round winner's team wins (seats 0+2 against 1+3)."""
    from bodoge.engine import Rng
    from bodoge.engine.playout import random_playout

    for seed in range(50):
        state = CollectState.new(4, {"team_mode": "on"}, seed)
        random_playout(state, Rng(seed))
        result = state.result()
        assert result is not None
        assert result.winners in ([0, 2], [1, 3])
        assert result.teams == [[0, 2], [1, 3]]
        assert result.ranks == [1 if seat in result.winners else 3 for seat in range(4)]
