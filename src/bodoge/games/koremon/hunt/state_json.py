"""Hunt the Monster's state as JSON: the view, the full state written and read back, and the
checks that a state read fits together (seed text 000 variant 2, RULINGS §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.engine import InvalidState
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import (
    card_counts,
    card_key,
    check_cards,
    read_card,
    read_int,
    read_list,
)
from bodoge.games.koremon.hunt.codes import ENDS, OVER, PHASES, PLACE, RING, ROLL

if TYPE_CHECKING:
    from bodoge.games.koremon.hunt.rules import HuntState


def view(state: HuntState, seat: int | None) -> dict[str, Any]:
    return {
        "ring": [card_key(card) if card >= 0 else None for card in state.ring],
        "piece": state.piece + 1,
        "deck_count": len(state.deck),
        "discard": [card_key(card) for card in state.discard],
        "pyramids": [P.to_json(pyramid) for pyramid in state.pyramids],
        "scores": state.scores(),
        "turn": state.turn,
        "phase": PHASES[state.phase],
        "die": state.die,
        "end": ENDS[state.end] or None,
    }


def write(state: HuntState) -> dict[str, Any]:
    return {
        "deck": [card_key(card) for card in reversed(state.deck)],  # top card first
        "ring": [card_key(card) if card >= 0 else None for card in state.ring],
        "discard": [card_key(card) for card in state.discard],
        "piece": state.piece + 1,
        "pyramids": [P.to_json(pyramid) for pyramid in state.pyramids],
        "turn": state.turn,
        "phase": PHASES[state.phase],
        "die": state.die,
        "end": ENDS[state.end] or None,
    }


def read(state: HuntState, data: dict[str, Any]) -> None:
    state.deck = [read_card(key, "deck") for key in read_list(data, "deck")[::-1]]
    ring = read_list(data, "ring")
    if len(ring) != RING:
        raise InvalidState(f"ring must list {RING} positions, not {len(ring)}")
    state.ring = [-1 if key is None else read_card(key, "ring") for key in ring]
    discard = data.get("discard", [])
    if not isinstance(discard, list):
        raise InvalidState("discard must be a list")
    state.discard = [read_card(key, "discard") for key in discard]
    state.piece = read_int(data, "piece", 1, RING) - 1
    pyramids = read_list(data, "pyramids")
    if len(pyramids) != state.players:
        raise InvalidState(f"pyramids must list one pyramid per seat ({state.players})")
    state.pyramids = [P.read(pyr, f"pyramid of seat {seat}") for seat, pyr in enumerate(pyramids)]
    state.turn = read_int(data, "turn", 0, state.players - 1)
    if data.get("phase") not in PHASES:
        raise InvalidState(f"phase must be one of {', '.join(PHASES)}")
    state.phase = PHASES.index(data["phase"])
    state.die = read_int(data, "die", 0, 6)
    end = data.get("end") or ""
    if end not in ENDS or (end == "") != (state.phase != OVER):
        raise InvalidState(f"end must be one of {', '.join(ENDS[1:])} when over, else null")
    state.end = ENDS.index(end)
    # Seed 1.: the 90 cards are all somewhere (deck, ring, discard or a pyramid).
    placed = [card for pyramid in state.pyramids for card in pyramid]
    check_cards(card_counts([*state.deck, *state.ring, *state.discard, *placed]), state.c.copies)
    for seat, pyramid in enumerate(state.pyramids):
        P.check(pyramid, state.mimics_ok, f"pyramid of seat {seat}", state.t)
    state._derive()
    _check_discard(state)
    _check_ring(state)
    _check_ply(state)
    # Seed 4.「カードの補充の時、山札が無くなるか、誰かが場に１５枚全部並べたら、ゲーム終了」
    full = any(P.is_full(pyramid) for pyramid in state.pyramids)
    if state.phase != OVER and full:
        raise InvalidState("a seat has filled all 15 slots, so the game is over")
    if ENDS[state.end] == "full" and not full:
        raise InvalidState("end is full, but no seat has filled all 15 slots")
    if ENDS[state.end] == "dead" and (state.options["dead_ring"] != "end" or not state._dead()):
        raise InvalidState("end is dead only with dead_ring=end and a ring nobody can use")
    if state.phase == ROLL and state._dead():
        raise InvalidState(
            "no seat can place any ring card: the ring must have been renewed at once "
            "(or, with dead_ring=end, the game ended)"
        )
    if state.phase == PLACE and not state.masks[state.turn] >> state.ring[state.piece] & 1:
        raise InvalidState("phase place, but the card under the piece cannot be placed")


def _check_discard(state: HuntState) -> None:
    """Only a dead ring's renewal discards (bodoge's ruling), always all six cards: none
    ever happens with dead_ring=end."""
    size = len(state.discard)
    if state.options["dead_ring"] == "end" and size:
        raise InvalidState("with dead_ring=end no ring is renewed, so the discard is empty")
    if size % RING:
        raise InvalidState(
            f"the discard holds {size} cards, but renewals discard whole rings of {RING}"
        )


def _check_ring(state: HuntState) -> None:
    """A ring position is empty only once the game is over: a refill found the deck empty
    (the position under the piece; seed 4.) or a renewal ran out of cards while turning
    the new ring clockwise (its last positions)."""
    empty = [i for i, card in enumerate(state.ring) if card < 0]
    if not empty:
        if ENDS[state.end] == "deck":
            raise InvalidState("end is deck, but no ring position is empty")
        return
    if state.phase != OVER:
        raise InvalidState("an empty ring position means the game is over")
    if state.deck:
        raise InvalidState(
            f"ring position {empty[0] + 1} is empty, but the deck still holds "
            f"{len(state.deck)} card(s) to fill it"
        )
    refill = empty == [state.piece] and ENDS[state.end] in ("deck", "full")
    renewal = empty == list(range(empty[0], RING)) and ENDS[state.end] == "deck"
    if not refill and not renewal:
        raise InvalidState(
            "empty ring positions must be the one under the piece (a refill found no card, "
            "the game ending by deck or full) or the last ones (a renewal ran out, by deck)"
        )


def _check_ply(state: HuntState) -> None:
    """The move counter counts rolls and placements: each placed card took a roll and a
    placement; the die shows 0 only before the first roll, while the piece is still on
    the first card turned (seed 1.)."""
    placed = sum(P.count(pyramid) for pyramid in state.pyramids)
    least = 2 * placed + (state.phase == PLACE)
    if state.ply < least:
        raise InvalidState(
            f"ply {state.ply} is too few: {placed} cards placed"
            + (" and a roll to place the next" if state.phase == PLACE else "")
            + f" take at least {least} decisions"
        )
    if (state.die == 0) != (state.ply == 0):
        raise InvalidState("die is 0 exactly until the first roll (ply 0)")
    if not state.ply and state.piece:
        raise InvalidState("before the first roll the piece is on position 1")
