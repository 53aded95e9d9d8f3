"""Monster Auction (モンスター・オークション): sealed bids on six monsters a round, fifteen rounds.

`GAME` is its spec: the rules class and the modules beside it (docs/architecture.md, "games").
"""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec
from bodoge.games.koremon.auction import bot, observe, public, render, variant, words
from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.common import words as common_words
from bodoge.games.koremon.common.pages import rules_page

GAME = GameSpec(
    rules=AuctionState,
    event_catalog=EventCatalog.load("bodoge.games.koremon.auction", "data/events.toml"),
    event_word=common_words.event_word,
    action_label=words.action_label,
    describe_result=words.describe_result,
    result_words=words.result_words,
    render=render.render,
    observer=observe.observer,
    public_content=public.content,
    heuristic=bot.auction_value,
    # players: (longest of 500 random games, bound told OpenSpiel): benchmarks/game_lengths.py
    lengths={3: (64, 128), 4: (81, 162), 5: (104, 208), 6: (140, 280)},
    rules_page=rules_page(
        "Monster Auction (モンスター・オークション)", "モンスター・オークション", pyramid=True
    ),
    compiled=True,
    variants=variant.KIT,
)

__all__ = ["GAME", "AuctionState"]
