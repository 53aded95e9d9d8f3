"""Monster Auction (koremon_auction): seed text 000 バリアント１ and RULINGS §3 "Monster Auction".

Each scenario builds a hand-written state (State.from_json) and checks the exact outcome."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bodoge.engine import IllegalAction, InvalidState, Rng, WrongSeat, get_game, visible_events
from bodoge.games.koremon import AUCTION as AUCTION_GAME
from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.common.cards import card_key, card_name, full_deck, parse_card

from .auction_positions import BOTTOM, NEXT, auction

AUCTION = get_game("koremon_auction")


def bid(state: AuctionState, seat: int, *amounts: int) -> list[dict[str, Any]]:
    events = []
    for amount in amounts:
        events += state.apply_text(seat, f"bid:{amount}")
    return events


def test_setup_money_and_first_six_cards() -> None:
    """Seed 1.「各プレイヤーは１００のお金を持っています」; 2.「各ラウンドの最初に山札の上から６枚の
    カードを表に向け」; every seat bids at once (sealed, simultaneous)."""
    state = AUCTION.new(4, seed=5)
    data = state.to_json()
    assert data["money"] == [100] * 4 and data["round"] == 1
    deck = data["deck"] + data["deck_unordered"]  # shuffled lazily, as cards are drawn
    assert len(data["table"]) == 6 and len(deck) == 84
    assert sorted(deck + data["table"]) == sorted(card_key(c) for c in full_deck())
    assert state.view(0)["deck_count"] == 84 and "deck" not in state.view(0)
    assert state.pending() == [0, 1, 2, 3]
    assert state.legal_texts(2)[0] == "bid:0" and state.legal_texts(2)[-1] == "bid:100"


def test_unordered_deck_part_is_drawn_at_random() -> None:
    """Seed 1.「良くシャッフルして山札とします」: the deck's unordered bottom part is drawn in a
    random order (the shuffle done lazily), each card equally likely first: round 14 leaves the
    last six cards in the deck, not yet in any order, for round 15."""
    firsts = set()
    for rng in range(60):
        state = auction(
            round=14,
            deck=[],
            rng=rng,
            deck_unordered=["orc", "bat", "golem", "harpy", "mimic", "kobold"],
        )
        for seat in range(3):
            bid(state, seat, *[0] * 6)
        table = state.to_json()["table"]
        assert sorted(table) == ["bat", "golem", "harpy", "kobold", "mimic", "orc"]
        firsts.add(table[0])
    assert len(firsts) == 6


def test_bid_amounts_bounded_by_money_left() -> None:
    """Seed 2.「使った金額は、総額から引いておきます。持ち金は、０未満にはなりません」: a seat
    writes one amount per monster in table order, each at most what its money leaves."""
    state = auction(round=2, money=[100, 30, 100])
    bid(state, 1, 25)
    assert state.legal_texts(1) == [f"bid:{n}" for n in range(6)]
    bid(state, 1, 5)
    assert state.legal_texts(1) == ["bid:0"]
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply_text(1, "bid:1")
    with pytest.raises(IllegalAction, match="no action"):
        state.apply_text(0, "bid:101")


def test_bids_are_sealed_until_every_seat_has_bid() -> None:
    """Seed 3.「全員が書き終わったら、メモを公開します」: a written amount is private to its seat
    (view and events) and nothing is revealed while any seat is still bidding."""
    state = auction()
    events = bid(state, 0, 40, 0, 0, 0, 0, 10)
    # the others learn that seat 0 wrote six amounts, not which
    others = [{"type": "bid", "seat": 0}] * 6
    assert visible_events(events, 1) == [*others, {"type": "sealed", "seat": 0}]
    assert visible_events(events, 0)[0] == {"type": "bid", "seat": 0, "monster": 1, "amount": 40}
    bid(state, 1, 7)
    for viewer in (None, 1, 2):
        text = json.dumps(state.view(viewer))
        assert "40" not in text and state.view(viewer)["status"] == ["sealed", "bidding", "bidding"]
    assert state.view(0)["my_bid"] == [40, 0, 0, 0, 0, 10]
    assert state.view(1)["my_bid"] == [7]
    assert state.pending() == [1, 2] and state.view()["last_reveal"] is None
    assert state.money == [100, 100, 100]
    resampled = state.determinize(2, Rng(3))
    assert resampled.bids[2] == [] and resampled.view(2) == state.view(2)


def test_unique_highest_bid_wins_and_ties_discard() -> None:
    """Seed 3.「一番高値をつけた人が、そのモンスターを競り落とします。同点の場合は、
    誰もそのモンスターを得ることはできません」「誰の手にも入らなかったモンスターは、捨て札に
    されます」; §3 a winning bid must be positive: monster 1 to seat 0 (30 > 20), monster 2
    tied at 10 (discarded), the Orc to seat 2, the Dragon (nobody bids), the Mimic tie 0/5/5
    and the Bat to seat 1."""
    state = auction(round=2, pyramids=[{}, {}, BOTTOM], money=[100, 100, 95])
    bid(state, 0, 30, 10, 0, 0, 0, 0)
    bid(state, 1, 20, 10, 0, 0, 5, 9)
    events = bid(state, 2, 0, 10, 1, 0, 5, 0)
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["winners"] == [0, -1, 2, -1, -1, 1]
    assert reveal["bids"] == [[30, 10, 0, 0, 0, 0], [20, 10, 0, 0, 5, 9], [0, 10, 1, 0, 5, 0]]
    data = state.to_json()
    assert data["discard"][-3:] == ["goblin", "dragon", "mimic"]
    assert data["to_place"] == [["slime"], ["bat"], ["orc"]]
    assert data["phase"] == "place" and state.pending() == [0, 1, 2]
    assert data["money"] == [60, 56, 79]  # all-pay


def test_all_pay_deducts_every_written_amount() -> None:
    """Seed 2.「使った金額は、総額から引いておきます」; §3 default payment all-pay: losing bids are
    paid too."""
    state = auction(round=2, pyramids=[{}, {}, BOTTOM], money=[100, 100, 95])
    bid(state, 0, 30, 10, 0, 0, 0, 0)
    bid(state, 1, 20, 10, 0, 0, 5, 9)
    bid(state, 2, 0, 10, 1, 0, 0, 0)
    assert state.money == [60, 56, 84]


def test_winner_pays_option() -> None:
    """§3 option payment = winner-pays: only winning bids are paid."""
    state = auction(
        options={"payment": "winner-pays"}, round=2, pyramids=[{}, {}, BOTTOM],
        money=[100, 100, 95],
    )  # fmt: skip
    bid(state, 0, 30, 10, 0, 0, 0, 0)
    bid(state, 1, 20, 10, 0, 0, 5, 9)
    bid(state, 2, 0, 10, 1, 0, 0, 0)
    assert state.money == [70, 86, 94]  # seat 1 pays for the Mimic (5) and the Bat (9)


def test_winner_places_in_the_slot_it_chooses() -> None:
    """Seed 3.「競り落としたモンスターは、通常のルールにしたがって、自分の前に並べて置きます」:
    the winner of the Slime chooses its bottom slot; when every winner has placed, the next
    round turns the next six cards."""
    state = auction(deck=NEXT)
    bid(state, 0, 5, 0, 0, 0, 0, 0)
    bid(state, 1, *[0] * 6)
    bid(state, 2, *[0] * 6)
    assert state.pending() == [0]
    assert state.legal_texts(0) == [f"place:slime@5.{j}" for j in range(1, 6)]
    events = state.apply_text(0, "place:slime@5.4")
    assert events[0] == {"type": "place", "seat": 0, "card": "slime", "slot": "5.4"}
    assert events[-1] == {"type": "round", "round": 2, "cards": NEXT[:6]}
    assert state.to_json()["pyramids"][0] == {"5.4": "slime"}
    assert state.pending() == [0, 1, 2]


def test_several_won_cards_placed_in_the_chosen_order() -> None:
    """§3「A winner places its won cards in the order and slots it chooses」and the order question:
    on a full bottom row with Orc and Harpy on 4.1-4.2, seat 1 wins a Griffin, a Golem and a
    Centaur plus a Lizardman. Only choices that keep everything placeable are offered: the
    Griffin is never offered before both rank-3 cards are down (round 3: seat 1 has paid at
    least 1 for each of its 11 cards)."""
    pyramid = {**BOTTOM, "4.1": "orc", "4.2": "harpy"}
    state = auction(
        round=3, phase="place", table=[], money=[100, 80, 100],
        to_place=[[], ["griffin", "golem", "centaur", "lizardman"], []], pyramids=[{}, pyramid, {}],
    )  # fmt: skip
    assert sorted(state.legal_texts(1)) == [
        "place:centaur@3.1", "place:golem@3.1", "place:lizardman@4.3",
    ]  # fmt: skip
    state.apply_text(1, "place:lizardman@4.3")
    assert "place:griffin@2.1" not in state.legal_texts(1)
    state.apply_text(1, "place:centaur@3.2")
    assert state.legal_texts(1) == ["place:golem@3.1"]
    state.apply_text(1, "place:golem@3.1")
    assert state.legal_texts(1) == ["place:griffin@2.1"]
    state.apply_text(1, "place:griffin@2.1")
    assert state.to_json()["round"] == 4 and state.pending() == [0, 1, 2]


def test_order_question_saves_a_seat_from_elimination() -> None:
    """Seed 3.「置けないモンスターを競り落とした人は、ペナルティとしてゲームから抜けます」with §3
    "if any won card cannot be placed in any order": with only the Bat down, a Harpy alone
    cannot be placed, but won with a Goblin it fits (Goblin first, beside the Bat), so seat 0
    stays in and is offered only the Goblin slots that leave room for the Harpy."""
    state = auction(
        round=2, table=["harpy", "goblin", "orc", "dragon", "mimic", "slime"],
        pyramids=[{"5.3": "bat"}, {}, {}], money=[99, 100, 100],
    )  # fmt: skip
    bid(state, 0, 1, 1, 0, 0, 0, 0)
    bid(state, 1, *[0] * 6)
    bid(state, 2, *[0] * 6)
    assert state.out == [0, 0, 0]
    assert state.legal_texts(0) == ["place:goblin@5.2", "place:goblin@5.4"]
    state.apply_text(0, "place:goblin@5.2")
    assert state.legal_texts(0) == ["place:harpy@4.2"]


def test_unplaceable_won_card_puts_the_seat_out() -> None:
    """Seed 3.「置けないモンスターを競り落とした人は、ペナルティとしてゲームから抜けます」: seat 1
    already has a Goblin and wins another (species uniqueness): it is out, its won cards are
    discarded (after the four monsters nobody won), it bids no more and ranks last."""
    table = ["goblin", "slime", "orc", "dragon", "mimic", "bat"]
    state = auction(
        round=2, table=table, pyramids=[{}, {"5.1": "goblin"}, {}], money=[100, 99, 100]
    )
    bid(state, 0, *[0] * 6)
    bid(state, 1, 10, 5, 0, 0, 0, 0)
    events = bid(state, 2, *[0] * 6)
    assert {"type": "out", "seat": 1, "cards": ["goblin", "slime"]} in events
    data = state.to_json()
    assert data["out"] == [0, 2, 0] and data["discard"][-6:] == [*table[2:], "goblin", "slime"]
    assert data["money"] == [100, 84, 100] and data["round"] == 3
    assert state.pending() == [0, 2]
    assert state.view()["status"] == ["bidding", "out", "bidding"]
    with pytest.raises(WrongSeat):
        state.apply_text(1, "bid:0")


def test_won_mimic_with_mimics_not_placeable_puts_the_seat_out() -> None:
    """§3 option mimics_placeable = no: a Mimic is then always unplaceable, so winning one is
    the seed's penalty (「ペナルティとしてゲームから抜けます」)."""
    state = auction(options={"mimics_placeable": "no"})
    bid(state, 0, *[0] * 6)
    bid(state, 1, *[0] * 6)
    bid(state, 2, 0, 0, 0, 0, 1, 0)
    assert state.out == [0, 0, 1]


