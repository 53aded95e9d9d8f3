"""Collect! (コレクト！): animal cards, two decks, rows, abilities and crowns.

The package: `rules` (the state machine), `state_json` (JSON in and out, the consistency checks),
`words`, `render` (the terminal), `observe` (the learning agents' encoding), `bot` (the greedy
bot's judgement, the search's simulated games), `public` (the components a client draws),
`content` (the cards per animal: bodoge's or a variant's), `variant` (the studio's variants) and
`data/` (animals, events, options).
"""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec, RulesPage
from bodoge.games.collect import bot, render, variant, words
from bodoge.games.collect.observe import collect_observer
from bodoge.games.collect.public import public_content
from bodoge.games.collect.rules import CollectState

GAME = GameSpec(
    rules=CollectState,
    event_catalog=EventCatalog.load("bodoge.games.collect.data"),
    event_word=words.event_word,
    action_label=words.action_label,
    describe_result=words.describe_result,
    result_words=words.result_words,
    game_help=render.game_help,
    render=render.render,
    observer=collect_observer,
    public_content=public_content,
    heuristic=bot.evaluate,
    # players: (longest of 500 random games, bound stated to OpenSpiel); benchmarks/game_lengths.py
    lengths={2: (382, 764), 3: (627, 1254), 4: (779, 1558)},
    rules_page=RulesPage("collect.md", ("Rules (English)",), ("ルール（日本語）",), intro=True),
    compiled=True,
    variants=variant.KIT,
)
