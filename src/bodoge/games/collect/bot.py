"""Collect!'s bot: the greedy bot's judgement of a position, and the search's simulated games.

The judgement (`evaluate`: alliance progress, blocking, crowns) reads only rows and crowns, which
are public, so it needs no determinization care.

The simulated games (`play_out`, run by `CollectState.playout`) make uniformly random moves,
exactly those of `State.playout`: the same legal lists in the same order, the same draws from the
search's generator, the same reshuffles from the state's, so a search at a seed chooses as before
(tests/ai/test_playouts.py plays both ways). The common steps of a turn (draw, keep or return,
place, the ability offered, the turn's end) run here without events or the protocol's per-move
bookkeeping; the rarer ones (an ability used, a parrot's reveal, chameleons, a won or drawn round)
go through the state's own rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bodoge.engine.rng import Rng, accept_below, advance, outputs
from bodoge.games.collect import actions as A
from bodoge.games.collect.alliance import alliance_kind
from bodoge.games.collect.animals import (
    CHAMELEON,
    CRAB,
    CROCODILE,
    HERMIT_CRAB,
    KINDS,
    LION,
    MONKEY,
    OCTOPUS,
    PARROT,
)
from bodoge.games.collect.phases import (
    ABILITY,
    CRAB_TO,
    CROC_DECK,
    DRAW,
    KEEP,
    KNOWN,
    OVER,
    PARROT_RETURN,
    PARROT_REVEAL,
    PLACE,
)

if TYPE_CHECKING:
    from bodoge.games.collect.rules import CollectState


# ---- the greedy bot's judgement --------------------------------------------------------------


def longest_run(row: list[int]) -> int:
    """The longest stretch of one animal, the chameleon wild."""
    best = 0
    for start in range(len(row)):
        kind = -1
        length = 0
        for card in row[start:]:
            if card != CHAMELEON:
                if kind == -1:
                    kind = card
                elif card != kind:
                    break
            length += 1
        best = max(best, length)
    return best


def row_progress(row: list[int]) -> float:
    """Roughly how close a row is to an alliance, on a 0..4 scale (4 = formed)."""
    run = min(longest_run(row), 4)
    kinds = len(set(row))
    lion = kinds * 4 / 7 if LION in row else kinds * 2 / 7
    pairs = sum(
        1 for i in range(len(row) - 1) if row[i] == row[i + 1] or CHAMELEON in row[i : i + 2]
    )
    octopus = min(pairs, 3) * (4 / 3 if OCTOPUS in row else 2 / 3)
    return max(float(run), lion, octopus)


def evaluate(state: CollectState, seat: int) -> float:
    result = state.result()
    if result is not None:
        return 100.0 if seat in result.winners else -100.0
    team_mode = state.options["team_mode"] == "on"
    score = 0.0
    for other in range(state.players):
        friend = other == seat or (team_mode and other % 2 == seat % 2)
        value = 10.0 * state.crown_points(other) + row_progress(state.rows[other]) ** 2
        score += value if friend else -value / max(1, state.players - 1)
    return score


# ---- the search's simulated games ----------------------------------------------------------

# Every draw under this is one that `Rng.below(n)` keeps, whatever its bound n (<= 2**32).
_SURE: Final = (1 << 64) - (1 << 32)
_CHUNK: Final = 64  # outputs worked out at a time: a simulated game takes about 200


class Draws:
    """`rng.below(n)` for a simulated game: the same numbers, from the generator's next outputs
    worked out a chunk at a time (the batched steps of `Rng.shuffle`), several times faster than
    one call each. `pool` holds the next outputs that every bound keeps (those under _SURE), the
    next one last, so `pool.pop() % n if pool else draws.below(n)` is `rng.below(n)`, with no
    call while the pool lasts. `close` leaves `rng` where those calls would have."""

    __slots__ = ("_ahead", "_next", "_rng", "pool")

    def __init__(self, rng: Rng) -> None:
        self._rng = rng
        self._next = rng.state  # the generator's state after the outputs worked out
        self.pool: list[int] = []
        # Outputs worked out past the pool, from one that some bound would reject; next last.
        self._ahead: list[int] = []

    def below(self, n: int) -> int:
        pool = self.pool
        if pool:
            return pool.pop() % n
        ahead = self._ahead
        while True:
            if not ahead:
                chunk = outputs(self._next, _CHUNK)
                chunk.reverse()
                ahead.extend(chunk)
                self._next = advance(self._next, _CHUNK)
            x = ahead.pop()
            if x < _SURE or x < accept_below(n):  # else `below` rejects it and draws again
                break
        # The outputs before the next one that some bound would reject go to the pool.
        if ahead and max(ahead) < _SURE:
            pool.extend(ahead)
            ahead.clear()
        else:
            cut = len(ahead)
            while cut and ahead[cut - 1] < _SURE:
                cut -= 1
            pool.extend(ahead[cut:])
            del ahead[cut:]
        return x % n

    def close(self) -> None:
        left = len(self.pool) + len(self._ahead)
        self._rng.state = advance(self._next, -left)


def play_out(state: CollectState, rng: Rng, limit: int) -> None:
    """Play `limit` decisions at most, or to the end of the game."""
    draws = Draws(rng)
    pool = draws.pool  # `pool.pop() % n if pool else draws.below(n)` is `rng.below(n)`
    end = state.ply + limit
    offered = 0  # how many legal actions the ability offered has (0: not worked out)
    while state.phase != OVER and state.ply < end:
        phase = state.phase
        state.ply += 1
        state.last_win = None  # as every move's `_apply` does
        decks = state.decks
        if phase == DRAW:
            if decks[0] and decks[1]:
                deck = pool.pop() % 2 if pool else draws.below(2)
            else:
                deck = 0 if decks[0] else 1
            card = decks[deck].pop() & 7
            if not decks[deck]:  # the common case has nothing to split: no call
                _split(state)
            if decks[0] or decks[1]:
                state.held = card
                state.phase = KEEP
            else:
                offered = _take(state, card)
        elif phase == KEEP:
            # legal: keep, return:A (if deck B has a top to take), return:B (if deck A has)
            n = 1 + (1 if decks[1] else 0) + (1 if decks[0] else 0)
            choice = pool.pop() % n if pool else draws.below(n)
            if choice == 0:
                offered = _take(state, state.held)
            else:
                deck = 0 if choice == 1 and decks[1] else 1
                decks[deck].append(state.held | KNOWN)
                card = decks[1 - deck].pop() & 7
                if not decks[1 - deck]:
                    _split(state)
                offered = _take(state, card)
        elif phase == PLACE:
            offered = _place(state, A.LEFT + (pool.pop() % 2 if pool else draws.below(2)))
        elif phase == ABILITY:
            n = offered or _ability_count(state)
            action = _ability_action(state, pool.pop() % n if pool else draws.below(n))
            offered = 0
            if action == A.PASS:
                _end_turn(state)
            else:
                _use_ability(state, action)
        elif phase == CROC_DECK:
            seat, index = divmod(state.target, A.MAX_ROW)
            card = state.rows[seat].pop(index)
            decks[pool.pop() % 2 if pool else draws.below(2)].insert(0, card | KNOWN)
            state.target = -1
            _split(state)
            _end_turn(state)
        elif phase == CRAB_TO:
            seat, index = divmod(state.target, A.MAX_ROW)
            row = state.rows[seat]
            # legal: every position of the row but the card's own, in order
            n = len(row) - 1
            position = (pool.pop() % n if pool else draws.below(n)) if n > 1 else 0
            row.insert(position + (position >= index), row.pop(index))
            state.target = -1
            _end_turn(state)
        elif phase == PARROT_REVEAL:
            if decks[0] and decks[1]:
                deck = pool.pop() % 2 if pool else draws.below(2)
            else:
                deck = 0 if decks[0] else 1
            card = decks[deck].pop() & 7
            named = state.named
            state.named = -1
            _split(state)
            if card in (named, CHAMELEON):
                offered = _take(state, card)
            else:
                state.held = card
                state.phase = PARROT_RETURN
        elif phase == PARROT_RETURN:
            decks[pool.pop() % 2 if pool else draws.below(2)].append(state.held | KNOWN)
            state.held = -1
            _split(state)
            _end_turn(state)
        else:  # the chameleons' decks: the rules' own step
            legal = state._legal_actions(state.active)
            n = len(legal)
            state._apply(state.active, legal[pool.pop() % n if pool else draws.below(n)])
            offered = 0
    draws.close()
    state._legal.clear()
    state._events = []


def _ability_count(state: CollectState) -> int:
    """`len(state._ability_actions())`, without the list."""
    rows = state.rows
    card = rows[state.active][state.placed]
    if card in (CROCODILE, MONKEY):  # pass, or any card but this one
        return sum(map(len, rows))
    if card == CRAB:  # pass, or any card with somewhere else to go in its row
        count = 1
        for row in rows:
            if len(row) > 1:
                count += len(row)
        return count
    if card == HERMIT_CRAB:
        row = rows[state.active]
        return 2 if CRAB in row or CHAMELEON in row else 1
    if card == PARROT and (state.decks[0] or state.decks[1]):
        return 1 + KINDS
    return 1


def _ability_action(state: CollectState, index: int) -> int:
    """`state._ability_actions()[index]`, without the list."""
    if index == 0:
        return A.PASS
    rows = state.rows
    active = state.active
    card = rows[active][state.placed]
    if card in (CROCODILE, MONKEY):
        index -= 1
        for seat, row in enumerate(rows):
            count = len(row) - 1 if seat == active else len(row)
            if index < count:
                if seat == active and index >= state.placed:
                    index += 1  # past the ability's own card
                return A.CARD + seat * A.MAX_ROW + index
            index -= count
    elif card == CRAB:
        index -= 1
        for seat, row in enumerate(rows):
            if len(row) > 1:
                if index < len(row):
                    return A.CARD + seat * A.MAX_ROW + index
                index -= len(row)
    elif card == HERMIT_CRAB:
        return A.USE
    return A.NAME + index - 1  # the parrot


def _use_ability(state: CollectState, action: int) -> None:
    """`CollectState._use_ability` for an ability used (a card that a monkey's swap brings in
    has no ability of its own, but chameleons can follow)."""
    card = state.rows[state.active][state.placed]
    if card == HERMIT_CRAB:
        state.extra = True
        _end_turn(state)
    elif card == PARROT:
        state.placed = -1
        state.named = action - A.NAME
        state.phase = PARROT_REVEAL
    elif card == MONKEY:
        seat, index = divmod(action - A.CARD, A.MAX_ROW)
        own, other = state.rows[state.active], state.rows[seat]
        placed = state.placed
        own[placed], other[index] = other[index], own[placed]
        if CHAMELEON not in (own[placed], other[index]) or (
            not state._chameleons_leave(state.active) and not state._chameleons_leave(seat)
        ):
            _end_turn(state)
    else:  # a crocodile or a crab chose its card
        state.placed = -1
        state.target = action - A.CARD
        state.phase = CROC_DECK if card == CROCODILE else CRAB_TO


def _take(state: CollectState, card: int) -> int:
    """`CollectState._take`; returns the number of legal actions of an ability now offered (0
    for none)."""
    state.held = card
    if state.rows[state.active]:
        state.phase = PLACE
        return 0
    return _place(state, A.LEFT)


def _place(state: CollectState, side: int) -> int:
    """`CollectState._place`; returns the number of legal actions of an ability now offered (0
    for none)."""
    seat = state.active
    row = state.rows[seat]
    card = state.held
    if side == A.LEFT:
        row.insert(0, card)
        state.placed = 0
    else:
        row.append(card)
        state.placed = len(row) - 1
    state.held = -1
    if card == CHAMELEON and state._chameleons_leave(seat):
        return 0
    state.phase = ABILITY
    count = _ability_count(state)
    if count == 1:  # only `pass`
        _end_turn(state)
        return 0
    return count


def _end_turn(state: CollectState) -> None:
    """`CollectState._end_turn`, the rules' own when the row forms an alliance."""
    seat = state.active
    if alliance_kind(state.rows[seat]):
        state._end_turn()
        return
    state.last_active = seat
    state.placed = -1
    if state.extra:
        state.extra = False
    else:
        state.active = (seat + 1) % state.players
    state.phase = DRAW
    decks = state.decks
    limit = state.deck.plies
    if (not decks[0] and not decks[1]) or (limit and state.ply >= limit):
        state._begin_turn()  # the round is drawn, or a variant's game reached its limit


def _split(state: CollectState) -> None:
    """`CollectState._split`: an empty deck takes the bottom half of the other."""
    decks = state.decks
    if decks[0] and decks[1]:
        return
    for empty in (0, 1):
        source = decks[1 - empty]
        if not decks[empty] and len(source) >= 2:
            count = len(source) // 2
            decks[empty] = source[:count]
            del source[:count]
            return
