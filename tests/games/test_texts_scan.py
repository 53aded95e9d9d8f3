"""Every word a person reads of many random games of every game: the action labels of every
prompt, every event's sentence as each seat and a spectator receive it, and the result lines, in
English and Japanese, with display names typed in lower case ("p0", "ann")."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from bodoge.engine import Match

GAMES: list[tuple[str, int, dict[str, str]]] = [
    ("collect", 2, {}),
    ("collect", 3, {"known_cards": "hidden"}),
    ("collect", 4, {"team_mode": "on"}),
    ("monster_hex", 2, {"abilities": "on", "objectives": "on"}),
    ("monster_hex", 2, {"shared_faction": "off"}),
    ("monster_hex", 3, {"abilities": "on", "objectives": "on"}),
    ("monster_hex", 4, {"abilities": "on", "factions": "random"}),
    ("koremon_auction", 3, {}),
    ("koremon_auction", 5, {"payment": "winner-pays", "mimics_placeable": "no"}),
    ("koremon_hunt", 3, {}),
    ("koremon_hunt", 6, {"dead_ring": "end"}),
    ("koremon_trick", 3, {}),
    ("koremon_trick", 6, {"mimic_lead": "any-time"}),
    ("koremon_evolution", 2, {}),
    ("koremon_evolution", 5, {}),
]
SEEDS = range(4)
NAMES = ["p0", "ann", "p2", "bob", "p4", "cy"]


@dataclass
class Texts:
    """What people read, by language: `labels`, `events` and `result` lines."""

    labels: dict[str, set[str]] = field(default_factory=lambda: {"en": set(), "ja": set()})
    events: dict[str, set[str]] = field(default_factory=lambda: {"en": set(), "ja": set()})
    result: dict[str, set[str]] = field(default_factory=lambda: {"en": set(), "ja": set()})

    def all(self, lang: str) -> Iterator[tuple[str, str]]:
        for kind in ("labels", "events", "result"):
            for text in sorted(getattr(self, kind)[lang]):
                yield kind, text


def play(game: str, players: int, options: dict[str, str], seed: int, texts: Texts) -> Match:
    names = NAMES[:players]
    match = Match(game, players, options, seed, names=names)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.pending()[0]
        actions = match.prompt(seat)["actions"]
        for action in actions:
            for lang, label in action["label"].items():
                texts.labels[lang].add(label)
        match.apply(seat, rng.choice(actions)["id"])
    for viewer in [None, *range(players)]:
        for entry in match.events_for(viewer, texts=True, names={"en": names, "ja": names}):
            for lang, sentences in entry["text"].items():
                texts.events[lang].update(sentences)
    for lang in ("en", "ja"):
        texts.result[lang].update(match.spec.describe_result(match.state, lang, names))
    return match


@cache
def _scan(game: str, players: int, options: tuple[tuple[str, str], ...]) -> Texts:
    texts = Texts()
    for seed in SEEDS:
        play(game, players, dict(options), seed, texts)
    return texts


def scanned(case: tuple[str, int, dict[str, str]]) -> Texts:
    """The texts of the case's games, played once per test process for the three tests that
    read them (a case at a time: a worker plays only the cases it runs)."""
    game, players, options = case
    return _scan(game, players, tuple(sorted(options.items())))


def _case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = case
    return f"{game}-{players}-" + "-".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", GAMES, ids=_case_id)
def test_display_names_are_shown_as_typed(case: tuple[str, int, dict[str, str]]) -> None:
    """A guest named "p0" reads "p0 rolled…", never "P0 rolled…"; a sentence that starts with
    a word of the game's own still starts with a capital."""
    players = case[1]
    texts = scanned(case)
    names = NAMES[:players]
    changed = re.compile("|".join(rf"\b{re.escape(name.capitalize())}\b" for name in names))
    starts = 0
    for kind, text in texts.all("en"):
        assert not changed.search(text), (kind, text)
        if any(text.startswith(name) for name in names):
            starts += 1
        else:
            assert not text[:1].islower(), (kind, text)
    assert starts, "no sentence starts with a seat's name: the check saw nothing"