def test_won_mimic_fills_any_open_slot() -> None:
    """§3: a Mimic may be placed in any empty slot whose supports are filled, in any row."""
    state = auction(round=2, pyramids=[BOTTOM, {}, {}], money=[95, 100, 100])
    bid(state, 0, 0, 0, 0, 0, 3, 0)
    bid(state, 1, *[0] * 6)
    bid(state, 2, *[0] * 6)
    assert state.legal_texts(0) == [f"place:mimic@4.{j}" for j in range(1, 5)]


def test_a_seat_without_money_bids_zero_without_asking() -> None:
    """Seed 2.「持ち金は、０未満にはなりません」: with no money left every amount must be 0, so
    bodoge writes that bid itself and the seat is not asked: seat 0 spends its last 1."""
    state = auction(round=2, deck=NEXT, money=[1, 50, 50])
    bid(state, 0, 1, 0, 0, 0, 0, 0)
    bid(state, 1, *[0] * 6)
    bid(state, 2, *[0] * 6)
    state.apply_text(0, "place:slime@5.1")
    assert state.to_json()["bids"] == [[0] * 6, [], []] and state.pending() == [1, 2]
    assert state.view(1)["status"] == ["sealed", "bidding", "bidding"]


def test_game_ends_when_nobody_still_in_has_money() -> None:
    """With every seat still in at 0 money no card can be won again; bodoge ends the game there
    (the remaining rounds would only discard)."""
    state = auction(
        round=2, money=[100, 0, 0], bids=[[], [0] * 6, [0] * 6],
        pyramids=[{}, {"5.1": "bat"}, {}],
    )  # fmt: skip
    bid(state, 0, 100, 0, 0, 0, 0, 0)
    events = state.apply_text(0, "place:slime@5.3")
    assert events[-1]["type"] == "game_over" and state.is_over()
    result = state.result()
    assert result is not None and result.scores == [1, 1, 0]


