"""Monster Evolution (モンスター・エボリューション): roll two dice to evolve up to the Dragon.

`GAME` is its spec: the rules class and the modules beside it (docs/architecture.md, "games").
"""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec
from bodoge.games.koremon.common import words as common_words
from bodoge.games.koremon.common.pages import rules_page
from bodoge.games.koremon.evolution import bot, observe, public, render, variant, words
from bodoge.games.koremon.evolution.rules import EvolutionState

GAME = GameSpec(
    rules=EvolutionState,
    event_catalog=EventCatalog.load("bodoge.games.koremon.evolution", "data/events.toml"),
    event_word=common_words.event_word,
    action_label=words.action_label,
    describe_result=words.describe_result,
    result_words=words.result_words,
    render=render.render,
    observer=observe.observer,
    public_content=public.content,
    heuristic=bot.evolution_value,
    # players: (longest of 500 random games, bound told OpenSpiel): benchmarks/game_lengths.py
    lengths={2: (562, 1124), 3: (443, 886), 4: (580, 1160), 5: (805, 1610)},
    rules_page=rules_page("Monster Evolution", "モンスター・エボリューション", pyramid=False),
    compiled=True,
    variants=variant.KIT,
)

__all__ = ["GAME", "EvolutionState"]
