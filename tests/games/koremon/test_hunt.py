"""Hunt the Monster (koremon_hunt): seed text 000 バリアント２ and RULINGS §3 "Hunt the Monster".

Each scenario builds a hand-written state (State.from_json) and fixes the die through the
generator state, then checks the exact outcome."""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine import IllegalAction, InvalidState, Rng, WrongSeat, get_game
from bodoge.games.koremon import HUNT as HUNT_GAME
from bodoge.games.koremon.common.cards import card_key, card_name, full_deck, parse_card
from bodoge.games.koremon.hunt.rules import HuntState

from .hunt_positions import ALMOST_FULL, BOTTOM, hunt

HUNT = get_game("koremon_hunt")


def test_setup_ring_of_six_piece_on_first_card() -> None:
    """Seed 1.「山札の上から６枚のカードをめくり…円を書くように配置します。最初にめくったカードの
    上に、駒を置きます」; §3 start seat random."""
    state = HUNT.new(4, seed=3)
    data = state.to_json()
    assert len(data["ring"]) == 6 and None not in data["ring"]
    assert data["piece"] == 1
    assert len(data["deck"]) == 84
    assert data["pyramids"] == [{}, {}, {}, {}]
    assert state.pending() == [data["turn"]]
    assert state.legal_texts(data["turn"]) == ["roll"]
    starts = {HUNT.new(4, seed=seed).turn for seed in range(40)}
    assert starts == {0, 1, 2, 3}


def test_roll_moves_clockwise_and_takes_the_card() -> None:
    """Seed 2.「ダイスを振って出目の分だけ時計回りに駒を進め、止まった場所のカードを手に入れます」:
    from position 1 a 3 lands on position 4 (Kobold); the seat then chooses its slot."""
    state = hunt(dice=(3,))
    events = state.apply_text(0, "roll")
    assert events[0] == {"type": "roll", "seat": 0, "die": 3, "position": 4, "card": "kobold"}
    assert state.view()["piece"] == 4 and state.phase == 1
    assert state.pending() == [0]
    assert state.legal_texts(0) == ["place:5.1", "place:5.2", "place:5.3", "place:5.4", "place:5.5"]


def test_place_refills_from_the_deck_and_passes_left() -> None:
    """Seed 2.「自分の前に置いておきます。無くなったカードの位置には、山札からカードをめくって
    補充しておきます。その後、手番は左隣の人に移ります」."""
    state = hunt(dice=(3,))
    state.apply_text(0, "roll")
    events = state.apply_text(0, "place:5.2")
    assert events[0] == {"type": "place", "seat": 0, "card": "kobold", "slot": "5.2"}
    assert events[1] == {"type": "refill", "position": 4, "card": "orc"}
    data = state.to_json()
    assert data["pyramids"][0] == {"5.2": "kobold"}
    assert data["ring"][3] == "orc" and data["deck"][:2] == ["bat", "mimic"]
    assert len(data["deck"]) == 90 - 6 - 1  # one card placed, six on the ring
    assert state.pending() == [1] and state.legal_texts(1) == ["roll"]


def test_piece_wraps_round_the_ring() -> None:
    """Seed 1./2.: the cards form a circle, so the piece passes position 6 back to 1: from
    position 5 a 4 lands on position 3 (the Dragon)."""
    state = hunt(dice=(4,), piece=5, pyramids=[ALMOST_FULL, {}, {}])
    state.apply_text(0, "roll")
    assert state.view()["piece"] == 3
    assert state.legal_texts(0) == ["place:1.1"]