# An identifier's shape: a lower-case word joined by a hyphen to a capital (and digits), joined
# to more by an underscore, or followed by digits (`blue-C1`, `hermit_crab`, `yellow5a`, `line3`).
# A board label (`d4`, `s2`, `L1`: a letter and its number, printed on the board) is a place's
# name, not an identifier.
ID_SHAPE = re.compile(r"(?<![\w-])[a-z]+(?:-[A-Z]\d*|_\w+|\d+[a-z]?)(?![\w-])", re.ASCII)
BOARD_LABEL = re.compile(r"[A-Za-z]\d+")
LATIN_WORD = re.compile(r"[A-Za-z][\w-]+", re.ASCII)


def _identifiers(game: str) -> set[str]:
    """The keys a game's notation and JSON use for its components."""
    if game == "monster_hex":
        from bodoge.games.monster_hex import content

        c = content.load()
        objectives = {o.key for o in c.objectives if not o.key.isalpha()}  # "arc" is a word
        return {*c.unit_names, *(t.key for t in c.tiles), *objectives}
    if game.startswith("koremon"):
        from bodoge.games.koremon.common.cards import KEYS

        return set(KEYS)
    from bodoge.games.collect.animals import KEYS as ANIMALS

    return {key for key in ANIMALS if "_" in key}  # one-word keys are the animals' own names


@pytest.mark.parametrize("case", GAMES, ids=_case_id)
def test_no_identifiers_in_the_words_people_read(case: tuple[str, int, dict[str, str]]) -> None:
    """Labels, event sentences and result lines name units, tiles and cards by their names
    ("Yellow Werewolf (B)" / "黄のウェアウルフ（B）"), never by the notation's ids (`yellow-B2`,
    `yellow5a`); in Japanese no Latin word but a seat's name or a board label."""
    game, players, _ = case
    texts = scanned(case)
    names = set(NAMES[:players])
    keys = _identifiers(game)
    for lang in ("en", "ja"):
        for kind, text in texts.all(lang):
            shaped = {
                token
                for token in ID_SHAPE.findall(text)
                if token not in names and not BOARD_LABEL.fullmatch(token)
            }
            assert not shaped, (kind, text)
            words = set(re.findall(r"[\w-]+", text, re.ASCII))
            assert not words & keys, (kind, text)
            if lang == "ja":
                latin = {
                    word
                    for word in LATIN_WORD.findall(text)
                    if word not in names and not BOARD_LABEL.fullmatch(word)
                }
                assert not latin, (kind, text)


NOUNS = "point|pt|card|unit|Mimic|monster|counter|stone|tile|crown|round|game"
ADJECTIVE = r"(?:face-up |face-down |black |white |small |large |half )?"
ONE_OF_MANY = re.compile(rf"(?<![\d.,])−?1 {ADJECTIVE}(?:{NOUNS})s\b")
MANY_OF_ONE = re.compile(rf"(?<![\d.,])(?<!rank )−?(?:[02-9]|\d\d+) {ADJECTIVE}(?:{NOUNS})\b(?!s)")
HYPHEN_MINUS = re.compile(r"(?<![\w.])-\d")


@pytest.mark.parametrize("case", GAMES, ids=_case_id)
def test_counts_agree_with_their_nouns_and_minus_is_one_sign(
    case: tuple[str, int, dict[str, str]],
) -> None:
    """ "1 point", "2 points", "−1 point", "1 face-up Mimic", never "1 pts" or "3 card"; a negative
    number is written with the minus sign (U+2212) the browser's panels use, never "-7"."""
    texts = scanned(case)
    for kind, text in texts.all("en"):
        assert not ONE_OF_MANY.search(text), (kind, text)
        assert not MANY_OF_ONE.search(text), (kind, text)
    for lang in ("en", "ja"):
        for kind, text in texts.all(lang):
            assert not HYPHEN_MINUS.search(text), (kind, text)
