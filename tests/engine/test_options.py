"""Typed options: defaults, parsing, and clear errors."""

import pytest

from bodoge.engine import ContentError, InvalidOptions, OptionSpec, game_ids, get_game
from bodoge.engine.options import labels_from_toml, parse_option_pairs, resolve_options

SPECS = (
    OptionSpec("mode", "a", "mode", "モード", ("a", "b")),
    OptionSpec("money", 100, "money", "お金", kind="int", low=1, high=999),
)


def test_defaults_fill_missing_options() -> None:
    assert resolve_options(SPECS, None) == {"mode": "a", "money": 100}


def test_strings_are_parsed_to_their_kind() -> None:
    assert resolve_options(SPECS, {"mode": "b", "money": "250"}) == {"mode": "b", "money": 250}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"mode": "c"}, "is not one of a, b"),
        ({"money": "lots"}, "is not a whole number"),
        ({"money": 0}, "outside 1..999"),
        ({"money": 2.7}, "is not a whole number"),
        ({"money": True}, "is not a whole number"),
        ({"money": "١٢"}, "is not a whole number"),
    ],
)
def test_bad_options_are_named(given: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        resolve_options(SPECS, given)


def test_command_line_pairs() -> None:
    assert parse_option_pairs(["team_mode=on", " a = b "]) == {"team_mode": "on", "a": "b"}
    with pytest.raises(InvalidOptions, match="KEY=VALUE"):
        parse_option_pairs(["team_mode"])


# ---- what a player reads: the names of options and choices ----------------------------------

LABELS = """
[mode]
en = "Mode"
ja = "モード"
choices.a = { en = "Alpha", ja = "アルファ" }
choices.b = { en = "Beta", ja = "ベータ" }

[money]
en = "Starting money"
ja = "最初の所持金"
"""


def test_labels_are_read_for_every_option_and_choice() -> None:
    mode, money = labels_from_toml(SPECS, LABELS)
    assert (mode.label("en"), mode.label("ja")) == ("Mode", "モード")
    assert mode.choice_label("b", "en") == "Beta" and mode.choice_label("b", "ja") == "ベータ"
    assert money.label("ja") == "最初の所持金" and money.choice_label(250, "en") == "250"
    described = mode.describe()
    assert described["label"] == {"en": "Mode", "ja": "モード"}
    assert described["choice_labels"] == {
        "a": {"en": "Alpha", "ja": "アルファ"},
        "b": {"en": "Beta", "ja": "ベータ"},
    }
    assert "choice_labels" not in money.describe()
    assert resolve_options((mode, money), {"mode": "b"}) == {"mode": "b", "money": 100}


def test_an_option_without_labels_reads_as_its_key() -> None:
    mode = SPECS[0]
    assert mode.label("ja") == "mode" and mode.choice_label("a", "ja") == "a"
    assert mode.describe()["choice_labels"]["a"] == {"en": "a", "ja": "a"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[mode]\nen = 'Mode'\nja = 'モード'\n", "choices must name exactly"),
        (LABELS.replace('ja = "最初の所持金"', ""), r"\[money\] needs both en and ja"),
        (LABELS.replace('ja = "ベータ"', 'ja = " "'), r"choices.b needs both en and ja"),
        (LABELS.replace("choices.b", "choices.c"), "choices must name exactly"),
        (LABELS.replace("[money]", "[cash]"), "the option 'money' needs its names"),
        ("[mode", "labels"),
    ],
)
def test_missing_or_stray_labels_are_content_errors(text: str, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        labels_from_toml(SPECS, text, "labels")


@pytest.mark.parametrize("game_id", game_ids())
def test_every_option_of_every_game_is_named_in_both_languages(game_id: str) -> None:
    for spec in get_game(game_id).info.options:
        for lang in ("en", "ja"):
            assert spec.label(lang) != spec.key, (game_id, spec.key, lang)
            for choice in spec.choices:
                assert spec.choice_label(choice, lang) != choice, (spec.key, choice, lang)
        assert spec.label("en") != spec.label("ja")
        named = spec.describe()
        assert set(named.get("choice_labels", {})) == set(spec.choices)