def test_unplaceable_card_is_left_and_the_turn_passes() -> None:
    """Seed 2.「もしもそのカードが、場に置けなかったらカードをそのままにして
    次の人の手番になります」: seat 0 already has a Goblin, lands on the Goblin (position 2)
    and leaves it."""
    state = hunt(dice=(1,), pyramids=[{"5.1": "goblin"}, {}, {}])
    events = state.apply_text(0, "roll")
    assert events == [
        {"type": "roll", "seat": 0, "die": 1, "position": 2, "card": "goblin"},
        {"type": "leave", "seat": 0, "card": "goblin"},
    ]
    data = state.to_json()
    assert data["ring"][1] == "goblin" and data["deck"][:3] == ["orc", "bat", "mimic"]
    assert len(data["deck"]) == 90 - 6 - 1
    assert data["pyramids"][0] == {"5.1": "goblin"}
    assert state.pending() == [1]


def test_high_rank_without_support_is_left() -> None:
    """§3 placement: a Dragon needs row 2 filled; seat 2 lands on it with an empty pyramid."""
    state = hunt(dice=(2,), turn=2)
    events = state.apply_text(2, "roll")
    assert events[-1] == {"type": "leave", "seat": 2, "card": "dragon"}
    assert state.pending() == [0]


def test_mimic_taken_as_wild_filler() -> None:
    """§3: a Mimic may be placed in any empty slot whose supports are filled."""
    state = hunt(dice=(4,), pyramids=[BOTTOM, {}, {}])
    state.apply_text(0, "roll")
    assert state.legal_texts(0) == ["place:4.1", "place:4.2", "place:4.3", "place:4.4"]
    state.apply_text(0, "place:4.3")
    assert state.to_json()["pyramids"][0]["4.3"] == "mimic"


def test_mimic_left_when_mimics_not_placeable() -> None:
    """§3 option mimics_placeable = no: a Mimic is then always unplaceable, so it is left."""
    state = hunt(dice=(4,), options={"mimics_placeable": "no"})
    events = state.apply_text(0, "roll")
    assert events[-1] == {"type": "leave", "seat": 0, "card": "mimic"}


def test_end_when_a_refill_finds_the_deck_empty() -> None:
    """Seed 4.「カードの補充の時、山札が無くなるか…ゲーム終了です」, §3 "when a refill is
    needed and the deck is empty": the last card placed leaves its position empty and the
    game ends (the other 84 cards went to the discard in renewed rings)."""
    state = hunt(dice=(1,), deck=[], rest="discard")
    state.apply_text(0, "roll")
    events = state.apply_text(0, "place:5.1")
    assert events[-2] == {"type": "end", "reason": "deck"} and events[-1]["type"] == "game_over"
    assert state.is_over() and state.pending() == []
    assert state.to_json()["ring"][1] is None
    result = state.result()
    assert result is not None and result.scores == [1, 0, 0] and result.winners == [0]


def test_drawing_the_last_card_does_not_end() -> None:
    """§3: the end comes when a refill is *needed* and the deck is empty, so turning the last
    card is an ordinary refill (seat 1 can still place the Orc)."""
    state = hunt(dice=(1,), deck=["orc"], rest="discard", pyramids=[{}, BOTTOM, {}])
    state.apply_text(0, "roll")
    state.apply_text(0, "place:5.1")
    assert not state.is_over() and state.to_json()["deck"] == []
    assert state.pending() == [1]


def test_end_when_a_seat_fills_all_fifteen_slots() -> None:
    """Seed 4.「誰かが場に１５枚全部並べたら、ゲーム終了です」; §3 full pyramid bonus +5:
    seat 1 places the Dragon into its last slot (score 35 + 5)."""
    state = hunt(dice=(2,), turn=1, pyramids=[{}, ALMOST_FULL, BOTTOM])
    state.apply_text(1, "roll")
    events = state.apply_text(1, "place:1.1")
    assert events[-2] == {"type": "end", "reason": "full"} and events[-1]["type"] == "game_over"
    result = state.result()
    assert result is not None
    assert result.scores == [0, 40, 5] and result.winners == [1] and result.ranks == [3, 1, 2]


