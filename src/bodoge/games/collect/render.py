"""Collect! as text for the terminal, in English or Japanese."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from bodoge.engine.text import terminal_texts
from bodoge.games.collect.animals import ANIMALS, name
from bodoge.games.collect.phases import DECK_NAMES, HALF_CROWNS, KNOWN, OVER, PHASES

if TYPE_CHECKING:
    from bodoge.games.collect.rules import CollectState

PROMPTS = {
    "en": {
        "draw": "choose a deck to draw from",
        "keep": "keep the revealed card, or return it and take the other deck's top",
        "place": "play the card at the left or right end of your row",
        "ability": "use the ability of the card just played, or pass",
        "crocodile_deck": "put the chosen card on the bottom of deck A or B",
        "crab_to": "move the chosen card to a new position in its row",
        "parrot_reveal": "reveal the top card of deck A or B",
        "parrot_return": "no match: put the card back on top of deck A or B",
        "chameleon": "two chameleons: put each on the bottom of deck A or B",
        "over": "the game is over",
    },
    "ja": {
        "draw": "カードを引くデッキを選んでください",
        "keep": "公開したカードを獲得するか、デッキに戻してもう一方のデッキの一番上を"
        "獲得してください",
        "place": "カードを列の左端か右端にプレイしてください",
        "ability": "プレイしたカードの能力を使うか、パスしてください",
        "crocodile_deck": "選んだカードをデッキAかBの一番下に戻してください",
        "crab_to": "選んだカードを列の中の新しい位置へ移動してください",
        "parrot_reveal": "デッキAかBの一番上を公開してください",
        "parrot_return": "宣言と違いました：カードをデッキAかBの一番上に戻してください",
        "chameleon": "カメレオン2枚：それぞれをデッキAかBの一番下に戻してください",
        "over": "ゲーム終了",
    },
}

LABELS = {
    "en": {
        "title": "Collect!  round {round}",
        "crowns_left": "crowns left: {half} half (of {halves}), then {full} full",
        "crowns_key": "★ a half crown held, ♛ the full crown held: 2 ★ or the ♛ win the game",
        "crowns_team": " for that player's team",
        "deck": "deck {name} ({count:2|card|cards}, top first): {cards}",
        "unknown_run": "? x{count}",
        "won": "round {number} won by {who}: {alliance}",
        "you": "you",
        "seat": "seat {seat}",
        "team": "team {team}",
        "to_move": "◀ to move",
        "empty": "(empty)",
        "face_up": "face up: {card}",
        "named": "parrot named: {card}",
        "winner": "winner: {seats}",
        "prompt": "seat {seat}: {prompt}",
    },
    "ja": {
        "title": "コレクト！  ラウンド {round}",
        "crowns_left": "残りの王冠：ハーフ {half}（全{halves}つ）、その後フル {full}",
        "crowns_key": "★ 持っているハーフ王冠、♛ 持っているフル王冠：★2つか♛でゲームに勝利",
        "crowns_team": "（そのプレイヤーのチームの勝利）",
        "deck": "デッキ{name}（{count:2}枚、上から）：{cards}",
        "unknown_run": "?×{count}",
        "won": "ラウンド{number}の勝者：{who}、{alliance}",
        "you": "あなた",
        "seat": "席{seat}",
        "team": "チーム{team}",
        "to_move": "◀ 手番",
        "empty": "（空）",
        "face_up": "公開中：{card}",
        "named": "オウムの宣言：{card}",
        "winner": "勝者：{seats}",
        "prompt": "席{seat}：{prompt}",
    },
}

terminal_texts(PROMPTS)  # seats counted from 1, counts with their nouns
terminal_texts(LABELS)  # seats counted from 1, counts with their nouns

ALLIANCE_NAMES = {
    "en": {
        "four": "four in a row (4 adjacent cards of one animal, the chameleon wild)",
        "octopus": "the octopus alliance (3 pairs of 3 different animals)",
        "lion": "the lion alliance (7 different kinds)",
    },
    "ja": {
        "four": "同じ動物4枚の隣接（カメレオンはワイルド）",
        "octopus": "タコの同盟（異なる3種類のペア3組）",
        "lion": "ライオンの同盟（7種類）",
    },
}


def pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal columns (a Japanese character takes two)."""
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - used)


