"""Alliances (同盟): the conditions that win a round, checked on one row.

A row is a list of animal codes, left to right. At most one chameleon can be in a row
(two are discarded at once), and it is wild for runs and octopus pairs.
"""

from __future__ import annotations

from bodoge.games.collect.animals import CHAMELEON, KINDS, LION, OCTOPUS

ALLIANCES = ("four", "octopus", "lion")


def four_in_a_row(row: list[int]) -> bool:
    """4 adjacent cards of one animal, the chameleon wild.

    One pass (this runs at every turn's end): `length` is the run of `kind` and wild cards
    ending here; a new animal starts its run after the wild cards just before it."""
    kind = -1
    length = wild = 0
    for card in row:
        if card == CHAMELEON:
            length += 1
            wild += 1
        elif card == kind or kind == -1:
            kind = card
            length += 1
            wild = 0
        else:
            kind = card
            length = wild + 1
            wild = 0
        if length >= 4:
            return True
    return False


def octopus_pairs(row: list[int]) -> bool:
    """With an octopus in the row: 3 disjoint adjacent pairs of 3 different animals."""
    if OCTOPUS not in row:
        return False
    # Each candidate pair (i, i+1) with the animal it stands for.
    pairs = []
    for i in range(len(row) - 1):
        left, right = row[i], row[i + 1]
        if left == right or right == CHAMELEON:
            pairs.append((i, left))
        elif left == CHAMELEON:
            pairs.append((i, right))
    return len(pairs) >= 3 and _choose_pairs(pairs, 0, -2, frozenset(), 3)


def _choose_pairs(
    pairs: list[tuple[int, int]], start: int, last: int, used: frozenset[int], needed: int
) -> bool:
    if needed == 0:
        return True
    for index in range(start, len(pairs)):
        position, animal = pairs[index]
        if position > last + 1 and animal not in used:
            rest = _choose_pairs(pairs, index + 1, position, used | {animal}, needed - 1)
            if rest:
                return True
    return False


def lion_kinds(row: list[int]) -> bool:
    """With a lion in the row: 7 different kinds, the chameleon counting as one more kind."""
    return LION in row and len(set(row)) >= KINDS - 1


def alliance_kind(row: list[int]) -> str:
    """Which alliance a row forms ("four", "octopus", "lion"), or "" for none.

    This runs at every turn's end: each check is asked only of a row long enough for it (four
    cards, three pairs, seven kinds) that holds its animal."""
    length = len(row)
    if length < 4:
        return ""
    if four_in_a_row(row):
        return "four"
    if length >= 6 and OCTOPUS in row and octopus_pairs(row):
        return "octopus"
    if length >= KINDS - 1 and lion_kinds(row):
        return "lion"
    return ""


def has_alliance(row: list[int]) -> bool:
    return four_in_a_row(row) or octopus_pairs(row) or lion_kinds(row)
