"""Monster Evolution on the terminal, in English or Japanese: its words (`EVOLUTION`:
{"en": {...}, "ja": {...}}) and the table as a seat may see it (`render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine.text import terminal_texts
from bodoge.games.koremon.common.render import LABELS, language
from bodoge.games.koremon.common.words import card as card_name

if TYPE_CHECKING:
    from bodoge.games.koremon.common.deck import Deck
    from bodoge.games.koremon.evolution.rules import EvolutionState

EVOLUTION = {
    "en": {
        "holds": "  seat {seat}{you}: {card}",
        "card": "{en} {ja} (rank {rank})",
        "supply_card": "{en} {ja}",
        "supply": "  supply rank {rank}: {cards}",
        "roll": "Last roll: seat {seat} rolled {a} + {b}",
        "won": "Seat {seat} evolved to the {en} and wins!",
        "choose": "Seat {seat}: choose a rank {rank} monster to take",
        "to_roll": "Seat {seat} to roll (evolves on {rank} or less; 6+6 sets back)",
    },
    "ja": {
        "holds": "  席{seat}{you}：{card}",
        "card": "{ja}（ランク{rank}）",
        "supply_card": "{ja}",
        "supply": "  中央のランク{rank}：{cards}",
        "roll": "前回の出目：席{seat}が {a} + {b}",
        "won": "席{seat}が{ja}に進化して勝利！",
        "choose": "席{seat}：取るランク{rank}のモンスターを選んでください",
        "to_roll": "席{seat}：ダイスを振ってください（{rank}以下で進化、6のゾロ目で退化）",
    },
}

terminal_texts(EVOLUTION)  # seats counted from 1, counts with their nouns


def _both(card: int, deck: Deck, lang: str = "en") -> str:
    """Both names and the rank in the game's list ("Dragon ドラゴン (rank 1)"); in Japanese
    "ドラゴン（ランク1）"."""
    text = EVOLUTION[language(lang)]
    return text["card"].format(
        en=card_name(card, "en", deck), ja=card_name(card, "ja", deck), rank=deck.rank[card]
    )


def render(state: EvolutionState, seat: int | None, lang: str = "en") -> str:
    lang = language(lang)
    text, common = EVOLUTION[lang], LABELS[lang]
    info = state.info
    lines = [info.title_ja if lang == "ja" else f"{info.title_en} {info.title_ja}"]
    for other, card in enumerate(state.holds):
        mark = common["you"] if other == seat else ""
        lines.append(text["holds"].format(seat=other, you=mark, card=_both(card, state.c, lang)))
    for rank in range(1, 6):
        names = [
            text["supply_card"].format(
                en=card_name(c, "en", state.c), ja=card_name(c, "ja", state.c)
            )
            for c in state.c.by_rank[rank]
            if state.supply[c]
        ]
        cards = common["list_sep"].join(names) or "-"
        lines.append(text["supply"].format(rank=rank, cards=cards))
    if state.dice:
        a, b = state.dice
        lines.append(text["roll"].format(seat=state.last, a=a, b=b))
    if state.winner >= 0:
        top = state.holds[state.winner]  # a rank-1 species: bodoge's the Dragon
        lines.append(
            text["won"].format(
                seat=state.winner,
                en=card_name(top, "en", state.c),
                ja=card_name(top, "ja", state.c),
            )
        )
    elif state.choosing:
        lines.append(text["choose"].format(seat=state.turn, rank=state.choosing))
    else:
        rank = state.c.rank[state.holds[state.turn]]
        lines.append(text["to_roll"].format(seat=state.turn, rank=rank))
    return "\n".join(lines)
