"""Trick the Monster! (トリック・ザ・モンスター！): tricks on the monster deck.

`GAME` is its spec: the rules class and the modules beside it (docs/architecture.md, "games").
"""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec
from bodoge.games.koremon.common import words as common_words
from bodoge.games.koremon.common.pages import rules_page
from bodoge.games.koremon.trick import bot, observe, public, render, variant, words
from bodoge.games.koremon.trick.rules import TrickState

GAME = GameSpec(
    rules=TrickState,
    event_catalog=EventCatalog.load("bodoge.games.koremon.trick", "data/events.toml"),
    event_word=common_words.event_word,
    action_label=words.action_label,
    describe_result=words.describe_result,
    result_words=words.result_words,
    render=render.render,
    observer=observe.observer,
    public_content=public.content,
    heuristic=bot.trick_value,
    # players: (longest of 500 random games, bound told OpenSpiel): benchmarks/game_lengths.py
    lengths={3: (60, 120), 4: (60, 120), 5: (60, 120), 6: (60, 120)},
    rules_page=rules_page(
        "Trick the Monster! (トリック・ザ・モンスター！)",
        "トリック・ザ・モンスター！",
        pyramid=False,
    ),
    compiled=True,
    variants=variant.KIT,
)

__all__ = ["GAME", "TrickState"]
