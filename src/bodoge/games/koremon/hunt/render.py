"""Hunt the Monster on the terminal, in English or Japanese: its words (`HUNT`:
{"en": {...}, "ja": {...}}) and the table as a seat may see it (`render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine.text import terminal_texts
from bodoge.games.koremon.common.render import (
    LABELS,
    card_label,
    language,
    pyramid_block,
    seat_list,
)
from bodoge.games.koremon.hunt.codes import ENDS, OVER, PLACE, ROLL

if TYPE_CHECKING:
    from bodoge.games.koremon.hunt.rules import HuntState

HUNT = {
    "en": {
        "title": "{title}   deck: {deck:card|cards}",
        "ring": "Ring (> = Winhart): {ring}",
        "roll": "Last roll: {die}",
        "to_move": " <- to move",
        "head": "Seat {seat}{you}{marker}",
        "place_prompt": "Seat {seat} takes {card}: choose a slot (place:<row>.<n>)",
        "roll_prompt": "Seat {seat}: roll the die (roll)",
        "over": "Game over ({end}). Winners: {winners}",
        "deck": "deck",
        "full": "full",
        "dead": "dead",
    },
    "ja": {
        "title": "{title}   山札：{deck}枚",
        "ring": "リング（> = ウィンハルト）：{ring}",
        "roll": "前回の出目：{die}",
        "to_move": " <- 手番",
        "head": "席{seat}{you}{marker}",
        "place_prompt": "席{seat}が{card}を獲得：置く場所を選んでください（place:<row>.<n>）",
        "roll_prompt": "席{seat}：ダイスを振ってください（roll）",
        "over": "ゲーム終了（{end}）。勝者：{winners}",
        "deck": "山札切れ",
        "full": "ピラミッド完成",
        "dead": "誰も置けないリング",
    },
}

terminal_texts(HUNT)  # seats counted from 1, counts with their nouns


def render(state: HuntState, seat: int | None, lang: str = "en") -> str:
    lang = language(lang)
    text, common = HUNT[lang], LABELS[lang]
    ring = "  ".join(
        f"{'>' if i == state.piece else ' '}{i + 1}:{card_label(card, lang, state.c)}"
        for i, card in enumerate(state.ring)
    )
    title = (
        state.info.title_ja if lang == "ja" else f"{state.info.title_en} / {state.info.title_ja}"
    )
    lines = [
        text["title"].format(title=title, deck=len(state.deck)),
        text["ring"].format(ring=ring),
    ]
    if state.die:
        lines.append(text["roll"].format(die=state.die))
    for other, pyramid in enumerate(state.pyramids):
        you = common["you"] if other == seat else ""
        marker = text["to_move"] if other == state.turn and state.phase != OVER else ""
        head = text["head"].format(seat=other, you=you, marker=marker)
        lines.append(pyramid_block(head, pyramid, lang, state.c))
    if state.phase == PLACE:
        card = card_label(state.ring[state.piece], lang, state.c)
        lines.append(text["place_prompt"].format(seat=state.turn, card=card))
    elif state.phase == ROLL:
        lines.append(text["roll_prompt"].format(seat=state.turn))
    else:
        result = state.result()
        assert result is not None
        end = text[ENDS[state.end]]
        lines.append(text["over"].format(end=end, winners=seat_list(result.winners, lang)))
    return "\n".join(lines)
