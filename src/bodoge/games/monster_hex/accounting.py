"""What a Monster Hex state must account for (issue 12), checked when a state is read.

Every component is in exactly one place: each unit of the factions in play on the board, in a
hand, a deck or being placed (the other factions' units stay in the box); the stone tiles dealt
to the large stones on a stone, taken or discarded (the rest in the box); with the ability or
objective option every objective card in a hand, the public row or the deck. And the counts that
follow from the rest: each hand for the round and the player count, a large stone's two tiles
until it is resolved, the objective cards dealt, the counters the ability units could have laid.

The turn is not checked against the number of units on the board (and so against the decks),
so that a rule's scenario can put the units it needs around a stone without playing out the
rounds before it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bodoge.engine import InvalidState
from bodoge.games.monster_hex.codes import (
    CURSE,
    ENCHANT,
    FACTION,
    KEEP_AT_END,
    OVER,
    PETRIFY,
    PLACE,
    ROTATE,
    SCHEME,
    SHARED,
    TAKE,
    UNIT,
    USE,
)
from bodoge.games.monster_hex.content import TILES_PER_COLOR, UNITS_PER_FACTION

if TYPE_CHECKING:
    from bodoge.games.monster_hex.game import MonsterHex

PUBLIC_OBJECTIVES = 2  # 全体目標として、目標カードを表向きで2枚公開します
STONE_TILES = TILES_PER_COLOR  # tiles dealt to each large stone


def dealt(state: MonsterHex) -> bool:
    """Whether the units (and objective cards) have been dealt: every faction is chosen."""
    return state.phase not in (FACTION, SHARED)


def _count(number: int, word: str) -> str:
    """Like "1 card" or "2 cards"."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def _do_not_add_up(kind: str, missing: list[str]) -> InvalidState:
    more = f" and {len(missing) - 1} more are" if len(missing) > 1 else " is"
    return InvalidState(f"{kind} do not add up: {missing[0]}{more} missing")


def check_units(state: MonsterHex, places: dict[int, str]) -> None:
    """`places` holds every unit read (unit -> where). Before the deal no unit is anywhere;
    afterwards every unit of the factions in play is somewhere."""
    names = state.c.unit_names
    if not dealt(state):
        if places:
            unit, where = next(iter(places.items()))
            raise InvalidState(
                f"{where} holds {names[unit]}, but units are dealt once every faction is chosen"
            )
        return
    in_play = sorted(f for f in {*state.factions, state.shared} if f >= 0)
    missing = [
        names[unit]
        for faction in in_play
        for unit in range(faction * UNITS_PER_FACTION, (faction + 1) * UNITS_PER_FACTION)
        if unit not in places
    ]
    if missing:
        raise _do_not_add_up("units", missing)


def placed_this_turn(state: MonsterHex) -> int:
    """Units the seat to move has placed in its current turn: one once it is past its placement
    (using an ability, or waiting for a stone choice), one more in Blitz's second placement."""
    return int(state.phase in (USE, ROTATE, TAKE)) + int(state.blitz_step == 2)


def hands_at_turn_start(state: MonsterHex) -> list[list[int]]:
    """Per seat, [own units, shared-faction units] in hand at the start of the current turn: the
    deal, then every earlier turn placing one unit and refilling as after a turn in play (a turn
    whose seat held no unit to place is skipped). Blitz is not foreseen: see `check_hands`."""
    players, size, half = state.players, state.hand_size, UNITS_PER_FACTION // 2
    hand = [[size, 0] for _ in range(players)]
    deck = [[UNITS_PER_FACTION - size, 0] for _ in range(players)]
    if state.shared_mode:  # 先手は自分の色を2枚と共有色を1枚、後手は自分の色を3枚引きます
        first, second = state.start, 1 - state.start
        hand[first], deck[first] = [size - 1, 1], [UNITS_PER_FACTION - size + 1, half - 1]
        deck[second][1] = half
    for turn in range(state.turn):
        seat, shared_step = state.turn_slot(turn)
        kind = int(shared_step)
        if not hand[seat][kind]:
            continue
        hand[seat][kind] -= 1
        if turn + 1 >= state.turns:  # no refill after the last turn
            continue
        if shared_step:  # the second seat draws one shared unit
            other = 1 - seat
            if deck[other][1]:
                deck[other][1] -= 1
                hand[other][1] += 1
        if not state.shared_mode or shared_step:  # refill from the own deck
            drawn = min(deck[seat][0], size - sum(hand[seat]))
            if drawn > 0:
                deck[seat][0] -= drawn
                hand[seat][0] += drawn
    return hand


