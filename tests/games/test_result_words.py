"""The words a client shows a finished game's breakdown in (`GameSpec.result_words`): every key of
every game's `detail` is named in English and Japanese, and every value that is a key or a code
has its words too, so the result panel shows no raw key."""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.ai import make_bot
from bodoge.engine import Match

GAMES = [
    ("collect", 2, {}),
    ("collect", 4, {"team_mode": "on"}),
    ("monster_hex", 2, {"objectives": "on"}),
    ("monster_hex", 3, {"objectives": "on", "abilities": "on"}),
    ("koremon_auction", 4, {}),
    ("koremon_hunt", 3, {}),
    ("koremon_trick", 3, {}),
    ("koremon_trick", 5, {}),
    ("koremon_evolution", 3, {}),
]


def finished(game: str, players: int, options: dict[str, str], seed: int) -> Match:
    match = Match(game, players, options, seed)
    bot = make_bot("random", seed)
    while not match.is_over():
        seat = match.pending()[0]
        match.apply(seat, bot.choose(match.state, seat))
    return match


def named_values(value: Any) -> list[str]:
    """The values of a detail entry that words must name: strings, and the keys of objects."""
    if isinstance(value, list):
        return [item for part in value for item in named_values(part)]
    if isinstance(value, dict):
        return [str(key) for key in value] + named_values(list(value.values()))
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_every_detail_key_and_value_has_words(
    game: str, players: int, options: dict[str, str]
) -> None:
    for seed in range(3):
        match = finished(game, players, options, seed)
        result = match.prompt(0)["result"]
        labels, values = result["labels"], result.get("values", {})
        for key, value in result["detail"].items():
            assert labels[key]["en"] and labels[key]["ja"], (game, key)
            assert labels[key]["en"] != key and labels[key]["ja"] != labels[key]["en"]
            for item in named_values(value):
                words = values[key][item]
                assert words["en"] and words["ja"], (game, key, item)
        assert set(result.get("seats", [])) <= set(labels)


def test_the_words_come_with_the_prompt_not_the_view() -> None:
    """The view (and so the state's JSON and every fingerprint) keeps the bare result."""
    match = finished("koremon_trick", 3, {}, 1)
    view = match.state.view(0)["result"]
    prompt = match.prompt(0)["result"]
    assert "labels" not in view and prompt["labels"]["games"] == {
        "en": "Game {n}",
        "ja": "ゲーム{n}",
    }
    assert {key: prompt[key] for key in view} == view
