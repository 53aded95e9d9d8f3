"""What the lobby shows of each game: its info and options (without those that name files,
which are the server's settings) and the bot levels with their words."""

from __future__ import annotations

from typing import Any

from bodoge.engine import game_ids, get_game, get_spec
from bodoge.server.levels import BOT_LEVELS, LEVEL_WORDS


def bot_levels(policies: tuple[tuple[str, str], ...] = ()) -> dict[str, dict[str, str]]:
    levels = {level: LEVEL_WORDS[level] for level in BOT_LEVELS}
    for name, _ in policies:
        levels[name] = {"en": f"{name}: a trained policy", "ja": f"{name}：学習済みの方策"}
    return levels


def games(policies: tuple[tuple[str, str], ...] = ()) -> list[dict[str, Any]]:
    found = []
    for game_id in game_ids():
        info = get_game(game_id).info
        described = info.describe()
        described["options"] = [spec.describe() for spec in info.options if spec.kind != "text"]
        described["bots"] = bot_levels(policies)
        # the designer's studio edits the content of a game that gives its variants
        described["studio"] = get_spec(game_id).variants is not None
        found.append(described)
    return found
