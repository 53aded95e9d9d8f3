"""The test toy itself must obey the protocol, or the bot tests prove nothing."""

from __future__ import annotations

from protocol_checks import check_random_games
from toy_game import card_invariant


def test_toy_game_passes_protocol_checks(registered: str) -> None:
    """Ends, round-trips, hides secrets under determinize, replays; cards are conserved."""
    for players in (2, 3):
        lengths = check_random_games(
            registered, players, 300, deep_every=5, invariant=card_invariant
        )
        assert set(lengths) == {players * 3}
