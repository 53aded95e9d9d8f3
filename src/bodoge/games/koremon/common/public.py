"""Public-content pieces the Koremon games share, as a client that draws them needs them (each
game's `public.py`): the card faces from `cards.toml`, the ranks, the collection pyramid's slots
and supports, and an option's value and words.

Everything here follows from the games' data and the player count and options, never from a
state: it is the same for every seat and the whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bodoge.engine.state import State
from bodoge.engine.text import signed
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC, SPECIES, info
from bodoge.games.koremon.common.deck import RANKS, Deck
from bodoge.games.koremon.common.words import both


def option(state_class: type[State], options: Mapping[str, Any], name: str) -> str:
    """An option's value, its default where the mapping leaves it out."""
    spec = next(spec for spec in state_class.info.options if spec.key == name)
    return str(options.get(name, spec.default))


def choice_words(state_class: type[State], name: str, value: str) -> dict[str, str]:
    """A choice of an option as the lobby names it (the game's options.toml)."""
    spec = next(spec for spec in state_class.info.options if spec.key == name)
    return both(spec.choice_label(value, "en"), spec.choice_label(value, "ja"))


def pyramid_points(code: int, deck: Deck | None = None) -> int:
    """What a card scores in a pyramid: 6 - its rank (of `deck`'s list if given), a Mimic -2."""
    rank = info(code).rank if deck is None else deck.rank[code]
    return P.MIMIC_SCORE if code == MIMIC else 6 - rank


def cards(
    copies: Mapping[int, int], points: Callable[[int], int], deck: Deck | None = None
) -> list[dict[str, Any]]:
    """One face per card kind in `copies` (card code -> how many the game uses), rank 1 first and
    the Mimic last: key, names, rank (None for the Mimic), copies, and what it scores in this
    game (`points`); names and ranks those of `deck` (a variant's card list) if given."""
    faces = []
    for code, count in sorted(copies.items()):
        card = info(code)
        name = (
            both(card.en, card.ja)
            if deck is None
            else both(deck.names_en[code], deck.names_ja[code])
        )
        face: dict[str, Any] = {
            "key": card.key,
            "name": name,
            "rank": None if code == MIMIC else card.rank if deck is None else deck.rank[code],
            "mimic": code == MIMIC,
            "copies": count,
            "points": points(code),
        }
        faces.append(face)
    return faces


def ranks(deck: Deck | None = None) -> list[dict[str, Any]]:
    """The five ranks, strongest first, with the species of each (`deck`'s ranks if given, a
    variant's card list) and their names."""
    if deck is None:
        of_rank = {rank: [s.key for s in SPECIES if s.rank == rank] for rank in RANKS}
    else:
        of_rank = {rank: [SPECIES[code].key for code in deck.by_rank[rank]] for rank in RANKS}
    return [
        {"rank": rank, "name": both(f"rank {rank}", f"ランク{rank}"), "species": of_rank[rank]}
        for rank in RANKS
    ]


def pyramid(mimics_placeable: bool) -> dict[str, Any]:
    """The 15 slots, top row first: label "r.j", row, position, the two slots it rests on, and
    its centre in slot widths from the pyramid's axis (x) and rows from the top (y)."""
    slots = [
        {
            "label": P.SLOT_LABELS[i],
            "row": P.ROW_OF[i],
            "position": P.POSITION_OF[i],
            "supports": [P.SLOT_LABELS[s] for s in P.SUPPORTS[i]],
            "x": P.POSITION_OF[i] - (P.ROW_OF[i] + 1) / 2,
            "y": P.ROW_OF[i] - 1,
        }
        for i in range(P.SLOTS)
    ]
    return {
        "rows": P.ROWS,
        "slots": slots,
        "full_bonus": P.FULL_BONUS,
        "mimic_points": P.MIMIC_SCORE,
        "mimics_placeable": mimics_placeable,
        "rule": both(
            "A monster of rank r goes in row r, on two filled slots, one of each species; "
            + (
                "a Mimic goes in any slot whose supports are filled. "
                if mimics_placeable
                else "a Mimic can never be placed. "
            )
            + f"Each monster scores 6 − rank, a Mimic {signed(P.MIMIC_SCORE)}, a full pyramid "
            f"+{P.FULL_BONUS}.",
            "ランクrのモンスターはr段目の、下の2マスが埋まったマスに置く（同じ種類は1枚まで）。"
            + (
                "ミミックは下が埋まっていればどの段にも置ける。"
                if mimics_placeable
                else "ミミックは置けない。"
            )
            + f"得点はモンスター1枚につき6−ランク、ミミック{signed(P.MIMIC_SCORE)}点、"
            f"15マス完成で+{P.FULL_BONUS}点。",
        ),
    }


def status_words(
    table: Mapping[str, Mapping[str, str]], keys: tuple[str, ...]
) -> dict[str, dict[str, str]]:
    return {key: both(table["en"][key], table["ja"][key]) for key in keys}
