"""Monster Evolution property tests: thousands of random games per player count through the
shared protocol checks (ends, JSON round-trip, views, exact replay), with the conservation
invariant that the 15 monsters are each held or in the supply exactly once (issue 5 item 9)."""

from __future__ import annotations

import pytest

from bodoge.engine import State
from bodoge.games.koremon.common.cards import RANK
from bodoge.games.koremon.evolution.rules import EvolutionState
from protocol_checks import check_random_games


def fifteen_monsters(state: State) -> None:
    """Each species once, held or in the supply; only the winner may hold the Dragon."""
    assert isinstance(state, EvolutionState)
    supply = [card for card in range(15) if state.supply[card]]
    assert sorted(state.holds + supply) == list(range(15))
    dragons = [seat for seat, card in enumerate(state.holds) if RANK[card] == 1]
    assert dragons == ([state.winner] if state.winner >= 0 else [])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_smoke(players: int) -> None:
    check_random_games("koremon_evolution", players, 60, deep_every=3, invariant=fifteen_monsters)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games(players: int) -> None:
    """2,000 random games per player count. The game ends with probability 1 (the best-placed
    seat can always move up: nobody holds a better monster); lengths are finite and modest."""
    lengths = check_random_games(
        "koremon_evolution", players, 2000, seed=players, invariant=fifteen_monsters
    )
    assert max(lengths) < 5000