def test_game_ends_after_fifteen_rounds_and_scores_by_normal_rules() -> None:
    """Seed 4.「こうして１５ラウンド行った後、通常のルールにしたがって得点をつけます。点数の一番高い
    プレイヤーの勝ちです」: after round 15's placements the game is over; §3 scores."""
    state = auction(round=15, deck=[], pyramids=[BOTTOM, {"5.1": "bat"}, {}], money=[90, 90, 100])
    bid(state, 0, 0, 0, 1, 0, 0, 0)  # the Orc
    bid(state, 1, *[0] * 6)
    events = bid(state, 2, *[0] * 6)
    assert events[-1]["type"] == "reveal" and state.pending() == [0]
    events = state.apply_text(0, "place:orc@4.2")
    assert events[-1]["type"] == "game_over" and state.is_over() and state.pending() == []
    result = state.result()
    assert result is not None
    assert result.scores == [7, 1, 0] and result.winners == [0] and result.ranks == [1, 2, 3]


def test_ties_more_cards_then_more_money_then_shared() -> None:
    """§3 ties: more cards placed wins (normal rules); for the auction, then more money left;
    then shared. Seats 0-3 all score 2: seat 0 has the most cards, seat 1 the most money of the
    rest, seats 2 and 3 share third."""
    pyramids = [
        {**BOTTOM, "5.5": "mimic"},  # 4 - 2 = 2 points in 5 cards
        {"5.1": "slime", "5.2": "goblin"},  # 2 points, 2 cards
        {"5.1": "bat", "5.2": "goblin"},
        {"5.1": "bat", "5.2": "kobold"},
    ]
    state = auction(
        players=4, round=15, deck=[], pyramids=pyramids,
        money=[0, 50, 20, 20], bids=[[0] * 6, [0] * 6, [0] * 6, []], out=[0, 0, 0, 0],
        to_place=[[], [], [], []],
    )  # fmt: skip
    bid(state, 3, *[0] * 6)
    result = state.result()
    assert result is not None
    assert result.scores == [2, 2, 2, 2] and result.ranks == [1, 2, 3, 3]
    assert result.winners == [0]


