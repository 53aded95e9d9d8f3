"""Hunt the Monster! in words (koremon_hunt): its events in English and Japanese, action labels,
who won and why, and that no roll can be taken back (bodoge.engine.match: chance closes the
turn)."""

from __future__ import annotations

import pytest

from bodoge.engine import Match, UndoRefused
from bodoge.games.koremon import HUNT

from .hunt_positions import ALMOST_FULL, BOTTOM, hunt

NAMES = ["Ann", "Bo", "Cy"]


def describe(event: dict, viewer: int | None, lang: str, names: list[str] | None = None) -> str:
    return HUNT.describe_event(hunt(), event, lang, viewer, names)


def test_roll_leave_place_and_refill() -> None:
    """Seed 2.: Winhart moves by the die and the seat takes the card, or leaves it."""
    roll = {"type": "roll", "seat": 0, "die": 3, "position": 4, "card": "kobold"}
    assert describe(roll, 0, "en") == "You rolled a 3: Winhart lands on the Kobold (position 4)"
    assert (
        describe(roll, 1, "ja", NAMES)
        == "Annがダイスで3を出した：ウィンハルトがコボルト（4番）に止まる"
    )
    leave = {"type": "leave", "seat": 2, "card": "dragon"}
    assert describe(leave, 0, "en") == "Seat 3 could not place the Dragon: it stays in the ring"
    assert describe(leave, 2, "ja") == "あなたはドラゴンを置けない：カードはリングに残る"
    place = {"type": "place", "seat": 1, "card": "mimic", "slot": "4.2"}
    assert describe(place, None, "en", NAMES) == "Bo placed the Mimic in row 4, slot 2"
    assert describe(place, 1, "ja") == "あなたがミミックを4段目の左から2番目に置いた"
    refill = {"type": "refill", "position": 4, "card": "orc"}
    assert describe(refill, None, "en") == "The Orc is turned up at position 4"
    assert describe(refill, None, "ja") == "4番にオークがめくられた"


def test_renew_and_end() -> None:
    """bodoge's dead_ring ruling (RULINGS §3); a ring position the deck could not refill is —."""
    renew = {
        "type": "renew", "discarded": ["dragon", "griffin"],
        "ring": ["orc", None, None, None, None, None],
    }  # fmt: skip
    assert describe(renew, None, "en") == (
        "Nobody can place any card of the ring: Dragon, Griffin are discarded; "
        "the new ring is Orc, —, —, —, —, —"
    )
    assert describe(renew, None, "ja") == (
        "リングのカードを誰も置けない：ドラゴン、グリフォンを捨て札にし、新しいリングはオーク、—、—、—、—、—"
    )
    assert (
        describe({"type": "end", "reason": "deck"}, None, "en")
        == "The hunt is over: the deck ran out"
    )
    assert (
        describe({"type": "end", "reason": "full"}, 0, "ja") == "ハント終了：ピラミッドが完成した"
    )
    assert describe({"type": "end", "reason": "dead"}, 0, "en") == (
        "The hunt is over: nobody can place any card of the ring"
    )


def test_cards_turned_up_end_the_chance_to_undo() -> None:
    catalog = HUNT.event_catalog
    assert catalog.reveals([{"type": "refill"}]) and catalog.reveals([{"type": "renew"}])
    assert not catalog.reveals([{"type": "roll"}, {"type": "leave"}])


def test_labels_say_where_winhart_stands_and_what_goes_where() -> None:
    state = hunt()
    assert (
        HUNT.action_label(state, 0, "en", None)
        == "Roll the die and move Winhart (now on the Slime, position 1)"
    )
    assert (
        HUNT.action_label(state, 0, "ja", None)
        == "ダイスを振ってウィンハルトを進める（今は1番のスライムの上）"
    )
    taking = hunt(phase="place", piece=4)
    place = taking.parse_action("place:5.2")
    assert HUNT.action_label(taking, place, "en", None) == "Place the Kobold in row 5, slot 2"
    assert HUNT.action_label(taking, place, "ja", None) == "コボルトを5段目の左から2番目に置く"


def test_a_roll_cannot_be_undone() -> None:
    """The die is chance: the roll closes the turn, even when the seat must still place."""
    match = Match.from_state(hunt(dice=(3,)))
    match.apply(0, "roll")
    assert match.pending() == [0] and not match.can_undo(0)
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_result_full_pyramid_bonus_and_the_reason_the_hunt_ended() -> None:
    """Seed 4.: a full pyramid ends the game; RULINGS §3: 6 - rank per monster, +5 when full."""
    full = {**ALMOST_FULL, "1.1": "dragon"}
    state = hunt(
        pyramids=[full, BOTTOM, {"5.1": "mimic"}], phase="over", end="full",
        ring=["slime", "goblin", "dragon", "kobold", "mimic", "griffin"],
        deck=["orc", "bat", "mimic"],
    )  # fmt: skip
    assert HUNT.describe_result(state, "en", NAMES) == [
        "Winner: Ann",
        "The hunt ended: a pyramid is full",
        "Ann: 40 points (15 cards, full pyramid +5)",
        "Bo: 5 points (5 cards)",
        "Cy: −2 points (1 card, 1 Mimic (−2))",
    ]
    assert HUNT.describe_result(state, "ja", None)[:3] == [
        "勝者：席1",
        "ハント終了の理由：ピラミッドが完成した",
        "席1：40点（15枚、ピラミッド完成 +5）",
    ]


def test_result_more_cards_break_a_tie() -> None:
    """RULINGS §3: on equal points the seat with more cards placed wins."""
    four = {"5.1": "slime", "5.2": "goblin", "5.3": "mimic", "5.4": "bat"}  # 1 + 1 - 2 + 1
    state = hunt(
        pyramids=[four, {"5.1": "kobold"}, {"5.1": "skeleton", "5.2": "mimic"}],
        phase="over", end="deck", ring=["slime", "goblin", "dragon", None, "mimic", "griffin"],
        deck=[], rest="discard", piece=4,
    )  # fmt: skip
    lines = HUNT.describe_result(state, "en", None)
    assert lines[0] == "Winner: seat 1" and lines[1] == "The hunt ended: the deck ran out"
    assert lines[-1] == "seat 1, seat 2 tied on 1 point: more cards placed decided it"
    assert (
        HUNT.describe_result(state, "ja", None)[-1]
        == "席1、席2が1点で同点：置いたカードの多さで決まった"
    )
