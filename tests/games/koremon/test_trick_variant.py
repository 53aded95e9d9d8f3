"""Trick the Monster with a designer's card list (issue 28): the rules read the variant's ranks,
points and counts; the kit refuses what the game cannot deal, naming the field in English and
Japanese; random games of a few variants end and keep every card."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bodoge.engine import State
from bodoge.games.koremon.common import variant as common_variant
from bodoge.games.koremon.common.cards import MIMIC
from bodoge.games.koremon.trick.bot import average_card, trick_value
from bodoge.games.koremon.trick.observe import observer
from bodoge.games.koremon.trick.rules import TrickState
from bodoge.games.koremon.trick.variant import KIT
from protocol_checks import check_random_games

from .test_trick import play, position, trick_of
from .variant_kit import edited, refusals, with_variant


def builtin() -> dict[str, Any]:
    return common_variant.builtin()


def test_a_variants_ranks_decide_the_trick() -> None:
    """Seed 4 ②③ with the variant's ranks: Slime, Orc, Dragon, Golem (ranks 5, 4, 1, 3) is won
    by rule ③ by the Dragon with bodoge's list; with the Golem made rank 1 the ranks are 5, 4,
    1, 1 and rule ② 「最も枚数が多いランク」 gives it to the Golem, the last of the two."""
    hands = [["slime"], ["orc"], ["dragon"], ["golem"]]
    builtin_state = position(hands, leader=0, rest_to=0)
    events = play(builtin_state, "play:slime", "play:orc", "play:dragon", "play:golem")
    assert trick_of(events) == {"type": "trick", "winner": 2, "rule": 3}
    state = with_variant(position(hands, leader=0, rest_to=0), edited(golem={"rank": 1}))
    events = play(state, "play:slime", "play:orc", "play:dragon", "play:golem")
    assert trick_of(events) == {"type": "trick", "winner": 3, "rule": 2}


def test_a_variants_points_score_the_won_cards() -> None:
    """Seed 得点表 replaced by the variant's points: Dragon 12, Golem -3, Mimic -5."""
    hands = [["golem", "slime"], ["golem", "orc"], ["dragon", "bat"], ["mimic", "kobold"]]
    data = edited(dragon={"points": 12}, golem={"points": -3}, mimic={"points": -5})
    state = with_variant(position(hands, leader=0, rest_to=0), data)
    before = state.game_scores()
    events = play(state, "play:golem", "play:golem", "play:dragon", "play:mimic=golem")
    assert trick_of(events)["winner"] == 3  # rule ①: three Golems, the Mimic played last
    gained = [now - then for now, then in zip(state.game_scores(), before, strict=True)]
    assert gained == [0, 0, 0, -3 - 3 + 12 - 5]


def test_the_built_in_list_is_not_written_in_a_games_options() -> None:
    """A built-in game's options stay as before (records and fingerprints replay alike); a
    variant's game names its content by digest, never a path."""
    assert TrickState.new(4, seed=1).to_json()["options"] == {"mimic_lead": "only-mimics"}
    key = KIT.options(edited(golem={"rank": 1}))["content"]
    assert key.startswith("variant:") and "/" not in key
    state = TrickState.new(4, {"content": key}, seed=1)
    assert state.options["content"] == key and state.c.rank[3] == 1
    assert TrickState.from_json(state.to_json()).to_json() == state.to_json()


def test_a_120_card_deck_deals_30_each_to_four() -> None:
    data = edited(**{key["key"]: {"count": 9} for key in builtin()["species"]})  # 15*7 + 15
    state = TrickState.new(4, KIT.options(data), seed=2)
    assert [sum(hand) for hand in state.hands] == [30] * 4


# ---- the kit's refusals ------------------------------------------------------------------


def fields(data: Any) -> list[str]:
    return [field for field, _, _ in refusals(KIT, data)]


def test_the_built_in_list_passes() -> None:
    KIT.check(builtin())
    assert KIT.differences(builtin(), builtin()) == []


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dragon": {"count": 0}}, "species[0].count"),
        ({"griffin": {"count": -3}}, "species[1].count"),
        ({"vampire": {"count": 13}}, "species[2].count"),
        ({"golem": {"rank": 6}}, "species[3].rank"),
        ({"golem": {"rank": 0}}, "species[3].rank"),
        ({"golem": {"rank": "2"}}, "species[3].rank"),
        ({"orc": {"points": 21}}, "species[6].points"),
        ({"bat": {"en": ""}}, "species[14].en"),
        ({"bat": {"colour": "red"}}, "species[14].colour"),
        ({"mimic": {"count": -1}}, "mimic.count"),
        ({"mimic": {"count": 31}}, "mimic.count"),
        ({"mimic": {"key": "joker"}}, "mimic.key"),
        ({"dragon": {"count": 1}}, "species[0].count"),  # Trick leaves two in the box
    ],
)
def test_each_bad_field_is_named(change: dict[str, dict[str, Any]], field: str) -> None:
    assert fields(edited(**change)) == [field]


