"""Monster Auction in words (koremon_auction): its events in English and Japanese as each seat
receives them, action labels with the warning that a bid could put the seat out (RULINGS §3:
won cards that cannot all be placed put a seat out), who won and why, the seats still in play and
the undo policy (bodoge.engine.match: own decisions of this turn, before anything is revealed and
before another seat decides)."""

from __future__ import annotations

import pytest

from bodoge.engine import Match, UndoRefused, visible_events
from bodoge.engine.events import redact
from bodoge.games.koremon import AUCTION

from .auction_positions import BOTTOM, auction

NAMES = ["Ann", "Bo", "Cy"]


def describe(event: dict, viewer: int | None, lang: str, names: list[str] | None = None) -> str:
    state = auction()
    return AUCTION.describe_event(state, redact(event, viewer), lang, viewer, names)


def test_a_bid_is_told_in_full_to_its_seat_and_as_written_to_the_others() -> None:
    """Seed 2.「メモ用紙に書き込みます」: the amount is the bidder's secret until the reveal."""
    event = {"type": "bid", "seat": 0, "private": {"monster": 3, "amount": 40}, "visible_to": [0]}
    assert describe(event, 0, "en") == "You bid 40 on monster 3"
    assert describe(event, 0, "ja") == "あなたが3番目のモンスターに40を入札した"
    assert describe(event, 1, "en") == "Seat 1 wrote a bid"
    assert describe(event, 1, "ja") == "席1が入札を書いた"
    assert describe(event, None, "en", NAMES) == "Ann wrote a bid"
    assert describe({"type": "sealed", "seat": 2}, 1, "ja", NAMES) == "Cyが入札を書き終えた"


def test_the_reveal_tells_where_each_monster_went() -> None:
    """Seed 3.: the single highest bid wins a monster, a tie discards it; RULINGS §3: a bid of 0
    wins nothing."""
    event = {
        "type": "reveal", "round": 2, "cards": ["dragon", "orc", "slime"],
        "bids": [[40, 20, 0], [10, 20, 0], []], "winners": [0, -1, -1], "money": [40, 70, 100],
    }  # fmt: skip
    assert describe(event, 0, "en") == (
        "The bids of round 2 are revealed: the Dragon to you for 40; "
        "the Orc discarded (a tie at 20); the Slime discarded (no bid)"
    )
    assert describe(event, 1, "ja", NAMES) == (
        "ラウンド2の入札を公開：ドラゴンはAnnが40で落札、オークは20の同額で捨て札、"
        "スライムは入札なしで捨て札"
    )


def test_round_out_and_place_events() -> None:
    round_event = {"type": "round", "round": 3, "cards": ["griffin", "mimic"]}
    assert describe(round_event, None, "en") == "Round 3: up for auction are Griffin, Mimic"
    assert (
        describe(round_event, None, "ja") == "ラウンド3：競りにかけられるのはグリフォン、ミミック"
    )
    out = {"type": "out", "seat": 1, "cards": ["dragon", "orc"]}
    assert describe(out, 1, "en") == (
        "You went out of the game, unable to place the cards won: Dragon, Orc"
    )
    assert (
        describe(out, 0, "ja")
        == "席2は落札したカード（ドラゴン、オーク）を置けず、ゲームから脱落した"
    )
    place = {"type": "place", "seat": 2, "card": "goblin", "slot": "5.3"}
    assert describe(place, 0, "en", NAMES) == "Cy placed the Goblin in row 5, slot 3"
    assert describe(place, 2, "ja") == "あなたがゴブリンを5段目の左から3番目に置いた"


def test_the_reveal_and_the_new_round_end_the_chance_to_undo() -> None:
    catalog = AUCTION.event_catalog
    assert catalog.reveals([{"type": "reveal"}]) and catalog.reveals([{"type": "round"}])
    sealed = [{"type": "bid", "seat": 0}, {"type": "sealed", "seat": 0}]
    assert not catalog.reveals(sealed)


def test_a_bid_label_names_the_monster_and_the_money_left() -> None:
    state = auction(round=2, money=[100, 60, 100], bids=[[], [10], []])
    bid = state.parse_action("bid:20")
    assert AUCTION.action_label(state, bid, "en", 1) == "Bid 20 on the Goblin (you have 30 left)"
    assert AUCTION.action_label(state, bid, "ja", 1) == "ゴブリンに20を入札（残り30）"


