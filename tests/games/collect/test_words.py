"""Collect! in words: events, action labels and results in English and Japanese.

The words are those of the game's own components (animals.toml, seed text 002: デッキ, 列,
ハーフ王冠, フル王冠, 同盟); a seat is "you" / "あなた" for the viewer, else its display name or
"seat N" / "席N" (bodoge.engine.events).
"""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine.errors import IllegalAction
from bodoge.games.collect import GAME
from bodoge.games.collect.rules import CollectState
from bodoge.games.collect.words import ordinal

from .helpers import CRAB, CROC, LION, MONKEY, OCTO, PARROT, load

STATE = load([[LION], [CRAB]])


def both(event: dict[str, Any], viewer: int | None = None, names: list[str] | None = None):
    return (
        GAME.describe_event(STATE, event, "en", viewer, names),
        GAME.describe_event(STATE, event, "ja", viewer, names),
    )


def test_a_draw_names_the_seat_the_deck_and_the_card() -> None:
    event = {"type": "draw", "seat": 2, "deck": "A", "card": "lion"}
    assert both(event) == (
        "Seat 3 turned up a lion from deck A",
        "席3がデッキAからライオンを公開した",
    )
    assert both(event, viewer=2) == (
        "You turned up a lion from deck A",
        "あなたがデッキAからライオンを公開した",
    )
    assert both(event, viewer=0, names=["Ann", "Bob", "Cy"]) == (
        "Cy turned up a lion from deck A",
        "CyがデッキAからライオンを公開した",
    )


def test_an_animal_takes_its_article_in_english() -> None:
    event = {"type": "keep", "seat": 0, "card": "octopus"}
    assert both(event) == ("Seat 1 kept an octopus", "席1がタコを獲得した")
    event = {"type": "keep", "seat": 0, "card": "hermit_crab"}
    assert both(event, viewer=0) == ("You kept a hermit crab", "あなたがヤドカリを獲得した")


def test_a_return_tells_both_cards_and_both_decks() -> None:
    event = {
        "type": "return", "seat": 1, "card": "parrot", "deck": "B", "took": "crab", "from": "A",
    }  # fmt: skip
    assert both(event) == (
        "Seat 2 put a parrot back face down on deck B and took a crab from deck A",
        "席2がオウムを裏向きでデッキBに戻し、デッキAの一番上のカニを獲得した",
    )


def test_a_play_names_the_end_of_the_row() -> None:
    event = {"type": "play", "seat": 0, "card": "monkey", "side": "right"}
    assert both(event, viewer=0) == (
        "You played a monkey at the right end of the row",
        "あなたがサルを列の右端にプレイした",
    )


def test_the_parrot_reveal_says_match_or_miss() -> None:
    """Seed: the named animal or a chameleon must be played, anything else goes back."""
    hit = {"type": "reveal", "seat": 1, "deck": "B", "card": "chameleon", "match": True}
    assert both(hit) == (
        "Seat 2 revealed a chameleon from deck B: it matches and must be played",
        "席2がデッキBの一番上を公開した：カメレオンは宣言どおりなのでプレイする",
    )
    miss = {**hit, "card": "lion", "match": False}
    assert both(miss) == (
        "Seat 2 revealed a lion from deck B: no match",
        "席2がデッキBの一番上を公開した：ライオンは宣言と違う",
    )
    named = {"type": "name", "seat": 1, "animal": "octopus"}
    assert both(named, viewer=1) == (
        "You used the parrot, calling for an octopus",
        "あなたがオウムの能力でタコを宣言した",
    )


