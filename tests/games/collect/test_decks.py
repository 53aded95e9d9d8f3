"""When a deck runs out (カードがなくなった場合): the other deck is split."""

from __future__ import annotations

from bodoge.games.collect.rules import CollectState

from .helpers import CRAB, CROC, HERMIT, LION, MONKEY, OCTO, PARROT, build, deck, load, play


def test_drawing_the_last_card_splits_the_other_deck() -> None:
    """Seed: 「一方のデッキのカードがなくなったら、もう一方のデッキを2つに分割し、下半分で新しいデッ
    キを作ります。」; RULINGS §1: its bottom floor(n/2) cards, order kept (even n)."""
    state = load([[CROC], [MONKEY, CRAB]], [LION], [], fill="B")
    before = deck(state, "B")
    assert len(before) == 60
    events = state.apply_text(0, "draw:A")
    assert events[-1] == {"type": "split", "from": "B", "to": "A", "count": 30}
    assert deck(state, "A") == before[30:]
    assert deck(state, "B") == before[:30]


def test_an_odd_deck_gives_the_smaller_half() -> None:
    """RULINGS §1: "its bottom floor(n/2) cards": 61 cards split into 30 (new deck) and 31."""
    state = load([[CROC], [MONKEY]], [LION], [], fill="B")
    before = deck(state, "B")
    assert len(before) == 61
    events = state.apply_text(0, "draw:A")
    assert events[-1]["count"] == 30
    assert deck(state, "A") == before[31:]
    assert deck(state, "B") == before[:31]


def test_the_split_keeps_public_marks_in_place() -> None:
    """RULINGS §1: "order kept" and a face-up card "stays public until the next reshuffle"."""
    data = build([[CROC], [MONKEY]], [LION], [], fill="B")
    data["decks"]["B"][-1] += "*"
    data["decks"]["B"][0] += "*"
    state = CollectState.from_json(data)
    state.apply_text(0, "draw:A")
    assert deck(state, "A")[-1].endswith("*")
    assert deck(state, "B")[0].endswith("*")
    assert sum(card.endswith("*") for card in deck(state, "A") + deck(state, "B")) == 2


def test_taking_the_last_card_after_a_return_splits() -> None:
    """Seed: 「一方のデッキのカードがなくなったら」: the return takes deck A's only card; deck B
    (with the returned card on top) is split at once."""
    state = load([[CROC], [MONKEY]], [LION], [OCTO], fill="B")
    play(state, 0, "draw:B")
    before = deck(state, "B")
    events = state.apply_text(0, "return:B")
    assert events[0]["took"] == "lion"
    assert events[1] == {"type": "split", "from": "B", "to": "A", "count": 30}
    whole = ["octopus*", *before]
    assert deck(state, "A") == whole[31:]
    assert deck(state, "B") == whole[:31]


def test_the_parrot_revealing_the_last_card_splits() -> None:
    """Seed: 「一方のデッキのカードがなくなったら」: a parrot reveals deck A's last card (a miss)
    and returns it on top of deck B."""
    state = load([[CROC], [MONKEY]], [PARROT, HERMIT], [], fill="B")
    play(state, 0, "draw:A", "keep", "right", "name:lion")
    before = deck(state, "B")
    events = state.apply_text(0, "reveal:A")
    assert events[-1]["type"] == "split"
    assert deck(state, "A") == before[len(before) - len(before) // 2 :]
    state.apply_text(0, "top:B")
    assert deck(state, "B")[0] == "hermit_crab*"