def test_out_seats_rank_last_in_order_of_going_out() -> None:
    """§3: a seat that is out is ranked last, whatever its pyramid; bodoge ranks several out
    seats by how long they lasted (out later ranks higher)."""
    state = auction(
        players=4, round=15, deck=[], money=[0, 0, 0, 5], out=[3, 0, 7, 0],
        bids=[[], [0] * 6, [], []], to_place=[[], [], [], []],
        pyramids=[BOTTOM, {"5.1": "bat"}, BOTTOM, {}],
    )  # fmt: skip
    bid(state, 3, *[0] * 6)
    result = state.result()
    assert result is not None
    assert result.scores == [5, 1, 5, 0] and result.ranks == [4, 1, 3, 2]


def test_bad_actions_leave_the_state_unchanged() -> None:
    """Bad input raises a bodoge error with one clear message and changes nothing."""
    state = auction(round=2, money=[100, 10, 100])
    before = state.to_json()
    for text, error, message in [
        ("bid:11", IllegalAction, "not legal"),
        ("bid:-1", IllegalAction, "no action"),
        ("bid:lots", IllegalAction, "no action"),
        ("place:slime@5.1", IllegalAction, "not legal"),
        ("place:unicorn@5.1", IllegalAction, "no action"),
    ]:
        with pytest.raises(error, match=message):
            state.apply_text(1, text)
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"money": [100, 100]}, "money must hold one whole number"),
        ({"money": [100, 101, 100]}, "money must hold"),
        ({"bids": [[60, 60], [], []]}, "more than its money"),
        ({"bids": [[1] * 7, [], []]}, "more monsters than the table"),
        ({"bids": [[0] * 6, [0] * 6, [0] * 6]}, "must have been revealed"),
        ({"round": 16}, "round must be"),
        ({"phase": "nap"}, "phase must be"),
        ({"table": []}, "table holds 6 monsters"),
        ({"table": ["slime"]}, "table holds 6 monsters"),
        ({"deck": ["dragon"] * 5}, "1 Dragon too many"),
        ({"round": 2, "out": [1, 0, 0], "bids": [[5], [], []]}, "seat 0 is out"),
        ({"out": [1, 0, 0]}, "went out in round 1, but only 0 round"),
        ({"round": 3, "out": [3, 0, 0]}, "went out in round 3, but only 2 round"),
        ({"money": [100, 99, 100]}, "before the first reveal every seat has 100"),
        ({"round": 2, "pyramids": [BOTTOM, {}, {}]}, "seat 0 has 100 money left"),
        ({"round": 2, "money": [0, 0, 0], "bids": [[0] * 6] * 3}, "the game is over"),
        ({"round": 2, "money": [50, 0, 50]}, "seat 1 has no money, so its bid of 6 zeros"),
        ({"round": 4, "phase": "over", "table": []}, "ended in round 4 of 15"),
        ({"phase": "place", "table": []}, "no seat has cards to place"),
        ({"phase": "place", "table": [], "to_place": [["dragon"], [], []]}, "it is out"),
        ({"pyramids": [{"5.1": "orc"}, {}, {}]}, "seat 0: slot 5.1 is in row 5"),
        ({"last_reveal": {"cards": ["orc"], "bids": [[], [], []], "winners": [5]}}, "winners"),
        (
            {"last_reveal": {"cards": ["orc"], "bids": [[1, 2], [], []], "winners": [0]}},
            "one amount a card",
        ),
    ],
)
def test_inconsistent_states_are_rejected(fields: dict[str, Any], message: str) -> None:
    """A hand-written state that breaks the rules is refused with one clear message."""
    with pytest.raises(InvalidState, match=message):
        auction(**fields)


