"""The Koremon games' public_content: what the browser draws the cards, pyramid, ring and dice
from. JSON, in both languages, the same whatever the seed, and true to cards.toml and the rules."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from typing import Any

import pytest

from bodoge.engine.match import Match
from bodoge.engine.registry import get_spec, spec_of
from bodoge.games.koremon.common import pyramid as P

GAMES = {  # game: (player counts, option sets)
    "koremon_auction": ((3, 6), ({}, {"payment": "winner-pays", "mimics_placeable": "no"})),
    "koremon_hunt": ((3, 8), ({}, {"mimics_placeable": "no", "dead_ring": "end"})),
    "koremon_trick": ((3, 4, 5, 6), ({}, {"mimic_lead": "any-time"})),
    "koremon_evolution": ((2, 5), ({},)),
}
CASES = [
    (game, players, options)
    for game, (counts, option_sets) in GAMES.items()
    for players in counts
    for options in option_sets
]
TOML = tomllib.loads(
    resources.files("bodoge.games.koremon.common").joinpath("data/cards.toml").read_text("utf-8")
)


def content(game: str, players: int, options: dict[str, str]) -> dict[str, Any]:
    return get_spec(game).public_content(players, options)


def word_pairs(value: Any) -> list[dict[str, str]]:
    """Every {"en", "ja"} object in a JSON value."""
    if isinstance(value, dict):
        if set(value) == {"en", "ja"}:
            return [value]
        return [pair for item in value.values() for pair in word_pairs(item)]
    if isinstance(value, list):
        return [pair for item in value for pair in word_pairs(item)]
    return []


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_json_and_both_languages(game: str, players: int, options: dict[str, str]) -> None:
    data = content(game, players, options)
    assert json.loads(json.dumps(data)) == data
    pairs = word_pairs(data)
    assert len(pairs) > 16  # the card names at least
    for pair in pairs:
        assert isinstance(pair["en"], str) and pair["en"].strip()
        assert isinstance(pair["ja"], str) and pair["ja"].strip()
        assert any(ord(ch) > 0x3000 for ch in pair["ja"]), pair  # Japanese, not English again


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_same_for_every_seed_and_position(game: str, players: int, options: dict[str, str]) -> None:
    """Fixed for the whole game: the content of a table's state class, whatever the seed and
    however far the game has gone, is the same."""
    data = content(game, players, options)
    for seed in (1, 2, 99):
        match = Match(game, players, options, seed=seed)
        state_class = type(match.state)
        assert spec_of(state_class).public_content(players, match.options) == data
        match.apply(match.pending()[0], match.prompt(match.pending()[0])["actions"][-1]["id"])
        assert match.spec.public_content(players, match.options) == data


def test_cards_agree_with_cards_toml() -> None:
    species = TOML["species"]
    for game, players in (("koremon_auction", 3), ("koremon_hunt", 3)):
        faces = content(game, players, {})["cards"]
        assert [f["key"] for f in faces] == [s["key"] for s in species] + [TOML["mimic"]["key"]]
        for face, item in zip(faces, species, strict=False):
            assert face["name"] == {"en": item["en"], "ja": item["ja"]}
            assert face["rank"] == item["rank"]
            assert face["copies"] == item["count"]
            assert face["points"] == 6 - item["rank"]
        mimic = faces[-1]
        assert mimic["mimic"] and mimic["rank"] is None
        assert mimic["copies"] == TOML["mimic"]["count"] and mimic["points"] == P.MIMIC_SCORE
        assert sum(f["copies"] for f in faces) == content(game, players, {})["deck_size"] == 90
    trick = content("koremon_trick", 4, {})["cards"]
    assert sum(f["copies"] for f in trick) == 60
    assert {f["key"]: f["points"] for f in trick}["dragon"] == 8
    assert {f["key"]: f["points"] for f in trick}["mimic"] == -2
    evolution = content("koremon_evolution", 3, {})["cards"]
    assert [f["key"] for f in evolution] == [s["key"] for s in species]
    assert all(f["copies"] == 1 and not f["mimic"] for f in evolution)


def test_ranks_list_every_species_once() -> None:
    ranks = content("koremon_evolution", 2, {})["ranks"]
    assert [r["rank"] for r in ranks] == [1, 2, 3, 4, 5]
    keys = [key for r in ranks for key in r["species"]]
    assert sorted(keys) == sorted(s["key"] for s in TOML["species"])
    by_key = {s["key"]: s["rank"] for s in TOML["species"]}
    assert all(by_key[key] == r["rank"] for r in ranks for key in r["species"])


def test_pyramid_geometry_matches_the_rules() -> None:
    pyramid = content("koremon_auction", 3, {})["pyramid"]
    slots = {slot["label"]: slot for slot in pyramid["slots"]}
    assert len(slots) == 15 and pyramid["rows"] == 5
    assert [s["label"] for s in pyramid["slots"]][:3] == ["1.1", "2.1", "2.2"]
    assert slots["3.2"]["supports"] == ["4.2", "4.3"]
    assert all(not slots[f"5.{j}"]["supports"] for j in range(1, 6))
    for slot in pyramid["slots"]:
        # a slot sits one row above, halfway between, the two it rests on
        if slot["supports"]:
            below = [slots[label] for label in slot["supports"]]
            assert all(b["y"] == slot["y"] + 1 for b in below)
            assert (below[0]["x"] + below[1]["x"]) / 2 == slot["x"]
        assert P.SLOT_LABELS[P.slot_index(slot["row"], slot["position"])] == slot["label"]
    assert pyramid["full_bonus"] == P.FULL_BONUS and pyramid["mimic_points"] == P.MIMIC_SCORE
    assert pyramid["mimics_placeable"] is True
    assert (
        content("koremon_hunt", 3, {"mimics_placeable": "no"})["pyramid"]["mimics_placeable"]
        is False
    )


def test_game_tables() -> None:
    auction = content("koremon_auction", 4, {"payment": "winner-pays"})
    assert (auction["money"], auction["rounds"], auction["table_size"]) == (100, 15, 6)
    assert auction["payment"] == "winner-pays"
    assert set(auction["status"]) == {"bidding", "sealed", "placing", "waiting", "out"}
    hunt = content("koremon_hunt", 5, {})
    assert hunt["ring"]["positions"] == [1, 2, 3, 4, 5, 6] and hunt["die"]["faces"] == 6
    assert hunt["ring"]["piece"] == {"en": "Winhart", "ja": "ウィンハルト"}
    assert content("koremon_trick", 3, {})["games"] == 2
    assert content("koremon_trick", 3, {})["hand_size"] == 10
    assert [content("koremon_trick", n, {})["hand_size"] for n in (4, 5, 6)] == [15, 12, 10]
    assert content("koremon_trick", 4, {})["face_up_points"] == -10
    evolution = content("koremon_evolution", 2, {})
    assert evolution["dice"]["count"] == 2 and evolution["dice"]["faces"] == 6
