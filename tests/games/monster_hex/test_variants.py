"""Monster Hex variants: content as data, checked like the built-in files, every refusal naming
its field in English and Japanese; hostile content refused before anything is built; games of
random variants always end (the board's placeable hexes bound every game)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bodoge.ai import make_bot
from bodoge.engine import Match, get_spec
from bodoge.engine.variants import MAX_TOML_BYTES, VariantError, digest, parse_toml, to_toml
from bodoge.games.monster_hex import content, variant

KIT = variant.KIT


def builtin() -> dict[str, Any]:
    return copy.deepcopy(KIT.builtin())


def refused(data: Any) -> VariantError:
    with pytest.raises(VariantError) as caught:
        KIT.check(data)
    problem = caught.value.problems[0]
    assert problem.en and problem.ja and problem.en != problem.ja
    assert caught.value.to_json()["code"] == "invalid_content"
    return caught.value


def field_of(data: Any) -> str:
    return refused(data).problems[0].field


def test_builtin_content_passes_and_round_trips_as_toml() -> None:
    data = builtin()
    KIT.check(data)
    assert parse_toml(to_toml(data)) == data
    built = variant.build(data)
    assert [u.edges for u in built.units] == [u.edges for u in content.load().units]


def test_huge_numbers() -> None:
    data = builtin()
    data["stones"]["tile"][3]["value"] = 10**30
    assert field_of(data) == "stones.tile[3].value"
    data = builtin()
    data["units"]["unit"][0]["edges"][2] = 6  # beyond the game's powers 1-5: its own check
    error = refused(data)
    assert error.problems[0].field == "units" and "edge power 6" in error.problems[0].en


@pytest.mark.parametrize(
    "name",
    ["Red\u202eder", "Re\u200bd", "Cafe\u0301", "Red\x00", "x" * 201],
    ids=["bidi-override", "zero-width", "not-nfc", "control", "too-long"],
)
def test_unicode_tricks_in_names(name: str) -> None:
    data = builtin()
    data["units"]["faction"][0]["en"] = name
    assert field_of(data) == "units.faction[0].en"


def test_duplicate_ids() -> None:
    data = builtin()
    data["units"]["unit"][1]["key"] = data["units"]["unit"][2]["key"]
    assert "appears twice" in refused(data).problems[0].en
    data = builtin()
    data["stones"]["tile"][1]["key"] = data["stones"]["tile"][0]["key"].upper()
    assert "appears twice" in refused(data).problems[0].en


def test_unreachable_board() -> None:
    data = builtin()
    rows = data["board_2p"]["map"]
    data["board_2p"]["map"] = [*rows, "", "        ."]  # a hex far from the rest
    error = refused(data)
    assert error.problems[0].field == "board_2p.map" and "cut off" in error.problems[0].en


def test_a_board_of_a_million_hexes_is_refused_before_it_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def never(*args: Any) -> Any:
        raise AssertionError("built")

    monkeypatch.setattr(content, "from_data", never)
    monkeypatch.setattr(content, "check_data", never)
    monkeypatch.setattr(variant.hexgrid, "parse_map", never)
    data = builtin()
    data["board_2p"]["map"] = [". " * 1000] * 1000
    assert field_of(data).startswith("board_2p")
    data["board_2p"]["map"] = [". " * 10] * 64
    assert field_of(data) == "board_2p.map"
    with pytest.raises(VariantError):
        parse_toml("map = [" + '". . .",' * 100_000 + "]")  # over the text bound


def test_shapes_the_game_refuses() -> None:
    data = builtin()
    data["board_3p"]["map"][1] = data["board_3p"]["map"][1].replace(".", "L", 1)
    assert refused(data).problems[0].field == "board_3p"  # placeable count, large stone room
    data = builtin()
    data["stones"]["tile"][0]["value"] = 6  # no tile worth 7
    assert "worth 7" in refused(data).problems[0].en
    assert field_of({"units": builtin()["units"], "rules": {}}) == "rules"
    assert field_of({"stones": {"tile": [{"key": "a", "color": "red", "value": 1.5}]}}) == (
        "stones.tile[0].value"
    )
    assert field_of([1, 2]) == "content"
    with pytest.raises(VariantError) as caught:
        parse_toml(b"\xff\xfe")
    assert caught.value.problems[0].field == "toml"
    assert len(to_toml(builtin()).encode()) * 4 <= MAX_TOML_BYTES


def test_a_variant_reaches_a_game_as_data_installed_under_its_digest() -> None:
    data = builtin()
    data["stones"]["tile"][1]["value"] = 2
    options = KIT.options(data)
    assert options == {"content": "variant:" + digest(data)}
    match = Match(get_spec("monster_hex"), 2, options, 5)
    assert [t.value for t in match.state.c.tiles][1] == 2


def random_variant(rng: random.Random) -> dict[str, Any]:
    """Random edge powers and stone values within the game's own bounds (1-5, 1-...)."""
    data = builtin()
    for unit in data["units"]["unit"]:
        unit["edges"] = [rng.randint(1, 5) for _ in range(6)]
    values = [rng.randint(1, 30) for _ in data["stones"]["tile"]]
    values = [7 if v == 7 else v for v in values]
    sevens = [i for i, v in enumerate(values) if v == 7]
    for i in sevens[1:]:
        values[i] = 8
    if not sevens:
        values[rng.randrange(len(values))] = 7
    for tile, value in zip(data["stones"]["tile"], values, strict=True):
        tile["value"] = value
    return data


def test_games_of_random_variants_always_end() -> None:
    """Any tiles a variant may have: every game ends, within the placements the board allows."""
    rng = random.Random(2026)
    spec = get_spec("monster_hex")
    for number in range(40):
        data = random_variant(rng)
        KIT.check(data)
        players = 2 + number % 3
        match = Match(spec, players, KIT.options(data), number)
        bot = make_bot("random", number)
        decisions = match.play_out(bot.choose, max_decisions=2_000)
        assert match.state.is_over()
        assert decisions <= spec.lengths[players][1]
        placed = sum(1 for unit in match.state.occ if unit >= 0)
        assert placed <= content.BOARD_PLACEABLE[players]


def test_the_check_refuses_what_the_build_refuses() -> None:
    """Renamed factions pass the units, stones and boards, but bodoge's abilities still name
    the old factions: the check refuses it, as building the game would (one path, not two)."""
    data = builtin()
    old = data["units"]["faction"][0]["key"]
    data["units"]["faction"][0]["key"] = "crimson"
    for tile in data["stones"]["tile"]:
        if tile["color"] == old:
            tile["color"] = "crimson"
    with pytest.raises(content.ContentError) as built:
        KIT.options(data)
    assert "abilit" in str(built.value)
    assert "abilit" in refused(data).problems[0].en