def test_a_row_card_is_told_from_the_viewer_side() -> None:
    """The crocodile's target [seat, index] (0 = leftmost) is "your", "their own" (the acting
    seat's own row), or the owner's name; in Japanese 自分の for the acting seat's own row."""
    event = {"type": "crocodile", "seat": 0, "target": [1, 3], "card": "lion", "deck": "A"}
    assert both(event) == (
        "Seat 1 used the crocodile on seat 2's 4th card, a lion, and put it on the bottom of "
        "deck A",
        "席1がクロコダイルの能力で席2の4枚目のライオンをデッキAの一番下に置いた",
    )
    assert both(event, viewer=1) == (
        "Seat 1 used the crocodile on your 4th card, a lion, and put it on the bottom of deck A",
        "席1がクロコダイルの能力であなたの4枚目のライオンをデッキAの一番下に置いた",
    )
    assert both(event, viewer=0, names=["Ann", "Bob"]) == (
        "You used the crocodile on Bob's 4th card, a lion, and put it on the bottom of deck A",
        "あなたがクロコダイルの能力でBobの4枚目のライオンをデッキAの一番下に置いた",
    )
    own = {"type": "crab", "seat": 2, "target": [2, 0], "card": "octopus", "to": 2}
    assert both(own, viewer=0) == (
        "Seat 3 used the crab on their own 1st card, an octopus, and moved it to 3rd place "
        "from the left",
        "席3がカニの能力で自分の1枚目のタコを左から3枚目に動かした",
    )
    assert both(own, viewer=2) == (
        "You used the crab on your 1st card, an octopus, and moved it to 3rd place from the left",
        "あなたがカニの能力で自分の1枚目のタコを左から3枚目に動かした",
    )
    swap = {"type": "monkey", "seat": 1, "target": [0, 11], "card": "crab"}
    assert both(swap, names=["Ann", "Bob"]) == (
        "Bob swapped the monkey with Ann's 12th card, a crab",
        "Bobがサルの能力でAnnの12枚目のカニと入れ替えた",
    )


def test_chameleons_split_and_round_events() -> None:
    chameleons = {"type": "chameleons", "row": 1}
    assert both(chameleons, viewer=1) == (
        "Two chameleons met in your row: both leave it",
        "あなたの列にカメレオンが2枚そろった：両方とも列を離れる",
    )
    assert both(chameleons, names=["Ann", "Bob"]) == (
        "Two chameleons met in Bob's row: both leave it",
        "Bobの列にカメレオンが2枚そろった：両方とも列を離れる",
    )
    split = {"type": "split", "from": "B", "to": "A", "count": 7}
    assert both(split) == (
        "Deck A was empty: the bottom 7 cards of deck B became the new deck A",
        "デッキAがなくなった：デッキBの下から7枚が新しいデッキAになった",
    )
    start = {"type": "round", "number": 2, "start": 1}
    assert both(start, viewer=1) == (
        "Round 2 began with the cards shuffled; first to play: you",
        "ラウンド2開始（カードをシャッフル）：最初の手番はあなた",
    )


def test_alliance_crown_and_game_over() -> None:
    alliance = {"type": "alliance", "seat": 0, "kind": "lion"}
    assert both(alliance) == (
        "Seat 1 formed an alliance: the lion alliance (7 different kinds)",
        "席1が同盟を結成した：ライオンの同盟（7種類）",
    )
    crown = {"type": "crown", "seat": 0, "crown": "full"}
    assert both(crown, viewer=0) == (
        "You won the round and took the full crown",
        "あなたがラウンドに勝利し、フル王冠を獲得した",
    )
    half = {"type": "crown", "seat": 1, "crown": "half"}
    assert both(half) == (
        "Seat 2 won the round and took a half crown",
        "席2がラウンドに勝利し、ハーフ王冠を獲得した",
    )
    over = {"type": "game_over", "winners": [0, 2], "result": {}}
    assert both(over, viewer=2, names=["Ann", "Bob", "Cy", "Dan"]) == (
        "The game is over: Ann, you won",
        "ゲーム終了：Ann、あなたの勝ち",
    )


def test_only_deck_cards_turned_up_are_marked_as_revealing() -> None:
    """A card drawn or revealed from a deck was hidden from everyone (RULINGS §1, Knowledge): it
    ends the chance to undo; nothing else in Collect! is hidden."""
    catalog = GAME.event_catalog
    revealing = {name for name, known in catalog.types.items() if known.reveals}
    assert revealing == {"draw", "return", "reveal"}


@pytest.mark.parametrize(
    ("number", "text"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
     (21, "21st"), (22, "22nd"), (63, "63rd"), (64, "64th")],
)  # fmt: skip
def test_ordinals(number: int, text: str) -> None:
    assert ordinal(number) == text


def labels(state: CollectState, seat: int, lang: str) -> dict[str, str]:
    return {
        state.action_text(a): GAME.action_label(state, a, lang, None)
        for a in state.legal_actions(seat)
    }


