"""The one rule for typed text (issue 12, item 6): NFKC first, then plain digits, everywhere."""

from __future__ import annotations

import pytest

from bodoge.engine import IllegalAction, get_game
from bodoge.engine.notation import normalize, parse_seat


@pytest.mark.parametrize(
    ("typed", "plain"),
    [
        ("ｄｒａｗ：Ａ", "draw:A"),  # full-width letters and colon
        ("\u212aeep", "Keep"),  # the Kelvin sign is a K under NFKC
        ("bid:１０", "bid:10"),  # full-width digits
        ("  keep\t", "keep"),
        ("place:ドラゴン@1.1", "place:ドラゴン@1.1"),  # the games' Japanese names stay
    ],
)
def test_normalize_reads_the_forms_a_keyboard_gives(typed: str, plain: str) -> None:
    assert normalize(typed) == plain


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("bid:010", "leading zero"),
        ("bid:١٠", "digits 0-9"),  # Arabic-Indic digits: int() would read them
        ("", "empty"),
        ("draw:\x00", "cannot read"),
        ("x" * 1000, "too long"),
    ],
)
def test_normalize_refuses_everything_else(typed: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        normalize(typed)


def test_every_game_reads_full_width_notation() -> None:
    """The same rule reaches every game's parser: its first legal action typed full width."""
    for game_id in ("collect", "monster_hex", "koremon_auction", "koremon_trick"):
        state = get_game(game_id).new(get_game(game_id).info.min_players, seed=3)
        seat = state.pending()[0]
        action = state.legal_actions(seat)[-1]
        wide = "".join(
            chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in state.action_text(action)
        )
        assert state.parse_action(wide) == action


@pytest.mark.parametrize(("typed", "seat"), [("0", 0), ("３", 3), (" 2 ", 2)])
def test_parse_seat(typed: str, seat: int) -> None:
    assert parse_seat(typed, 4) == seat


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("01", "leading zero"),
        ("١", "digits 0-9"),
        ("4", "no seat 4"),
        ("-1", "not a seat"),
        ("x", "not a seat"),
    ],
)
def test_parse_seat_refuses(typed: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        parse_seat(typed, 4)
