"""Monster Hex (モンスターヘクス): hex-board area majority for 2-4 players (RULINGS.md §2).

The package: `rules` (the state machine), the rest of the rules as functions over its state
(`faces`: what the units show the empty hexes; `stones`: the stones resolved and the points;
`abilities`: the ability option; `objectives`: the objective cards), `state_json` (JSON in and
out, the consistency checks), `words`, `render` (the terminal), `observe` (the learning agents'
encoding), `bot` (the greedy bot's judgement, the search's simulated games), `public` (the
components a client draws), `content` (the TOML content read and checked), `codes` (the action
codes and phases), `hexgrid` (hex coordinates), `draw` (the boards as SVG pictures) and `data/`
(units, stones, boards, abilities, objectives, events, options).
"""

from bodoge.engine.events import EventCatalog
from bodoge.engine.game import GameSpec, RulesPage
from bodoge.games.monster_hex import bot, render, variant, words
from bodoge.games.monster_hex.observe import monster_hex_observer
from bodoge.games.monster_hex.public import public_content
from bodoge.games.monster_hex.rules import MonsterHex

GAME = GameSpec(
    rules=MonsterHex,
    event_catalog=EventCatalog.load("bodoge.games.monster_hex.data"),
    event_word=words.event_word,
    action_label=words.action_label,
    describe_result=words.describe_result,
    result_words=words.result_words,
    game_help=render.game_help,
    render=render.render,
    observer=monster_hex_observer,
    public_content=public_content,
    heuristic=bot.evaluate,
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
    variants=variant.KIT,
    balance_detail=variant.stone_places,
)
