"""Typed options: defaults, parsing, and clear errors."""

import pytest

from bodoge.engine import InvalidOptions, OptionSpec
from bodoge.engine.options import parse_option_pairs, resolve_options

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
