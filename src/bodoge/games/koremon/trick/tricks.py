"""The rules of one trick in Trick the Monster (seed バリアント３): what an action number means,
what each won card scores, and who wins a trick. The rules (`rules.py`), the JSON, the bot's
judgement and rules of thumb (`bot.py`) and the inference (`inference.py`) share them.
"""

from __future__ import annotations

from bodoge.games.koremon.common.cards import MIMIC
from bodoge.games.koremon.common.deck import Deck, load

NAMED = MIMIC  # action NAMED + s: a Mimic counted as species s
LEAD_MIMIC = 2 * MIMIC  # action: a Mimic played into a trick with no monster in it
ACTIONS = LEAD_MIMIC + 1
# Points per won card of the built-in list (seed 得点表): rank 1: 8, 2: 4, 3: 2, 4: 1, 5: 0,
# Mimic -2; a game reads its own list's (`state.c.points`).
POINTS = load().points
FACE_UP_POINTS = -10  # 表向きの「ミミック」


def trick_entry(seat: int, action: int) -> tuple[int, int, int]:
    """The trick entry (seat, card, counted-as species) of a play action other than LEAD_MIMIC:
    a monster counts as itself, a Mimic named s as species s."""
    return (seat, action, action) if action < NAMED else (seat, MIMIC, action - NAMED)


def trick_winner(trick: list[tuple[int, int, int]], deck: Deck) -> tuple[int, int]:
    """(winning seat, rule number 1-3) of a trick of (seat, card, counted-as species) entries
    (see `rule_winner`)."""
    index, step = winning_entry(tuple([kind for _, _, kind in trick]), deck)
    return trick[index][0], step


def winning_entry(kinds: tuple[int, ...], deck: Deck) -> tuple[int, int]:
    """`rule_winner` with `deck`'s ranks, kept in the deck's table (a game meets the same
    orders of species again and again); the table starts afresh past MAX_WINNERS entries (the
    11 million orders of six cards would only grow it)."""
    winners = deck.winners
    found = winners.get(kinds)
    if found is None:
        found = rule_winner(kinds, deck.rank)
        if len(winners) >= MAX_WINNERS:
            winners.clear()
        winners[kinds] = found
    return found


MAX_WINNERS = 1 << 17


def rule_winner(kinds: tuple[int, ...], rank: tuple[int, ...]) -> tuple[int, int]:
    """(index of the winning entry, rule number 1-3) of a trick whose entries count as `kinds`.

    Seed 4: ① the last player of the species with the most cards, if that species is unique;
    ② else the last player of the rank with the most cards, if unique; ③ else the last player
    of the smallest rank number present.
    """
    # A trick holds at most six cards, so list.count beats building count tables. One value is
    # the only one with the highest count `most` exactly when `most` entries have that count.
    counts = list(map(kinds.count, kinds))
    most = max(counts)
    if counts.count(most) == most:  # the last entry of that count: from the end
        return len(counts) - 1 - counts[::-1].index(most), 1
    ranks = list(map(rank.__getitem__, kinds))
    counts = list(map(ranks.count, ranks))
    most = max(counts)
    if counts.count(most) == most:
        return len(counts) - 1 - counts[::-1].index(most), 2
    return len(ranks) - 1 - ranks[::-1].index(min(ranks)), 3
