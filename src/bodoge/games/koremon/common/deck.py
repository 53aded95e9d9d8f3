"""The Koremon card list as data: each species' rank, points and count, and the Mimics' count
(`data/cards.toml`, or a designer's variant of it), shared by the four games.

A card stays an int: 0..14 a species in the built-in list's order (the order of `cards.toml`,
rank 1 first), 15 a Mimic, whatever a variant changes: a variant names the same fifteen species
(by key, in any order) and edits their names, ranks, points and counts, so action numbers,
observations and the species bit masks keep their shape. A game takes its list from its
`content` option: "default" (bodoge's) or a variant installed in this process under its digest
(`bodoge.engine.variants.VARIANT_PREFIX`), never a path.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from bodoge.engine.errors import ContentError
from bodoge.engine.options import OptionSpec, with_labels
from bodoge.engine.variants import VARIANT_PREFIX, Problem, VariantError, check_bounds

DEFAULT = "default"
# The card list a game plays with, shared by the four games. Quiet: left out of a built-in
# game's views, state JSON and records, which stay as they were before the list was content.
(CONTENT_OPTION,) = with_labels(
    (
        OptionSpec(
            "content",
            DEFAULT,
            "default: bodoge's card list; a designer's variant is given to `bodoge simulate "
            "--content FILE` or made in the studio",
            "default: bodoge のカードリスト／デザイナーのバリアントは `bodoge simulate "
            "--content FILE` かスタジオで",
            kind="text",
            quiet=True,
        ),
    ),
    "bodoge.games.koremon.common",
    "data/options.toml",
)
RANKS = (1, 2, 3, 4, 5)  # rank 1 the strongest; the pyramid has a row per rank
MAX_COPIES = 12  # of one species (the built-in deck has 5)
MAX_MIMICS = 30  # (15 built in)
MAX_POINTS = 20  # either sign, of one won card in Trick the Monster
MAX_NAME = 40  # characters of a name
SPECIES_FIELDS = ("key", "rank", "count", "points", "en", "ja")
MIMIC_FIELDS = ("key", "count", "points", "en", "ja")


class Deck:
    """One card list, with the per-card-code tables the rules read on their hot paths."""

    __slots__ = (
        "by_rank",
        "copies",
        "data",
        "key",
        "names_en",
        "names_ja",
        "points",
        "rank",
        "winners",
    )

    key: str  # the `content` option that names it
    data: dict[str, Any]  # the variant-format data it was built from
    rank: tuple[int, ...]  # per card code; 0 for the Mimic
    points: tuple[int, ...]  # per card code: what a won card scores in Trick the Monster
    copies: tuple[int, ...]  # per card code: its copies in the full deck (the Mimics' count last)
    names_en: tuple[str, ...]
    names_ja: tuple[str, ...]
    by_rank: tuple[tuple[int, ...], ...]  # per rank 0-5, its species codes (by_rank[0] empty)
    # Trick the Monster's winners of tricks of up to four cards, per order of species: they
    # depend on the ranks, so each list keeps its own (at most 16**4 entries).
    winners: dict[tuple[int, ...], tuple[int, int]]

    def __init__(self, key: str, data: Mapping[str, Any]) -> None:
        by_key = {item["key"]: item for item in data["species"]}
        ordered = [by_key[k] for k in BUILTIN_KEYS]
        mimic = data["mimic"]
        self.key = key
        self.data = {"species": [dict(s) for s in data["species"]], "mimic": dict(mimic)}
        self.rank = (*(int(s["rank"]) for s in ordered), 0)
        self.points = (*(int(s["points"]) for s in ordered), int(mimic["points"]))
        self.copies = (*(int(s["count"]) for s in ordered), int(mimic["count"]))
        self.names_en = (*(str(s["en"]) for s in ordered), str(mimic["en"]))
        self.names_ja = (*(str(s["ja"]) for s in ordered), str(mimic["ja"]))
        self.by_rank = tuple(
            tuple(code for code in range(len(ordered)) if self.rank[code] == rank)
            for rank in range(6)
        )
        self.winners = {}

    @property
    def mimic(self) -> int:
        return len(self.rank) - 1

    def full_deck(self) -> list[int]:
        """The full deck, unshuffled: each species its count times, then the Mimics."""
        return [code for code, count in enumerate(self.copies) for _ in range(count)]

    def trick_deck(self) -> list[int]:
        """Trick the Monster's deck: two of each species left in the box, all Mimics kept."""
        mimic = self.mimic
        return [
            code
            for code, count in enumerate(self.copies)
            for _ in range(count if code == mimic else count - 2)
        ]