def test_a_bid_label_warns_when_winning_would_put_the_seat_out() -> None:
    """RULINGS §3: seat 0's bottom row already holds a Slime, so a won Slime could not be placed
    and would put it out; a bid of 0 cannot win, so it needs no warning."""
    state = auction(round=2, pyramids=[BOTTOM, {}, {}], money=[95, 100, 100])
    assert AUCTION.action_label(state, state.parse_action("bid:10"), "en", 0) == (
        "Bid 10 on the Slime (you have 85 left) — you could not place it: winning this puts you out"
        " of the game"
    )
    assert AUCTION.action_label(state, state.parse_action("bid:10"), "ja", 0) == (
        "スライムに10を入札（残り85）——置けないモンスター：落札するとゲームから脱落します"
    )
    assert AUCTION.action_label(state, 0, "en", 0) == "Bid 0 on the Slime (you have 95 left)"
    assert AUCTION.action_label(state, 10, "en", 1) == "Bid 10 on the Slime (you have 90 left)"


def test_a_new_player_is_warned_in_round_1_that_a_dragon_puts_them_out() -> None:
    """The collection pyramid's normal rules: a monster goes in its rank's row, on two cards
    below it, so an empty pyramid has no place for a rank-1 Dragon; winning one in round 1 puts
    the seat out (RULINGS §3). The label says so in words before the bid is sealed."""
    state = auction(table=["dragon", "slime", "orc", "goblin", "mimic", "bat"])
    assert AUCTION.action_label(state, 10, "en", 0) == (
        "Bid 10 on the Dragon (you have 90 left) — you could not place it: winning this puts you"
        " out of the game"
    )
    assert AUCTION.action_label(state, 10, "ja", 0) == (
        "ドラゴンに10を入札（残り90）——置けないモンスター：落札するとゲームから脱落します"
    )
    labels = {a["notation"]: a["label"] for a in Match.from_state(state).prompt(0)["actions"]}
    assert labels["bid:1"]["en"].endswith("winning this puts you out of the game")
    assert labels["bid:0"]["en"] == "Bid 0 on the Dragon (you have 100 left)"


def test_a_bid_label_warns_when_the_monster_would_not_fit_with_those_already_bid_on() -> None:
    """Only slot 4.1 is open for a rank-4 monster: the Harpy (bid 5) and the Orc cannot both be
    placed, so winning both puts seat 1 out; each alone could be."""
    state = auction(
        round=2,
        table=["harpy", "orc", "slime", "goblin", "mimic", "bat"],
        pyramids=[{}, {"5.1": "slime", "5.2": "goblin"}, {}],
        bids=[[], [5], []],
        money=[100, 98, 100],
        deck=["kobold", "dragon"],
    )
    assert AUCTION.action_label(state, 10, "en", 1) == (
        "Bid 10 on the Orc (you have 83 left) — you could not place it with the Harpy you bid on:"
        " winning them all puts you out of the game"
    )
    assert AUCTION.action_label(state, 10, "ja", 1) == (
        "オークに10を入札（残り83）——入札済みのハーピーと一緒には置けない："
        "全部落札するとゲームから脱落します"
    )


def test_the_prompt_labels_of_the_last_seat_bidding_carry_its_warning() -> None:
    """The prompt does not say for which seat it labels; with one seat pending it is that one."""
    state = auction(
        round=2, pyramids=[BOTTOM, {}, {}], bids=[[], [0] * 6, [0] * 6], money=[95, 100, 100]
    )
    labels = {a["notation"]: a["label"] for a in Match.from_state(state).prompt(0)["actions"]}
    assert labels["bid:95"]["en"].endswith("winning this puts you out of the game")
    assert labels["bid:0"] == {"en": "Bid 0 on the Slime (you have 95 left)",
                               "ja": "スライムに0を入札（残り95）"}  # fmt: skip


def test_without_a_seat_the_label_says_what_every_bidder_shares() -> None:
    assert AUCTION.action_label(auction(), 40, "en", None) == "Bid 40 on the Slime"
    split = auction(bids=[[5], [], []])
    assert AUCTION.action_label(split, 40, "en", None) == "Bid 40 on your next monster"
    assert AUCTION.action_label(split, 40, "ja", None) == "次のモンスターに40を入札"


def test_a_placement_label_names_the_card_and_the_slot() -> None:
    state = auction()
    action = state.parse_action("place:goblin@5.3")
    assert AUCTION.action_label(state, action, "en", None) == "Place the Goblin in row 5, slot 3"
    assert AUCTION.action_label(state, action, "ja", None) == "ゴブリンを5段目の左から3番目に置く"


