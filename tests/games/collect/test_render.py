"""The terminal rendering of Collect! in English and Japanese (issue 12, item 10)."""

from __future__ import annotations

import pytest

from bodoge.games.collect import GAME
from bodoge.games.collect import actions as A
from bodoge.games.collect.animals import ANIMALS
from bodoge.games.collect.render import pad
from bodoge.games.collect.rules import CollectState

from .helpers import CRAB, CROC, LION, MONKEY, OCTO, load, play


def test_render_in_both_languages() -> None:
    state = CollectState.new(2, None, 5)
    seat = state.pending()[0]
    state.apply_text(seat, "draw:A")
    english, japanese = GAME.render(state, seat, "en"), GAME.render(state, seat, "ja")
    card = state.held
    assert english.startswith("Collect!  round 1") and f"face up: {ANIMALS[card].en}" in english
    assert (
        japanese.startswith("コレクト！  ラウンド 1") and f"公開中：{ANIMALS[card].ja}" in japanese
    )
    assert "あなた" in japanese and "you" in english


def test_unknown_language_falls_back_to_english() -> None:
    assert GAME.render(CollectState.new(2, None, 5), 0, "fr").startswith("Collect!")


def test_padding_counts_japanese_characters_as_two_columns() -> None:
    assert pad("席1", 7) == "席1    "
    assert pad("seat 1", 7) == "seat 1 "


def deck_lines(state: CollectState, lang: str = "en") -> list[str]:
    lines = GAME.render(state, 0, lang).splitlines()
    return [line for line in lines if line.startswith(("  deck ", "  デッキ"))]


def test_every_public_deck_card_is_shown_in_its_place() -> None:
    """RULINGS §1 Knowledge: "every view shows it in its exact deck position": a card known to
    be at the bottom of a long deck is shown, the unseen cards above it counted."""
    deck_a = ["lion*", OCTO, "crab*"] + [OCTO] * 7 + [CROC] * 7 + ["crab*"]
    state = load([[CROC], [MONKEY]], deck_a, fill="B")
    a, b = deck_lines(state)
    assert a == "  deck A (18 cards, top first): Lion ? Crab ? x14 Crab"
    assert b == "  deck B (44 cards, top first): ? x44"
    assert deck_lines(state, "ja")[0] == "  デッキA（18枚、上から）：ライオン ? カニ ?×14 カニ"


def test_known_cards_hidden_shows_only_the_counts() -> None:
    """Option known_cards=hidden: the players remember the cards; the render does not show them."""
    layout = [[CROC], [MONKEY]]
    state = load(layout, [OCTO, "crab*"], fill="B", options={"known_cards": "hidden"})
    assert deck_lines(state)[0] == "  deck A ( 2 cards, top first): ? x2"


def test_the_crowns_are_explained() -> None:
    """RULINGS §1: "3 half crowns, 1 full crown ... A seat with 2 half crowns or the full crown
    wins the game"."""
    state = load([[CROC], [MONKEY]], half=[0, 1])
    english, japanese = (
        GAME.render(state, 0, "en").splitlines(),
        GAME.render(state, 0, "ja").splitlines(),
    )
    assert english[1:3] == [
        "  crowns left: 2 half (of 3), then 1 full",
        "  ★ a half crown held, ♛ the full crown held: 2 ★ or the ♛ win the game",
    ]
    assert japanese[1:3] == [
        "  残りの王冠：ハーフ 2（全3つ）、その後フル 1",
        "  ★ 持っているハーフ王冠、♛ 持っているフル王冠：★2つか♛でゲームに勝利",
    ]
    assert "  seat 2  ★  | 0:Monkey" in english  # seats counted from 1


def test_the_full_crown_is_marked_on_its_holder() -> None:
    layout = [[CROC], [LION, LION, LION, LION], [MONKEY]]
    state = load(layout, phase="over", active=1, half=[1, 1, 1], full=1, history=[0, 1, 2, 1])
    text = GAME.render(state, None, "en")
    assert "crowns left: 0 half (of 3), then 0 full" in text
    assert "  seat 2  ★♛ | 0:Lion" in text  # seats counted from 1
    assert "winner: seat 2" in text


def test_in_team_mode_the_crowns_win_for_the_team() -> None:
    state = load([[CROC], [MONKEY], [OCTO], [CRAB]], options={"team_mode": "on"})
    assert "2 ★ or the ♛ win the game for that player's team" in GAME.render(state, 0, "en")
    assert "★2つか♛でゲームに勝利（そのプレイヤーのチームの勝利）" in GAME.render(state, 0, "ja")


def test_the_winning_row_is_shown_until_the_next_rounds_first_move() -> None:
    """Seed: 「同じ動物カードを4枚隣接させて並べた場合」: after the reshuffle the row that won is
    still shown, with its alliance, until seat 1 draws."""
    state = load([[LION, LION, LION], [MONKEY]], [LION], [CROC])
    play(state, 0, "draw:A", "keep", "right")
    english, japanese = GAME.render(state, 1, "en"), GAME.render(state, 1, "ja")
    assert "round 1 won by seat 1: four in a row (4 adjacent cards of one animal" in english
    assert "    0:Lion  1:Lion  2:Lion  3:Lion" in english
    assert "ラウンド1の勝者：席1、同じ動物4枚の隣接" in japanese
    assert "    0:ライオン  1:ライオン  2:ライオン  3:ライオン" in japanese
    assert "round 1 won by you" in GAME.render(state, 0, "en")
    state.apply_text(1, "draw:A")
    assert "won by" not in GAME.render(state, 1, "en")


def test_the_winning_row_is_shown_at_the_games_end() -> None:
    """Seed: 「ハーフ王冠2つ」: seat 0's second half crown ends the game."""
    state = load([[LION, LION, LION], [MONKEY]], [LION], [CROC], half=[1, 0])
    play(state, 0, "draw:A", "keep", "right")
    text = GAME.render(state, None, "en")
    assert "round 2 won by seat 1: four in a row" in text and "winner: seat 1" in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_help_names_every_action_and_the_crowns(lang: str) -> None:
    text = GAME.game_help(lang)
    words = {A.text(action).split(":")[0] for action in range(A.SIZE)}
    for word in words:
        assert word in text, word
    for example in ("draw:A", "return:A", "name:lion", "card:S.I", "to:I", "bottom:A", "top:A"):
        assert example in text
    assert "★" in text and "♛" in text
    assert ("王冠" if lang == "ja" else "half crown") in text
