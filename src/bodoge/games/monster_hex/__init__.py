"""Monster Hex (モンスターヘクス): hex-board area majority for 2-4 players (RULINGS.md §2)."""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec, RulesPage
from bodoge.games.monster_hex import heuristic, render, words
from bodoge.games.monster_hex.game import MonsterHex
from bodoge.games.monster_hex.observe import monster_hex_observer
from bodoge.games.monster_hex.public import public_content

GAME = GameSpec(
    rules=MonsterHex,
    event_catalog=EventCatalog.load("bodoge.games.monster_hex"),
    event_word=words.event_word,
    action_label=words.action_label,
    describe_result=words.describe_result,
    result_words=words.result_words,
    game_help=render.game_help,
    render=render.render,
    observer=monster_hex_observer,
    public_content=public_content,
    heuristic=heuristic.evaluate,
    # players: (longest of 500 random games, bound stated to OpenSpiel); benchmarks/game_lengths.py
    lengths={2: (68, 136), 3: (81, 162), 4: (88, 176)},
    rules_page=RulesPage(
        "monster_hex.md",
        ("Rules (English)",),
        ("ルール（日本語）",),
        intro=True,
        mixed=(
            "The ability option (能力カード)",
            "The objective option (目標カード) [bodoge design]",
        ),
    ),
    compiled=True,
)
