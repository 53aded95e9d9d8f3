"""The permanent abilities: octopus (three pairs) and lion (seven kinds)."""

from __future__ import annotations

from typing import Any

from .helpers import CHAM, CRAB, CROC, HERMIT, LION, MONKEY, OCTO, PARROT, kinds, load, phase, play


def end_turn_with(row: list[str], card: str, side: str = "right") -> list[dict[str, Any]]:
    """Seat 0 draws `card` from deck A, keeps it and plays it; the events of that turn."""
    state = load([row, [CROC]], [card], [CROC])
    events = play(state, 0, "draw:A", "keep", side)
    assert phase(state) == "draw"  # the turn is over (the card had no decision to offer)
    return events


def alliance(events: list[dict[str, Any]]) -> str | None:
    found = [event["kind"] for event in events if event["type"] == "alliance"]
    return found[0] if found else None


def test_octopus_three_adjacent_pairs_of_different_animals_win() -> None:
    """Seed: 「タコ：(永続能力)自分の列に異なる3組のペアがある場合、このラウンドに勝利します。」"""
    events = end_turn_with([OCTO, CRAB, CRAB, LION, LION, OCTO], OCTO)
    assert alliance(events) == "octopus"
    assert kinds(events)[-3:] == ["alliance", "crown", "round"]


def test_octopus_pairs_need_not_touch_each_other() -> None:
    """Seed: 「すべてのペア同士が隣接している必要はありません」"""
    events = end_turn_with([CRAB, CRAB, OCTO, LION, LION, HERMIT, OCTO], OCTO)
    assert alliance(events) == "octopus"


def test_the_two_cards_of_a_pair_must_be_adjacent() -> None:
    """Seed: 「(訳注: ペアを構成する2枚は隣接している必要があります)」: crab, lion, crab, lion,
    octopus, octopus has only one adjacent pair."""
    events = end_turn_with([OCTO, CRAB, LION, CRAB, LION, OCTO], OCTO)
    assert alliance(events) is None


def test_two_octopuses_may_be_one_of_the_pairs() -> None:
    """Seed: 「3組のペアの1つとして、2枚のタコを含めることができます。」"""
    events = end_turn_with([OCTO, OCTO, CRAB, CRAB, LION], LION)
    assert alliance(events) == "octopus"


def test_octopus_pairs_must_be_three_different_animals() -> None:
    """Seed: 「異なる3組のペア」: lion, crab, lion pairs are only two animals."""
    events = end_turn_with([OCTO, LION, LION, CRAB, CRAB, HERMIT, LION], LION)
    assert alliance(events) is None


def test_no_card_counts_in_two_pairs() -> None:
    """RULINGS §1: "each pair being 2 adjacent cards, no card in two pairs": the chameleon can make
    a crab pair or a lion pair, not both."""
    events = end_turn_with([CRAB, CHAM, LION, OCTO], OCTO)
    assert alliance(events) is None


def test_a_chameleon_completes_an_octopus_pair() -> None:
    """Seed: 「(カメレオンはプレイヤーの列にあるとき、ワイルドカードとして扱われます)」; RULINGS §1:
    wild "for 4-in-a-row and octopus pairs"."""
    events = end_turn_with([OCTO, LION, CHAM, CRAB, CRAB, OCTO], OCTO)
    assert alliance(events) == "octopus"


def test_three_pairs_without_an_octopus_do_not_win() -> None:
    """RULINGS §1: "Octopus (permanent, while an octopus is in your row)"."""
    events = end_turn_with([CRAB, CRAB, HERMIT, HERMIT, LION], LION)
    assert alliance(events) is None


def test_lion_seven_kinds_win() -> None:
    """Seed: 「ライオン：(永続能力)自分の列に（このライオンを含めて）7種類の異なるカードがある場合、
    このラウンドに勝利します」"""
    events = end_turn_with([CROC, CRAB, MONKEY, HERMIT, OCTO, PARROT], LION)
    assert alliance(events) == "lion"


def test_lion_counts_a_chameleon_as_a_kind() -> None:
    """Seed: 「(訳注: カメレオンはカメレオンとして、つまり他の動物とは異なる1種類としてカウントでき
    ます)」"""
    events = end_turn_with([CROC, CRAB, MONKEY, HERMIT, OCTO, CHAM], LION)
    assert alliance(events) == "lion"


def test_lion_counts_kinds_not_cards() -> None:
    """Seed: 「7種類の異なるカード」: two crocodiles are one kind; six kinds do not win."""
    events = end_turn_with([CROC, CROC, CRAB, MONKEY, HERMIT, OCTO], LION)
    assert alliance(events) is None


def test_seven_kinds_without_a_lion_do_not_win() -> None:
    """Seed: 「（このライオンを含めて）」; RULINGS §1: "while a lion is in your row"; the chameleon
    copies no ability, so it is no lion."""
    events = end_turn_with([CROC, CRAB, MONKEY, HERMIT, OCTO, PARROT], CHAM)
    assert alliance(events) is None


def test_lion_wins_with_repeated_kinds_too() -> None:
    """Seed: 「7種類の異なるカードがある場合」: a repeated kind does not spoil the count."""
    events = end_turn_with([CROC, CROC, CRAB, MONKEY, HERMIT, OCTO, PARROT], LION, "left")
    assert alliance(events) == "lion"
