"""The Koremon games' terminal text in Japanese (`render(seat, "ja")`): the same layout with the
Japanese title, card names and words; the action notations unchanged."""

from __future__ import annotations

import pytest

from bodoge.engine import State
from bodoge.engine.registry import spec_of
from bodoge.games.koremon.auction import AuctionState
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC, card_name, parse_card
from bodoge.games.koremon.common.render import card_label, pyramid_block, width
from bodoge.games.koremon.evolution import EvolutionState
from bodoge.games.koremon.hunt import HuntState
from bodoge.games.koremon.trick import TrickState

from .auction_positions import auction


def _play(state: State, steps: int, pick: int = -1) -> State:
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.pending()[0]
        state.apply(seat, state.legal_actions(seat)[pick])
    return state


def _check(state: State, seat: int, card: int) -> str:
    """The shared checks: Japanese title and `card`'s Japanese name, no English name, different
    from the English text, and the default language is English."""
    ja = spec_of(state).render(state, seat, "ja")
    assert state.info.title_ja in ja and state.info.title_en not in ja
    assert card_name(card, "ja") in ja and card_name(card) not in ja
    en = spec_of(state).render(state, seat, "en")
    assert ja != en and en == spec_of(state).render(state, seat, "en") and state.info.title_en in en
    assert "席" in ja and "seat" not in ja.lower()
    return ja


def test_auction_in_japanese() -> None:
    state = AuctionState.new(3, seed=5)
    ja = _check(state, 0, state.table[0])
    assert f"  1. {card_label(state.table[0], 'ja')}" in ja
    assert "席1：1番目のモンスターに入札してください（bid:0〜bid:100）" in ja
    for seat in range(3):  # seat 0 wins every card of the first reveal
        for _ in range(6):
            state.apply(seat, 0 if seat else 10)
    ja = _check(state, 0, state.last["table"][0])
    assert "ラウンド 2/15" in ja and "前回の公開：" in ja and "-> 席1" in ja


def test_hunt_in_japanese_with_a_pyramid() -> None:
    state = _play(HuntState.new(3, seed=7), 12)
    card = next(c for c in state.ring if c >= 0 and c != MIMIC)
    ja = _check(state, 0, card)
    assert "リング（> = ウィンハルト）：" in ja
    placed = [c for pyramid in state.pyramids for c in pyramid if c >= 0]
    assert placed and all(f"[{card_name(c, 'ja')}]" in ja for c in placed)


def test_trick_in_japanese() -> None:
    state = _play(TrickState.new(3, seed=9), 4)
    card = next(c for c in range(MIMIC) if state.hands[0][c])
    ja = _check(state, 0, card)
    assert "あなたの手札：" in ja and f"{card_name(card, 'ja')}（ランク" in ja
    assert "前のトリック：" in ja and "ディーラー：席" in ja


def test_evolution_in_japanese() -> None:
    state = _play(EvolutionState.new(3, seed=11), 5)
    ja = _check(state, 0, state.holds[0])
    assert f"  席1（あなた）：{card_name(state.holds[0], 'ja')}（ランク" in ja
    assert "中央のランク5：" in ja


@pytest.mark.parametrize("cls", [AuctionState, HuntState, TrickState, EvolutionState])
def test_every_screen_of_a_seeded_game_renders_in_both_languages(cls: type[State]) -> None:
    state = cls.new(4, seed=3)
    while True:
        for seat in (None, 0):
            assert spec_of(state).render(state, seat, "ja") != spec_of(state).render(
                state, seat, "en"
            )
        if state.is_over():
            break
        _play(state, 1, 0)
    if cls is not TrickState:  # Trick the Monster's last screen shows the final scores only
        assert "ゲーム終了" in spec_of(state).render(state, 0, "ja") or "勝利" in spec_of(
            state
        ).render(state, 0, "ja")
    assert spec_of(state).render(state, 0, "xx") == spec_of(state).render(state, 0, "en")


def test_japanese_card_names_on_screen_are_typeable() -> None:
    """A name shown in Japanese parses as that card, so `place:グリフォン@4.1` works too."""
    for card in range(MIMIC + 1):
        assert parse_card(card_name(card, "ja")) == card
    state = AuctionState.new(3, seed=5)
    assert state.parse_action(f"place:{card_name(0, 'ja')}@1.1") == state.parse_action(
        "place:dragon@1.1"
    )


def test_japanese_pyramid_rows_are_centred_in_terminal_columns() -> None:
    full: list[int] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
    lines = pyramid_block("席0", full, "ja").splitlines()
    assert lines[0] == f"席0 | {P.score(full)}点、15/15枚"
    rows = lines[1:]
    assert [width(row) - width(row.lstrip()) for row in rows] == sorted(
        (width(row) - width(row.lstrip()) for row in rows), reverse=True
    )
    assert "[ケンタウロス]" in rows[2] and "[ドラゴン]" in rows[0]


def test_auction_reveal_columns_line_up_in_the_terminal() -> None:
    """Bug fix: the bids after a reveal start in one terminal column however wide the names
    (a kana takes two columns), in English and in Japanese."""
    state = auction(table=["bat", "lizardman", "mimic", "slime", "goblin", "orc"])
    for seat, amounts in enumerate([[1, 2, 3, 0, 0, 0], [0] * 6, [1, 2, 3, 0, 0, 0]]):
        for amount in amounts:
            state.apply_text(seat, f"bid:{amount}")  # ties and zeros: nobody wins a card
    assert state.round == 2 and state.last["winners"] == [-1] * 6
    for lang, bid in (("en", "s1:"), ("ja", "席1:")):  # seats counted from 1
        rows = [line for line in spec_of(state).render(state, 0, lang).splitlines() if bid in line]
        assert len(rows) == 6
        assert len({width(row[: row.index(bid)]) for row in rows}) == 1
