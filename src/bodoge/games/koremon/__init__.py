"""Collectable Monster (コレクタブル・モンスター): four games on one 90-card monster deck.

`common/` holds what they share (the cards, the collection pyramid, shared words and drawing);
each game is a folder of the one package shape with its `GAME` spec. The family registers the
four here.
"""

from bodoge.games.koremon.auction import GAME as AUCTION
from bodoge.games.koremon.evolution import GAME as EVOLUTION
from bodoge.games.koremon.hunt import GAME as HUNT
from bodoge.games.koremon.trick import GAME as TRICK

GAMES = (AUCTION, HUNT, TRICK, EVOLUTION)

__all__ = ["AUCTION", "EVOLUTION", "GAMES", "HUNT", "TRICK"]