def test_tie_broken_by_more_cards_placed() -> None:
    """§3 "Ties: more cards placed wins": seat 0 has Slime, Goblin, Kobold and Orc (5 points in
    4 cards), seat 1 the five rank-5 species (5 points in 5 cards), so seat 1 wins."""
    state = hunt(
        dice=(1,),
        deck=[],
        rest="discard",
        pyramids=[
            {"5.1": "slime", "5.2": "goblin", "5.3": "kobold", "4.1": "orc"},
            BOTTOM,
            {"5.1": "skeleton", "5.2": "bat", "5.4": "slime"},
        ],
        turn=2,
    )
    state.apply_text(2, "roll")
    state.apply_text(2, "place:5.3")  # seat 2 takes the Goblin: 4 points, and the deck is empty
    result = state.result()
    assert result is not None
    assert result.scores == [5, 5, 4] and result.ranks == [2, 1, 3] and result.winners == [1]


def test_full_tie_is_shared() -> None:
    """§3 "Ties: more cards placed wins; then shared": a finished game (here a ring nobody can
    use, with dead_ring=end) where every seat has one rank-5 card is shared by all three."""
    state = hunt(
        options={"dead_ring": "end"},
        ring=["orc", "harpy", "dragon", "griffin", "golem", "vampire"],
        pyramids=[{"5.1": "bat"}, {"5.1": "slime"}, {"5.3": "goblin"}],
        phase="over",
        end="dead",
        piece=3,
    )
    result = state.result()
    assert result is not None and result.winners == [0, 1, 2] and result.ranks == [1, 1, 1]


DEAD_RING = ["slime", "goblin", "dragon", "skeleton", "bat", "griffin"]
NO_GOBLIN = {"5.1": "slime", "5.3": "kobold", "5.4": "skeleton", "5.5": "bat"}


def dead_after_goblin(deck: list[str], **fields: Any) -> HuntState:
    """Seat 0 can place only the Goblin (ring position 2), seats 1 and 2 nothing on the ring;
    seat 0 rolls 1, takes and places it, and the refill turns a Kobold nobody can place."""
    state = hunt(dice=(1,), deck=deck, ring=DEAD_RING, pyramids=[NO_GOBLIN, BOTTOM, BOTTOM],
                 **fields)  # fmt: skip
    state.apply_text(0, "roll")
    return state


def test_dead_ring_is_renewed() -> None:
    """bodoge's ruling (option dead_ring = renew, default): when no seat can place any ring card
    the seed's game could never end; the six cards are discarded face up and six new ones are
    turned."""
    deck = ["kobold", "orc", "harpy", "dragon", "mimic", "golem", "werewolf", "bat"]
    state = dead_after_goblin(deck)
    events = state.apply_text(0, "place:5.2")
    discarded = ["slime", "kobold", "dragon", "skeleton", "bat", "griffin"]
    assert events[-1] == {
        "type": "renew",
        "discarded": discarded,
        "ring": ["orc", "harpy", "dragon", "mimic", "golem", "werewolf"],
    }
    data = state.to_json()
    assert data["discard"] == discarded and data["deck"][0] == "bat" and data["piece"] == 2
    assert state.pending() == [1] and not state.is_over()


def test_dead_ring_ends_the_game_with_option_end() -> None:
    """Option dead_ring = end: the dead position ends the game where it stands."""
    state = dead_after_goblin(["kobold", "orc"], options={"dead_ring": "end"})
    events = state.apply_text(0, "place:5.2")
    assert events[-2] == {"type": "end", "reason": "dead"} and events[-1]["type"] == "game_over"
    assert state.is_over() and state.to_json()["ring"][1] == "kobold"
    result = state.result()
    assert result is not None and result.winners == [0, 1, 2] and result.scores == [5, 5, 5]