def test_a_state_missing_cards_is_refused_naming_them() -> None:
    """Issue 12: seed 1.「モンスターカード９０枚」 are all somewhere. A new game's table cut to
    three cards, or its deck cut to three, loses cards: refused, naming each one missing."""
    data = AUCTION.new(3, seed=2).to_json()
    cut = data["table"][3:]
    data["table"] = data["table"][:3]
    with pytest.raises(InvalidState, match="cards do not add up") as refused:
        AuctionState.from_json(data)
    for key in cut:
        assert f"{card_name(parse_card(key))} missing" in str(refused.value)
    data = AUCTION.new(3, seed=2).to_json()
    deck = data["deck"] + data["deck_unordered"]
    data["deck"], data["deck_unordered"] = deck[:3], []
    with pytest.raises(InvalidState, match=r"cards do not add up: \d+ \w+ missing"):
        AuctionState.from_json(data)


def test_the_deck_must_hold_what_the_rounds_leave() -> None:
    """Seed 2.「各ラウンドの最初に山札の上から６枚のカードを表に向け」: after round r the deck holds
    90 - 6r cards; a new game relabelled round 2 still has the 84 of round 1."""
    data = AUCTION.new(3, seed=2).to_json()
    data["round"] = 2
    with pytest.raises(InvalidState, match="deck holds 84 cards, but 2 round"):
        AuctionState.from_json(data)


