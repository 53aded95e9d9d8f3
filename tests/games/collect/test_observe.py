"""Collect!'s observation (bodoge.games.collect.observe): hand-set positions read back number by
number. What a seat may know is RULINGS §1 "Knowledge": rows, crowns and the card in play are
public; a deck card once face up stays known until the reshuffle, shown only with
known_cards=shown."""

from __future__ import annotations

from bodoge.games.collect.animals import CODE, KINDS
from bodoge.games.collect.observe import UNKNOWN, collect_observer
from bodoge.games.collect.rules import CollectState

from .helpers import CRAB, CROC, HERMIT, LION, MONKEY, OCTO, load, play


def pieces(state: CollectState, seat: int | None) -> dict[str, list[float]]:
    observer = collect_observer(state.players, state.options)
    return observer.split(observer.encode(state.view(seat)))


def test_rows_targets_and_the_mover_are_counted_from_the_observer() -> None:
    """Seat 0's crocodile chose seat 1's monkey (phase crocodile_deck); seat 1 observes: its own
    row is +0, seat 0's row +1, the target card +0 position 0, the mover +1."""
    state = load([[CRAB, LION], [MONKEY, OCTO]], [CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:1.0")
    seen = pieces(state, 1)
    rows = seen["rows"]
    row = 64 * KINDS
    assert rows[0 * KINDS + CODE[MONKEY]] == 1.0 and rows[1 * KINDS + CODE[OCTO]] == 1.0
    assert rows[row + 2 * KINDS + CODE[CROC]] == 1.0  # seat 0's row: crab, lion, crocodile
    assert sum(rows) == 5.0
    assert seen["row_lengths"] == [2 / 64, 3 / 64]
    assert seen["ability_target"][0] == 1.0 and sum(seen["ability_target"]) == 1.0
    assert seen["to_move"] == [0.0, 1.0]
    assert seen["phase"][4] == 1.0  # crocodile_deck
    assert seen["team_mode"] == [0.0]


def test_a_card_once_face_up_is_shown_only_with_known_cards_shown() -> None:
    """A lion returned to the top of deck A ("lion*"): column lion with known_cards=shown, the
    unknown column with hidden; the card under it was never seen."""
    for option, column in (("shown", CODE[LION]), ("hidden", UNKNOWN)):
        state = load([[CRAB], [MONKEY]], [f"{LION}*", CROC], options={"known_cards": option})
        decks = pieces(state, 0)["decks"]
        assert decks[column] == 1.0 and sum(decks[: KINDS + 1]) == 1.0
        assert decks[(KINDS + 1) + UNKNOWN] == 1.0  # position 1: the crocodile, never seen
        assert pieces(state, 0)["known_cards_hidden"] == [1.0 if option == "hidden" else 0.0]