def finished(**fields: object) -> object:
    data = {
        "round": 15, "phase": "over", "table": [], "deck": [], "bids": [[], [], []],
        "pyramids": [{"5.1": "slime", "5.2": "goblin"}, {"5.1": "kobold", "5.2": "bat"}, {}],
        "money": [30, 10, 0], "out": [0, 0, 3],
    }  # fmt: skip
    data.update(fields)
    return auction(**data)


def test_result_money_left_breaks_a_tie_on_points_and_cards() -> None:
    """Seed 4. and RULINGS §3: seats 0 and 1 have 2 points from 2 cards each; seat 0 kept more
    money; seat 2 went out in round 3 and ranks last."""
    state = finished()
    assert AUCTION.describe_result(state, "en", NAMES) == [
        "Winner: Ann",
        "Ann: 2 points (2 cards), 30 money left",
        "Bo: 2 points (2 cards), 10 money left",
        "Cy: out in round 3 (ranked last)",
        "Ann, Bo tied on 2 points: more money left decided it",
    ]
    assert AUCTION.describe_result(state, "ja", None) == [
        "勝者：席1",
        "席1：2点（2枚）、残金30",
        "席2：2点（2枚）、残金10",
        "席3：ラウンド3で脱落（順位は最後）",
        "席1、席2が2点で同点：残金の多さで決まった",
    ]


def test_result_cards_placed_break_a_tie_and_mimics_count_against() -> None:
    """RULINGS §3: 6 - rank per monster, -2 per Mimic; on equal points more cards wins."""
    pyramids = [
        {"5.1": "slime", "5.2": "goblin", "5.3": "mimic", "5.4": "bat"},  # 1+1-2+1 = 1
        {"5.1": "kobold"},
        {},
    ]
    state = finished(pyramids=pyramids, money=[0, 50, 0], out=[0, 0, 0])
    assert AUCTION.describe_result(state, "en", None)[:3] == [
        "Winner: seat 1",
        "seat 1: 1 point (4 cards, 1 Mimic (−2)), 0 money left",
        "seat 2: 1 point (1 card), 50 money left",
    ]
    assert (
        AUCTION.describe_result(state, "en", None)[-1]
        == "seat 1, seat 2 tied on 1 point: more cards placed decided it"
    )
    assert (
        AUCTION.describe_result(state, "ja", None)[1] == "席1：1点（4枚、ミミック1枚（−2））、残金0"
    )


def test_seats_in_play_are_those_not_out() -> None:
    """The terminal offers to skip to the end once no person's seat is among them."""
    assert auction(round=3, out=[0, 2, 0]).seats_in_play() == [0, 2]
    assert auction().seats_in_play() == [0, 1, 2]
    assert finished().seats_in_play() == []


def test_a_seat_may_take_back_a_bid_until_another_seat_bids() -> None:
    """Undo policy (bodoge.engine.match): seat 0's written amount may be taken back while it has
    not sealed all six and no other seat has decided since."""
    match = Match.from_state(auction())
    match.apply(0, "bid:40")
    assert match.can_undo(0) and not match.can_undo(1)
    match.undo(0)
    assert match.state.bids[0] == []
    match.apply(0, "bid:30")
    match.apply(1, "bid:5")
    assert not match.can_undo(0) and match.can_undo(1)
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_the_sixth_bid_seals_and_cannot_be_taken_back() -> None:
    match = Match.from_state(auction())
    for amount in (1, 2, 3, 4, 5):
        match.apply(0, f"bid:{amount}")
    assert match.can_undo(0)
    events = match.apply(0, "bid:6")
    assert not match.can_undo(0)
    assert visible_events(events, 1) == [{"type": "bid", "seat": 0}, {"type": "sealed", "seat": 0}]


def test_the_prompt_labels_bids_for_its_own_seat_while_all_bid_at_once() -> None:
    """Every seat bids at the same time: each prompt's bid words are that seat's own (its money
    left), which the match passes to the game."""
    from bodoge.engine import Match

    match = Match("koremon_auction", 3, seed=4)
    assert len(match.pending()) == 3
    match.apply(0, "bid:30")
    mine = match.prompt(0)["actions"][0]["label"]["en"]
    theirs = match.prompt(1)["actions"][0]["label"]["en"]
    assert "70 left" in mine and "100 left" in theirs