def test_dead_ring_with_a_short_deck_ends_the_game() -> None:
    """Renewal turns cards like a refill, so a deck that runs out while turning the new ring
    ends the game (§3: a refill is needed and the deck is empty)."""
    state = dead_after_goblin(["kobold", "orc", "dragon", "harpy"], rest="discard")
    events = state.apply_text(0, "place:5.2")
    assert events[-2] == {"type": "end", "reason": "deck"} and events[-1]["type"] == "game_over"
    assert state.to_json()["ring"] == ["orc", "dragon", "harpy", None, None, None]


def test_a_dead_ring_cannot_be_written_as_a_position_to_play() -> None:
    """A dead ring is renewed (or ends the game) at once, so a hand-written state waiting for a
    roll on a dead ring is refused."""
    ring = ["kobold", "goblin", "dragon", "skeleton", "bat", "griffin"]
    with pytest.raises(InvalidState, match="ring must have been renewed"):
        hunt(ring=ring, pyramids=[BOTTOM, BOTTOM, BOTTOM])


def test_wrong_seat_and_illegal_slot_leave_the_state_unchanged() -> None:
    """Bad input raises a bodoge error and changes nothing."""
    state = hunt(dice=(3,))
    before = state.to_json()
    with pytest.raises(WrongSeat):
        state.apply_text(1, "roll")
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply_text(0, "place:5.1")
    assert state.to_json() == before
    state.apply_text(0, "roll")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply_text(0, "place:4.1")
    with pytest.raises(IllegalAction, match="no action"):
        state.apply_text(0, "place:9.9")
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"ring": ["slime"]}, "ring must list 6"),
        ({"piece": 7}, "piece must be"),
        ({"turn": 3}, "turn must be"),
        ({"phase": "dance"}, "phase must be"),
        ({"deck": ["unicorn"]}, "'unicorn' is no card"),
        ({"deck": ["dragon"] * 6}, "2 Dragon too many"),
        ({"pyramids": [{"4.1": "orc"}, {}, {}]}, "seat 0: slot 4.1 is filled"),
        ({"phase": "place", "piece": 3}, "cannot be placed"),
        ({"end": "deck"}, "end must be"),
        ({"discard": 5}, "discard must be a list"),
        ({"pyramids": [ALMOST_FULL | {"1.1": "dragon"}, {}, {}]}, "filled all 15 slots"),
        ({"phase": "over", "end": "full"}, "no seat has filled all 15"),
        ({"phase": "over", "end": "deck"}, "no ring position is empty"),
        ({"phase": "over", "end": "dead"}, "end is dead only with dead_ring=end"),
        ({"discard": None}, "discard must be a list"),
    ],
)
def test_inconsistent_states_are_rejected(fields: dict[str, Any], message: str) -> None:
    """A hand-written state that breaks the rules is refused with one clear message."""
    with pytest.raises(InvalidState, match=message):
        hunt(**fields)


def renewed_position() -> HuntState:
    """Seat 0 has placed the Goblin, the dead ring was renewed (six cards discarded) and seat 1
    is to roll: every place that holds cards holds some (test_dead_ring_is_renewed)."""
    state = dead_after_goblin(["kobold", "orc", "harpy", "dragon", "mimic", "golem", "werewolf"])
    state.apply_text(0, "place:5.2")
    return state


@pytest.mark.parametrize("place", ["deck", "discard", "ring", "pyramid"])
def test_a_state_missing_a_card_is_refused_naming_it(place: str) -> None:
    """Issue 12: seed 1.「モンスターカード９０枚」 are all somewhere (deck, ring, discard,
    pyramids); a state with one card taken out of any of them is refused, naming the card."""
    data = renewed_position().to_json()
    HuntState.from_json(data)  # as it stands, the position loads
    if place == "deck":
        key = data["deck"].pop(5)
    elif place == "discard":
        key = data["discard"].pop(0)
    elif place == "ring":
        key, data["ring"][3] = data["ring"][3], None
    else:
        key = data["pyramids"][0].pop("5.2")  # the Goblin (nothing rests on it)
    with pytest.raises(
        InvalidState, match=f"cards do not add up: 1 {card_name(parse_card(key))} missing"
    ):
        HuntState.from_json(data)


