"""Public knowledge of cards that have been face up, views, and the `known_cards` option."""

from __future__ import annotations

from collections import Counter

from bodoge.engine import Rng
from bodoge.games.collect import GAME
from bodoge.games.collect.rules import CollectState

from .helpers import CROC, HERMIT, LION, MONKEY, OCTO, build, deck, load, play


def marked_state(options: dict[str, str] | None = None) -> CollectState:
    """Deck A: lion*, octopus, crocodile*, then unseen cards; deck B: unseen, its bottom card
    known."""
    data = build([[CROC], [MONKEY]], ["lion*", OCTO, "crocodile*"], [HERMIT], options=options)
    data["decks"]["B"][-1] += "*"
    return CollectState.from_json(data)


def test_views_show_face_up_cards_in_their_exact_place() -> None:
    """RULINGS §1 Knowledge: "a card that has been face up ... stays public until the next
    reshuffle: every view shows it in its exact deck position. Unrevealed deck cards are hidden from
    every seat." (also seed: 「一番上のカードを全員に見えるように公開します」)"""
    state = marked_state()
    for seat in (None, 0, 1):
        decks = state.view(seat)["decks"]
        a, b = decks["A"]["cards"], decks["B"]["cards"]
        assert decks["A"]["count"] == len(deck(state, "A"))
        assert a[0] == "lion"
        assert a[2] == "crocodile"
        assert [i for i, card in enumerate(a) if card is not None] == [0, 2]
        assert [i for i, card in enumerate(b) if card is not None] == [len(b) - 1]
        assert b[-1] == deck(state, "B")[-1].rstrip("*")


def test_a_returned_card_becomes_public() -> None:
    """RULINGS §1: "(revealed, returned, put on a deck bottom)": the returned octopus is shown on
    top of deck B to the other seat; the card taken is played face up."""
    state = load([[CROC], [MONKEY]], [OCTO, HERMIT], [LION])
    play(state, 0, "draw:A", "return:B", "right")
    assert state.view(1)["decks"]["B"]["cards"][:2] == ["octopus", None]
    assert state.view(None)["rows"] == [[CROC, HERMIT], [MONKEY]]


def test_the_revealed_card_is_public_while_it_is_decided_on() -> None:
    """Seed: 「一番上のカードを全員に見えるように公開します」: the draw event carries no secret and
    every view shows the held card."""
    state = load([[CROC], [MONKEY]], [OCTO], [HERMIT])
    events = state.apply_text(0, "draw:A")
    assert all("visible_to" not in event for event in events)
    assert [state.view(seat)["held"] for seat in (None, 0, 1)] == [OCTO, OCTO, OCTO]


def test_option_known_cards_hidden_makes_players_remember() -> None:
    """RULINGS §1 option `known_cards` = hidden ("players must remember"): no view shows a deck
    card; the full state still records which cards were face up."""
    state = marked_state({"known_cards": "hidden"})
    for seat in (None, 0, 1):
        decks = state.view(seat)["decks"]
        assert all(card is None for card in decks["A"]["cards"] + decks["B"]["cards"])
    assert deck(state, "A")[0] == "lion*"
    line = GAME.render(state, 0, "en").split("deck A")[1].split("\n")[0]
    assert "lion" not in line.lower() and "?" in line
    assert "ライオン" not in GAME.render(state, 0, "ja")


def test_render_shows_known_cards_and_hides_the_rest() -> None:
    """RULINGS §1 Knowledge, as the terminal shows it: known cards by name, unseen cards as "?"."""
    line = next(
        text for text in GAME.render(marked_state(), 0, "en").splitlines() if "deck A" in text
    )
    assert line.split(": ", 1)[1].split()[:3] == ["Lion", "?", "Crocodile"]


def test_determinize_keeps_known_cards_and_reshuffles_only_unseen_ones() -> None:
    """RULINGS §1 Knowledge: what every seat knows stays fixed; only unseen deck cards move."""
    state = marked_state()
    before = state.to_json()
    other = state.determinize(1, Rng(5)).to_json()
    assert other["rows"] == before["rows"]
    for name in ("A", "B"):
        mine, theirs = before["decks"][name], other["decks"][name]
        assert len(mine) == len(theirs)
        assert [(i, c) for i, c in enumerate(mine) if c.endswith("*")] == [
            (i, c) for i, c in enumerate(theirs) if c.endswith("*")
        ]
    everything = before["decks"]["A"] + before["decks"]["B"]
    assert Counter(other["decks"]["A"] + other["decks"]["B"]) == Counter(everything)
    assert other["decks"] != before["decks"]


def test_a_new_round_forgets_the_known_cards() -> None:
    """RULINGS §1: public "until the next reshuffle"."""
    data = build([[LION, LION, LION], [MONKEY]], [LION, "octopus*"], [HERMIT])
    state = CollectState.from_json(data)
    play(state, 0, "draw:A", "keep", "right")
    assert state.to_json()["round"] == 2
    decks = state.view(1)["decks"]
    assert all(card is None for card in decks["A"]["cards"] + decks["B"]["cards"])


def test_determinize_does_not_depend_on_the_hidden_order() -> None:
    """RULINGS §1 Knowledge: "Unrevealed deck cards are hidden from every seat": two states that
    differ only in the order of unseen deck cards look the same to every seat, so a bot's sampled
    world (same generator) must be the same too, or it would read the hidden order."""
    data = build([[CROC], [MONKEY]], ["lion*", OCTO, HERMIT], [LION, CROC])
    twin = build([[CROC], [MONKEY]], ["lion*", HERMIT, OCTO], [CROC, LION])
    state, other = CollectState.from_json(data), CollectState.from_json(twin)
    assert state.to_json()["decks"] != other.to_json()["decks"]
    for seat in (None, 0, 1):
        assert state.view(seat) == other.view(seat)
        mine = state.determinize(seat, Rng(5)).to_json()
        theirs = other.determinize(seat, Rng(5)).to_json()
        assert mine["decks"] == theirs["decks"]
