"""Monster Auction on the terminal, in English or Japanese: its words (`AUCTION`:
{"en": {...}, "ja": {...}}) and the table as a seat may see it (`render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine.text import terminal_texts
from bodoge.games.koremon.auction.codes import BID, OVER, PLACE, ROUNDS
from bodoge.games.koremon.common.render import (
    LABELS,
    card_label,
    card_list,
    language,
    pad,
    pyramid_block,
    seat_list,
    width,
)

if TYPE_CHECKING:
    from bodoge.games.koremon.auction.rules import AuctionState

AUCTION = {
    "en": {
        "title": "{title}   round {round}/{rounds}   deck: {deck}   payment: {payment}",
        "last": "Last reveal:",
        "bid": "s{seat}:{amount}",
        "reveal": "  {card} {amounts} -> {who}",
        "discarded": "nobody (discarded)",
        "head": "Seat {seat}{you}: money {money}, {status}",
        "out_in": " (out in round {round})",
        "to_place": ", to place: {cards}",
        "out": "out",
        "placing": "placing",
        "waiting": "waiting",
        "sealed": "sealed",
        "bidding": "bidding",
        "table": "On the table (bid in this order):",
        "your_bid": "  your bid: {amount}",
        "row": "  {number}. {card}{written}",
        "bid_prompt": "Seat {seat}: bid on monster {number} (bid:0 to bid:{left})",
        "place_prompt": "Seat {seat}: place a won card (place:<card>@<row>.<n>)",
        "over": "Game over. Winners: {winners}",
    },
    "ja": {
        "title": "{title}   ラウンド {round}/{rounds}   山札：{deck}   支払い：{payment}",
        "last": "前回の公開：",
        "bid": "席{seat}:{amount}",
        "reveal": "  {card} {amounts} -> {who}",
        "discarded": "なし（捨て札）",
        "head": "席{seat}{you}：所持金 {money}、{status}",
        "out_in": "（ラウンド{round}）",
        "to_place": "、配置待ち：{cards}",
        "out": "脱落",
        "placing": "配置中",
        "waiting": "待機中",
        "sealed": "封印済み",
        "bidding": "入札中",
        "table": "場のモンスター（この順に入札）：",
        "your_bid": "  あなたの入札：{amount}",
        "row": "  {number}. {card}{written}",
        "bid_prompt": "席{seat}：{number}番目のモンスターに入札してください（bid:0〜bid:{left}）",
        "place_prompt": "席{seat}：落札したカードを置いてください（place:<card>@<row>.<n>）",
        "over": "ゲーム終了。勝者：{winners}",
    },
}

terminal_texts(AUCTION)  # seats counted from 1, counts with their nouns


def render(state: AuctionState, seat: int | None, lang: str = "en") -> str:
    lang = language(lang)
    text, common = AUCTION[lang], LABELS[lang]
    title = (
        state.info.title_ja if lang == "ja" else f"{state.info.title_en} / {state.info.title_ja}"
    )
    lines = [
        text["title"].format(
            title=title,
            round=state.round,
            rounds=ROUNDS,
            deck=len(state.deck),
            payment=state.info.options[0].choice_label(state.options["payment"], lang),
        )
    ]
    if state.last:
        lines.append(text["last"])
        labels = [card_label(card, lang, state.c) for card in state.last["table"]]
        column = max(14, *map(width, labels))  # terminal columns: a kana takes two
        for i, label in enumerate(labels):
            amounts = " ".join(
                text["bid"].format(seat=s, amount=bid[i])
                for s, bid in enumerate(state.last["bids"])
                if bid
            )
            winner = state.last["winners"][i]
            who = common["seat"].format(seat=winner) if winner >= 0 else text["discarded"]
            lines.append(
                text["reveal"].format(card=pad(label, column), amounts=pad(amounts, 32), who=who)
            )
    for other in range(state.players):
        head = text["head"].format(
            seat=other,
            you=common["you"] if other == seat else "",
            money=state.money[other],
            status=text[state._status(other)],
        )
        if state.out[other]:
            head += text["out_in"].format(round=state.out[other])
        if state.to_place[other]:
            head += text["to_place"].format(cards=card_list(state.to_place[other], lang, state.c))
        lines.append(pyramid_block(head, state.pyramids[other], lang, state.c))
    if state.phase == BID:
        lines.append(text["table"])
        mine = state.bids[seat] if seat is not None else []
        for i, card in enumerate(state.table):
            written = text["your_bid"].format(amount=mine[i]) if i < len(mine) else ""
            label = card_label(card, lang, state.c)
            lines.append(text["row"].format(number=i + 1, card=label, written=written))
        if seat is not None and seat in state.waiting:
            left = state.money[seat] - sum(mine)
            lines.append(text["bid_prompt"].format(seat=seat, number=len(mine) + 1, left=left))
    elif state.phase == PLACE and seat is not None and seat in state.waiting:
        lines.append(text["place_prompt"].format(seat=seat))
    elif state.phase == OVER:
        result = state.result()
        assert result is not None
        lines.append(text["over"].format(winners=seat_list(result.winners, lang)))
    return "\n".join(lines)
