"""The terminal rendering of Collect! in English and Japanese."""

from bodoge.games.collect.animals import ANIMALS
from bodoge.games.collect.render import pad
from bodoge.games.collect.state import CollectState


def test_render_in_both_languages() -> None:
    state = CollectState.new(2, None, 5)
    seat = state.pending()[0]
    state.apply_text(seat, "draw:A")
    english, japanese = state.render(seat), state.render(seat, "ja")
    card = state.held
    assert english.startswith("Collect!  round 1") and f"face up: {ANIMALS[card].en}" in english
    assert (
        japanese.startswith("コレクト！  ラウンド 1") and f"公開中：{ANIMALS[card].ja}" in japanese
    )
    assert "あなた" in japanese and "you" in english


def test_unknown_language_falls_back_to_english() -> None:
    assert CollectState.new(2, None, 5).render(0, "fr").startswith("Collect!")


def test_padding_counts_japanese_characters_as_two_columns() -> None:
    assert pad("席1", 7) == "席1    "
    assert pad("seat 1", 7) == "seat 1 "