def builtin_data() -> dict[str, Any]:
    """bodoge's card list in the variant format (`data/cards.toml`)."""
    text = resources.files(__package__).joinpath("data", "cards.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {"species": data["species"], "mimic": data["mimic"]}


_BUILTIN = builtin_data()
BUILTIN_KEYS = tuple(str(s["key"]) for s in _BUILTIN["species"])
MIMIC_KEY = str(_BUILTIN["mimic"]["key"])


# ---- the check ----------------------------------------------------------------------------


def problems_of(data: Any) -> list[Problem]:
    """Every problem of a card list, each naming its field, in English and Japanese (the checks
    every Koremon game needs; a game adds its own in its kit)."""
    if not isinstance(data, Mapping):
        return [Problem("content", "must be a table", "表でなければなりません")]
    try:
        check_bounds(data)
    except VariantError as error:
        return error.problems
    found: list[Problem] = []
    for key in sorted(set(data) - {"species", "mimic"}):
        found.append(
            Problem(
                key,
                "is not a part of the card list (species, mimic)",
                "カードリストの項目ではありません（species・mimic）",
            )
        )
    species = data.get("species")
    if not isinstance(species, list) or not all(isinstance(s, Mapping) for s in species):
        found.append(
            Problem(
                "species",
                "must be a list of species tables",
                "種族の表のリストでなければなりません",
            )
        )
        species = []
    seen: dict[str, int] = {}
    for i, item in enumerate(species):
        where = f"species[{i}]"
        found += _fields(where, item, SPECIES_FIELDS)
        key = item.get("key")
        if isinstance(key, str):
            if key not in BUILTIN_KEYS:
                found.append(
                    Problem(
                        f"{where}.key",
                        f"{key!r} is not a species (species: {', '.join(BUILTIN_KEYS)})",
                        f"{key!r} は種族ではありません（種族：{', '.join(BUILTIN_KEYS)}）",
                    )
                )
            elif key in seen:
                found.append(
                    Problem(
                        f"{where}.key",
                        f"{key!r} is listed twice (also species[{seen[key]}])",
                        f"{key!r} が2回あります（species[{seen[key]}] にも）",
                    )
                )
            else:
                seen[key] = i
        found += _whole(f"{where}.rank", item.get("rank"), 1, 5, "rank", "ランク")
        found += _whole(f"{where}.count", item.get("count"), 1, MAX_COPIES, "count", "枚数")
        found += _whole(
            f"{where}.points", item.get("points"), -MAX_POINTS, MAX_POINTS, "points", "得点"
        )
        found += _names(where, item)
    missing = [k for k in BUILTIN_KEYS if k not in seen]
    if species and missing:
        found.append(
            Problem(
                "species",
                f"lacks {', '.join(missing)} (every species is listed once)",
                f"{'・'.join(missing)} がありません（各種族を1回ずつ）",
            )
        )
    mimic = data.get("mimic")
    if not isinstance(mimic, Mapping):
        found.append(Problem("mimic", "must be a table", "表でなければなりません"))
    else:
        found += _fields("mimic", mimic, MIMIC_FIELDS)
        if mimic.get("key", MIMIC_KEY) != MIMIC_KEY:
            found.append(
                Problem(
                    "mimic.key", f"must be {MIMIC_KEY!r}", f"{MIMIC_KEY!r} でなければなりません"
                )
            )
        found += _whole("mimic.count", mimic.get("count"), 0, MAX_MIMICS, "count", "枚数")
        found += _whole(
            "mimic.points", mimic.get("points"), -MAX_POINTS, MAX_POINTS, "points", "得点"
        )
        found += _names("mimic", mimic)
    if not found:
        ranks = {int(s["rank"]) for s in species}
        for rank in RANKS:
            if rank not in ranks:
                found.append(
                    Problem(
                        "species",
                        f"no species has rank {rank} (each rank needs one)",
                        f"ランク{rank}の種族がありません（各ランクに1種族以上）",
                    )
                )
    return found


def _fields(where: str, item: Mapping[str, Any], fields: tuple[str, ...]) -> list[Problem]:
    found = [
        Problem(f"{where}.{name}", "is missing", "がありません")
        for name in fields
        if name not in item and not (where == "mimic" and name == "key")
    ]
    found += [
        Problem(
            f"{where}.{name}",
            f"is not a field (fields: {', '.join(fields)})",
            f"項目ではありません（項目：{', '.join(fields)}）",
        )
        for name in sorted(set(item) - set(fields))
    ]
    return found


def _whole(field: str, value: Any, low: int, high: int, en: str, ja: str) -> list[Problem]:
    if value is None:
        return []  # named missing by _fields
    if not isinstance(value, int) or isinstance(value, bool):
        return [
            Problem(field, f"the {en} must be a whole number", f"{ja}は整数でなければなりません")
        ]
    if not low <= value <= high:
        return [
            Problem(
                field,
                f"the {en} is {value}, not {low} to {high}",
                f"{ja}が{value}です（{low}〜{high}）",
            )
        ]
    return []


def _names(where: str, item: Mapping[str, Any]) -> list[Problem]:
    found = []
    for lang, (en, ja) in {"en": ("English", "英語"), "ja": ("Japanese", "日本語")}.items():
        name = item.get(lang)
        if name is None:
            continue
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            found.append(
                Problem(
                    f"{where}.{lang}",
                    f"the {en} name must be 1 to {MAX_NAME} characters of text",
                    f"{ja}の名前は1〜{MAX_NAME}文字のテキストでなければなりません",
                )
            )
    return found


def check_data(data: Any) -> None:
    """VariantError naming every problem of a card list (none: it is good for every game)."""
    found = problems_of(data)
    if found:
        raise VariantError(found)


# ---- loading ----------------------------------------------------------------------------

_decks: dict[str, Deck] = {}


def load(key: str = DEFAULT) -> Deck:
    """The card list a `content` option names: bodoge's, or a variant installed here."""
    found = _decks.get(key)
    if found is not None:
        return found
    if key == DEFAULT:
        deck = Deck(DEFAULT, _BUILTIN)
        _decks[DEFAULT] = deck
        return deck
    if key.startswith(VARIANT_PREFIX):
        raise ContentError(
            f"content {key!r} is not installed in this process",
            ja=f"内容 {key!r} はこのプロセスに読み込まれていません",
        )
    raise ContentError(
        f"content {key!r}: the Koremon games take {DEFAULT!r} or a variant "
        "(bodoge simulate GAME --content FILE)",
        ja=f"内容 {key!r}：コレモンのゲームは {DEFAULT!r} かバリアントのみです",
    )


def deck_of(options: Mapping[str, Any]) -> Deck:
    """The card list a game's options name (bodoge's where they leave `content` out)."""
    return load(str(options.get("content", DEFAULT)))


def install(key: str, data: Mapping[str, Any]) -> Deck:
    """Check `data` and make `load(key)` answer it in this process."""
    if not key.startswith(VARIANT_PREFIX):
        raise ContentError(f"a variant's key starts with {VARIANT_PREFIX!r}, not {key!r}")
    found = _decks.get(key)
    if found is None:
        check_data(data)
        found = Deck(key, data)
        _decks[key] = found
    return found


def installed_data(key: str) -> dict[str, Any] | None:
    """The data a variant key was installed from in this process (None: not installed)."""
    found = _decks.get(key) if key.startswith(VARIANT_PREFIX) else None
    return found.data if found is not None else None
