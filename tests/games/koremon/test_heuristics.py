"""The greedy bot's judgements in Monster Auction, Hunt the Monster and Trick the Monster
(each game's `bot.py` in src/bodoge/games/koremon/): on hand-written positions each must prefer
the sensible option, and none may depend on what its seat cannot know."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bodoge.engine.registry import spec_of
from bodoge.games.koremon.common.cards import card_key, trick_deck
from bodoge.games.koremon.hunt.rules import HuntState
from bodoge.games.koremon.trick.rules import TrickState

from .auction_positions import BOTTOM, auction
from .hunt_positions import hunt as hunt_position


def value(state: Any, seat: int) -> float:
    """The game's heuristic (its spec's) of `state` for `seat`."""
    return float(spec_of(state).heuristic(state, seat))


def after(state: Any, seat: int, *moves: str) -> Any:
    """A copy of `state` after `seat` plays `moves`."""
    state = state.clone()
    for text in moves:
        state.apply_text(seat, text)
    return state


# ---- Monster Auction ----------------------------------------------------------------------------


def test_auction_an_eliminating_win_ranks_below_no_win() -> None:
    """Winning a Dragon into an empty pyramid puts seat 0 out: never worth it."""
    state = auction(bids=[[], [0] * 6, [0] * 6])
    eliminated = after(state, 0, *(f"bid:{a}" for a in (0, 0, 0, 10, 0, 0)))
    assert eliminated.out[0]  # revealed: seat 0 won the Dragon and cannot place it
    passed = after(state, 0, *["bid:0"] * 6)
    assert not passed.out[0]
    assert value(eliminated, 0) < value(passed, 0)


def test_auction_a_sealed_bid_on_an_unplaceable_card_is_judged_before_the_reveal() -> None:
    """While others still bid, a bid on the Dragon already counts against seat 0; a small bid on
    a placeable Slime counts for it."""
    state = auction()
    on_dragon = after(state, 0, "bid:0", "bid:0", "bid:0", "bid:20")
    on_nothing = after(state, 0, "bid:0", "bid:0", "bid:0", "bid:0")
    assert value(on_dragon, 0) < value(on_nothing, 0)
    state = auction(round=2, money=[100, 0, 0], bids=[[], [0] * 6, [0] * 6])
    assert value(after(state, 0, "bid:1"), 0) > value(after(state, 0, "bid:0"), 0)


def test_auction_heuristic_ignores_hidden_bids_and_deck_order() -> None:
    """Other seats' sealed amounts and the deck order are secret: same view, same value."""
    one = auction(bids=[[5, 0], [90, 1, 2], [0]])
    two = auction(
        bids=[[5, 0], [0, 0, 0], [60]],
        deck=["skeleton", "vampire", "mimic", "golem", "harpy", "kobold"],
    )
    assert one.view(0) == two.view(0)
    assert value(one, 0) == value(two, 0)


# ---- Hunt the Monster ---------------------------------------------------------------------------


def hunt(**fields: Any) -> HuntState:
    """Seat 0 has taken the Harpy (ring position 2) onto its bottom row and the Orc."""
    defaults: dict[str, Any] = {
        "ring": ["slime", "harpy", "dragon", "kobold", "mimic", "griffin"],
        "piece": 2,
        "pyramids": [{**BOTTOM, "4.1": "orc"}, {}, {}],
        "phase": "place",
    }
    return hunt_position(**(defaults | fields))


def test_hunt_prefers_the_slot_that_supports_a_higher_row() -> None:
    """A Harpy beside the Orc opens slot 3.1 for a rank-3 monster; at 4.4 it opens nothing."""
    state = hunt()
    assert value(after(state, 0, "place:4.2"), 0) > value(after(state, 0, "place:4.4"), 0)


def test_hunt_heuristic_ignores_the_deck_order() -> None:
    one = hunt()
    two = hunt(deck=["mimic", "orc", "bat"])
    assert one.view(0) == two.view(0)
    assert value(one, 0) == value(two, 0)


# ---- Trick the Monster --------------------------------------------------------------------------

DECK = Counter(card_key(card) for card in trick_deck())


def trick(
    hands: list[list[str]], trick: list[tuple[int, str, str]] = (), **fields: Any
) -> TrickState:
    """A 4-player game position; the cards not named lie in seat 3's won pile."""
    named = Counter(card for hand in hands for card in hand)
    named.update(card for _, card, _ in trick)
    rest = list((DECK - named).elements())
    data: dict[str, Any] = {
        "game": "koremon_trick",
        "players": 4,
        "options": {"mimic_lead": "any-time"},
        "seed": 1,
        "rng": 1,
        "dealer": 3,
        "game_number": 1,
        "leader": 0,
        "led_mimics": 0,
        "hands": hands,
        "reserve": [],
        "trick": [{"seat": s, "card": c, "as": a} for s, c, a in trick],
        "won": [[[], [], [], rest]],
        "face_up": [[0, 0, 0, 0]],
        "mimic_only": [],
        "ply": len(trick_deck()) - sum(len(hand) for hand in hands),  # a card a decision
    }
    data.update(fields)
    return TrickState.from_json(data)


def test_trick_prefers_not_leading_a_mimic_face_up() -> None:
    """Leading a Mimic (allowed any time here) costs -10; leading the Goblin does not."""
    state = trick([["mimic", "goblin"], ["bat", "slime"], ["kobold", "orc"], ["harpy", "golem"]])
    assert state.legal_texts(0) == ["play:goblin", "play:mimic"]
    assert value(after(state, 0, "play:mimic"), 0) < value(after(state, 0, "play:goblin"), 0)


def test_trick_dumps_a_mimic_into_a_trick_it_cannot_win() -> None:
    """Seat 1 after a led Dragon: a Mimic named as a Dragon makes seat 1 the last player of the
    majority (8 - 2 points its way), while a Griffin would hand seat 0 the trick, Griffin and all
    (Dragon and Griffin tie, then the smallest rank wins)."""
    state = trick(
        [["slime"], ["mimic", "griffin"], ["kobold", "orc"], ["harpy", "golem"]],
        trick=[(0, "dragon", "dragon")],
    )
    mimic = value(after(state, 1, "play:mimic=dragon"), 1)
    griffin = value(after(state, 1, "play:griffin"), 1)
    assert mimic > griffin


def test_trick_heuristic_ignores_other_hands() -> None:
    """Other seats' hands are secret: the same view gives the same value."""
    one = trick([["mimic", "goblin"], ["bat", "slime"], ["kobold", "orc"], ["harpy", "golem"]])
    two = trick([["mimic", "goblin"], ["golem", "bat"], ["slime", "harpy"], ["orc", "kobold"]])
    assert one.view(0) == two.view(0)
    assert value(one, 0) == value(two, 0)
    assert value(after(one, 0, "play:goblin"), 0) == value(after(two, 0, "play:goblin"), 0)