def revealed_round_one() -> AuctionState:
    """Round 1 revealed (all-pay): seat 0 wins the Slime for 10, seat 1 the Goblin for 7 (and
    ties the Bat with seat 2 at 3); seat 2 bid 5 on the Slime; Orc, Dragon, Mimic, Bat are
    discarded. Money 90, 90, 92."""
    state = auction()
    bid(state, 0, 10, 0, 0, 0, 0, 0)
    bid(state, 1, 0, 7, 0, 0, 0, 3)
    bid(state, 2, 5, 0, 0, 0, 0, 3)
    assert state.money == [90, 90, 92]
    assert state.to_json()["to_place"] == [["slime"], ["goblin"], []]
    return state


def five_cards(reveal: dict[str, Any]) -> dict[str, Any]:
    """The reveal with its sixth monster (and the bids and winner for it) left out."""
    bids = [bid[:5] for bid in reveal["bids"]]
    return {"cards": reveal["cards"][:5], "bids": bids, "winners": reveal["winners"][:5]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # seed 2.「使った金額は、総額から引いておきます」: all-pay takes every written amount
        (lambda d: d["money"].__setitem__(2, 100), "seat 2 has 100 money left, but .* at least 8"),
        (lambda d: d["money"].__setitem__(0, 91), "seat 0 has 91 money left, but .* at least 10"),
        # seed 3.「一番高値をつけた人が、そのモンスターを競り落とします」
        (lambda d: d["last_reveal"]["winners"].__setitem__(0, 2), "monster 1 goes to seat 0"),
        (lambda d: d["last_reveal"]["winners"].__setitem__(5, 1), "monster 6 goes to nobody"),
        (lambda d: d["last_reveal"]["bids"].__setitem__(2, []), "seat 2 was in the game"),
        (lambda d: d.__setitem__("last_reveal", five_cards(d["last_reveal"])), "the 6 monsters"),
        # seed 3.「誰の手にも入らなかったモンスターは、捨て札にされます」
        (lambda d: d["discard"].reverse(), "discard must end with .* orc, dragon, mimic, bat"),
        (
            lambda d: (d["discard"].remove("bat"), d["to_place"][0].append("bat")),
            "seat 0 waits to place cards it did not win",
        ),
        (
            lambda d: (d["to_place"][0].clear(), d["discard"].insert(0, "slime")),
            "seat 0 won a Slime at the last reveal",
        ),
        # every seat bid six amounts in round 1: 18 decisions, nothing placed yet
        (lambda d: d.__setitem__("ply", 0), "ply 0 does not fit round 1: .* take 18-18"),
        (lambda d: d.__setitem__("ply", 19), "ply 19 does not fit round 1"),
        (lambda d: d.__setitem__("phase", "bid"), "before the first reveal every seat has 100"),
    ],
)
def test_a_state_must_follow_from_its_last_reveal(change: Any, message: str) -> None:
    """Issue 12: the counts that follow from the rest (money spent against the bids, the cards
    won and discarded at the last reveal, the move counter) are checked, naming what is off."""
    data = revealed_round_one().to_json()
    AuctionState.from_json(data)  # as it stands, the position loads
    change(data)
    with pytest.raises(InvalidState, match=message):
        AuctionState.from_json(data)


