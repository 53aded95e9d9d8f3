"""Trick the Monster in words: action labels and the points per game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.engine.text import signed
from bodoge.games.koremon.common import words as W
from bodoge.games.koremon.trick.tricks import FACE_UP_POINTS, LEAD_MIMIC, NAMED

if TYPE_CHECKING:
    from bodoge.games.koremon.trick.rules import TrickState


def action_label(state: TrickState, action: int, lang: str, seat: int | None = None) -> str:
    """Labels: "Play an Orc", "Play a Mimic naming the Orc", "Lead a Mimic (taken face up at
    once, −10)"."""
    ja, deck = W.is_ja(lang), state.c
    if action < NAMED:
        return (
            f"{W.card(action, lang, deck)}を出す" if ja else f"Play {W.a_card(action, lang, deck)}"
        )
    if action < LEAD_MIMIC:
        name = W.card(action - NAMED, lang, deck)
        return f"ミミックを{name}として出す" if ja else f"Play a Mimic naming the {name}"
    penalty = signed(FACE_UP_POINTS)
    if ja:
        return f"ミミックをリードする（すぐ表向きで引き取り、{penalty}点）"
    return f"Lead a Mimic (taken face up at once, {penalty})"


def describe_result(state: TrickState, lang: str, names: list[str] | None) -> list[str]:
    """The seed's 得点表: the most points over the games (three players: two) wins."""
    result = state.result()
    if result is None:
        return []
    ja, who = W.is_ja(lang), W.seat_namer(lang, names)
    lines = [W.winners_line(result.winners, lang, who)]
    per_game = [state.game_scores(game) for game in range(state.games)]
    totals = state.scores()
    for seat, total in enumerate(totals):
        parts: list[str] = []
        if state.games > 1:
            parts.extend(
                f"ゲーム{g + 1}：{signed(scores[seat])}"
                if ja
                else f"game {g + 1}: {signed(scores[seat])}"
                for g, scores in enumerate(per_game)
            )
        face_up = sum(row[seat] for row in state.face_up)
        if face_up:
            minus = signed(FACE_UP_POINTS * face_up)
            parts.append(
                f"表向きのミミック{face_up}枚 {minus}"
                if ja
                else f"{face_up} face-up Mimic{'s' if face_up > 1 else ''} {minus}"
            )
        detail = (
            ("（" + "、".join(parts) + "）" if ja else " (" + "; ".join(parts) + ")")
            if parts
            else ""
        )
        lines.append(
            f"{who(seat)}：{signed(total)}点{detail}"
            if ja
            else f"{who(seat)}: {W.point_count(total, lang)}{detail}"
        )
    if len(result.winners) > 1:
        lines.append("同点で勝ちを分け合う" if ja else "They tied on points: the win is shared")
    return lines


def result_words(state: TrickState) -> dict[str, Any]:
    """The breakdown's words: the points of each game (three players play two)."""
    return {"labels": {"games": W.both("Game {n}", "ゲーム{n}")}}