def test_a_deck_not_dealt_evenly_is_refused() -> None:
    [(field, en, ja)] = refusals(KIT, edited(dragon={"count": 6}))  # 61 cards
    assert field == "species" and "61" in en and "61" in ja


def test_duplicate_unknown_and_missing_species_are_named() -> None:
    data = builtin()
    data["species"][1]["key"] = "dragon"
    data["species"][2]["key"] = "unicorn"
    assert fields(data) == ["species[1].key", "species[2].key", "species"]


def test_a_rank_without_species_is_refused() -> None:
    data = edited(dragon={"rank": 2})
    [(field, en, _)] = refusals(KIT, data)
    assert field == "species" and "rank 1" in en


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ("not a table", "content"),
        ({"species": [], "mimic": {}, "board": 1}, "board"),
        ({**builtin(), "mimic": {**builtin()["mimic"], "count": 10**9}}, "mimic.count"),
        ({**builtin(), "mimic": {**builtin()["mimic"], "en": "Mi\u202emic"}}, "mimic.en"),
    ],
)
def test_hostile_content_is_refused(data: Any, field: str) -> None:
    assert field in fields(data)


def test_differences_in_words() -> None:
    lines = KIT.differences(builtin(), edited(golem={"rank": 2, "points": 5}, mimic={"count": 16}))
    assert [(p.field, p.en) for p in lines] == [
        ("species[3]", "Golem: rank 3 → 2, points 2 → 5"),
        ("mimic", "the Mimics: count 15 → 16"),
    ]
    assert lines[0].ja == "ゴーレム：ランク 3 → 2、得点 2 → 5"


# ---- random games of a few variants --------------------------------------------------------

VARIANTS = {
    # ranks and points turned upside down
    "upside-down": edited(
        **{
            s["key"]: {"rank": 6 - s["rank"], "points": 8 - s["points"]}
            for s in builtin()["species"]
        }
    ),
    # no Mimics: six of each species (15 x 4 dealt)
    "no-mimics": edited(
        **{s["key"]: {"count": 6} for s in builtin()["species"]}, mimic={"count": 0}
    ),
    # 120 cards
    "double": edited(**{s["key"]: {"count": 9} for s in builtin()["species"]}),
}


def conserved(state: State) -> None:
    """Hands, the trick, won piles, face-up Mimics and the reserve hold the variant's deck."""
    assert isinstance(state, TrickState)
    deck = state.c.trick_deck()
    totals = [0] * (MIMIC + 1)
    for pile in [*state.hands, *(pile for game in state.won for pile in game)]:
        for card, count in enumerate(pile):
            totals[card] += count
    for _, card, _ in state.trick:
        totals[card] += 1
    for card in state.reserve:
        totals[card] += 1
    totals[MIMIC] += sum(map(sum, state.face_up))
    assert totals == [deck.count(card) for card in range(MIMIC + 1)]
    assert state.points == [
        [sum(count * state.c.points[card] for card, count in enumerate(pile)) for pile in game]
        for game in state.won
    ]


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("players", [3, 6])
def test_random_games_of_variants_end_and_keep_every_card(name: str, players: int) -> None:
    data = copy.deepcopy(VARIANTS[name])
    options = KIT.options(data)
    size = len(TrickState.new(players, options, seed=1).c.trick_deck())
    lengths = check_random_games(
        "koremon_trick", players, 30, options, deep_every=10, invariant=conserved
    )
    assert set(lengths) == {size}


def test_the_greedy_bot_expects_the_variants_average_card() -> None:
    """The greedy judgement takes each seat still to play to add a card of average points to
    the trick: 0.8 with bodoge's list, -0.2 with Mimics worth -6 ((78 - 6*15) / 60). All 15
    Mimics are face up (-10 each whatever their points), so only that average differs: for the
    leader, keep * 3 * Δ minus the others' share (1 - keep) * 3 * Δ / 3, keep = 0.3**3."""
    hands = [["orc"], ["slime", "bat"], ["goblin", "kobold"], ["harpy", "centaur"]]
    builtin_state = position(
        hands, leader=0, trick=[(0, "griffin", "griffin")], face_up=[0, 0, 0, 15], rest_to=2
    )
    state = with_variant(builtin_state, edited(mimic={"points": -6}))
    assert average_card(builtin_state.c) == 0.8 and average_card(state.c) == pytest.approx(-0.2)
    assert state.scores() == builtin_state.scores()
    keep, delta = 0.3**3, 3 * (-0.2 - 0.8)
    assert trick_value(state, 0) - trick_value(builtin_state, 0) == pytest.approx(
        keep * delta - (1 - keep) * delta / 3
    )


def test_the_observation_scales_scores_by_the_variants_range() -> None:
    """Scores are placed within the list's range: bodoge's -150..78 (15 Mimics face up; every
    positive card won); a Golem worth -3 (3 in the deck) makes it -159..72."""

    def meaning(options: dict[str, Any]) -> str:
        return next(p.meaning for p in observer(4, options).pieces if p.name == "scores")

    assert "range -150..78" in meaning({})
    assert "range -159..72" in meaning(KIT.options(edited(golem={"points": -3})))
