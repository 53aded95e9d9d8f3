"""Collect!'s content: how many cards of each animal the deck holds, checked, and the deck a
round shuffles built from it once per content.

The built-in counts are `data/animals.toml`'s (8 of each). A variant gives its own in the same
shape, `{"animals": {"animal": [{"key": "crocodile", "count": 10}, ...]}}` (variant.py); it reaches
a game as its `content` option, "variant:<digest>", once installed in this process (never a
path). The animals themselves (their names, abilities and order) stay bodoge's: the rules are
code.

The checks (`problems`) are the ones the built-in file passes: each of the eight animals listed
exactly once by its key, each count a whole number of at least 1, at most `MAX_CARDS` cards in
all (a row holds at most every card, and the moves name 64 places per row), and an even total
(each round splits the cards into decks A and B of half each, RULINGS.md §1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from bodoge.engine.errors import ContentError
from bodoge.engine.variants import VARIANT_PREFIX, Problem, VariantError
from bodoge.games.collect import actions as A
from bodoge.games.collect.animals import ANIMALS, CODE, COUNTS, KEYS, KINDS

DEFAULT = "default"
MAX_CARDS: Final = A.MAX_ROW  # 64: the built-in deck, and the places of a row the moves name
# A variant's game ends at the first turn that would begin after this many decisions, nobody
# winning: the rules alone bound no game's length, and some counts make rounds that nearly never
# end (10 cards among 4 players: drawn round after drawn round). Bot games of the built-in cards
# take 100-800 decisions (benchmarks/game_lengths.py).
VARIANT_PLIES: Final = 20_000


class Deck(NamedTuple):
    """A game's cards: the count per animal code, and every card of a round's deck before the
    shuffle (animal by animal, as the built-in deck has always been laid out)."""

    counts: tuple[int, ...]
    cards: tuple[int, ...]
    total: int  # len(cards)
    plies: int  # the decisions after which no turn begins (the game ends); 0: no limit


def deck_of(counts: tuple[int, ...], plies: int) -> Deck:
    cards = tuple(code for code in range(KINDS) for _ in range(counts[code]))
    return Deck(counts, cards, len(cards), plies)


def problems(animals: Any) -> list[Problem]:
    """What is wrong with an `animals` section (every problem, each naming its field)."""
    field = "animals.animal"
    if not isinstance(animals, Mapping) or set(animals) != {"animal"}:
        return [
            Problem(
                "animals",
                "must be a table holding only the list `animal`",
                "リスト `animal` だけを持つ表でなければなりません",
            )
        ]
    items = animals["animal"]
    if not isinstance(items, list):
        return [Problem(field, "must be a list of animals", "動物のリストでなければなりません")]
    found: list[Problem] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        where = f"{field}[{index}]"
        if not isinstance(item, Mapping):
            found.append(
                Problem(
                    where, "must be a table (key, count)", "表（key, count）でなければなりません"
                )
            )
            continue
        extra = sorted(set(item) - {"key", "count"})
        if extra:
            found.append(
                Problem(
                    f"{where}.{extra[0]}",
                    "is not a field of an animal (key, count; names and abilities are bodoge's)",
                    "動物の項目ではありません（key, count のみ。名前と能力は bodoge のものです）",
                )
            )
        key = item.get("key")
        if not isinstance(key, str) or key not in CODE:
            found.append(
                Problem(
                    f"{where}.key",
                    f"{str(key)[:40]!r} is not an animal (animals: {', '.join(KEYS)})",
                    f"{str(key)[:40]!r} は動物ではありません（動物：{', '.join(KEYS)}）",
                )
            )
        elif key in seen:
            found.append(
                Problem(
                    f"{where}.key",
                    f"{key} is listed twice (also at animal[{seen[key]}])",
                    f"{key} が2回あります（animal[{seen[key]}] にも）",
                )
            )
        else:
            seen[key] = index
        count = item.get("count")
        if type(count) is not int:
            found.append(
                Problem(
                    f"{where}.count",
                    "must be a whole number of cards",
                    "カードの枚数（整数）でなければなりません",
                )
            )
        elif count < 1:
            found.append(
                Problem(
                    f"{where}.count",
                    f"{count} cards: every animal needs at least 1 (its ability "
                    "and the lion's seven kinds are the rules')",
                    f"{count}枚：どの動物も1枚以上必要です（能力とライオンの7種類は"
                    "ルールの一部です）",
                )
            )
    missing = [key for key in KEYS if key not in seen]
    if missing and not found:
        found.append(
            Problem(
                field,
                f"lacks {', '.join(missing)}: list all eight animals",
                f"{', '.join(missing)} がありません：8種類すべてを並べてください",
            )
        )
    if found:
        return found
    total = sum(int(item["count"]) for item in items)
    if total > MAX_CARDS:
        found.append(
            Problem(
                field,
                f"{total} cards in all, more than {MAX_CARDS}",
                f"合計{total}枚で、上限の{MAX_CARDS}枚を超えています",
            )
        )
    if total % 2:
        found.append(
            Problem(
                field,
                f"{total} cards in all, an odd number: each round deals decks A "
                "and B half the cards each",
                f"合計{total}枚（奇数）：各ラウンドでデッキAとBに半分ずつ分けます",
            )
        )
    return found


def counts_of(animals: Mapping[str, Any]) -> tuple[int, ...]:
    """The counts per animal code of a checked `animals` section."""
    given = {str(item["key"]): int(item["count"]) for item in animals["animal"]}
    return tuple(given[key] for key in KEYS)


def builtin_section() -> dict[str, Any]:
    """The built-in counts as a variant's `animals` section."""
    return {"animal": [{"key": animal.key, "count": COUNTS[c]} for c, animal in enumerate(ANIMALS)]}


