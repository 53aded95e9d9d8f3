"""Collect! (コレクト！): animal cards, two decks, rows, abilities and crowns."""

from bodoge.games.collect.state import CollectState

GAMES = (CollectState,)
