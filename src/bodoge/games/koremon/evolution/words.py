"""Monster Evolution in words: action labels and who reached the Dragon."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.games.koremon.common import words as W
from bodoge.games.koremon.evolution.codes import ROLL, TAKE

if TYPE_CHECKING:
    from bodoge.games.koremon.evolution.rules import EvolutionState


def action_label(state: EvolutionState, action: int, lang: str, seat: int | None = None) -> str:
    """`roll` says what total evolves the mover's monster; `take:<species>` names the card."""

    ja, deck = W.is_ja(lang), state.c
    if action != ROLL:
        name = W.ranked_card(action - TAKE, lang, deck)
        return f"中央から{name}を取る" if ja else f"Take the {name} from the supply"
    held = state.holds[state.turn]
    rank, name = deck.rank[held], W.card(held, lang, deck)
    if ja:
        back = "、6のゾロ目で退化" if rank < 5 else ""
        return f"ダイスを2個振る（合計{rank}以下で{name}が進化{back}）"
    back = "; double six sets it back" if rank < 5 else ""
    return f"Roll two dice ({rank} or less evolves your {name}{back})"


def describe_result(state: EvolutionState, lang: str, names: list[str] | None) -> list[str]:
    """The seed: the first to evolve to the Dragon wins; bodoge ranks the rest by how far they
    evolved."""
    result = state.result()
    if result is None:
        return []
    ja, who = W.is_ja(lang), W.seat_namer(lang, names)
    winner = state.winner
    top = W.card(state.holds[winner], lang, state.c)  # a rank-1 species: bodoge's the Dragon
    lines = [
        f"勝者：{who(winner)}（最初に{top}に進化）"
        if ja
        else f"Winner: {who(winner)}, the first to evolve to the {top}"
    ]
    others = sorted(
        (s for s in range(state.players) if s != winner), key=lambda s: state.c.rank[state.holds[s]]
    )
    for seat in others:
        name = W.ranked_card(state.holds[seat], lang, state.c)
        lines.append(f"{who(seat)}：{name}まで" if ja else f"{who(seat)}: reached the {name}")
    return lines


def result_words(state: EvolutionState) -> dict[str, Any]:
    """The breakdown's words: the monster each seat holds at the end."""
    return {
        "labels": {"holds": W.both("Holds", "手元のモンスター")},
        "values": {"holds": W.card_words(state.c)},
    }