def test_round_two_at_ply_zero_is_refused() -> None:
    """Issue 12: round 2 comes after every seat wrote its six amounts of round 1 and the won
    cards were placed, so its move counter cannot be 0."""
    state = revealed_round_one()
    state.apply_text(0, "place:slime@5.1")
    state.apply_text(1, "place:goblin@5.2")
    data = state.to_json()
    assert data["round"] == 2 and data["ply"] == 20
    data["ply"] = 0
    with pytest.raises(InvalidState, match=r"ply 0 does not fit round 2: .* take 20-20"):
        AuctionState.from_json(data)


def test_the_state_json_is_a_copy_of_the_bids() -> None:
    """Issue 12: to_json is a snapshot. Seat 0's bid written after it does not reach it, and
    writing into it (bids, money, out, last reveal) does not reach the state."""
    state = auction()
    bid(state, 0, 40)
    data = state.to_json()
    bid(state, 0, 10)
    assert data["bids"] == [[40], [], []]
    data["bids"][0].append(99)
    data["money"][1] = 0
    data["out"][2] = 1
    assert state.to_json()["bids"] == [[40, 10], [], []]
    assert state.money == [100, 100, 100] and state.out == [0, 0, 0]
    revealed = revealed_round_one()
    data = revealed.to_json()
    data["last_reveal"]["bids"][0][0] = 55
    data["last_reveal"]["winners"][0] = 2
    assert revealed.to_json()["last_reveal"]["bids"][0][0] == 10
    assert revealed.to_json()["last_reveal"]["winners"][0] == 0


def test_render_shows_table_money_and_own_bid_only() -> None:
    """The terminal text shows the table in bid order, money, and only the viewer's own bid."""
    state = auction()
    bid(state, 0, 42)
    mine, theirs = AUCTION_GAME.render(state, 0, "en"), AUCTION_GAME.render(state, 1, "en")
    assert "1. Slime/スライム(5)  your bid: 42" in mine
    assert "bid on monster 2 (bid:0 to bid:58)" in mine
    assert "42" not in theirs and "Seat 1: money 100, bidding" in theirs  # seat 0, from 1


def test_determinize_depends_only_on_what_the_seat_knows() -> None:
    """Deck order and other seats' sealed bids are hidden: a determinization resamples them
    from the generator alone (docs/ai.md), keeping the seat's own bid and everything public."""
    state = auction()
    bid(state, 0, 40, 10)
    bid(state, 1, 5, 5, 5, 5, 5, 5)
    world = state.determinize(0, Rng(4))
    assert world.view(0) == state.view(0) and world.bids[0] == [40, 10]
    assert len(world.bids[1]) == 6 and len(world.bids[2]) < 6  # sealed stays sealed
    again = world.determinize(0, Rng(4))
    assert again.to_json() == state.determinize(0, Rng(4)).to_json()


