"""The Koremon collection pyramid: the "normal rules" of RULINGS §3 (bodoge's reconstruction).

A pyramid is a list of 15 ints, one per slot: -1 for empty, else a card code (`cards`). Slots are
numbered from the top: row 1 (one slot, index 0), row 2 (indices 1-2), ... row 5 (indices 10-14).
Slot "r.j" is row r, j-th from the left; above row 5 it rests on slots (r+1).j and (r+1).(j+1).

- A monster of rank r goes in an empty slot of row r whose two supports are filled (row 5 needs
  none), and only if the pyramid holds no monster of its species.
- A Mimic goes in any empty slot whose supports are filled (unless `mimics_ok` is False).
- Score: 6 - rank per monster, -2 per Mimic, +5 for a full pyramid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from bodoge.engine.errors import InvalidState
from bodoge.engine.options import OptionSpec, with_labels
from bodoge.games.koremon.common.cards import MIMIC, RANK, card_key, parse_card

if TYPE_CHECKING:
    from bodoge.games.koremon.common.deck import Deck

SLOTS = 15
ROWS = 5
EMPTY = -1
FULL_BONUS = 5
MIMIC_SCORE = -2


def slot_index(row: int, position: int) -> int:
    """Index of slot "row.position" (both 1-based)."""
    return row * (row - 1) // 2 + position - 1


ROW_OF = tuple(r for r in range(1, ROWS + 1) for _ in range(r))
POSITION_OF = tuple(j for r in range(1, ROWS + 1) for j in range(1, r + 1))
SLOT_LABELS = tuple(f"{r}.{j}" for r, j in zip(ROW_OF, POSITION_OF, strict=True))
ROW_SLOTS: tuple[tuple[int, ...], ...] = (
    (),
    *(tuple(slot_index(r, j) for j in range(1, r + 1)) for r in range(1, ROWS + 1)),
)
# Each slot's two supports (none for row 5), as indices and as a bitmask over slot indices.
SUPPORTS: tuple[tuple[int, ...], ...] = tuple(
    (slot_index(r + 1, j), slot_index(r + 1, j + 1)) if r < ROWS else ()
    for r, j in zip(ROW_OF, POSITION_OF, strict=True)
)
SUPPORT_MASK = tuple(sum(1 << s for s in sup) for sup in SUPPORTS)
# Slot i of rows 1-4 rests on slots LEFT[i] and LEFT[i] + 1; row 5 (from BASE) on nothing.
BASE = slot_index(ROWS, 1)
LEFT = tuple(sup[0] if sup else -1 for sup in SUPPORTS)
# RULINGS §3: shared by Monster Auction and Hunt the Monster.
(MIMICS_OPTION,) = with_labels(
    (
        OptionSpec(
            "mimics_placeable",
            "yes",
            "whether a Mimic may be placed in the pyramid as a wild filler, or not at all",
            "ミミックをワイルドとしてピラミッドに置けるか、まったく置けないか",
            ("yes", "no"),
        ),
    ),
    "bodoge.games.koremon.common",
    "data/options.toml",
)
_LABEL_INDEX = {label: i for i, label in enumerate(SLOT_LABELS)}


class Tables:
    """The pyramid's tables for one card list's ranks (a rank-r monster goes in row r), built
    once per deck (`tables`): the rules and bots of a game reach them from its state."""

    __slots__ = ("rank", "slot_score", "species_of_rows")

    rank: tuple[int, ...]  # per card code; 0 for the Mimic
    slot_score: tuple[int, ...]  # by a slot's value: 6 - rank, the Mimic's -2, empty (-1) 0
    species_of_rows: tuple[int, ...]  # per set of rows (bit r: row r), its species' card bits

    def __init__(self, rank: Sequence[int]) -> None:
        self.rank = tuple(rank)
        self.slot_score = (*(6 - r for r in self.rank[:MIMIC]), MIMIC_SCORE, 0)
        self.species_of_rows = tuple(
            sum(1 << card for card in range(MIMIC) if rows >> self.rank[card] & 1)
            for rows in range(1 << (ROWS + 1))
        )


BUILTIN: Tables = Tables(RANK)  # annotated: mypyc reads it from modules in an import cycle
_tables: dict[str, Tables] = {}


def tables(deck: Deck) -> Tables:
    """The tables of a card list's ranks, kept per deck (the built-in list's are `BUILTIN`)."""
    found = _tables.get(deck.key)
    if found is None:
        found = BUILTIN if deck.rank == BUILTIN.rank else Tables(deck.rank)
        _tables[deck.key] = found
    return found


def parse_slot(text: str) -> int | None:
    """The slot index for a label like "5.3"; None if there is no such slot."""
    return _LABEL_INDEX.get(text.strip())


def empty() -> list[int]:
    return [EMPTY] * SLOTS


def filled_mask(pyramid: Sequence[int]) -> int:
    mask = 0
    for i, card in enumerate(pyramid):
        if card >= 0:
            mask |= 1 << i
    return mask


def count(pyramid: Sequence[int]) -> int:
    return SLOTS - pyramid.count(EMPTY)


def is_full(pyramid: Sequence[int]) -> bool:
    return EMPTY not in pyramid


def _open(pyramid: Sequence[int], slots: Iterable[int]) -> list[int]:
    return [
        i
        for i in slots
        if pyramid[i] < 0 and (i >= BASE or (pyramid[LEFT[i]] >= 0 and pyramid[LEFT[i] + 1] >= 0))
    ]


def open_now(pyramid: Sequence[int]) -> list[int]:
    """Every empty slot whose supports are filled (where some card could go now)."""
    return _open(pyramid, range(SLOTS))


def open_slots(
    pyramid: Sequence[int], card: int, mimics_ok: bool = True, t: Tables = BUILTIN
) -> list[int]:
    """The slots where `card` may be placed now (empty: the card is unplaceable)."""
    if card == MIMIC:
        return open_now(pyramid) if mimics_ok else []
    if card in pyramid:  # species uniqueness
        return []
    return _open(pyramid, ROW_SLOTS[t.rank[card]])


def can_place(
    pyramid: Sequence[int], card: int, mimics_ok: bool = True, t: Tables = BUILTIN
) -> bool:
    return bool(open_slots(pyramid, card, mimics_ok, t))


def placeable_mask(pyramid: Sequence[int], mimics_ok: bool = True, t: Tables = BUILTIN) -> int:
    """Bit c set when card code c could be placed now: one pass for all 16 card codes."""
    rows_open = 0  # bit r: row r has an open slot
    for i in _open(pyramid, range(SLOTS)):
        rows_open |= 1 << ROW_OF[i]
    present = 0
    for card in pyramid:
        if card >= 0:
            present |= 1 << card
    mask = t.species_of_rows[rows_open] & ~present
    if mimics_ok and rows_open:
        mask |= 1 << MIMIC
    return mask


def place(pyramid: list[int], card: int, slot: int) -> None:
    """Put `card` in `slot`; the caller has checked that the slot is open for it."""
    pyramid[slot] = card


def can_place_all(
    pyramid: Sequence[int], cards: Sequence[int], mimics_ok: bool = True, t: Tables = BUILTIN
) -> bool:
    """Whether every card of `cards` can be placed, in some order and some slots.

    This is the "order question" of cards won together: a Griffin won with two Golems may fit
    only if the Golems go first. Two monsters of one species can never both fit.
    """
    if len(cards) == 1:
        return bool(open_slots(pyramid, cards[0], mimics_ok, t))
    monsters = [card for card in cards if card != MIMIC]
    if len(set(monsters)) != len(monsters) or any(card in pyramid for card in monsters):
        return False
    if not mimics_ok and len(monsters) != len(cards):
        return False
    if len(cards) > pyramid.count(EMPTY):
        return False
    rank = t.rank
    rows = tuple(sorted(rank[card] for card in cards))  # 0 stands for a Mimic (any row)
    return _fits(filled_mask(pyramid), rows)


@lru_cache(maxsize=65536)
def _fits(mask: int, rows: tuple[int, ...]) -> bool:
    """Whether cards needing `rows` (0 = any row) fit a pyramid whose filled slots are `mask`.

    Only which slots are filled matters once species are known to be distinct, so the search
    runs over (mask, rows) and is cached.
    """
    if not rows:
        return True
    for k, row in enumerate(rows):
        if k and row == rows[k - 1]:
            continue
        rest = rows[:k] + rows[k + 1 :]
        slots = range(SLOTS) if row == 0 else ROW_SLOTS[row]
        for i in slots:
            free = not mask >> i & 1 and mask & SUPPORT_MASK[i] == SUPPORT_MASK[i]
            if free and _fits(mask | 1 << i, rest):
                return True
    return False


def placements_keeping_fit(
    pyramid: Sequence[int], cards: Sequence[int], mimics_ok: bool = True, t: Tables = BUILTIN
) -> list[tuple[int, int]]:
    """The (card, slot) choices for placing one of `cards` next after which the rest still fit.

    Empty when the cards cannot all be placed (the caller checks `can_place_all` first)."""
    choices = []
    seen = set()
    for k, card in enumerate(cards):
        if card in seen:
            continue
        seen.add(card)
        rest = [*cards[:k], *cards[k + 1 :]]
        slots = open_slots(pyramid, card, mimics_ok, t)
        if len(rest) < 2:  # nothing left, or one card: is it placeable after this one?
            for slot in slots:
                after = list(pyramid)
                after[slot] = card
                if not rest or open_slots(after, rest[0], mimics_ok, t):
                    choices.append((card, slot))
        elif slots and _rest_may_fit(pyramid, card, rest, mimics_ok):
            # can_place_all of the rest after each slot: only the filled mask depends on it
            mask = filled_mask(pyramid)
            rows = tuple(sorted(t.rank[other] for other in rest))
            choices.extend((card, slot) for slot in slots if _fits(mask | 1 << slot, rows))
    return choices


def _rest_may_fit(pyramid: Sequence[int], card: int, rest: Sequence[int], mimics_ok: bool) -> bool:
    """`can_place_all`'s checks before its search, for the several cards `rest` once `card` is in
    the pyramid: distinct new species, Mimics only where allowed, enough empty slots."""
    monsters = [other for other in rest if other != MIMIC]
    if len(set(monsters)) != len(monsters) or any(
        other in pyramid or other == card for other in monsters
    ):
        return False
    if not mimics_ok and len(monsters) != len(rest):
        return False
    return len(rest) <= pyramid.count(EMPTY) - 1


def score(pyramid: Sequence[int], t: Tables = BUILTIN) -> int:
    """6 - rank per monster, -2 per Mimic, +5 when all 15 slots are filled."""
    total = sum(map(t.slot_score.__getitem__, pyramid))
    return total + FULL_BONUS if EMPTY not in pyramid else total


def problem(pyramid: Sequence[int], mimics_ok: bool = True, t: Tables = BUILTIN) -> str | None:
    """Why `pyramid` could not have been built by the rules, or None if it could."""
    if len(pyramid) != SLOTS:
        return f"a pyramid has {SLOTS} slots, not {len(pyramid)}"
    seen = set()
    for i, card in enumerate(pyramid):
        if card < 0:
            continue
        label = SLOT_LABELS[i]
        if any(pyramid[s] < 0 for s in SUPPORTS[i]):
            return f"slot {label} is filled but a slot below it is empty"
        if card == MIMIC:
            if not mimics_ok:
                return f"slot {label} holds a Mimic, but mimics_placeable is no"
            continue
        if t.rank[card] != ROW_OF[i]:
            return f"slot {label} is in row {ROW_OF[i]} but holds a rank-{t.rank[card]} monster"
        if card in seen:
            return f"the species in slot {label} is there twice"
        seen.add(card)
    return None


def to_json(pyramid: Sequence[int]) -> dict[str, str]:
    """Filled slots as {"5.1": "goblin", ...}, top row first."""
    return {SLOT_LABELS[i]: card_key(card) for i, card in enumerate(pyramid) if card >= 0}


def read(data: object, what: str = "pyramid") -> list[int]:
    """A pyramid from `to_json`'s form, its slots and cards only checked to exist (`check` then
    asks whether the rules could have built it); InvalidState naming `what` if malformed."""
    if not isinstance(data, dict):
        raise InvalidState(f'{what} must be an object of slot: card, like {{"5.1": "goblin"}}')
    pyramid = empty()
    for label, key in data.items():
        slot = parse_slot(str(label))
        if slot is None:
            raise InvalidState(f"{what}: there is no slot {label!r} (slots are 1.1 to 5.5)")
        card = parse_card(key) if isinstance(key, str) else None
        if card is None:
            raise InvalidState(f"{what}: slot {label} holds {key!r}, which is no card")
        pyramid[slot] = card
    return pyramid


def check(
    pyramid: Sequence[int], mimics_ok: bool = True, what: str = "pyramid", t: Tables = BUILTIN
) -> None:
    """InvalidState naming `what` if the rules could not have built `pyramid`."""
    why = problem(pyramid, mimics_ok, t)
    if why is not None:
        raise InvalidState(f"{what}: {why}")


def from_json(
    data: object, mimics_ok: bool = True, what: str = "pyramid", t: Tables = BUILTIN
) -> list[int]:
    """A pyramid from `to_json`'s form; raises InvalidState naming `what` if it is malformed or
    could not have been built by the rules."""
    pyramid = read(data, what)
    check(pyramid, mimics_ok, what, t)
    return pyramid