def test_crocodile_choices_name_each_card_by_seat_and_place() -> None:
    """RULINGS §1: the crocodile may take any card of any row but itself (here the right end of
    seat 0's row); `card:S.I` counts S and I from 0, the label from the 1st ("seat 2's 1st card" is
    card:1.0)."""
    state = load([[LION, CROC], [CRAB, MONKEY, LION, OCTO]], phase="ability", placed=1)
    assert labels(state, 0, "en") == {
        "pass": "Do not use the crocodile's ability",
        "card:0.0": "Crocodile: send your 1st card (lion) to the bottom of a deck",
        "card:1.0": "Crocodile: send seat 2's 1st card (crab) to the bottom of a deck",
        "card:1.1": "Crocodile: send seat 2's 2nd card (monkey) to the bottom of a deck",
        "card:1.2": "Crocodile: send seat 2's 3rd card (lion) to the bottom of a deck",
        "card:1.3": "Crocodile: send seat 2's 4th card (octopus) to the bottom of a deck",
    }
    assert labels(state, 0, "ja") == {
        "pass": "クロコダイルの能力を使わない",
        "card:0.0": "クロコダイル：あなたの1枚目（ライオン）をデッキの一番下へ",
        "card:1.0": "クロコダイル：席2の1枚目（カニ）をデッキの一番下へ",
        "card:1.1": "クロコダイル：席2の2枚目（サル）をデッキの一番下へ",
        "card:1.2": "クロコダイル：席2の3枚目（ライオン）をデッキの一番下へ",
        "card:1.3": "クロコダイル：席2の4枚目（タコ）をデッキの一番下へ",
    }
    state.apply_text(0, "card:1.3")
    assert labels(state, 0, "en")["bottom:B"] == (
        "Put seat 2's 4th card (octopus) on the bottom of deck B"
    )
    assert labels(state, 0, "ja")["bottom:B"] == "席2の4枚目（タコ）をデッキBの一番下に置く"


def test_draw_and_keep_labels_count_the_decks_and_show_a_known_top() -> None:
    """RULINGS §1, Knowledge: a card that has been face up ("*") is public where it lies, so the
    label may name it; an unseen top card is not named. 62 cards are left for the decks; the
    helper puts 30 under A's known crab and 30 under B's unseen octopus."""
    state = load([[LION], [CRAB]], ["crab*"], [OCTO])
    assert labels(state, 0, "en") == {
        "draw:A": "Draw from deck A (31 cards, top: crab)",
        "draw:B": "Draw from deck B (31 cards)",
    }
    assert labels(state, 0, "ja") == {
        "draw:A": "デッキAから引く（31枚、一番上：カニ）",
        "draw:B": "デッキBから引く（31枚）",
    }
    state.apply_text(0, "draw:B")
    assert labels(state, 0, "en") == {
        "keep": "Keep the octopus",
        "return:A": "Return the octopus to deck A and take the top card of deck B (30 cards)",
        "return:B": "Return the octopus to deck B and take the top card of deck A "
        "(31 cards, top: crab)",
    }
    assert labels(state, 0, "ja") == {
        "keep": "タコを獲得する",
        "return:A": "タコをデッキAに戻し、デッキB（30枚）の一番上を獲得する",
        "return:B": "タコをデッキBに戻し、デッキA（31枚、一番上：カニ）の一番上を獲得する",
    }
    state.apply_text(0, "keep")
    assert labels(state, 0, "en") == {
        "left": "Play the octopus at the left end of your row",
        "right": "Play the octopus at the right end of your row",
    }
    assert labels(state, 0, "ja")["right"] == "タコを列の右端にプレイする"


def test_hidden_known_cards_keep_the_top_unnamed() -> None:
    """Option known_cards=hidden: players must remember face-up cards, so labels do not tell."""
    state = load([[LION], [CRAB]], ["crab*"], [OCTO], options={"known_cards": "hidden"})
    assert labels(state, 0, "en")["draw:A"] == "Draw from deck A (31 cards)"


def test_crab_destinations_say_between_which_cards() -> None:
    """RULINGS §1: the crab moves a card to any other position in the same row."""
    state = load([[LION, OCTO, CRAB], [CRAB, MONKEY, LION, PARROT]], phase="crab_to", target=[1, 1])
    assert labels(state, 0, "en") == {
        "to:0": "Crab: move seat 2's monkey to 1st place from the left (left end)",
        "to:2": "Crab: move seat 2's monkey to 3rd place from the left (between lion and parrot)",
        "to:3": "Crab: move seat 2's monkey to 4th place from the left (right end)",
    }
    assert labels(state, 0, "ja") == {
        "to:0": "カニ：席2のサルを左から1枚目へ動かす（左端）",
        "to:2": "カニ：席2のサルを左から3枚目へ動かす（ライオンとオウムの間）",
        "to:3": "カニ：席2のサルを左から4枚目へ動かす（右端）",
    }


