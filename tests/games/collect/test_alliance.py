"""Alliances (同盟の結成): checked only for the active seat, only at the end of its turn."""

from __future__ import annotations

from .helpers import CRAB, CROC, LION, MONKEY, OCTO, kinds, load, phase, play, rows


def test_four_adjacent_cards_of_one_animal_win_the_round() -> None:
    """Seed: 「アクティブプレイヤーが同じ動物カードを4枚隣接させて並べた場合。」"""
    state = load([[CROC, LION, LION, LION], [MONKEY]], [LION], [CROC])
    events = play(state, 0, "draw:A", "keep", "right")
    assert kinds(events) == ["draw", "keep", "play", "alliance", "crown", "round"]
    assert events[3] == {"type": "alliance", "seat": 0, "kind": "four"}
    assert events[4] == {"type": "crown", "seat": 0, "crown": "half"}


def test_four_cards_that_are_not_adjacent_do_not_win() -> None:
    """Seed: 「同じ動物カードを4枚隣接させて」: a crocodile between the lions breaks the run."""
    state = load([[LION, LION, CROC, LION], [MONKEY]], [LION], [CROC])
    events = play(state, 0, "draw:A", "keep", "right")
    assert "alliance" not in kinds(events)
    assert rows(state) == [[LION, LION, CROC, LION, LION], [MONKEY]]
    assert state.active == 1


def test_the_check_waits_for_the_end_of_the_turn() -> None:
    """Seed: 「4. ターンの終了：同盟が結成されたか確認します。」: four crabs right after the play,
    but the crab's own ability moves one away before the turn ends, so no alliance."""
    state = load([[CRAB, CRAB, CRAB, LION], [MONKEY]], [CRAB], [CROC])
    play(state, 0, "draw:A", "keep", "left")
    assert rows(state) == [[CRAB, CRAB, CRAB, CRAB, LION], [MONKEY]]
    assert phase(state) == "ability"
    events = play(state, 0, "card:0.0", "to:4")
    assert "alliance" not in kinds(events)
    assert rows(state) == [[CRAB, CRAB, CRAB, LION, CRAB], [MONKEY]]
    assert state.active == 1


def test_another_seats_four_does_not_end_the_active_seats_turn() -> None:
    """Seed: 「(訳注: 同盟結成は自分のターン終了時のみです。他のプレイヤーのターンに自分が条件を満た
    しても、ラウンドの勝利にはなりません)」: seat 1's four was made by seat 2 (a monkey or crab)
    in the turn before seat 0's; three seats, since with two it would be seat 1's turn now."""
    state = load([[CROC], [LION, LION, LION, LION], [MONKEY]], [OCTO], [CROC])
    events = play(state, 0, "draw:A", "keep", "right")
    assert "alliance" not in kinds(events)
    assert state.to_json()["crowns"]["half"] == [0, 0, 0]
    assert state.active == 1


def test_the_owner_wins_at_the_end_of_its_own_turn() -> None:
    """Seed: 「アクティブプレイヤーのターン終了時に、下記の条件を満たし同盟が結成されていれば、その
    ラウンドはただちに終了します」: seat 1's four (made by seat 2 before seat 0's turn) counts when
    seat 1's own turn ends."""
    state = load([[CROC], [LION, LION, LION, LION], [MONKEY]], [OCTO, OCTO], [CROC])
    play(state, 0, "draw:A", "keep", "right")
    events = play(state, 1, "draw:A", "keep", "left")
    assert {"type": "alliance", "seat": 1, "kind": "four"} in events
    assert state.to_json()["crowns"]["half"] == [0, 1, 0]


def test_another_seats_octopus_pairs_do_not_count_either() -> None:
    """RULINGS §1: "Conditions met on other seats' rows in between do not count" (seat 2 made
    seat 1's pairs in the turn before seat 0's)."""
    state = load([[CROC], [OCTO, CRAB, CRAB, LION, LION, OCTO, OCTO], [MONKEY]], [LION], [CROC])
    events = play(state, 0, "draw:A", "keep", "left")
    assert "alliance" not in kinds(events)
    assert state.active == 1


def test_an_alliance_made_by_an_ability_wins() -> None:
    """Seed: 「アクティブプレイヤーが動物の能力によって同盟を結成した場合」: the crocodile removes
    the parrot between the lions; the active row then holds four lions."""
    state = load([[LION, LION, "parrot", LION, LION], [MONKEY]], [CROC], [CROC])
    events = play(state, 0, "draw:A", "keep", "right", "card:0.2", "bottom:A")
    assert {"type": "alliance", "seat": 0, "kind": "four"} in events


def test_four_in_a_row_matches_the_rule_on_every_short_row() -> None:
    """RULINGS §1: "4 adjacent cards of one animal (chameleon wild)", checked window by window
    against the single-pass scan, on every row of up to 6 cards with at most one chameleon."""
    from itertools import product

    from bodoge.games.collect.alliance import four_in_a_row
    from bodoge.games.collect.animals import CHAMELEON

    def by_windows(row: tuple[int, ...]) -> bool:
        return any(
            len({card for card in row[i : i + 4] if card != CHAMELEON}) <= 1
            for i in range(len(row) - 3)
        )

    for length in range(7):
        for row in product(range(8), repeat=length):
            if row.count(CHAMELEON) <= 1:
                assert four_in_a_row(list(row)) == by_windows(row), row
