"""Collectable Monster (コレクタブル・モンスター): four games on one 90-card monster deck.

The card set (`cards`) and the collection pyramid are shared; each game has its own module.
"""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec, RulesPage
from bodoge.games.koremon import (
    auction,
    auction_words,
    content,
    evolution,
    evolution_words,
    heuristics,
    hunt,
    hunt_words,
    trick,
    trick_words,
    words,
)
from bodoge.games.koremon.auction import AuctionState
from bodoge.games.koremon.evolution import EvolutionState
from bodoge.games.koremon.hunt import HuntState
from bodoge.games.koremon.observe import (
    auction_observer,
    evolution_observer,
    hunt_observer,
    trick_observer,
)
from bodoge.games.koremon.trick import TrickState

_SHARED_EN = ("English / Where the rules come from", "English / The card set [bodoge]")
_SHARED_JA = ("日本語 / ルールの出典", "日本語 / カード構成［bodoge］")
_PYRAMID_EN = ('English / The collection pyramid: the "normal rules" [bodoge]',)
_PYRAMID_JA = ("日本語 / コレクション・ピラミッド：「通常のルール」［bodoge］",)


def _page(en: str, ja: str, pyramid: bool) -> RulesPage:
    """A game's page of koremon.md: the shared sections (and the pyramid's), then its own."""
    extra_en, extra_ja = (_PYRAMID_EN, _PYRAMID_JA) if pyramid else ((), ())
    return RulesPage(
        "koremon.md",
        (*_SHARED_EN, *extra_en, f"English / {en}"),
        (*_SHARED_JA, *extra_ja, f"日本語 / {ja}"),
    )


def _events(name: str) -> EventCatalog:
    return EventCatalog.load("bodoge.games.koremon", name)


# lengths, players: (longest of 500 random games, bound stated to OpenSpiel), measured by
# benchmarks/game_lengths.py
AUCTION = GameSpec(
    rules=AuctionState,
    event_catalog=_events("events_auction.toml"),
    event_word=words.event_word,
    action_label=auction_words.action_label,
    describe_result=auction_words.describe_result,
    result_words=auction_words.result_words,
    render=auction.render,
    observer=auction_observer,
    public_content=content.auction,
    heuristic=heuristics.auction_value,
    lengths={3: (64, 128), 4: (81, 162), 5: (104, 208), 6: (140, 280)},
    rules_page=_page(
        "Monster Auction (モンスター・オークション)", "モンスター・オークション", pyramid=True
    ),
    compiled=True,
)
HUNT = GameSpec(
    rules=HuntState,
    event_catalog=_events("events_hunt.toml"),
    event_word=words.event_word,
    action_label=hunt_words.action_label,
    describe_result=hunt_words.describe_result,
    result_words=hunt_words.result_words,
    render=hunt.render,
    observer=hunt_observer,
    public_content=content.hunt,
    heuristic=heuristics.hunt_value,
    lengths={
        3: (599, 1198),
        4: (611, 1222),
        5: (832, 1664),
        6: (784, 1568),
        7: (957, 1914),
        8: (840, 1680),
    },
    rules_page=_page(
        "Hunt the Monster! (ハント・ザ・モンスター！)", "ハント・ザ・モンスター！", pyramid=True
    ),
    compiled=True,
)
TRICK = GameSpec(
    rules=TrickState,
    event_catalog=_events("events_trick.toml"),
    event_word=words.event_word,
    action_label=trick_words.action_label,
    describe_result=trick_words.describe_result,
    result_words=trick_words.result_words,
    render=trick.render,
    observer=trick_observer,
    public_content=content.trick,
    heuristic=heuristics.trick_value,
    lengths={3: (60, 120), 4: (60, 120), 5: (60, 120), 6: (60, 120)},
    rules_page=_page(
        "Trick the Monster! (トリック・ザ・モンスター！)",
        "トリック・ザ・モンスター！",
        pyramid=False,
    ),
    compiled=True,
)
EVOLUTION = GameSpec(
    rules=EvolutionState,
    event_catalog=_events("events_evolution.toml"),
    event_word=words.event_word,
    action_label=evolution_words.action_label,
    describe_result=evolution_words.describe_result,
    result_words=evolution_words.result_words,
    render=evolution.render,
    observer=evolution_observer,
    public_content=content.evolution,
    heuristic=heuristics.evolution_value,
    lengths={2: (562, 1124), 3: (443, 886), 4: (580, 1160), 5: (805, 1610)},
    rules_page=_page("Monster Evolution", "モンスター・エボリューション", pyramid=False),
    compiled=True,
)
GAMES = (AUCTION, HUNT, TRICK, EVOLUTION)

__all__ = [
    "AUCTION",
    "EVOLUTION",
    "GAMES",
    "HUNT",
    "TRICK",
    "AuctionState",
    "EvolutionState",
    "HuntState",
    "TrickState",
]
