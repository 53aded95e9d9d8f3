"""The Koremon games' fixed public components, as a client that draws them needs them
(`State.public_content`): the card faces from `cards.toml`, the collection pyramid's slots and
supports, each game's table (Auction money and rounds, the Hunt ring and die, the Trick deck and
scoring, the Evolution dice), and the game words a drawing shows, in English and Japanese.

Everything here follows from the games' data and the player count and options, never from a
state: it is the same for every seat and the whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bodoge.engine.state import State
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC, SPECIES, full_deck, info
from bodoge.games.koremon.common.render import AUCTION
from bodoge.games.koremon.common.words import END_WORDS, signed

Words = dict[str, str]


def _words(en: str, ja: str) -> Words:
    return {"en": en, "ja": ja}


def _option(state_class: type[State], options: Mapping[str, Any], name: str) -> str:
    """An option's value, its default where the mapping leaves it out."""
    spec = next(spec for spec in state_class.info.options if spec.key == name)
    return str(options.get(name, spec.default))


def _choice_words(state_class: type[State], name: str, value: str) -> Words:
    """A choice of an option as the lobby names it (the game's options.toml)."""
    spec = next(spec for spec in state_class.info.options if spec.key == name)
    return _words(spec.choice_label(value, "en"), spec.choice_label(value, "ja"))


def pyramid_points(code: int) -> int:
    return P.MIMIC_SCORE if code == MIMIC else 6 - info(code).rank


def cards(copies: Mapping[int, int], points: Callable[[int], int]) -> list[dict[str, Any]]:
    """One face per card kind in `copies` (card code -> how many the game uses), rank 1 first and
    the Mimic last: key, names, rank (None for the Mimic), copies, and what it scores in this
    game (`points`)."""
    faces = []
    for code, count in sorted(copies.items()):
        card = info(code)
        face: dict[str, Any] = {
            "key": card.key,
            "name": _words(card.en, card.ja),
            "rank": None if code == MIMIC else card.rank,
            "mimic": code == MIMIC,
            "copies": count,
            "points": points(code),
        }
        faces.append(face)
    return faces


def deck_copies() -> dict[int, int]:
    counts: dict[int, int] = {}
    for code in full_deck():
        counts[code] = counts.get(code, 0) + 1
    return counts


def ranks() -> list[dict[str, Any]]:
    """The five ranks, strongest first, with the species of each and their names."""
    return [
        {
            "rank": rank,
            "name": _words(f"rank {rank}", f"ランク{rank}"),
            "species": [s.key for s in SPECIES if s.rank == rank],
        }
        for rank in sorted({s.rank for s in SPECIES})
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
        "rule": _words(
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


def _status_words(
    table: Mapping[str, Mapping[str, str]], keys: tuple[str, ...]
) -> dict[str, Words]:
    return {key: _words(table["en"][key], table["ja"][key]) for key in keys}


def auction(state_class: type[State], players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    from bodoge.games.koremon.auction.rules import MONEY, ROUND_CARDS, ROUNDS

    payment = _option(state_class, options, "payment")
    mimics = _option(state_class, options, "mimics_placeable") == "yes"
    return {
        "game": state_class.info.id,
        "title": _words(state_class.info.title_en, state_class.info.title_ja),
        "players": players,
        "cards": cards(deck_copies(), pyramid_points),
        "deck_size": len(full_deck()),
        "ranks": ranks(),
        "pyramid": pyramid(mimics),
        "money": MONEY,
        "rounds": ROUNDS,
        "table_size": ROUND_CARDS,
        "payment": payment,
        "payment_rule": _choice_words(state_class, "payment", payment),
        "status": _status_words(AUCTION, ("bidding", "sealed", "placing", "waiting", "out")),
    }


def hunt(state_class: type[State], players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    from bodoge.games.koremon.hunt.rules import RING

    mimics = _option(state_class, options, "mimics_placeable") == "yes"
    dead_ring = _option(state_class, options, "dead_ring")
    return {
        "game": state_class.info.id,
        "title": _words(state_class.info.title_en, state_class.info.title_ja),
        "players": players,
        "cards": cards(deck_copies(), pyramid_points),
        "deck_size": len(full_deck()),
        "ranks": ranks(),
        "pyramid": pyramid(mimics),
        "ring": {
            "positions": list(range(1, RING + 1)),
            "clockwise": True,
            "start": 1,
            "piece": _words("Winhart", "ウィンハルト"),
        },
        "die": {
            "faces": 6,
            "meaning": _words(
                "Winhart moves that many cards clockwise; you take the card he lands on",
                "ウィンハルトが出目の数だけ時計回りに進み、止まったカードを取る",
            ),
        },
        "dead_ring": dead_ring,
        "ends": {key: _words(*END_WORDS[key]) for key in ("deck", "full", "dead")},
    }


def trick(state_class: type[State], players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    from bodoge.games.koremon.trick.rules import DECK, RULE_NAMES
    from bodoge.games.koremon.trick.tricks import FACE_UP_POINTS, POINTS

    copies: dict[int, int] = {}
    for code in DECK:
        copies[code] = copies.get(code, 0) + 1
    games = 2 if players == 3 else 1
    return {
        "game": state_class.info.id,
        "title": _words(state_class.info.title_en, state_class.info.title_ja),
        "players": players,
        "cards": cards(copies, POINTS.__getitem__),
        "deck_size": len(DECK),
        "ranks": ranks(),
        "games": games,
        "hand_size": len(DECK) // games // players,
        "face_up_points": FACE_UP_POINTS,
        "mimic_lead": _option(state_class, options, "mimic_lead"),
        "rules": {str(rule): _words(en, ja) for rule, (en, ja) in RULE_NAMES.items()},
    }


def evolution(state_class: type[State], players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "game": state_class.info.id,
        "title": _words(state_class.info.title_en, state_class.info.title_ja),
        "players": players,
        "cards": cards({code: 1 for code in range(len(SPECIES))}, pyramid_points),
        "ranks": ranks(),
        "dice": {
            "count": 2,
            "faces": 6,
            "meaning": _words(
                "a total at or under your monster's rank evolves it one rank up; "
                "a double six sets it one rank back (never below rank 5)",
                "合計が持っているモンスターのランク以下なら1つ上のランクに進化、"
                "6のゾロ目なら1つ下のランクに退化（ランク5より下にはならない）",
            ),
        },
        "goal": _words(
            "the first to evolve into the Dragon wins", "最初にドラゴンに進化した人の勝ち"
        ),
    }
