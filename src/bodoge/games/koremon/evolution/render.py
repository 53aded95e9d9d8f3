"""Monster Evolution on the terminal, in English or Japanese: its words (`EVOLUTION`:
{"en": {...}, "ja": {...}}) and the table as a seat may see it (`render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine.text import terminal_texts
from bodoge.games.koremon.common.cards import card_name
from bodoge.games.koremon.common.render import LABELS, language

if TYPE_CHECKING:
    from bodoge.games.koremon.evolution.rules import EvolutionState

EVOLUTION = {
    "en": {
        "holds": "  seat {seat}{you}: {card}",
        "card": "{en} {ja} (rank {rank})",
        "supply_card": "{en} {ja}",
        "supply": "  supply rank {rank}: {cards}",
        "roll": "Last roll: seat {seat} rolled {a} + {b}",
        "won": "Seat {seat} evolved to the Dragon and wins!",
        "choose": "Seat {seat}: choose a rank {rank} monster to take",
        "to_roll": "Seat {seat} to roll (evolves on {rank} or less; 6+6 sets back)",
    },
    "ja": {
        "holds": "  席{seat}{you}：{card}",
        "card": "{ja}（ランク{rank}）",
        "supply_card": "{ja}",
        "supply": "  中央のランク{rank}：{cards}",
        "roll": "前回の出目：席{seat}が {a} + {b}",
        "won": "席{seat}がドラゴンに進化して勝利！",
        "choose": "席{seat}：取るランク{rank}のモンスターを選んでください",
        "to_roll": "席{seat}：ダイスを振ってください（{rank}以下で進化、6のゾロ目で退化）",
    },
}

terminal_texts(EVOLUTION)  # seats counted from 1, counts with their nouns


def _both(card: int, rank: tuple[int, ...], lang: str = "en") -> str:
    """Both names and the rank ("Dragon ドラゴン (rank 1)"); in Japanese "ドラゴン（ランク1）"."""
    text = EVOLUTION[language(lang)]
    return text["card"].format(en=card_name(card), ja=card_name(card, "ja"), rank=rank[card])


def render(state: EvolutionState, seat: int | None, lang: str = "en") -> str:
    lang = language(lang)
    text, common = EVOLUTION[lang], LABELS[lang]
    info = state.info
    lines = [info.title_ja if lang == "ja" else f"{info.title_en} {info.title_ja}"]
    for other, card in enumerate(state.holds):
        mark = common["you"] if other == seat else ""
        lines.append(
            text["holds"].format(seat=other, you=mark, card=_both(card, state.c.rank, lang))
        )
    for rank in range(1, 6):
        names = [
            text["supply_card"].format(en=card_name(c), ja=card_name(c, "ja"))
            for c in state.c.by_rank[rank]
            if state.supply[c]
        ]
        cards = common["list_sep"].join(names) or "-"
        lines.append(text["supply"].format(rank=rank, cards=cards))
    if state.dice:
        a, b = state.dice
        lines.append(text["roll"].format(seat=state.last, a=a, b=b))
    if state.winner >= 0:
        lines.append(text["won"].format(seat=state.winner))
    elif state.choosing:
        lines.append(text["choose"].format(seat=state.turn, rank=state.choosing))
    else:
        rank = state.c.rank[state.holds[state.turn]]
        lines.append(text["to_roll"].format(seat=state.turn, rank=rank))
    return "\n".join(lines)