def _deck_line(state: CollectState, deck: int, text: dict[str, str], lang: str) -> str:
    """Every public card at its place, top first; each run of unseen cards as one "? xN"."""
    cards = state.decks[deck]
    shown = state.options["known_cards"] == "shown"
    words: list[str] = []
    unknown = 0
    for card in [*reversed(cards), None]:  # None: the end, closing the last run
        if card is not None and not (shown and card >= KNOWN):
            unknown += 1
            continue
        if unknown:
            words.append("?" if unknown == 1 else text["unknown_run"].format(count=unknown))
            unknown = 0
        if card is not None:
            words.append(name(card & 7, lang))
    listing = " ".join(words) or text["empty"]
    return "  " + text["deck"].format(name=DECK_NAMES[deck], count=len(cards), cards=listing)


def _who(state: CollectState, other: int, seat: int | None, text: dict[str, str]) -> str:
    who = text["you"] if other == seat else text["seat"].format(seat=other)
    if state.options["team_mode"] == "on":
        who += " " + text["team"].format(team="AB"[other % 2])
    return who


def _row_text(row: list[int] | tuple[int, ...], text: dict[str, str], lang: str) -> str:
    return "  ".join(f"{i}:{name(c, lang)}" for i, c in enumerate(row)) or text["empty"]


def _crown_lines(state: CollectState, text: dict[str, str]) -> list[str]:
    half_left = HALF_CROWNS - sum(state.half)
    full_left = 0 if state.full >= 0 else 1
    left = text["crowns_left"].format(half=half_left, halves=HALF_CROWNS, full=full_left)
    key = text["crowns_key"]
    if state.options["team_mode"] == "on":
        key += text["crowns_team"]
    return ["  " + left, "  " + key]


def _last_win_lines(
    state: CollectState, seat: int | None, text: dict[str, str], lang: str
) -> list[str]:
    """The row that won the last round, shown until the next round's first move."""
    if state.last_win is None:
        return []
    winner, kind, row = state.last_win
    alliance = ALLIANCE_NAMES[lang][kind]
    who = _who(state, winner, seat, text)
    number = len(state.history)
    return [
        "  " + text["won"].format(number=number, who=who, alliance=alliance),
        "    " + _row_text(row, text, lang),
    ]


def render(state: CollectState, seat: int | None, lang: str = "en") -> str:
    lang = lang if lang in LABELS else "en"
    text = LABELS[lang]
    team_mode = state.options["team_mode"] == "on"
    lines = [text["title"].format(round=state.round), *_crown_lines(state, text)]
    lines += [_deck_line(state, 0, text, lang), _deck_line(state, 1, text, lang), ""]
    for other, row in enumerate(state.rows):
        marks = "★" * state.half[other] + ("♛" if state.full == other else "")
        who = _who(state, other, seat, text)
        turn = " " + text["to_move"] if other == state.active and state.phase != OVER else ""
        cards = _row_text(row, text, lang)
        lines.append(f"  {pad(who, 15 if team_mode else 7)} {marks:3}| {cards}{turn}")
    lines.append("")
    lines += _last_win_lines(state, seat, text, lang)
    if state.held >= 0:
        other_lang = name(state.held, "ja" if lang == "en" else "en")
        lines.append("  " + text["face_up"].format(card=f"{name(state.held, lang)} ({other_lang})"))
    if state.placed >= 0:
        animal = ANIMALS[state.rows[state.active][state.placed]]
        ability = animal.ability_ja if lang == "ja" else animal.ability_en
        lines.append(f"  {animal.ja if lang == 'ja' else animal.en}: {ability}")
    if state.named >= 0:
        lines.append("  " + text["named"].format(card=name(state.named, lang)))
    result = state.result()
    if result is not None:
        seats = ", ".join(text["seat"].format(seat=w) for w in result.winners)
        lines.append("  " + text["winner"].format(seats=seats))
    else:
        prompt = PROMPTS[lang][PHASES[state.phase]]
        lines.append("  " + text["prompt"].format(seat=state.active, prompt=prompt))
    return "\n".join(lines)


