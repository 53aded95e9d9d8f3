"""Terminal text shared by the Koremon games, in English or Japanese: cards, collection pyramids
and each game's words (`AUCTION`, `HUNT`, `TRICK`, `EVOLUTION`: {"en": {...}, "ja": {...}}).

The action notations (`bid:25`, `place:goblin@5.3`, `roll`, `play:mimic=golem`, ...) are the same
in both languages: they are what the player types.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from bodoge.engine.text import terminal_texts
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC, RANK, card_name

CELL = 12  # wide enough for "[Lizardman]"
CELL_JA = 15  # terminal columns: "[ケンタウロス]" takes 14
LANGS = ("en", "ja")

LABELS = {
    "en": {
        "none": "none",
        "list_sep": ", ",
        "empty": "{title} | pyramid empty",
        "pyramid": "{title} | {score:point|points}, {count}/15 cards",
        "seat": "seat {seat}",
        "you": " (you)",
    },
    "ja": {
        "none": "なし",
        "list_sep": "、",
        "empty": "{title} | ピラミッドは空",
        "pyramid": "{title} | {score}点、{count}/15枚",
        "seat": "席{seat}",
        "you": "（あなた）",
    },
}

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

TRICK = {
    "en": {
        "title": "{title}  game {game}/{games}  dealer: seat {dealer}",
        "row": "  seat {seat}{you}: {score:+d|point|points}, {hand} in hand, "
        "{won:card|cards} won, {face_up:face-up Mimic|face-up Mimics}",
        "led": "seat {seat} Mimic (led)",
        "won_by": "won by seat {seat} (rule {rule}: {name})",
        "no_winner": "no winner",
        "last": "Last trick: {plays} - {won_by}",
        "led_now": "seat {seat} Mimic (led: face up, -10)",
        "nothing": "(nothing yet)",
        "current": "Trick led by seat {leader}: {cards}; seat {seat} to play",
        "card": "{name} (rank {rank}) x{count}",
        "mimic": "{name} x{count}",
        "hand": "Your hand: ",
        "hand_sep": "; ",
        "play": "seat {seat} {card}",
        "play_as": "seat {seat} {card} as {kind}",
    },
    "ja": {
        "title": "{title}  ゲーム {game}/{games}  ディーラー：席{dealer}",
        "row": "  席{seat}{you}：{score:+d}点、手札 {hand}枚、獲得 {won}枚、"
        "表向きのミミック {face_up}枚",
        "led": "席{seat} ミミック（リード）",
        "won_by": "席{seat}が獲得（ルール{rule}：{name}）",
        "no_winner": "獲得者なし",
        "last": "前のトリック：{plays} - {won_by}",
        "led_now": "席{seat} ミミック（リード：表向き、-10）",
        "nothing": "（まだなし）",
        "current": "席{leader}のリードしたトリック：{cards}；席{seat}の手番",
        "card": "{name}（ランク{rank}）x{count}",
        "mimic": "{name} x{count}",
        "hand": "あなたの手札：",
        "hand_sep": "、",
        "play": "席{seat} {card}",
        "play_as": "席{seat} {card}（{kind}として）",
    },
}

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


for _table in (LABELS, AUCTION, HUNT, TRICK, EVOLUTION):
    terminal_texts(_table)  # seats counted from 1, counts with their nouns


def language(lang: str) -> str:
    """`lang` if the Koremon games speak it, else English."""
    return lang if lang in LANGS else "en"


def width(text: str) -> int:
    """Terminal columns of `text` (a Japanese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int) -> str:
    """`text` padded on the right to `columns` terminal columns."""
    return text + " " * max(0, columns - width(text))


def center(text: str, columns: int) -> str:
    """`text` centred in `columns` terminal columns, as `str.center` does for plain ASCII."""
    extra = columns - width(text)
    if extra <= 0:
        return text
    left = extra // 2 + (extra & columns & 1)  # str.center's rounding
    return " " * left + text + " " * (extra - left)


def seat_list(seats: Sequence[int], lang: str) -> str:
    """ "seat 1, seat 3" / "席1、席3", counted from 1 as in the rest of the terminal's text."""
    text = LABELS[language(lang)]
    return text["list_sep"].join(text["seat"].format(seat=s) for s in seats) or text["none"]


def card_label(card: int, lang: str = "en") -> str:
    """Both names and the rank, like Griffin/グリフォン(2), or in Japanese グリフォン(2); a Mimic
    has no rank; "-": no card."""
    if card < 0:
        return "-"
    names = card_name(card, "ja") if lang == "ja" else f"{card_name(card)}/{card_name(card, 'ja')}"
    return names if card == MIMIC else f"{names}({RANK[card]})"


def card_list(cards: Iterable[int], lang: str = "en") -> str:
    text = LABELS[language(lang)]
    return text["list_sep"].join(card_label(card, lang) for card in cards) or text["none"]


def pyramid_lines(pyramid: Sequence[int], lang: str = "en") -> list[str]:
    """The pyramid as five centred rows, top first; empty slots show their label ("5.3")."""
    cell = CELL_JA if lang == "ja" else CELL
    lines = []
    for row in range(1, P.ROWS + 1):
        cells = []
        for slot in P.ROW_SLOTS[row]:
            card = pyramid[slot]
            text = f"[{card_name(card, lang)}]" if card >= 0 else f"·{P.SLOT_LABELS[slot]}·"
            cells.append(center(text, cell))
        lines.append(" " * ((P.ROWS - row) * cell // 2) + "".join(cells).rstrip())
    return lines


def pyramid_block(title: str, pyramid: Sequence[int], lang: str = "en") -> str:
    """A titled pyramid with its score; an empty pyramid takes one line."""
    text = LABELS[language(lang)]
    if P.count(pyramid) == 0:
        return text["empty"].format(title=title)
    head = text["pyramid"].format(title=title, score=P.score(pyramid), count=P.count(pyramid))
    return "\n".join([head, *("  " + line for line in pyramid_lines(pyramid, lang))])
