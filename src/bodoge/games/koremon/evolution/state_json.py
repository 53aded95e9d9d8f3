"""Monster Evolution's state as JSON: the view, the full state written and read back, and the
checks that a state read fits together (seed バリアント４, RULINGS §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.engine import InvalidState
from bodoge.games.koremon.common.cards import card_counts, card_key, check_cards, read_seat
from bodoge.games.koremon.evolution.codes import (
    CARD_BY_NAME,
    SET,
    SET_COUNTS,
    SPECIES_COUNT,
)

if TYPE_CHECKING:
    from bodoge.games.koremon.evolution.rules import EvolutionState


def view(state: EvolutionState, seat: int | None) -> dict[str, Any]:
    data = write(state)
    data["scores"] = state.scores()
    return data


def write(state: EvolutionState) -> dict[str, Any]:
    return {
        "holds": [card_key(card) for card in state.holds],
        "supply": [card_key(card) for card in SET if state.supply[card]],
        "turn": state.turn,
        "choosing_rank": state.choosing or None,
        "dice": state.dice[:],
        "last_roller": state.last if state.last >= 0 else None,
        "winner": state.winner if state.winner >= 0 else None,
    }


def read(state: EvolutionState, data: dict[str, Any]) -> None:
    players = state.players
    holds = data.get("holds")
    if not isinstance(holds, list) or len(holds) != players:
        given = len(holds) if isinstance(holds, list) else holds
        raise InvalidState(
            f"holds must list one monster for each of the {players} seats, not {given!r}"
        )
    state.holds = [_card(text, "holds") for text in holds]
    supply = data.get("supply")
    if not isinstance(supply, list):
        raise InvalidState("supply must be a list of monsters")
    cards = [_card(text, "supply") for text in supply]
    # Seed 1: the 15 monsters, one of each species, are held or in the supply.
    check_cards(card_counts(cards + state.holds), SET_COUNTS)
    state.supply = [0] * SPECIES_COUNT
    for card in cards:
        state.supply[card] = 1
    state.turn = read_seat(data.get("turn"), players, "turn")
    rank = data.get("choosing_rank")
    if rank is not None and (type(rank) is not int or not 1 <= rank <= 5):
        raise InvalidState(f"choosing_rank must be a rank 1-5 or null, not {rank!r}")
    state.choosing = 0 if rank is None else rank
    rank_of = state.c.rank
    held = rank_of[state.holds[state.turn]]
    if state.choosing and (
        state.choosing not in (held - 1, held + 1)
        or state.choosing > 5
        or sum(state.supply[card] for card in state.c.by_rank[state.choosing]) < 2
    ):
        raise InvalidState(
            "choosing_rank must be one rank from the mover's, with two or more of it in supply"
        )
    dice = data.get("dice", [])
    if not isinstance(dice, list) or (
        dice and (len(dice) != 2 or any(type(d) is not int or not 1 <= d <= 6 for d in dice))
    ):
        raise InvalidState("dice must be [] or two numbers 1-6")
    state.dice = list(dice)
    last = data.get("last_roller")
    state.last = -1 if last is None else read_seat(last, players, "last_roller")
    dragons = [seat for seat, card in enumerate(state.holds) if rank_of[card] == 1]
    winner = data.get("winner")
    state.winner = -1 if winner is None else read_seat(winner, players, "winner")
    if dragons != ([state.winner] if state.winner >= 0 else []):
        raise InvalidState("the winner is exactly the seat holding the Dragon")
    if state.winner >= 0 and state.choosing:
        raise InvalidState("a finished game has no pending choice")
    _check_turns(state)


def _check_turns(state: EvolutionState) -> None:
    """The seat to move, the last roll and the move counter must agree (seed 2): each roll
    is a decision and each rank gained took one; the turn passes clockwise after a roll
    unless a choice is pending or the roller won; at ply 0 nobody has rolled and each
    seat holds the rank-5 monster it was dealt (seed 1)."""
    if (state.ply == 0) != (not state.dice) or (state.ply == 0) != (state.last < 0):
        raise InvalidState("dice and last_roller are empty exactly until the first roll (ply 0)")
    rank_of = state.c.rank
    if not state.ply:
        if any(rank_of[card] != 5 for card in state.holds):
            raise InvalidState("before the first roll every seat holds its rank-5 monster")
        return
    gained = sum(5 - rank_of[card] for card in state.holds)
    least = gained + (1 if state.choosing else 0)
    if state.ply < least:
        raise InvalidState(
            f"ply {state.ply} is too few: {gained} ranks gained"
            + (" and the roll of the pending choice" if state.choosing else "")
            + f" take at least {least} rolls"
        )
    players, roller = state.players, state.last
    if state.winner >= 0 or state.choosing:
        if roller != state.turn or (state.winner >= 0 and roller != state.winner):
            raise InvalidState(
                "the seat that rolled last is still to move while it chooses, and is the "
                "winner once the game is won"
            )
    elif state.turn != (roller + 1) % players:
        raise InvalidState(
            f"seat {roller} rolled last, so seat {(roller + 1) % players} is to move"
        )
    if state.choosing:
        held, total = rank_of[state.holds[state.turn]], sum(state.dice)
        # seed 2: up a rank on a total at most the rank, down one on a double six
        if (state.choosing == held - 1 and total > held) or (
            state.choosing == held + 1 and state.dice != [6, 6]
        ):
            raise InvalidState(
                f"the roll {state.dice[0]} + {state.dice[1]} does not lead to choosing a "
                f"rank-{state.choosing} monster from rank {held}"
            )


def _card(text: Any, field: str) -> int:
    card = CARD_BY_NAME.get(text) if isinstance(text, str) else None
    if card is None:
        raise InvalidState(f"{field}: {text!r} is not a monster")
    return card