HELP = {
    "en": """\
Collect!: type an action (or its number in the list of legal actions).
  draw:A, draw:B        reveal the top card of deck A or B
  keep                  keep the revealed card
  return:A, return:B    put it face down on that deck and keep the other deck's top card
  left, right           play the card at that end of your row (a first card goes in at once)
  pass                  do not use the ability of the card just played
  use                   hermit crab: take another turn (your row holds a crab or chameleon)
  name:lion             parrot: name an animal (crocodile, crab, monkey, hermit_crab, octopus,
                        parrot, lion, chameleon)
  reveal:A, reveal:B    parrot: reveal that deck's top card; the named animal or a chameleon
                        is played, anything else goes back
  top:A, top:B          parrot: put the card that missed back on top of that deck
  bottom:A, bottom:B    put the crocodile's card, or a chameleon, on the bottom of that deck
  card:S.I              crocodile, crab, monkey: choose card I (0 = leftmost) of a row; S is
                        its seat counted from 0 (card:0.2 is seat 1's third card)
  to:I                  crab: move the chosen card to position I of its row
Your own row wins the round if it forms an alliance when your turn ends: 4 adjacent cards of
one animal (the chameleon wild); with an octopus, 3 pairs of 3 different animals; with a lion,
7 different kinds. Crowns: the round winner takes a half crown (★) while any of the 3 remain,
then the full crown (♛); 2 half crowns or the full crown win the game (in 2 vs 2, for the
winner's team). "? x12" in a deck is 12 cards nobody has seen.""",
    "ja": """\
コレクト！：アクションを入力してください（合法手の一覧の番号でも可）。
  draw:A, draw:B        デッキAかBの一番上を公開する
  keep                  公開したカードを獲得する
  return:A, return:B    そのデッキの上に裏向きで戻し、もう一方のデッキの一番上を獲得する
  left, right           カードを列の左端／右端にプレイする（最初の1枚はそのまま置かれる）
  pass                  プレイしたカードの能力を使わない
  use                   ヤドカリ：もう一度ターンを行う（列にカニかカメレオンがあるとき）
  name:lion             オウム：動物を宣言する（crocodile, crab, monkey, hermit_crab, octopus,
                        parrot, lion, chameleon）
  reveal:A, reveal:B    オウム：そのデッキの一番上を公開する。宣言した動物かカメレオンなら
                        プレイし、違えば戻す
  top:A, top:B          オウム：外れたカードをそのデッキの一番上に戻す
  bottom:A, bottom:B    クロコダイルが選んだカード、またはカメレオンをそのデッキの一番下へ
  card:S.I              クロコダイル・カニ・サル：列のI番目（0 = 左端）のカードを選ぶ。
                        S は0から数えた席（card:0.2 は席1の3枚目）
  to:I                  カニ：選んだカードをその列のI番目の位置へ移動する
自分のターン終了時に自分の列が同盟を結成していればラウンドに勝利：同じ動物4枚の隣接（カメレオンは
ワイルド）、タコがあれば異なる3種類のペア3組、ライオンがあれば7種類。王冠：ラウンドの勝者は
ハーフ王冠（★、全3つ）を、なくなった後はフル王冠（♛）を獲得。ハーフ王冠2つかフル王冠でゲームに
勝利（2vs2ではそのチームの勝利）。デッキの「?×12」は誰も見ていない12枚のカード。""",
}


def game_help(lang: str) -> str:
    return HELP["ja" if lang == "ja" else "en"]
