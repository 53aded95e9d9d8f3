"""Trick the Monster in words (koremon_trick): plays, tricks, deals and hands in English and
Japanese (a dealt hand as its seat and as the others receive it), action labels, the points per
game, and that a played card cannot be taken back (it is shown, and the turn passes)."""

from __future__ import annotations

import pytest

from bodoge.engine import Match, UndoRefused
from bodoge.engine.events import redact
from bodoge.games.koremon import TRICK
from bodoge.games.koremon.trick.rules import TrickState

from .test_trick import position

NAMES = ["Ann", "Bo", "Cy"]


def state4() -> TrickState:
    return position(
        [["mimic", "mimic"], ["golem", "dragon"], ["mimic", "bat"], ["slime", "orc"]], rest_to=3
    )


def describe(event: dict, viewer: int | None, lang: str, names: list[str] | None = None) -> str:
    return TRICK.describe_event(state4(), redact(event, viewer), lang, viewer, names)


def test_the_three_kinds_of_play() -> None:
    """Seed 3: a monster, a Mimic as a monster in the trick, a led Mimic (RULINGS §3: face up,
    -10)."""
    play = {"type": "play", "seat": 1, "card": "orc"}
    assert describe(play, 0, "en") == "Seat 2 played an Orc"
    assert describe({**play, "card": "golem"}, 1, "en") == "You played a Golem"
    assert describe(play, 1, "ja") == "あなたがオークを出した"
    named = {"type": "play_mimic", "seat": 2, "as": "golem"}
    assert describe(named, 0, "en", NAMES) == "Cy played a Mimic as the Golem"
    assert describe(named, 2, "ja") == "あなたがミミックをゴーレムとして出した"
    led = {"type": "lead_mimic", "seat": 0}
    assert describe(led, 1, "en") == "Seat 1 led a Mimic: taken face up at once, −10"
    assert describe(led, 0, "ja") == "あなたがミミックをリードした：すぐ表向きで引き取り、−10点"


def test_a_trick_says_who_took_it_by_which_rule() -> None:
    """Seed 4's three rules, in order; only led Mimics: nobody takes it (RULINGS §3)."""
    assert describe({"type": "trick", "winner": 2, "rule": 1}, 2, "en") == (
        "You took the trick: the most cards of one species"
    )
    assert describe({"type": "trick", "winner": 0, "rule": 2}, 1, "ja", NAMES) == (
        "Annがトリックを獲得した：最も枚数が多いランク"
    )
    assert describe({"type": "trick", "winner": 1, "rule": 3}, None, "en") == (
        "Seat 2 took the trick: the smallest rank number"
    )
    assert describe({"type": "trick", "winner": None, "rule": None}, None, "ja") == (
        "誰もトリックを獲得しない：リードされたのはミミックだけ"
    )


def test_game_end_deal_and_the_hand_as_each_seat_receives_it() -> None:
    """Three players play two games (seed 2); each seat sees only its own new hand."""
    end = {"type": "game_end", "game": 1, "scores": [12, -3, 0]}
    assert (
        describe(end, 1, "en") == "Game 1 is over: seat 1 scored 12, you scored −3, seat 3 scored 0"
    )
    assert describe(end, None, "ja", NAMES) == "ゲーム1終了：Ann 12点、Bo −3点、Cy 0点"
    deal = {"type": "deal", "game": 2, "dealer": 2}
    assert describe(deal, 2, "en") == "Game 2 is dealt by you"
    assert describe(deal, 0, "ja") == "席3がゲーム2の札を配った"
    hand = {
        "type": "hand", "seat": 0, "count": 4,
        "private": {"hand": ["dragon", "dragon", "orc", "mimic"]}, "visible_to": [0],
    }  # fmt: skip
    assert describe(hand, 0, "en") == "You got 4 cards: Dragon ×2, Orc, Mimic"
    assert describe(hand, 0, "ja") == "あなたに4枚の手札：ドラゴン ×2、オーク、ミミック"
    assert describe(hand, 1, "en") == "Seat 1 got 4 cards"
    assert describe(hand, None, "ja", NAMES) == "Annに4枚の手札が配られた"


def test_plays_and_hands_end_the_chance_to_undo() -> None:
    catalog = TRICK.event_catalog
    for kind in ("play", "play_mimic", "lead_mimic", "hand"):
        assert catalog.reveals([{"type": kind}])
    assert not catalog.reveals([{"type": "trick"}, {"type": "game_end"}])