def test_an_action_outside_the_space_has_no_label() -> None:
    with pytest.raises(IllegalAction, match=r"outside Collect!'s 0\.\.342"):
        GAME.action_label(STATE, 343, "en", None)


def test_parrot_and_hermit_crab_labels() -> None:
    """61 cards are left for the decks: 30 in A, 31 in B."""
    state = load([[CRAB, PARROT], [LION]], phase="ability", placed=1)
    assert labels(state, 0, "en")["name:octopus"] == "Parrot: name the octopus"
    assert labels(state, 0, "ja")["name:hermit_crab"] == "オウム：ヤドカリを宣言する"
    state.apply_text(0, "name:lion")
    assert labels(state, 0, "en")["reveal:A"] == "Parrot: reveal the top card of deck A (30 cards)"
    assert labels(state, 0, "ja")["reveal:B"] == "オウム：デッキB（31枚）の一番上を公開する"
    hermit = load([[CRAB, "hermit_crab"], [LION]], phase="ability", placed=1)
    assert labels(hermit, 0, "en") == {
        "pass": "Do not use the hermit crab's ability",
        "use": "Hermit crab: take another turn",
    }
    assert labels(hermit, 0, "ja")["use"] == "ヤドカリ：もう一度ターンを行う"


def test_result_of_a_game_won_with_two_half_crowns() -> None:
    """RULINGS §1: a seat with 2 half crowns wins; seat 0 won rounds 1 and 3 (the last with four
    lions), seat 1 round 2."""
    lions = [LION, LION, LION, LION]
    state = load([lions, [CRAB], [OCTO]], phase="over", half=[2, 1, 0], history=[0, 1, 0])
    assert GAME.describe_result(state, "en", ["you", "Bob", "Cy"]) == [
        "You won the game with two half crowns",
        "Round 3 went to you with four in a row (4 adjacent cards of one animal, the chameleon "
        "wild)",
        "The others: Bob held one half crown, Cy held no crown",
    ]
    assert GAME.describe_result(state, "ja", None) == [
        "席1がハーフ王冠2つでゲームに勝利した",
        "ラウンド3は席1が同じ動物4枚の隣接（カメレオンはワイルド）で勝利した",
        "ほかの席：席2はハーフ王冠1つ、席3は王冠なし",
    ]


def test_result_of_a_team_game_won_with_the_full_crown() -> None:
    """RULINGS §1: the fourth round winner takes the full crown and wins for the team (seats
    0+2); crowns stay per seat."""
    layout = [[MONKEY], [CRAB], [LION, LION, LION, LION], [OCTO]]
    state = load(
        layout, phase="over", active=2, half=[1, 1, 0, 1], full=2, history=[0, 1, 3, 2],
        options={"team_mode": "on"},
    )  # fmt: skip
    assert GAME.describe_result(state, "en", None) == [
        "Team A (seat 1 and seat 3) won the game: seat 3 held the full crown",
        "Round 4 went to seat 3 with four in a row (4 adjacent cards of one animal, the chameleon "
        "wild)",
        "The others: seat 1 held one half crown, seat 2 held one half crown, seat 4 held one "
        "half crown",
    ]
    assert GAME.describe_result(state, "ja", ["Ann", "あなた", "Cy", "Dan"]) == [
        "チームA（AnnとCy）がゲームに勝利した：Cyがフル王冠を獲得",
        "ラウンド4はCyが同じ動物4枚の隣接（カメレオンはワイルド）で勝利した",
        "ほかの席：Annはハーフ王冠1つ、あなたはハーフ王冠1つ、Danはハーフ王冠1つ",
    ]


def test_full_crown_with_a_half_crown_and_no_result_before_the_end() -> None:
    layout = [[LION, LION, LION, LION], [CRAB], [OCTO]]
    state = load(layout, phase="over", half=[1, 1, 1], full=0, history=[0, 1, 2, 0])
    assert GAME.describe_result(state, "en", None)[0] == (
        "Seat 1 won the game with the full crown and one half crown"
    )
    assert (
        GAME.describe_result(state, "ja", None)[0]
        == "席1がフル王冠とハーフ王冠1つでゲームに勝利した"
    )
    assert GAME.describe_result(load([[CROC], [CRAB]]), "en", None) == []
