"""The one rule for typed text (issue 12, item 6): NFKC first, then plain digits, everywhere."""

from __future__ import annotations

import pytest

from bodoge.engine import IllegalAction, game_ids, get_game
from bodoge.engine.notation import normalize, normalize_action, parse_seat


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


def _wide(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _spaced(text: str) -> str:
    """Spaces on both sides of every separator: `place:d4@2` as `place : d4 @ 2`."""
    return "".join(f" {c} " if not (c.isalnum() or c == "_") else c for c in text)


@pytest.mark.parametrize(
    "typed", ["bid:5", "bid :5", "BID:5", "bid: 5", "Bid : 5", "ｂｉｄ：５", "ＢＩＤ　：　５"]
)
def test_one_rule_reads_case_and_spaces_beside_separators_alike(typed: str) -> None:
    assert normalize_action(typed) == "bid:5"


@pytest.mark.parametrize("typed", ["bid 5", "bid:5 5", "b id:5"])
def test_a_space_between_two_words_or_numbers_stays(typed: str) -> None:
    auction = get_game("koremon_auction").new(3, seed=1)
    with pytest.raises(IllegalAction):
        auction.parse_action(typed)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_reads_every_notation_by_the_one_rule(game_id: str) -> None:
    """Each action of every game's whole action space reads back from its notation written in
    upper case, with spaces beside each separator, and full width: the rule is the engine's,
    so no game parser folds case or trims spaces of its own."""
    game = get_game(game_id)
    players = game.info.max_players
    state = game.new(players, seed=5)
    for action in range(game.num_actions(players, state.options)):
        text = state.action_text(action)
        for typed in (text, text.upper(), text.title(), _spaced(text), _wide(_spaced(text))):
            assert state.parse_action(typed) == action, (typed, action)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_refuses_a_space_inside_a_word(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new(game.info.min_players, seed=5)
    text = state.action_text(state.legal_actions(state.pending()[0])[0])
    with pytest.raises(IllegalAction):
        state.parse_action(f"{text[:1]} {text[1:]}")


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