def test_labels() -> None:
    state = state4()
    assert TRICK.action_label(state, state.parse_action("play:orc"), "en", None) == "Play an Orc"
    assert (
        TRICK.action_label(state, state.parse_action("play:dragon"), "ja", None) == "ドラゴンを出す"
    )
    named = state.parse_action("play:mimic=orc")
    assert TRICK.action_label(state, named, "en", None) == "Play a Mimic naming the Orc"
    assert TRICK.action_label(state, named, "ja", None) == "ミミックをオークとして出す"
    led = state.parse_action("play:mimic")
    assert TRICK.action_label(state, led, "en", None) == "Lead a Mimic (taken face up at once, −10)"
    assert (
        TRICK.action_label(state, led, "ja", None)
        == "ミミックをリードする（すぐ表向きで引き取り、−10点）"
    )


def test_a_played_card_cannot_be_taken_back() -> None:
    match = Match.from_state(state4())
    match.apply(0, "play:mimic")
    assert not match.can_undo(0)
    with pytest.raises(UndoRefused):
        match.undo(0)


RANK5 = ["orc", "slime", "goblin", "kobold", "bat", "skeleton"]
GAME1 = [
    ["mimic"] * 5,  # -10
    ["dragon"] * 2 + ["golem"] * 3,  # 16 + 6
    [k for k in RANK5 for _ in range(3)] + ["harpy"],  # 3 + 1, and a face-up Mimic -10
]


def two_games(game2: list[list[str]]) -> TrickState:
    return TrickState.from_json(
        {
            "game": "koremon_trick", "players": 3, "dealer": 0, "game_number": 2, "leader": 0,
            "hands": [[], [], []], "reserve": [], "trick": [], "won": [GAME1, game2],
            "face_up": [[0, 0, 1], [0, 0, 0]], "ply": 60,
        }
    )  # fmt: skip


def test_result_sums_the_two_games_of_three_players() -> None:
    """Seed 6「３人の場合は、２ゲームを行って得点合計の１番多い人の勝ち」: game 1 scores -10, 22,
    -6 (seat 2 with a face-up Mimic); game 2 scores 32, 12, -10 (the position of
    test_trick.test_three_player_result_is_the_sum_of_both_games)."""
    state = two_games(
        [
            ["dragon"] + ["griffin"] * 3 + ["vampire"] * 3,  # 8 + 24
            ["centaur"] * 3 + ["mermaid"] * 3,  # 12
            ["harpy"] * 2 + ["lizardman"] * 3 + ["werewolf"] * 3 + ["mimic"] * 9,  # 8 - 18
        ]
    )
    assert TRICK.describe_result(state, "en", NAMES) == [
        "Winner: Bo",
        "Ann: 22 points (game 1: −10; game 2: 32)",
        "Bo: 34 points (game 1: 22; game 2: 12)",
        "Cy: −16 points (game 1: −6; game 2: −10; 1 face-up Mimic −10)",
    ]
    assert TRICK.describe_result(state, "ja", None)[0] == "勝者：席2"
    assert TRICK.describe_result(state, "ja", None)[3] == (
        "席3：−16点（ゲーム1：−6、ゲーム2：−10、表向きのミミック1枚 −10）"
    )


def test_result_of_a_shared_win() -> None:
    """Seed 6: the most points wins; seats 0 and 1 both have 22 after two games and share it."""
    state = two_games(
        [
            ["dragon"] + ["griffin"] * 3 + ["vampire"] * 3,  # 32
            [],
            ["centaur"] * 3 + ["mermaid"] * 3 + ["harpy"] * 2 + ["lizardman"] * 3
            + ["werewolf"] * 3 + ["mimic"] * 9,  # 12 + 8 - 18
        ]
    )  # fmt: skip
    assert TRICK.describe_result(state, "en", None) == [
        "Winners (shared): seat 1, seat 2",
        "seat 1: 22 points (game 1: −10; game 2: 32)",
        "seat 2: 22 points (game 1: 22; game 2: 0)",
        "seat 3: −4 points (game 1: −6; game 2: 2; 1 face-up Mimic −10)",
        "They tied on points: the win is shared",
    ]
    assert TRICK.describe_result(state, "ja", None)[0] == "勝者：席1、席2（同点で分け合い）"
    assert TRICK.describe_result(state, "ja", None)[-1] == "同点で勝ちを分け合う"