def discard_five(data: dict[str, Any]) -> None:
    data["deck"].append(data["discard"].pop())


def empty_position_with_cards_left(data: dict[str, Any]) -> None:
    """The game over by deck with ring position 2 empty (its card back in the deck)."""
    data.update(phase="over", end="deck")
    data["deck"].append(data["ring"][1])
    data["ring"][1] = None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a renewal discards the whole ring: whole rings of six
        (discard_five, "discard holds 5 cards, but renewals discard whole rings of 6"),
        # seed 4.: an empty ring position comes only when the deck has run out
        (empty_position_with_cards_left, "ring position 2 is empty, but the deck still holds"),
        # each placed card took a roll and a placement
        (lambda d: d.__setitem__("ply", 29), "ply 29 is too few: 15 cards placed"),
        (lambda d: d.__setitem__("die", 0), "die is 0 exactly until the first roll"),
    ],
)
def test_counts_that_follow_from_the_rest(change: Any, message: str) -> None:
    """Issue 12: the discard's size, the empty ring positions, the move counter and the die
    must fit the rest of the position."""
    data = renewed_position().to_json()
    change(data)
    with pytest.raises(InvalidState, match=message):
        HuntState.from_json(data)


def test_the_piece_starts_on_the_first_card() -> None:
    """Seed 1.「最初にめくったカードの上に、駒を置きます」: before the first roll (ply 0, die 0)
    the piece is on position 1."""
    data = HUNT.new(3, seed=4).to_json()
    data["piece"] = 4
    with pytest.raises(InvalidState, match="before the first roll the piece is on position 1"):
        HuntState.from_json(data)


def test_views_hide_only_the_deck_order() -> None:
    """The deck is face down (seed 1.「山札」); everything else in Hunt is face up."""
    state = hunt()
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert "deck" not in view and view["deck_count"] == 84
        assert view["ring"][2] == "dragon"


def test_render_shows_ring_piece_and_pyramids() -> None:
    """The terminal text names the cards, the piece and each seat's pyramid."""
    text = HUNT_GAME.render(hunt(pyramids=[BOTTOM, {}, {}]), 0, "en")
    assert ">1:Slime/スライム(5)" in text and "Seat 1 (you)" in text and "[Skeleton]" in text


def test_deck_holds_ninety_cards_at_start() -> None:
    """Seed 「モンスターカード ９０枚」 and §3 card set: deck + ring are the whole set."""
    data = HUNT.new(3, seed=1).to_json()
    expected = sorted(card_key(card) for card in full_deck())
    assert sorted(data["deck"] + data["ring"]) == expected and len(expected) == 90


def test_determinize_depends_only_on_what_the_seat_knows() -> None:
    """Only the deck order is hidden; a determinization reshuffles it from a canonical order,
    so the real order cannot leak (docs/ai.md)."""
    state = hunt(deck=["orc", "bat", "mimic", "golem", "harpy"])
    world = state.determinize(1, Rng(8))
    assert world.view(1) == state.view(1)
    assert sorted(world.deck) == sorted(state.deck)
    assert world.determinize(1, Rng(8)).to_json() == state.determinize(1, Rng(8)).to_json()


def test_determinize_never_hands_over_the_real_dice() -> None:
    """The die to come is unknown to every seat (seed 2.「ダイスを振って」): two states that differ
    only in their generator and deck order determinize to the same world, whose generator comes
    from the given one, so its next roll is not the real next roll."""
    first = hunt(dice=(3,), deck=["orc", "bat", "mimic", "golem"])
    second = hunt(dice=(5,), deck=["golem", "mimic", "bat", "orc"])
    assert first.view(1) == second.view(1)
    one, two = first.determinize(1, Rng(8)), second.determinize(1, Rng(8))
    assert one.to_json() == two.to_json()
    assert one.rng.state not in (first.rng.state, second.rng.state)
