"""The words of an event catalogue: a count agrees with its noun in English."""

from __future__ import annotations

import re

import pytest

from bodoge.engine import ContentError, game_ids
from bodoge.engine.events import EventCatalog, capitalize_sentence
from bodoge.engine.registry import get_spec

CATALOGUE = """
[drew]
fields = { seat = "seat", count = "int" }
private = { cards = "text" }
en = "{seat} drew {count:card|cards}: {cards}"
ja = "{seat}が{count}枚引いた：{cards}"
public_en = "{seat} drew {count:card|cards}"
public_ja = "{seat}が{count}枚引いた"

[scored]
fields = { seat = "seat", points = "int" }
en = "{seat} scored {points:point|points}"
ja = "{seat}が{points}点"

[[scored.cases]]
field = "seat"
value = "0"
en = "the first seat scored {points:point|points}"
ja = "最初の席が{points}点"
"""


@pytest.mark.parametrize(
    ("event", "en", "ja"),
    [
        ({"type": "drew", "seat": 1, "count": 1}, "Seat 2 drew 1 card", "席2が1枚引いた"),
        ({"type": "drew", "seat": 1, "count": 3}, "Seat 2 drew 3 cards", "席2が3枚引いた"),
        ({"type": "drew", "seat": 1, "count": 0}, "Seat 2 drew 0 cards", "席2が0枚引いた"),
        ({"type": "drew", "seat": 1, "count": 1, "cards": "A"}, "Seat 2 drew 1 card: A", None),
        ({"type": "scored", "seat": 1, "points": -1}, "Seat 2 scored −1 point", "席2が−1点"),
        ({"type": "scored", "seat": 0, "points": 2}, "The first seat scored 2 points", None),
    ],
)
def test_a_count_takes_its_noun(event: dict[str, object], en: str, ja: str | None) -> None:
    catalogue = EventCatalog.from_toml(CATALOGUE)
    assert catalogue.describe(event, "en") == en
    if ja is not None:
        assert catalogue.describe(event, "ja") == ja


@pytest.mark.parametrize(
    "template",
    ["{seat:card|cards}", "{count:cards}", "{count:a|b|c}", "{count:|cards}", "{count!r}"],
)
def test_a_count_spec_is_checked(template: str) -> None:
    text = f'[x]\nfields = {{ seat = "seat", count = "int" }}\nen = "{template}"\nja = "x"\n'
    with pytest.raises(ContentError, match="x"):
        EventCatalog.from_toml(text)


def test_no_game_says_one_of_a_plural() -> None:
    """Every game's English event words: a placeholder for an int right before a plural noun
    takes the count spec (or a case for one), so no "1 cards"."""
    for game_id in game_ids():
        for known in get_spec(game_id).event_catalog.types.values():
            texts = [known.words["en"], known.public_words["en"]]
            texts += [case.words["en"] for case in known.cases]
            kinds = {**known.fields, **known.private}
            for text in texts:
                for name in re.findall(r"\{(\w+)\} (?!is\b|was\b|has\b)[a-z-]+s\b", text):
                    assert kinds[name].rstrip("?") != "int", (game_id, known.type, text)


@pytest.mark.parametrize(
    ("event", "names", "en"),
    [
        ({"type": "drew", "seat": 1, "count": 1}, ["ann", "p1"], "p1 drew 1 card"),
        ({"type": "drew", "seat": 0, "count": 1}, ["ann", "p1"], "ann drew 1 card"),
        ({"type": "drew", "seat": 1, "count": 2}, ["ann", "Bob"], "Bob drew 2 cards"),
        ({"type": "drew", "seat": 1, "count": 2}, None, "Seat 2 drew 2 cards"),
        (
            {"type": "scored", "seat": 0, "points": 2},
            ["ann", "p1"],
            "The first seat scored 2 points",
        ),
    ],
)
def test_a_display_name_is_shown_as_typed(
    event: dict[str, object], names: list[str] | None, en: str
) -> None:
    """A sentence that starts with a seat's name keeps it as typed; one that starts with a word
    of the catalogue's own starts with a capital."""
    assert EventCatalog.from_toml(CATALOGUE).describe(event, "en", names=names) == en


def test_you_starts_a_sentence_with_a_capital() -> None:
    event = {"type": "drew", "seat": 1, "count": 1}
    assert EventCatalog.from_toml(CATALOGUE).describe(event, "en", 1, ["p0", "p1"]) == (
        "You drew 1 card"
    )


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        ("p0 won", ["p0"], "p0 won"),
        ("p0's turn", ["p0"], "p0's turn"),
        ("pass the turn", ["p"], "Pass the turn"),  # a name only counts as a whole word
        ("seat 1 won", ["p0"], "Seat 1 won"),
        ("p0 won", None, "P0 won"),
        ("you won", ["you", "p1"], "You won"),  # a caller's "you" among the names
        ("seat 2 (random) won", ["you", "seat 2 (random)"], "Seat 2 (random) won"),
    ],
)
def test_capitalize_sentence(text: str, names: list[str] | None, expected: str) -> None:
    assert capitalize_sentence(text, "en", names) == expected
    assert capitalize_sentence(text, "ja", names) == text