def _checked(animals: Any, plies: int) -> Deck:
    found = problems(animals)
    if found:
        raise VariantError(found)
    return deck_of(counts_of(animals), plies)


def _builtin() -> Deck:
    """The built-in deck: the published rules, no limit."""
    try:
        return _checked(builtin_section(), 0)
    except VariantError as refused:  # the shipped file itself: a packaging mistake
        raise ContentError(f"animals.toml: {refused}") from None


BUILTIN: Final = _builtin()

_installed: dict[str, Deck] = {}
_sections: dict[str, dict[str, Any]] = {}


def install(key: str, data: Mapping[str, Any]) -> Deck:
    """Check a variant's data and make `load(key)` answer its deck in this process."""
    if not key.startswith(VARIANT_PREFIX):
        raise ContentError(f"a variant's key starts with {VARIANT_PREFIX!r}, not {key!r}")
    if key not in _installed:
        _installed[key] = _checked(data.get("animals", builtin_section()), VARIANT_PLIES)
        _sections[key] = dict(data)
    return _installed[key]


def installed_data(key: str) -> dict[str, Any] | None:
    found = _sections.get(key)
    return dict(found) if found is not None else None


def load(source: str) -> Deck:
    """The deck the `content` option names: "default" (bodoge's) or an installed variant."""
    if source == DEFAULT:
        return BUILTIN
    found = _installed.get(source)
    if found is None:
        if source.startswith(VARIANT_PREFIX):
            raise ContentError(
                f"content {source[:80]!r} is not installed in this process",
                ja=f"内容 {source[:80]!r} はこのプロセスに読み込まれていません",
            )
        raise ContentError(
            f"content {source[:80]!r}: Collect! takes its content as a variant "
            "(bodoge simulate collect --content FILE), not a folder",
            ja=f"内容 {source[:80]!r}：コレクト！の内容はバリアントとして渡します"
            "（bodoge simulate collect --content FILE）。フォルダは使えません",
        )
    return found
