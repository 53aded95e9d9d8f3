"""Trick the Monster on the terminal, in English or Japanese: its words (`TRICK`:
{"en": {...}, "ja": {...}}) and the table as a seat may see it (`render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine.text import terminal_texts
from bodoge.games.koremon.common.cards import CARD_COUNT, MIMIC
from bodoge.games.koremon.common.render import LABELS, language
from bodoge.games.koremon.common.words import card as card_name
from bodoge.games.koremon.trick.codes import RULE_NAMES

if TYPE_CHECKING:
    from bodoge.games.koremon.common.deck import Deck
    from bodoge.games.koremon.trick.rules import TrickState

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

terminal_texts(TRICK)  # seats counted from 1, counts with their nouns


def _both(card: int, deck: Deck, lang: str = "en") -> str:
    """Both names in the game's list ("Dragon ドラゴン"); in Japanese only the Japanese one."""
    if lang == "ja":
        return card_name(card, "ja", deck)
    return f"{card_name(card, 'en', deck)} {card_name(card, 'ja', deck)}"


def render(state: TrickState, seat: int | None, lang: str = "en") -> str:
    lang = language(lang)
    text, common = TRICK[lang], LABELS[lang]
    info = state.info
    title = info.title_ja if lang == "ja" else f"{info.title_en} {info.title_ja}"
    lines = [
        text["title"].format(
            title=title, game=state.game + 1, games=state.games, dealer=state.dealer
        )
    ]
    scores = state.scores()
    for other in range(state.players):
        lines.append(
            text["row"].format(
                seat=other,
                you=common["you"] if other == seat else "",
                score=scores[other],
                hand=sum(state.hands[other]),
                won=sum(sum(game[other]) for game in state.won),
                face_up=sum(row[other] for row in state.face_up),
            )
        )
    if state.last_trick or state.ply >= state.players:
        # Led Mimics precede the first monster (or fill the trick), so their seats follow.
        led = state.players - len(state.last_trick)
        first = state.last_trick[0][0] if state.last_trick else (state.leader + led) % state.players
        plays = common["list_sep"].join(
            [text["led"].format(seat=(first - led + i) % state.players) for i in range(led)]
            + [_play_text(entry, state.c, lang) for entry in state.last_trick]
        )
        if state.last_winner >= 0:
            en, ja = RULE_NAMES[state.last_step]
            name = ja if lang == "ja" else f"{en} {ja}"
            won_by = text["won_by"].format(seat=state.last_winner, rule=state.last_step, name=name)
        else:
            won_by = text["no_winner"]
        lines.append(text["last"].format(plays=plays, won_by=won_by))
    if state.left:
        current = [
            text["led_now"].format(seat=(state.leader + i) % state.players)
            for i in range(state.led)
        ]
        current += [_play_text(entry, state.c, lang) for entry in state.trick]
        playing = common["list_sep"].join(current) or text["nothing"]
        lines.append(
            text["current"].format(leader=state.leader, cards=playing, seat=state.to_move())
        )
    if seat is not None and state.left:
        hand, deck = state.hands[seat], state.c
        cards = [
            text["card"].format(
                name=_both(card, deck, lang), rank=deck.rank[card], count=hand[card]
            )
            if card != MIMIC
            else text["mimic"].format(name=_both(card, deck, lang), count=hand[card])
            for card in range(CARD_COUNT)
            if hand[card]
        ]
        lines.append(text["hand"] + text["hand_sep"].join(cards))
    return "\n".join(lines)


def _play_text(entry: tuple[int, int, int], deck: Deck, lang: str = "en") -> str:
    seat, card, kind = entry
    text = TRICK[language(lang)]
    if card == MIMIC:
        return text["play_as"].format(
            seat=seat, card=_both(MIMIC, deck, lang), kind=_both(kind, deck, lang)
        )
    return text["play"].format(seat=seat, card=_both(card, deck, lang))
