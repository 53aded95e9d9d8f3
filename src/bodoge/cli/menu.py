"""The list of legal actions a person picks from in the terminal, and reading their answer.

Actions come from `Match.prompt`: numbered, with their notation and words. A long run of amounts
(`bid:0` ... `bid:100`) is one line that asks for a number instead of a hundred numbered lines; a
bare number then means the amount.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bodoge.cli.messages import say
from bodoge.engine import BodogeError, IllegalAction, Match

_AMOUNT = re.compile(r"([a-z_]+):([0-9]+)")
MIN_RUN = 12  # shorter runs of amounts are listed one by one


@dataclass(frozen=True)
class Amounts:
    word: str
    low: int
    high: int


def amount_run(actions: list[dict[str, Any]]) -> Amounts | None:
    """The run of amounts that makes up the whole legal list, if there is one."""
    found = [_AMOUNT.fullmatch(action["notation"]) for action in actions]
    if len(actions) < MIN_RUN or any(match is None for match in found):
        return None
    words = {match.group(1) for match in found if match}
    numbers = [int(match.group(2)) for match in found if match]
    if len(words) != 1 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return None
    return Amounts(words.pop(), numbers[0], numbers[-1])


def menu_lines(actions: list[dict[str, Any]], lang: str) -> list[str]:
    run = amount_run(actions)
    if run is not None:
        # The words of the largest amount carry the game's warnings (a bid that would put the
        # seat out) that the hundred lines would have shown.
        top = actions[-1]
        return [
            "  " + say(lang, "range", word=run.word, low=run.low, high=run.high),
            f"  {top['notation']}: {top['label'][lang]}",
        ]
    lines = []
    for action in actions:
        label = action["label"][lang]
        words = f"  {label}" if label != action["notation"] else ""
        lines.append(f"  [{action['index']}] {action['notation']}{words}")
    return lines


def read_choice(match: Match, seat: int, answer: str, lang: str) -> int:
    """The action a typed answer names (a number from the list, an amount, or a notation)."""
    prompt = match.prompt(seat)
    actions = prompt["actions"]
    run = amount_run(actions)
    plain = answer.strip()
    if plain.isascii() and plain.isdigit() and len(plain) <= 6:
        number = int(plain)
        if run is not None:
            plain = f"{run.word}:{number}"
        elif number < len(actions):
            return int(actions[number]["id"])
        else:
            raise IllegalAction(
                say("en", "no_option", number=number, last=len(actions) - 1),
                ja=say("ja", "no_option", number=number, last=len(actions) - 1),
            )
    action = match.read_action(plain)
    if action not in match.state.legal_actions(seat):
        raise IllegalAction(
            say("en", "not_legal", answer=answer), ja=say("ja", "not_legal", answer=answer)
        )
    return action


def error_line(error: BodogeError, lang: str) -> str:
    return f"  {error.message(lang)}"
