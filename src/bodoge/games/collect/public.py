"""Collect!'s fixed public components, as a client that draws the game needs them: the animals
with their names and abilities, the alliances, the crowns and the phases' prompts, in English and
Japanese (the spec's `public_content`). Nothing here depends on a state or a seed; the counts
per animal are the game's content (the `content` option: bodoge's, or a variant's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.langs import LANGS
from bodoge.games.collect import content
from bodoge.games.collect.animals import ANIMALS
from bodoge.games.collect.phases import DECK_NAMES, HALF_CROWNS, PHASES
from bodoge.games.collect.render import ALLIANCE_NAMES, PROMPTS
from bodoge.games.collect.words import CROWNS, SIDES


def _both(table: dict[str, dict[str, str]], key: str) -> dict[str, str]:
    return {lang: table[lang][key] for lang in LANGS}


def public_content(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    deck = content.load(str(options.get("content", content.DEFAULT)))
    return {
        "animals": [
            {
                "key": animal.key,
                "code": code,
                "name": {"en": animal.en, "ja": animal.ja},
                "ability": {"en": animal.ability_en, "ja": animal.ability_ja},
                "copies": deck.counts[code],
            }
            for code, animal in enumerate(ANIMALS)
        ],
        "decks": list(DECK_NAMES),
        "cards": deck.total,
        "alliances": {key: _both(ALLIANCE_NAMES, key) for key in ALLIANCE_NAMES["en"]},
        "crowns": {
            "half": HALF_CROWNS,
            "full": 1,
            "names": {key: _both(CROWNS, key) for key in CROWNS["en"]},
        },
        "sides": {key: _both(SIDES, key) for key in SIDES["en"]},
        "phases": {phase: _both(PROMPTS, phase) for phase in PHASES},
        "players": players,
        "teams": [[0, 2], [1, 3]] if options.get("team_mode") == "on" else None,
    }