def test_notation_accepts_japanese_card_names() -> None:
    """Card names in both languages: `place:ゴブリン@5.3` is `place:goblin@5.3`."""
    state = auction()
    assert state.parse_action("place:ゴブリン@5.3") == state.parse_action("place:Goblin@5.3")
    assert state.action_text(state.parse_action("place:ゴブリン@5.3")) == "place:goblin@5.3"


def test_determinize_ignores_the_real_generator_deck_order_and_bid_split() -> None:
    """Hidden information (docs/ai.md): two states with the same view for seat 0 — different
    generator (it draws the cards to come), different deck order, different amounts of the
    other seats and a different split of their progress with the same total (the public move
    counter `ply` shows only the total) — give one and the same determinization."""
    four: dict[str, Any] = {
        "players": 4, "money": [100] * 4, "bids": [[], [], [], []], "out": [0] * 4,
        "to_place": [[], [], [], []], "pyramids": [{}, {}, {}, {}],
    }  # fmt: skip
    first = auction(rng=1, deck=NEXT, **four)
    second = auction(rng=99, deck=NEXT[::-1], **four)
    bid(first, 0, 40, 10)
    bid(first, 1, 5, 5, 5, 5, 5, 5)
    bid(first, 2, 7, 8)
    bid(first, 3, 9)
    bid(second, 0, 40, 10)
    bid(second, 1, 1, 2, 3, 4, 5, 6)
    bid(second, 3, 30, 0, 20)
    assert first.view(0) == second.view(0)
    one, two = first.determinize(0, Rng(6)), second.determinize(0, Rng(6))
    assert one.to_json() == two.to_json()
    assert one.view(0) == first.view(0) and one.rng.state != first.rng.state
    assert len(one.bids[1]) == 6 and len(one.bids[2]) + len(one.bids[3]) == 3


def test_determinize_keeps_the_total_progress_of_the_bidding_seats() -> None:
    """The move counter shows how many amounts have been written in all, so a determinization
    for seat 0 spreads that total (here 4) over the seats still bidding, each below six."""
    state = auction(players=4, money=[100] * 4, bids=[[], [], [], []], out=[0] * 4,
                    to_place=[[], [], [], []], pyramids=[{}, {}, {}, {}])  # fmt: skip
    bid(state, 1, 1, 1, 1)
    bid(state, 3, 2)
    splits = set()
    for seed in range(40):
        world = state.determinize(0, Rng(seed))
        counts = [len(world.bids[s]) for s in (1, 2, 3)]
        assert sum(counts) == 4 and max(counts) < 6 and world.bids[0] == []
        assert all(sum(world.bids[s]) <= 100 for s in (1, 2, 3))
        splits.add(tuple(counts))
    assert len(splits) > 3


def test_no_event_shows_a_sealed_amount_to_another_seat() -> None:
    """Seed 3.「全員が書き終わったら、メモを公開します」: over whole random games, an amount reaches
    another seat (or a spectator) only in the reveal, after every seat has written its bid."""
    for seed in range(20):
        state = AUCTION.new(3 + seed % 4, seed=seed)
        picker = Rng(seed)
        while not state.is_over():
            seat = state.pending()[picker.below(len(state.pending()))]
            legal = state.legal_actions(seat)
            events = state.apply(seat, legal[picker.below(min(len(legal), 8))])
            for viewer in (None, *range(state.players)):
                for event in visible_events(events, viewer):
                    if event["type"] == "bid":
                        assert ("amount" in event) == (event["seat"] == viewer)
                    else:
                        assert "amount" not in event
                        assert "bids" not in event or event["type"] == "reveal"
