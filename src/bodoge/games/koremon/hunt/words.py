"""Hunt the Monster! in words: action labels and who won and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.games.koremon.common import words as W
from bodoge.games.koremon.hunt.codes import ENDS, ROLL_ACTION

if TYPE_CHECKING:
    from bodoge.games.koremon.hunt.rules import HuntState


def action_label(state: HuntState, action: int, lang: str, seat: int | None = None) -> str:
    """`roll` says where Winhart stands; `place:5.3` names the card taken and the slot."""

    ja = W.is_ja(lang)
    card = state.ring[state.piece]
    if action == ROLL_ACTION:
        if card < 0:
            return "ダイスを振る" if ja else "Roll the die"
        name, position = W.card(card, lang), state.piece + 1
        if ja:
            return f"ダイスを振ってウィンハルトを進める（今は{position}番の{name}の上）"
        return f"Roll the die and move Winhart (now on the {name}, position {position})"
    where = W.slot_of(action - 1, lang)
    if card < 0:
        return f"{where}に置く" if ja else f"Place the card in {where}"
    name = W.card(card, lang)
    return f"{name}を{where}に置く" if ja else f"Place the {name} in {where}"


def describe_result(state: HuntState, lang: str, names: list[str] | None) -> list[str]:
    """Seed 4.: the best pyramid wins; RULINGS §3: ties go to more cards placed, then shared."""

    result = state.result()
    if result is None:
        return []
    ja, who = W.is_ja(lang), W.seat_namer(lang, names)
    en_end, ja_end = W.END_WORDS[ENDS[state.end]]
    lines = [
        W.winners_line(result.winners, lang, who),
        f"ハント終了の理由：{ja_end}" if ja else f"The hunt ended: {en_end}",
    ]
    for seat, pyramid in enumerate(state.pyramids):
        summary = W.pyramid_summary(pyramid, lang, state.t)
        lines.append(f"{who(seat)}：{summary}" if ja else f"{who(seat)}: {summary}")
    scores = state.scores()
    best = max(scores)
    top = [seat for seat, score in enumerate(scores) if score == best]
    if len(top) > 1:
        tied = W.joined([who(seat) for seat in top], lang)
        if len(result.winners) == len(top):
            why = (
                "置いたカードも同数で、勝ちを分け合う"
                if ja
                else "with as many cards each, the win is shared"
            )
        else:
            why = "置いたカードの多さで決まった" if ja else "more cards placed decided it"
        lines.append(
            f"{tied}が{best}点で同点：{why}"
            if ja
            else f"{tied} tied on {W.point_count(best, lang)}: {why}"
        )
    return lines


def result_words(state: HuntState) -> dict[str, Any]:
    """The breakdown's words: cards in each pyramid, and why the hunt ended."""
    return {
        "labels": {
            "cards": W.both("Cards placed", "置いたカード"),
            "end": W.both("The game ended because", "終了の理由"),
        },
        "values": {"end": {key: W.both(en, ja) for key, (en, ja) in W.END_WORDS.items()}},
    }
