"""One rule for every piece of text a person types: actions and seat numbers.

Text is NFKC-normalised first (full-width ｄｒａｗ：Ａ and １０, or the Kelvin sign in
"keep", become their plain forms) and stripped; then every number in it must be written in
plain ASCII digits with no leading zero. So `bid:１０` and `ｄｒａｗ：Ａ` are read everywhere,
and `bid:010`, seat `01` and Arabic-Indic digits are refused everywhere, whichever game's
parser reads the rest. Letters may be in any case and any script (the games accept their
Japanese card names).

An action's notation is then read by one more rule (`normalize_action`): letters in any case
(`BID:5`, `Draw:a` are `bid:5`, `draw:a`: the games' parsers see lower case only), and spaces
next to a separator (`:`, `@`, `=`, `.`, `-`, or any other punctuation) are dropped, so `bid :5`,
`bid: 5` and `place: d4 @ 2` read as `bid:5` and `place:d4@2`. A space between two words or
numbers is kept (as one space), so `bid 5` is still no action.
"""

from __future__ import annotations

import re
import unicodedata

from bodoge.engine.errors import IllegalAction

MAX_NOTATION = 100  # longer than any action's notation
_LEADING_ZERO = re.compile(r"(?<![0-9])0[0-9]")
# Spaces beside a separator (any character that is neither a letter, a digit nor a space).
_SPACED_SEPARATOR = re.compile(r"\s*([^\w\s])\s*")
_SPACES = re.compile(r"\s+")


def normalize(text: object, what: str = "action") -> str:
    """`text` as plain ASCII notation, or IllegalAction saying why it cannot be one."""
    if not isinstance(text, str):
        raise IllegalAction(f"an {what} must be text, not {type(text).__name__}")
    if len(text) > 4 * MAX_NOTATION:
        raise IllegalAction(f"cannot read {what}: {len(text)} characters is too long")
    plain = unicodedata.normalize("NFKC", text).strip()
    if not plain:
        raise IllegalAction(f"the {what} is empty")
    if len(plain) > MAX_NOTATION or not plain.isprintable():
        raise IllegalAction(f"cannot read {what} {text[:40]!r}")
    if any(char.isdigit() and not char.isascii() for char in plain):
        raise IllegalAction(f"cannot read {what} {text[:40]!r}: write numbers with digits 0-9")
    if _LEADING_ZERO.search(plain):
        raise IllegalAction(f"cannot read {what} {text[:40]!r}: a number has a leading zero")
    return plain


def normalize_action(text: object) -> str:
    """`text` as an action's notation: `normalize`d, in lower case, with no spaces beside its
    separators (the rule every game's `_parse_action` receives its text by)."""
    plain = normalize(text).lower()
    return _SPACES.sub(" ", _SPACED_SEPARATOR.sub(r"\1", plain))


def parse_seat(text: object, players: int) -> int:
    """A seat number typed as text ("0", "１"), checked against the player count."""
    plain = normalize(text, "seat")
    if not plain.isdigit() or (plain != "0" and plain.startswith("0")):
        raise IllegalAction(f"seat {plain[:20]!r} is not a seat number (0-{players - 1})")
    seat = int(plain)
    if seat >= players:
        raise IllegalAction(f"there is no seat {seat} in a {players}-player game")
    return seat
