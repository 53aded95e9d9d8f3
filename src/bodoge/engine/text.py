"""Templates of the games' terminal text (`GameSpec.render`) as people read them.

A `TerminalText` is a `str.format` template with two differences: its seat fields (`{seat}`,
`{leader}`, `{dealer}`) count from 1, as people count seats ("seat 1" is seat 0 of the JSON and
the notation: the games pass their indices as they are), and a count takes its noun:
`{won:card|cards}` is "1 card" or "3 cards", `{score:+d|point|points}` "+1 point".
"""

from __future__ import annotations

import string
from collections.abc import MutableMapping
from typing import Any

SEAT_FIELDS = frozenset({"seat", "leader", "dealer"})
MINUS = "\u2212"  # the minus sign of every number a person reads (the browser's panels use it too)


def signed(value: int) -> str:
    """A whole number as people read it: "−3" with the minus sign, never the hyphen "-3"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


class TerminalText(str):
    __slots__ = ()

    def format(self, *args: object, **fields: Any) -> str:
        parts = []
        for literal, name, spec, conversion in string.Formatter().parse(self):
            parts.append(literal)
            if name is None:
                continue
            value = fields[name] if not name.isdigit() else args[int(name)]
            if name in SEAT_FIELDS and type(value) is int:
                value += 1
            shape, one, many = spec or "", "", ""
            if "|" in shape:
                *head, one, many = shape.split("|")
                shape = "".join(head)
            text = format(repr(value) if conversion == "r" else value, shape)
            parts.append(f"{text} {one if value in (1, -1) else many}" if one else text)
        return "".join(parts)


def terminal_texts(table: MutableMapping[str, Any]) -> None:
    """Every string of `table` ({lang: {key: template}} or {key: template}) as a
    `TerminalText`, in place; anything else (a tuple of direction names) is left as it is."""
    for key, value in table.items():
        if isinstance(value, MutableMapping):
            terminal_texts(value)
        elif isinstance(value, str):
            table[key] = TerminalText(value)
