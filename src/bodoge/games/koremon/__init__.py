"""Collectable Monster (コレクタブル・モンスター): four games on one 90-card monster deck.

The card set (`cards`) and the collection pyramid are shared; each game has its own module.
"""

from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.evolution.rules import EvolutionState
from bodoge.games.koremon.hunt.rules import HuntState
from bodoge.games.koremon.trick.rules import TrickState

GAMES: tuple[type, ...] = (AuctionState, HuntState, TrickState, EvolutionState)
