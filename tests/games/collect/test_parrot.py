"""Parrot (オウム): name an animal, reveal a top card; play a match (or chameleon), else return."""

from __future__ import annotations

from .helpers import (
    CHAM,
    CRAB,
    CROC,
    HERMIT,
    LION,
    MONKEY,
    OCTO,
    PARROT,
    deck,
    kinds,
    load,
    phase,
    play,
    rows,
)

NAMES = [
    "name:crocodile", "name:crab", "name:monkey", "name:hermit_crab", "name:octopus",
    "name:parrot", "name:lion", "name:chameleon",
]  # fmt: skip


def test_parrot_names_any_of_the_eight_animals() -> None:
    """Seed: 「1種類の動物を宣言し」; RULINGS §1: the ability is optional (pass)."""
    state = load([[LION], [MONKEY]], [PARROT, CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    assert state.legal_texts(0) == ["pass", *NAMES]
    events = state.apply_text(0, "name:crocodile")
    assert events == [{"type": "name", "seat": 0, "animal": "crocodile"}]
    assert phase(state) == "parrot_reveal"
    assert state.legal_texts(0) == ["reveal:A", "reveal:B"]
    assert state.view(1)["named"] == "crocodile"


def test_a_match_must_be_played_and_may_use_its_ability() -> None:
    """Seed: 「それが宣言した動物であれば、そのカードをプレイする必要があります(能力を発動させること
    もできます。」: the revealed crocodile is played at an end and takes the monkey."""
    state = load([[LION], [MONKEY]], [PARROT, CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "name:crocodile")
    events = state.apply_text(0, "reveal:A")
    assert events == [
        {"type": "reveal", "seat": 0, "deck": "A", "card": "crocodile", "match": True}
    ]
    assert phase(state) == "place"
    assert state.legal_texts(0) == ["left", "right"]
    state.apply_text(0, "left")
    assert rows(state) == [[CROC, LION, PARROT], [MONKEY]]
    assert phase(state) == "ability"
    assert state.legal_texts(0) == ["pass", "card:0.1", "card:0.2", "card:1.0"]
    play(state, 0, "card:1.0", "bottom:B")
    assert rows(state) == [[CROC, LION, PARROT], []]
    assert deck(state, "B")[-1] == "monkey*"
    assert state.active == 1


def test_a_miss_goes_back_on_top_of_either_deck() -> None:
    """Seed: 「そうでなければ、そのカードをいずれかのデッキに戻します(訳注: 引いたデッキでなくても構
    いません)」; RULINGS §1: face down on top of either deck; it stays public ("*")."""
    state = load([[LION], [MONKEY]], [PARROT, CROC, OCTO], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "name:lion")
    events = state.apply_text(0, "reveal:A")
    assert events[0]["match"] is False
    assert phase(state) == "parrot_return"
    assert state.to_json()["held"] == CROC
    assert state.legal_texts(0) == ["top:A", "top:B"]
    events = state.apply_text(0, "top:B")
    assert events == [{"type": "return_top", "seat": 0, "card": "crocodile", "deck": "B"}]
    assert deck(state, "B")[:2] == ["crocodile*", HERMIT]
    assert deck(state, "A")[0] == OCTO
    assert rows(state) == [[LION, PARROT], [MONKEY]]
    assert state.active == 1
    assert state.view(1)["decks"]["B"]["cards"][0] == "crocodile"


def test_a_miss_may_go_back_on_the_deck_it_came_from() -> None:
    """Seed: 「いずれかのデッキに戻します」: the same deck (A) is allowed too."""
    state = load([[LION], [MONKEY]], [PARROT, CROC, OCTO], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "name:lion", "reveal:A", "top:A")
    assert deck(state, "A")[:2] == ["crocodile*", OCTO]


def test_parrot_may_reveal_the_other_deck() -> None:
    """Seed: 「いずれかのデッキの一番上のカードを1枚公開します」: deck B, a match."""
    state = load([[LION], [MONKEY]], [PARROT, CROC], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "name:octopus", "reveal:B", "right")
    assert rows(state) == [[LION, PARROT, OCTO], [MONKEY]]
    assert deck(state, "A")[0] == CROC
    assert state.active == 1


def test_a_revealed_chameleon_counts_as_the_named_animal() -> None:
    """Seed: 「警告：カメレオンは任意の動物として扱われます。プレイヤーがこの方法でカメレオンを公開
    した場合、それは宣言した動物と見なされ、列に加えなければなりません」"""
    state = load([[LION], [MONKEY]], [PARROT, CHAM], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "name:crocodile")
    events = state.apply_text(0, "reveal:A")
    assert events[0] == {
        "type": "reveal",
        "seat": 0,
        "deck": "A",
        "card": "chameleon",
        "match": True,
    }
    assert state.legal_texts(0) == ["left", "right"]
    state.apply_text(0, "right")
    # The chameleon copies no ability: no crocodile decision follows.
    assert rows(state) == [[LION, PARROT, CHAM], [MONKEY]]
    assert state.active == 1
    assert phase(state) == "draw"


def test_a_revealed_second_chameleon_sends_both_to_the_decks() -> None:
    """Seed: 「(訳注: カメレオンは能力をコピーしないので、宣言した動物の能力ではなく、カメレオンの能
    力「2枚ある場合は両方捨てる」が発動します)」"""
    state = load([[CHAM], [MONKEY]], [PARROT, CHAM], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "name:lion", "reveal:A")
    events = state.apply_text(0, "left")
    assert kinds(events) == ["play", "chameleons"]
    assert rows(state) == [[PARROT], [MONKEY]]
    assert phase(state) == "chameleon"
    play(state, 0, "bottom:A", "bottom:A")
    assert deck(state, "A")[-2:] == ["chameleon*", "chameleon*"]
    assert state.active == 1


def test_parrot_chains_to_parrot() -> None:
    """Seed: 「(訳注: オウムを宣言していたなら、この能力を連続して発動することもできます。)」"""
    state = load([[LION], [MONKEY]], [PARROT, PARROT, CRAB], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "name:parrot", "reveal:A", "right")
    assert phase(state) == "ability"
    assert state.legal_texts(0) == ["pass", *NAMES]
    play(state, 0, "name:crab", "reveal:A", "left")
    assert rows(state) == [[CRAB, LION, PARROT, PARROT], [MONKEY]]
    assert phase(state) == "ability"  # the crab's own ability is offered in turn
    state.apply_text(0, "pass")
    assert state.active == 1


def test_parrot_reveals_a_hermit_crab_that_grants_an_extra_turn() -> None:
    """Seed: 「(能力を発動させることもできます。」 with the hermit crab: 「もう一度ターンを行います
    」."""
    state = load([[CRAB], [MONKEY]], [PARROT, HERMIT, LION], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "name:hermit_crab", "reveal:A", "right")
    assert state.legal_texts(0) == ["pass", "use"]
    state.apply_text(0, "use")
    assert state.active == 0
    assert phase(state) == "draw"


def test_parrot_may_pass() -> None:
    """RULINGS §1: "Abilities (all optional except the chameleon rule)"."""
    state = load([[LION], [MONKEY]], [PARROT, CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "pass")
    assert deck(state, "A")[0] == CROC
    assert state.active == 1
