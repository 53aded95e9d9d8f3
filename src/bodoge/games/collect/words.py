"""Collect! in words: event field values, action labels and the result, in English and Japanese.

The sentences themselves are in `events.toml`; this module gives the words of the game's own
field kinds. A card of a row (`place`) and a row (`row`) name their seat with a possessive ("your
2nd card", "seat 1's row", "自分の2枚目"), so they need the viewer and the seats' names, which
the engine passes to `event_word` along with the event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.engine.events import capitalize_sentence, default_seat_name
from bodoge.games.collect import actions as A
from bodoge.games.collect.animals import CODE, KEYS, name
from bodoge.games.collect.phases import (
    ABILITY,
    CHAMELEON_DISCARD,
    CRAB_TO,
    CROC_DECK,
    DECK_NAMES,
    KNOWN,
)
from bodoge.games.collect.render import ALLIANCE_NAMES

if TYPE_CHECKING:
    from bodoge.engine import Event
    from bodoge.games.collect.rules import CollectState

SIDES = {"en": {"left": "left", "right": "right"}, "ja": {"left": "左", "right": "右"}}
CROWNS = {
    "en": {"half": "a half crown", "full": "the full crown"},
    "ja": {"half": "ハーフ王冠", "full": "フル王冠"},
}
NUMBERS_EN = ("no", "one", "two", "three")


def _ja(lang: str) -> bool:
    return lang == "ja"


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def animal(key: str, lang: str) -> str:
    """A card in a sentence: "a lion", "an octopus" / "ライオン"."""
    text = name(CODE[key], lang)
    if _ja(lang):
        return text
    text = text.lower()
    return ("an " if text[0] in "aeiou" else "a ") + text


def seat_name(
    seat: int, lang: str, viewer: int | None = None, names: list[str] | None = None
) -> str:
    """A seat as the engine names it: "you" for the viewer, its display name, or "seat 2"."""
    if seat == viewer:
        return "あなた" if _ja(lang) else "you"
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return default_seat_name(seat, lang)


def counted_seats(state: CollectState, lang: str) -> list[str]:
    """The seats as an action's label names them: counted from 1, as the lobby and the
    terminal count them ("seat 1" is seat 0 of the notation)."""
    return [f"席{seat + 1}" if _ja(lang) else f"seat {seat + 1}" for seat in range(state.players)]


def owner(
    seat: int, lang: str, actor: Any = None, viewer: int | None = None,
    names: list[str] | None = None,
) -> str:  # fmt: skip
    """Whose a row is: "your", "their own" (the acting seat's), "seat 1's" / "あなたの",
    "自分の", "席1の"."""
    if _ja(lang):
        if seat == actor:
            return "自分の"
        return seat_name(seat, lang, viewer, names) + "の"
    if seat == viewer:
        return "your"
    if seat == actor:
        return "their own"
    return seat_name(seat, lang, viewer, names) + "'s"


def card_of_row(
    seat: int, index: int, lang: str, actor: Any = None, viewer: int | None = None,
    names: list[str] | None = None,
) -> str:  # fmt: skip
    """Card `index` (0 = leftmost) of `seat`'s row: "seat 1's 4th card" / "席1の4枚目"."""
    whose = owner(seat, lang, actor, viewer, names)
    return f"{whose}{index + 1}枚目" if _ja(lang) else f"{whose} {ordinal(index + 1)} card"


def event_word(
    state: CollectState, kind: str, value: Any, lang: str, event: Event,
    viewer: int | None = None, names: list[str] | None = None,
) -> str | None:  # fmt: skip
    """The words of one of Collect!'s own field kinds (see events.toml); None for another kind."""
    ja = _ja(lang)
    if kind == "animal":
        return animal(value, lang)
    if kind == "deck":
        return f"デッキ{value}" if ja else f"deck {value}"
    if kind == "side":
        return SIDES[lang][value]
    if kind == "place":
        seat, index = value
        return card_of_row(seat, index, lang, event.get("seat"), viewer, names)
    if kind == "position":
        return f"左から{value + 1}枚目" if ja else f"{ordinal(value + 1)} place from the left"
    if kind == "row":
        whose = owner(value, lang, event.get("seat"), viewer, names)
        return f"{whose}列" if ja else f"{whose} row"
    if kind == "alliance":
        return ALLIANCE_NAMES[lang][value]
    if kind == "crown":
        return CROWNS[lang][value]
    return None


# ---- action labels ---------------------------------------------------------------------------


def _deck_size(state: CollectState, deck: int, lang: str) -> str:
    """How many cards a deck holds, and its top card when it is public and shown."""
    cards = state.decks[deck]
    size = f"{len(cards)}枚" if _ja(lang) else f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    if cards and cards[-1] >= KNOWN and state.options["known_cards"] == "shown":
        top = name(cards[-1] & 7, lang)
        size += f"、一番上：{top}" if _ja(lang) else f", top: {top.lower()}"
    return f"（{size}）" if _ja(lang) else f" ({size})"


def _chosen(state: CollectState, seat: int, index: int, lang: str) -> str:
    """A card of a row as the deciding (active) seat reads it: "seat 1's 4th card (lion)"."""
    text = card_of_row(seat, index, lang, viewer=state.active, names=counted_seats(state, lang))
    row = state.rows[seat] if 0 <= seat < state.players else []
    if index < len(row):
        card = name(row[index], lang)
        text += f"（{card}）" if _ja(lang) else f" ({card.lower()})"
    return text


def _held(state: CollectState, lang: str) -> str:
    if state.held < 0:
        return "カード" if _ja(lang) else "the card"
    card = name(state.held, lang)
    return card if _ja(lang) else f"the {card.lower()}"


def action_label(state: CollectState, action: int, lang: str, seat: int | None = None) -> str:
    """What an action does for the active seat, read from the position."""
    A.text(action)  # an index outside the action space is refused as the notation refuses it
    ja = _ja(lang)
    if action >= A.TO:
        return _crab_to_label(state, action - A.TO, lang)
    if action >= A.CARD:
        return _card_label(state, *divmod(action - A.CARD, A.MAX_ROW), lang)
    if A.NAME <= action < A.REVEAL:
        named = name(action - A.NAME, lang)
        return f"オウム：{named}を宣言する" if ja else f"Parrot: name the {named.lower()}"
    deck_actions = (A.DRAW, A.RETURN, A.REVEAL, A.TOP, A.BOTTOM)
    for base in deck_actions:
        if base <= action < base + 2:
            return _deck_label(state, base, action - base, lang)
    if action == A.KEEP:
        return f"{_held(state, lang)}を獲得する" if ja else f"Keep {_held(state, lang)}"
    if action in (A.LEFT, A.RIGHT):
        side = SIDES[lang]["left" if action == A.LEFT else "right"]
        if ja:
            return f"{_held(state, lang)}を列の{side}端にプレイする"
        return f"Play {_held(state, lang)} at the {side} end of your row"
    if action == A.PASS:
        return _pass_label(state, lang)
    return "ヤドカリ：もう一度ターンを行う" if ja else "Hermit crab: take another turn"  # use


def _deck_label(state: CollectState, base: int, deck: int, lang: str) -> str:
    ja = _ja(lang)
    letter = DECK_NAMES[deck]
    size = _deck_size(state, deck, lang)
    if base == A.DRAW:
        return f"デッキ{letter}から引く{size}" if ja else f"Draw from deck {letter}{size}"
    if base == A.RETURN:
        other = DECK_NAMES[1 - deck]
        other_size = _deck_size(state, 1 - deck, lang)
        if ja:
            return (
                f"{_held(state, lang)}をデッキ{letter}に戻し、"
                f"デッキ{other}{other_size}の一番上を獲得する"
            )
        return (
            f"Return {_held(state, lang)} to deck {letter} and take the top card of "
            f"deck {other}{other_size}"
        )
    if base == A.REVEAL:
        if ja:
            return f"オウム：デッキ{letter}{size}の一番上を公開する"
        return f"Parrot: reveal the top card of deck {letter}{size}"
    if base == A.TOP:
        held = _held(state, lang)
        if ja:
            return f"{held}をデッキ{letter}の一番上に戻す"
        return f"Put {held} back on top of deck {letter}"
    return _bottom_label(state, letter, lang)


def _bottom_label(state: CollectState, letter: str, lang: str) -> str:
    ja = _ja(lang)
    if state.phase == CROC_DECK and state.target >= 0:
        what = _chosen(state, *divmod(state.target, A.MAX_ROW), lang)
    elif state.phase == CHAMELEON_DISCARD:
        left = state.discard
        what = f"カメレオン（残り{left}枚）" if ja else f"a chameleon ({left} to place)"
    else:
        what = "カード" if ja else "the card"
    if ja:
        return f"{what}をデッキ{letter}の一番下に置く"
    return f"Put {what} on the bottom of deck {letter}"


def _ability_card(state: CollectState) -> int:
    """The card whose ability is being used, or -1."""
    if state.phase == ABILITY and state.placed >= 0:
        return state.rows[state.active][state.placed]
    return -1


def _card_label(state: CollectState, seat: int, index: int, lang: str) -> str:
    ja = _ja(lang)
    chosen = _chosen(state, seat, index, lang)
    card = _ability_card(state)
    key = KEYS[card] if card >= 0 else ""
    if key == "crocodile":
        if ja:
            return f"クロコダイル：{chosen}をデッキの一番下へ"
        return f"Crocodile: send {chosen} to the bottom of a deck"
    if key == "crab":
        return f"カニ：{chosen}を列の中で動かす" if ja else f"Crab: move {chosen} within its row"
    if key == "monkey":
        return f"サル：{chosen}と入れ替える" if ja else f"Monkey: swap with {chosen}"
    return f"{chosen}を選ぶ" if ja else f"Choose {chosen}"


def _crab_to_label(state: CollectState, position: int, lang: str) -> str:
    """Where the crab's card would land, between which cards."""
    ja = _ja(lang)
    place = f"左から{position + 1}枚目" if ja else f"{ordinal(position + 1)} place from the left"
    if state.phase != CRAB_TO or state.target < 0:
        return f"カニ：{place}へ動かす" if ja else f"Crab: move to {place}"
    seat, index = divmod(state.target, A.MAX_ROW)
    row = state.rows[seat]
    rest = row[:index] + row[index + 1 :]
    card = name(row[index], lang)
    whose = owner(seat, lang, viewer=state.active, names=counted_seats(state, lang))
    if position == 0:
        where = "左端" if ja else "left end"
    elif position >= len(rest):
        where = "右端" if ja else "right end"
    else:
        left, right = name(rest[position - 1], lang), name(rest[position], lang)
        where = f"{left}と{right}の間" if ja else f"between {left.lower()} and {right.lower()}"
    if ja:
        return f"カニ：{whose}{card}を{place}へ動かす（{where}）"
    return f"Crab: move {whose} {card.lower()} to {place} ({where})"


def _pass_label(state: CollectState, lang: str) -> str:
    card = _ability_card(state)
    if card < 0:
        return "パスする" if _ja(lang) else "Pass"
    if _ja(lang):
        return f"{name(card, lang)}の能力を使わない"
    return f"Do not use the {name(card, lang).lower()}'s ability"


# ---- the result ------------------------------------------------------------------------------


def crowns_held(state: CollectState, seat: int, lang: str) -> str:
    """A seat's crowns: "two half crowns", "the full crown and one half crown", "no crown"."""
    half, full = state.half[seat], state.full == seat
    if _ja(lang):
        parts = (["フル王冠"] if full else []) + ([f"ハーフ王冠{half}つ"] if half else [])
        return "と".join(parts) or "王冠なし"
    halves = f"{NUMBERS_EN[half]} half crown{'s' if half != 1 else ''}"
    if full:
        return "the full crown" + (f" and {halves}" if half else "")
    return halves if half else "no crown"


def describe_result(state: CollectState, lang: str, names: list[str] | None) -> list[str]:
    """Who won with which crowns, the round that decided it, and what the others held."""
    if state.result() is None:
        return []
    ja = _ja(lang)
    winner = state.game_winner()

    def who(seat: int) -> str:
        return seat_name(seat, lang, names=names)

    if winner < 0:  # a variant's game stopped at its limit (content.VARIANT_PLIES)
        limit = state.deck.plies
        if ja:
            held = "、".join(
                f"{who(s)}は{crowns_held(state, s, lang)}" for s in range(state.players)
            )
            return [f"{limit}手の上限に達したため、勝者なしでゲーム終了", f"各席：{held}"]
        held = ", ".join(
            f"{who(s)} held {crowns_held(state, s, lang)}" for s in range(state.players)
        )
        return [f"Nobody won: the game reached the limit of {limit} moves", f"The seats: {held}"]
    crowns = crowns_held(state, winner, lang)
    if state.teams() is not None:
        team, mates = "AB"[winner % 2], [s for s in range(state.players) if s % 2 == winner % 2]
        members = ("と" if ja else " and ").join(who(s) for s in mates)
        if ja:
            lines = [f"チーム{team}（{members}）がゲームに勝利した：{who(winner)}が{crowns}を獲得"]
        else:
            lines = [f"Team {team} ({members}) won the game: {who(winner)} held {crowns}"]
    elif ja:
        lines = [f"{who(winner)}が{crowns}でゲームに勝利した"]
    else:  # the one line that starts with a seat: its display name stays as typed
        lines = [capitalize_sentence(f"{who(winner)} won the game with {crowns}", lang, names)]
    if state.last_win is not None:
        seat, kind, _ = state.last_win
        alliance, number = ALLIANCE_NAMES[lang][kind], len(state.history)
        if ja:
            lines.append(f"ラウンド{number}は{who(seat)}が{alliance}で勝利した")
        else:
            lines.append(f"Round {number} went to {who(seat)} with {alliance}")
    others = [s for s in range(state.players) if s != winner]
    if ja:
        held = "、".join(f"{who(s)}は{crowns_held(state, s, lang)}" for s in others)
        lines.append(f"ほかの席：{held}")
    else:
        held = ", ".join(f"{who(s)} held {crowns_held(state, s, lang)}" for s in others)
        lines.append(f"The others: {held}")
    return lines


def result_words(state: CollectState) -> dict[str, Any]:
    """The breakdown's words: each seat's half crowns, who holds the full crown, the rounds."""
    return {
        "labels": {
            "half_crowns": {"en": "Half crowns", "ja": "ハーフ王冠"},
            "full_crown": {"en": "Full crown", "ja": "フル王冠"},
            "rounds": {"en": "Rounds played", "ja": "ラウンド数"},
            "no_winner": {
                "en": "The variant's limit of moves was reached: nobody wins",
                "ja": "バリアントの手数の上限に達した：勝者なし",
            },
        },
        "seats": ["full_crown"],
    }
