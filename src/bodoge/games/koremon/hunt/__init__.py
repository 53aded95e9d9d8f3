"""Hunt the Monster! (ハント・ザ・モンスター！): a ring of six monsters, a die, and the pyramid.

`GAME` is its spec: the rules class and the modules beside it (docs/architecture.md, "games").
"""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec
from bodoge.games.koremon.common import words as common_words
from bodoge.games.koremon.common.pages import rules_page
from bodoge.games.koremon.hunt import bot, observe, public, render, variant, words
from bodoge.games.koremon.hunt.rules import HuntState

GAME = GameSpec(
    rules=HuntState,
    event_catalog=EventCatalog.load("bodoge.games.koremon.hunt", "data/events.toml"),
    event_word=common_words.event_word,
    action_label=words.action_label,
    describe_result=words.describe_result,
    result_words=words.result_words,
    render=render.render,
    observer=observe.observer,
    public_content=public.content,
    heuristic=bot.hunt_value,
    # players: (longest of 500 random games, bound told OpenSpiel): benchmarks/game_lengths.py
    lengths={
        3: (599, 1198),
        4: (611, 1222),
        5: (832, 1664),
        6: (784, 1568),
        7: (957, 1914),
        8: (840, 1680),
    },
    rules_page=rules_page(
        "Hunt the Monster! (ハント・ザ・モンスター！)", "ハント・ザ・モンスター！", pyramid=True
    ),
    compiled=True,
    variants=variant.KIT,
)

__all__ = ["GAME", "HuntState"]
