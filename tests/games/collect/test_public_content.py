"""Collect!'s public content (issue 15): what the browser draws the game from. It is JSON, in both
languages, the same whatever the seed, and agrees with the game's animals, alliances and phases."""

from __future__ import annotations

import json

from bodoge.engine import Match
from bodoge.games.collect import GAME, animals
from bodoge.games.collect.alliance import ALLIANCES
from bodoge.games.collect.phases import PHASES


def pairs(value: object) -> list[dict[str, str]]:
    if isinstance(value, dict):
        own = [value] if "en" in value else []
        return own + [p for item in value.values() for p in pairs(item)]
    if isinstance(value, list):
        return [p for item in value for p in pairs(item)]
    return []


def test_it_is_json_in_both_languages() -> None:
    data = GAME.public_content(2, {})
    assert json.loads(json.dumps(data)) == data
    found = pairs(data)
    assert len(found) >= 8 * 2 + 3 + 2 + 2 + len(PHASES)
    for pair in found:
        assert set(pair) == {"en", "ja"}
        assert pair["en"] and pair["ja"] and pair["en"] != pair["ja"]


def test_the_animals_are_the_games_animals() -> None:
    data = GAME.public_content(4, {"team_mode": "on"})
    assert [a["key"] for a in data["animals"]] == list(animals.KEYS)
    lion = data["animals"][animals.LION]
    assert lion["name"] == {"en": "Lion", "ja": "ライオン"}
    assert lion["ability"]["ja"] == animals.ANIMALS[animals.LION].ability_ja
    assert sum(a["copies"] for a in data["animals"]) == data["cards"] == animals.TOTAL_CARDS
    assert set(data["alliances"]) == set(ALLIANCES)
    assert set(data["phases"]) == set(PHASES)
    assert data["crowns"]["half"] == 3
    assert data["teams"] == [[0, 2], [1, 3]]
    assert GAME.public_content(2, {})["teams"] is None


def test_it_is_the_same_whatever_the_seed_and_names_every_card_a_game_shows() -> None:
    data = GAME.public_content(3, {})
    keys = {a["key"] for a in data["animals"]}
    for seed in range(3):
        match = Match("collect", 3, {}, seed)
        for _ in range(200):
            if match.is_over():
                break
            seat = match.pending()[0]
            match.apply(seat, match.state.legal_actions(seat)[0])
            view = match.state.view(seat)
            assert {card for row in view["rows"] for card in row} <= keys
            for deck in view["decks"].values():
                assert {card for card in deck["cards"] if card} <= keys
            assert view["phase"] in data["phases"]
        assert GAME.public_content(3, {}) == data
