"""Collect! variants: the counts per animal as content (docs/studio.md). The kit refuses what
the rules cannot play, naming the field in both languages; a variant's counts are the deck every
round deals (RULINGS.md §1 "Each round: shuffle all ... split into deck A and deck B"); random
games of variants end and keep every card."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bodoge.engine import InvalidState, Match, State
from bodoge.engine.variants import VariantError
from bodoge.games.collect import content, variant
from bodoge.games.collect.animals import KEYS
from bodoge.games.collect.rules import CollectState
from bodoge.games.collect.words import describe_result
from protocol_checks import check_random_games

from .helpers import CHAM, CRAB, CROC, HERMIT, LION, MONKEY, OCTO, PARROT, build, play
from .test_random_games import conserved


def counts(**changed: int) -> dict[str, Any]:
    """The built-in counts in the variant format, with some changed."""
    items = [{"key": key, "count": changed.get(key, 8)} for key in KEYS]
    return {"animals": {"animal": items}}


def refused(data: Any) -> list[tuple[str, str, str]]:
    with pytest.raises(VariantError) as caught:
        variant.check(data)
    return [(p.field, p.en, p.ja) for p in caught.value.problems]


def test_the_builtin_counts_pass_and_play_as_the_builtin_game() -> None:
    data = variant.builtin()
    assert data == counts()
    variant.check(data)
    assert variant.differences(data, data) == []
    options = variant.options(data)
    assert options["content"].startswith("variant:")
    assert variant.data_of(options) == data and variant.data_of({"content": "default"}) is None
    # the same seed, the same random moves: the same game as the built-in content
    games = [Match("collect", 3, opts, 5) for opts in ({}, options)]
    for match in games:
        match.play_out(lambda state, seat: state.legal_actions(seat)[state.ply % 2 - 1])
    first, second = ([(d.seat, d.action, d.events) for d in m.log] for m in games)
    assert first == second and len(first) > 50


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        (counts(crab=0), "animals.animal[1].count", ("0 cards", "0枚")),
        (counts(crab=-2), "animals.animal[1].count", ("-2 cards", "-2枚")),
        (counts(crab=True), "animals.animal[1].count", ("whole number", "整数")),
        (counts(crab=7), "animals.animal", ("63 cards in all, an odd", "奇数")),
        (counts(crab=10, lion=10), "animals.animal", ("68 cards in all, more than 64", "上限")),
        (counts(crab=10**7), "animals.animal[1].count", ("beyond", "範囲")),
        ({"animals": {"animal": [*counts()["animals"]["animal"], {"key": "crab", "count": 2}]}},
         "animals.animal[8].key", ("listed twice", "2回")),
        ({"animals": {"animal": [{"key": "dragon", "count": 8},
                                 *counts()["animals"]["animal"][1:]]}},
         "animals.animal[0].key", ("'dragon' is not an animal", "動物ではありません")),
        ({"animals": {"animal": counts()["animals"]["animal"][1:]}}, "animals.animal",
         ("lacks crocodile", "crocodile がありません")),
        ({"animals": {"animal": [{**counts()["animals"]["animal"][0], "en": "Croc"},
                                 *counts()["animals"]["animal"][1:]]}},
         "animals.animal[0].en", ("not a field", "項目ではありません")),
        ({"cards": {}}, "cards", ("not a section", "セクションではありません")),
        ({"animals": []}, "animals", ("must be a table", "表でなければ")),
        ({"animals": {"animal": [{"key": "crab\u202e", "count": 8}]}}, "animals.animal[0].key",
         ("invisible or control", "制御文字")),
    ],
    ids=["zero", "negative", "bool", "odd", "too-many", "huge", "duplicate", "unknown",
         "missing", "extra-field", "section", "not-a-table", "bidi"],
)  # fmt: skip
def test_the_kit_refuses_with_the_field_named(
    data: dict[str, Any], field: str, words: tuple[str, str]
) -> None:
    problems = refused(data)
    assert problems[0][0] == field, problems
    assert words[0] in problems[0][1] and words[1] in problems[0][2], problems


def test_differences_in_words() -> None:
    lines = variant.differences(variant.builtin(), counts(crocodile=12, parrot=6, lion=4))
    assert [(line.field, line.en, line.ja) for line in lines] == [
        ("animals.animal[0].count", "Crocodile: 8 → 12 cards", "クロコダイル：8枚 → 12枚"),
        ("animals.animal[5].count", "Parrot: 8 → 6 cards", "オウム：8枚 → 6枚"),
        ("animals.animal[6].count", "Lion: 8 → 4 cards", "ライオン：8枚 → 4枚"),
        ("animals.animal", "in all: 64 → 62 cards (decks A and B of 31 each)",
         "合計：64枚 → 62枚（デッキA・Bは各31枚）"),
    ]  # fmt: skip


SMALL = counts(crocodile=3, crab=1, monkey=1, hermit_crab=1, octopus=1, parrot=1, lion=1,
               chameleon=1)  # fmt: skip


def small_state(options: dict[str, str]) -> dict[str, Any]:
    """Seat 0 to draw the last deck card (an octopus) of a 10-card variant: nine are in rows."""
    rows = [[CROC, CRAB, MONKEY], [HERMIT, PARROT, LION, CHAM, CROC, CROC]]
    data = build(rows, [OCTO], [], fill="A", options=options)
    data["decks"] = {"A": [OCTO], "B": []}  # the variant's deck: nothing more to fill
    return data


def test_a_variant_state_holds_its_counts_and_a_drawn_round_deals_them_again() -> None:
    """RULINGS §1 Decks: "If a draw is required and both decks are empty, the round ends drawn:
    no crown, next round" (a rule that "stays for content ... that changes the card counts"):
    with 10 cards and one chameleon both decks run dry; the next round deals 5 and 5."""
    options = variant.options(SMALL)
    with pytest.raises(InvalidState, match=r"cards do not add up: 3 crocodile \(8 expected\)"):
        CollectState.from_json(small_state({}))  # the built-in deck lacks 5 crocodiles and more
    state = CollectState.from_json(small_state(options))
    events = play(state, 0, "draw:A", "right")
    assert [e["type"] for e in events] == ["draw", "play", "round_drawn", "round"]
    assert events[-1] == {"type": "round", "number": 2, "start": 1}
    data = state.to_json()
    assert data["history"] == [None] and data["crowns"] == {"half": [0, 0], "full": None}
    assert (len(data["decks"]["A"]), len(data["decks"]["B"])) == (5, 5)
    assert Counter(data["decks"]["A"] + data["decks"]["B"]) == {
        CROC: 3, CRAB: 1, MONKEY: 1, HERMIT: 1, OCTO: 1, PARROT: 1, LION: 1, CHAM: 1,
    }  # fmt: skip
    assert data["options"]["content"] == options["content"]
    again = CollectState.from_json(data)
    assert again.to_json() == data and again.deck.total == 10


def test_a_new_game_deals_the_variant() -> None:
    options = variant.options(counts(crocodile=16, lion=2, parrot=6))
    state = CollectState.new(2, options, seed=3)
    cards = [card & 7 for deck in state.decks for card in deck]
    assert (len(state.decks[0]), len(state.decks[1])) == (32, 32)
    assert Counter(cards)[0] == 16 and Counter(cards)[6] == 2 and Counter(cards)[5] == 6
    assert state.view(None)["options"]["content"] == options["content"]


@pytest.mark.parametrize(
    ("data", "players"),
    [
        (SMALL, 2),
        (counts(chameleon=4), 4),
        (counts(crocodile=20, crab=4, monkey=4, hermit_crab=4, octopus=2, parrot=8, lion=8,
                chameleon=14), 3),
        (counts(parrot=16, chameleon=1, lion=1, octopus=1, monkey=5), 4),
    ],
    ids=["ten-cards", "four-chameleons", "crocodiles", "parrots"],
)  # fmt: skip
def test_random_games_of_variants_end_and_keep_every_card(
    data: dict[str, Any], players: int
) -> None:
    def invariant(state: State) -> None:
        conserved(state)  # against the state's own counts: the variant's

    options = variant.options(data)
    lengths = check_random_games("collect", players, 60, options, seed=3, invariant=invariant)
    assert len(lengths) == 60


def test_a_variant_game_ends_at_its_limit_nobody_winning() -> None:
    """A variant's game ends at the first turn that would begin after content.VARIANT_PLIES
    decisions (the length bound; docs/studio.md); the built-in game has no limit."""
    assert content.VARIANT_PLIES == 20_000 and content.BUILTIN.plies == 0
    options = variant.options(counts())  # the built-in counts, as a variant
    position = build([[CROC], [MONKEY]], [OCTO], options=options, ply=19_999)
    state = CollectState.from_json(position)
    events = play(state, 0, "draw:A", "keep", "right")
    assert events[-2] == {"type": "limit", "plies": 20_000}  # then the engine's game_over
    assert state.is_over() and state.ply == 20_002
    result = state.result()
    assert result is not None and result.winners == [] and result.scores == [0.0, 0.0]
    assert describe_result(state, "en", None)[0] == (
        "Nobody won: the game reached the limit of 20000 moves"
    )
    assert (
        describe_result(state, "ja", None)[0] == "20000手の上限に達したため、勝者なしでゲーム終了"
    )
    assert CollectState.from_json(state.to_json()).to_json() == state.to_json()
    builtin = CollectState.from_json({**position, "options": {}})
    play(builtin, 0, "draw:A", "keep", "right")
    assert not builtin.is_over() and builtin.active == 1


def test_ten_cards_among_four_players_end_at_the_limit() -> None:
    """Drawn round after drawn round (one chameleon, ten cards, four rows): without the limit
    these random games did not end in 200,000 decisions."""
    lengths = check_random_games(
        "collect", 4, 2, variant.options(SMALL_FOUR), seed=3, deep_every=100, invariant=conserved
    )
    assert all(content.VARIANT_PLIES <= n < content.VARIANT_PLIES + 200 for n in lengths)


SMALL_FOUR = counts(crocodile=1, crab=1, monkey=1, hermit_crab=1, octopus=1, parrot=1, lion=1,
                    chameleon=3)  # fmt: skip
