"""Trick the Monster's bot: the greedy bot's judgement of a position (`trick_value`) and the
search's rule of thumb for its simulated games (`trick_action`, valued as `play_value` values a
play).

A random trick player throws its best cards away, so the simulated players follow a rule of thumb
instead. It reads only what the moving seat may know (the trick, the piles, its own hand) and
keeps some randomness, so the simulated games still differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bodoge.engine import Rng
from bodoge.games.koremon.common.cards import MIMIC
from bodoge.games.koremon.common.deck import Deck
from bodoge.games.koremon.trick.tricks import (
    LEAD_MIMIC,
    NAMED,
    trick_entry,
    trick_winner,
    winning_entry,
)

if TYPE_CHECKING:
    from bodoge.games.koremon.trick.rules import TrickState

# ---- the greedy bot's judgement ---------------------------------------------------------------

_AVERAGES: dict[str, float] = {}  # per card list (its `content` key): average_card's answer
MIMIC_IN_HAND = -1.5  # a Mimic held must be dumped somewhere, and may have to be led (-10)
KEEP = 0.3  # chance the seat now winning a trick keeps it past each later seat
PAIR = 0.3  # per extra card of a species in hand: a majority to take a trick with
ONLY_MIMICS = -4.0  # per Mimic in a hand with no monster left: they must be led face up (-10)


def average_card(deck: Deck) -> float:
    """The mean points of a card of `deck`'s Trick deck, what each seat still to play is taken
    to add to a trick (bodoge's list: (3*(8+2*4+3*2+4*1) - 2*15) / 60 = 0.8)."""
    found = _AVERAGES.get(deck.key)
    if found is None:
        cards = deck.trick_deck()
        found = sum(deck.points[card] for card in cards) / len(cards)
        _AVERAGES[deck.key] = found
    return found


def trick_value(state: TrickState, seat: int) -> float:
    scores = [float(s) for s in state.scores()]
    players = state.players
    if state.left and state.trick:
        # The trick in progress: the seat now winning it keeps it with a chance that shrinks
        # with each seat still to play (any of them can add to the top species).
        leader, _ = trick_winner(state.trick, state.c)
        to_play = players - state.led - len(state.trick)
        keep = KEEP**to_play
        card_points = state.c.points
        points: float = sum(card_points[card] for _, card, _ in state.trick)
        points += to_play * average_card(state.c)
        scores[leader] += keep * points
        share = (1 - keep) * points / max(1, players - 1)
        for other in range(players):
            if other != leader:
                scores[other] += share
    if state.left:
        hand = state.hands[seat]
        mimics = hand[MIMIC]
        monsters = sum(hand) - mimics
        value = mimics * MIMIC_IN_HAND
        if mimics and not monsters:
            value += mimics * ONLY_MIMICS
        # pairs of a species kept: a majority to take a later trick with
        value += PAIR * sum(count - 1 for count in hand[:MIMIC] if count > 1)
        scores[seat] += value
    best_other = max(s for other, s in enumerate(scores) if other != seat)
    return scores[seat] - best_other


# ---- the search's rule of thumb ----------------------------------------------------------------

_EXPLORE = 0.15  # share of plain random moves, so the simulated games vary
_GIFT = 0.5  # points handed to a rival count half against the seat (it has two or more rivals)


def trick_action(state: TrickState, seat: int, legal: list[int], rng: Rng) -> int:
    """Take a trick worth having, feed a losing trick the seat's cheapest card (a Mimic, which
    costs its taker 2), never throw a rank-1 monster away; keep pairs and shed Mimics, as the
    greedy heuristic judges a hand. A trick the seat leads or joins early is judged as if the
    seats still to play might take it (each keeps it with the heuristic's chance KEEP).

    Played as a bot against two greedy players (600 games, 0% random moves), the hand's terms
    and KEEP lifted it from 4.5% to 33.7%: a policy that plays about as well as greedy makes
    the search's simulated games worth much more (docs/balance/README.md).

    Each action is valued as `play_value` values it; what the actions share (the trick's points
    and species, the chance of keeping it) is worked out once."""
    if rng.random() < _EXPLORE:
        return legal[rng.below(len(legal))]
    best, best_value = legal[0], float("-inf")
    hand = state.hands[seat]
    mimics = hand[MIMIC]
    monsters = sum(hand) - mimics
    trick = state.trick
    keep = KEEP ** (state.players - state.led - len(trick) - 1)
    taken = keep - (1 - keep) * _GIFT
    deck = state.c
    card_points = deck.points
    points = sum(card_points[card] for _, card, _ in trick)
    kinds = tuple(kind for _, _, kind in trick)
    mine = len(trick)  # the index of the seat's own card in the trick
    random = rng.random
    for action in legal:
        if action == LEAD_MIMIC:
            value = -10.0
        else:
            card, kind = (action, action) if action < NAMED else (MIMIC, action - NAMED)
            # entries (index, kind, kind): the winning entry's index is the card's
            at = winning_entry((*kinds, kind), deck)[0]
            winner = seat if at == mine else trick[at][0]
            value = (taken if winner == seat else -_GIFT) * (points + card_points[card])
        value += _hand_change(hand, mimics, monsters, action)
        value += random() * 0.1  # random tie-break among equal cards
        if value > best_value:
            best, best_value = action, value
    return best


def _hand_change(hand: Sequence[int], mimics: int, monsters: int, action: int) -> float:
    """What playing `action` from `hand` (holding `mimics` Mimics and `monsters` monsters) does
    to it by the greedy heuristic's measure: a Mimic gone is one fewer to dump later, a broken
    pair one fewer majority, and a hand left with only Mimics must lead them face up."""
    if action < NAMED:
        value = -PAIR if hand[action] > 1 else 0.0
        monsters -= 1
    else:
        value = -MIMIC_IN_HAND
        mimics -= 1
    if mimics and not monsters:
        value += mimics * ONLY_MIMICS
    return value


def play_value(
    trick: Sequence[tuple[int, int, int]],
    led: int,
    players: int,
    seat: int,
    action: int,
    deck: Deck,
) -> float:
    """What the rule of thumb expects `action` to gain `seat` in a trick of `trick` entries
    ((seat, card, counted-as species)) after `led` led Mimics, with `deck`'s points and ranks."""
    if action == LEAD_MIMIC:
        return -10.0
    to_play = players - led - len(trick) - 1
    keep = KEEP**to_play
    played = trick_entry(seat, action)
    card_points = deck.points
    total = sum(card_points[card] for _, card, _ in trick) + card_points[played[1]]
    winner, _ = trick_winner([*trick, played], deck)
    # Taken: the points, unless a later seat takes them (then half a gift); lost: a gift.
    share = keep - (1 - keep) * _GIFT if winner == seat else -_GIFT
    return share * total