def check_hands(state: MonsterHex) -> None:
    """Each hand holds what the deal and the refills leave in this round: the hand size of the
    player count while the deck lasts, fewer towards the end, less what the seat to move has
    placed this turn. A seat that has used Blitz placed extra units, so its hand may be short by
    them, but never below what every seat keeps at the end, except in the round of its Blitz
    with the shared faction (the round's first player holds a shared unit, and refills with its
    own only at the round's end)."""
    if not dealt(state):
        return
    c, players = state.c, state.players
    expected = hands_at_turn_start(state)
    in_turn = state.phase in (UNIT, PLACE, USE, ROTATE, TAKE)
    active, shared_step = state.turn_slot(state.turn) if in_turn else (-1, False)
    when = "at the end" if state.phase == OVER else f"in round {state.round_number()}"
    for seat, units in enumerate(state.hands):
        own = state.factions[seat]
        mine = sum(1 for u in units if u // UNITS_PER_FACTION == own)
        held = [mine, len(units) - mine]  # [own, shared]
        gone = [0, 0]  # left the hand this turn: placed, or picked to be placed
        if seat == active:
            gone[int(shared_step)] += placed_this_turn(state)
            if state.selected >= 0:
                gone[int(state.selected // UNITS_PER_FACTION != own)] += 1
        for kind, faction in enumerate((own, state.shared)):
            if faction < 0:
                continue
            most = expected[seat][kind]
            least = most
            if kind == 0 and state.abilities_on and state.blitz_used[seat] >= 0:
                least = min(most, KEEP_AT_END[players])
                if state.shared_mode and state.blitz_used[seat] == state.round_number():
                    least = max(0, least - 1)  # the round's first player refills at its end
            if not least <= held[kind] + gone[kind] <= most:
                low, high = least - gone[kind], most - gone[kind]
                want = f"{low}-{high} (Blitz used)" if low < high else f"{high}"
                counted = _count(held[kind], f"{c.factions[faction].key} unit")
                raise InvalidState(
                    f"hands[{seat}] holds {counted}, but "
                    f"{when} of a {players}-player game it holds {want}"
                )


def check_stone_tiles(state: MonsterHex) -> None:
    """The tiles dealt to the large stones (two each) are on a stone, taken or discarded; the
    others stay in the box. A large stone holds both its tiles or none."""
    c, board = state.c, state.board
    large = board.large_sites
    for site in large:
        count = len(state.site_tiles[site])
        if count not in (0, STONE_TILES):
            raise InvalidState(
                f"stones: {board.site_names[site]} holds {_count(count, 'tile')}; a large stone "
                f"keeps its {STONE_TILES} tiles until it is resolved"
            )
    listed = [t for s in large for t in state.site_tiles[s]]
    listed += [t for tiles in state.taken for t in tiles] + state.discarded
    deal = STONE_TILES * len(large)
    known: set[int] | None = None  # the tiles dealt, when the state tells them
    if deal == len(c.tiles):
        known = set(range(len(c.tiles)))
    elif state.options["stone_layout"] == "fixed" and board.fixed_tiles:
        known = {t for pair in board.fixed_tiles for t in pair}
    if known is not None:
        missing = [c.tiles[t].key for t in sorted(known - set(listed))]
        if missing:
            raise _do_not_add_up("stone tiles", missing)
        extra = sorted(set(listed) - known)
        if extra:
            raise InvalidState(
                f"stone tiles do not add up: {c.tiles[extra[0]].key} stays in the box "
                "(stone_layout=fixed)"
            )
    elif len(listed) != deal:
        raise InvalidState(
            f"stone tiles do not add up: {len(listed)} on the large stones, taken or discarded, "
            f"but the {len(large)} large stones were dealt {deal}"
        )


def check_stones_resolved(state: MonsterHex) -> None:
    """A large stone holds its tiles until it is resolved and none after, except the one whose
    tile is being chosen."""
    board = state.board
    choosing = state.choice[0] if state.choice else -1
    for site in board.large_sites:
        name, holds = board.site_names[site], bool(state.site_tiles[site])
        if not state.done[site] and not holds:
            raise InvalidState(f"stones: {name} holds no tiles but is not resolved")
        if state.done[site] and holds and site != choosing:
            raise InvalidState(
                f"stones: {name} is resolved but still holds its tiles (they are taken or "
                "discarded when it is resolved)"
            )


def _ability_units_placed(state: MonsterHex, seat: int) -> Iterable[int]:
    """The strengths (★ 2, ● 1) of `seat`'s ability units on the board."""
    return (
        state._strength(unit) for unit in state.occ if unit >= 0 and state._ability_unit(seat, unit)
    )


def check_objectives(state: MonsterHex) -> None:
    """With the ability or objective option every objective card is in a hand, the public row
    or the deck once dealt: one private card each and two public with the objective option, and
    any more in a hand only as Scheme's draws, one for each of the seat's ability units placed."""
    c = state.c
    cards = [*state.obj_public, *state.obj_deck, *(o for own in state.obj_private for o in own)]
    if not dealt(state) or not (state.abilities_on or state.objectives_on):
        if cards:
            raise InvalidState(
                f"objectives: {c.objectives[cards[0]].key} is dealt before every faction is "
                "chosen (the cards are dealt with the units)"
            )
        return
    missing = [c.objectives[o].key for o in range(len(c.objectives)) if o not in set(cards)]
    if missing:
        raise _do_not_add_up("objective cards", missing)
    public = PUBLIC_OBJECTIVES if state.objectives_on else 0
    if len(state.obj_public) != public:
        raise InvalidState(
            f"objectives.public holds {_count(len(state.obj_public), 'card')}, but {public} are "
            "turned up" + ("" if state.objectives_on else " without the objective option")
        )
    base = 1 if state.objectives_on else 0
    for seat, own in enumerate(state.obj_private):
        drawn = 0
        if state.abilities_on and state.mechanic(seat) == SCHEME:
            drawn = sum(1 for _ in _ability_units_placed(state, seat))
        if not base <= len(own) <= base + drawn:
            most = f"{base}" + (f" and up to {drawn} drawn with Scheme" if drawn else "")
            raise InvalidState(
                f"objectives.private[{seat}] holds {_count(len(own), 'card')}; seat {seat} was "
                f"dealt {most}"
            )


def check_counters(state: MonsterHex) -> None:
    """Enchant's white and Curse's and Petrify's black counters come only from ability units
    placed (★ two, ● one each); using an ability is optional, so fewer is fine."""
    if not state.abilities_on:
        return
    counts = (
        (ENCHANT, "Enchant", "white", sum(state.white)),
        (CURSE, "Curse", "black", sum(state.black)),
        # a resolved petrified hex's counters are back in the box
        (PETRIFY, "Petrify", "black", sum(state.petrified)),
    )
    for mechanic, ability, colour, count in counts:
        seats = [s for s in range(state.players) if state.mechanic(s) == mechanic]
        most = sum(sum(_ability_units_placed(state, s)) for s in seats)
        if count > most:
            why = f"the {ability} units placed lay at most {most}" if seats else "no seat has it"
            raise InvalidState(
                f"counters: {_count(count, f'{colour} {ability} counter')} on the board, but {why}"
            )
