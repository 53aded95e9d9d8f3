"""Reading a Collect! state from JSON, with a clear message for anything inconsistent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.engine import InvalidState
from bodoge.games.collect import actions as A
from bodoge.games.collect.animals import CHAMELEON, COPIES, KEYS, KINDS
from bodoge.games.collect.phases import (
    ABILITY,
    CHAMELEON_DISCARD,
    CRAB_TO,
    CROC_DECK,
    DRAW,
    KEEP,
    KNOWN,
    OVER,
    PARROT_RETURN,
    PARROT_REVEAL,
    PHASES,
    PLACE,
    card_code,
)

if TYPE_CHECKING:
    from bodoge.games.collect.state import CollectState


def _seat(value: Any, players: int, where: str, optional: bool = False) -> int:
    if value is None and optional:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise InvalidState(f"{where} must be a seat 0-{players - 1}, not {value!r}")
    return value


def _deck(value: Any, name: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidState(f"decks.{name} must be a list of cards, top first")
    cards = []
    for position, text in enumerate(value):
        where = f"decks.{name}[{position}]"
        if not isinstance(text, str):
            raise InvalidState(f"{where}: {text!r} is not a card name")
        known = text.endswith("*")
        cards.append(card_code(text.rstrip("*"), where) | (KNOWN if known else 0))
    cards.reverse()  # stored bottom first
    return cards


def read_state(state: CollectState, data: dict[str, Any]) -> None:
    players = state.players
    state._events = []
    round_number = data.get("round", 1)
    if type(round_number) is not int or round_number < 1:  # JSON true is no round
        raise InvalidState("round must be a whole number from 1")
    state.round = round_number
    state.round_start = _seat(data.get("round_start", 0), players, "round_start")
    state.active = _seat(data.get("active"), players, "active")
    state.last_active = _seat(data.get("last_active"), players, "last_active", optional=True)
    phase = data.get("phase", "draw")
    if phase not in PHASES:
        raise InvalidState(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    state.phase = PHASES.index(phase)

    decks = data.get("decks")
    if not isinstance(decks, dict) or set(decks) != {"A", "B"}:
        raise InvalidState('decks must be an object with lists "A" and "B"')
    state.decks = [_deck(decks["A"], "A"), _deck(decks["B"], "B")]

    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) != players:
        raise InvalidState(f"rows must be a list of {players} rows")
    state.rows = []
    for seat, row in enumerate(rows):
        if not isinstance(row, list) or len(row) > A.MAX_ROW:
            raise InvalidState(f"rows[{seat}] must be a list of cards, left to right")
        state.rows.append([card_code(name, f"rows[{seat}][{i}]") for i, name in enumerate(row)])

    crowns = data.get("crowns", {})
    half = crowns.get("half", [0] * players) if isinstance(crowns, dict) else None
    if (
        not isinstance(half, list)
        or len(half) != players
        or not all(type(n) is int and 0 <= n <= 2 for n in half)
        or sum(half) > 3
    ):
        raise InvalidState(f"crowns.half must list {players} counts 0-2 adding up to at most 3")
    state.half = half[:]
    state.full = _seat(crowns.get("full"), players, "crowns.full", optional=True)
    if state.full >= 0 and sum(half) < 3:
        raise InvalidState("the full crown is only won after all 3 half crowns are taken")
    if state.full >= 0 and 2 in half:
        raise InvalidState("a seat with 2 half crowns has already won; nobody can hold the full")

    def card_or_none(key: str) -> int:
        value = data.get(key)
        return -1 if value is None else card_code(value, key)

    state.held = card_or_none("held")
    state.named = card_or_none("named")
    placed = data.get("placed")
    state.placed = -1 if placed is None else placed
    target = data.get("target")
    state.target = -1
    if target is not None:
        if not (isinstance(target, list) and len(target) == 2):
            raise InvalidState("target must be [seat, index] or null")
        seat = _seat(target[0], players, "target seat")
        if type(target[1]) is not int or not 0 <= target[1] < len(state.rows[seat]):
            raise InvalidState(f"target index {target[1]!r} is not a card of row {seat}")
        state.target = seat * A.MAX_ROW + target[1]
    extra = data.get("extra_turn", False)
    if not isinstance(extra, bool):
        raise InvalidState(f"extra_turn must be true or false, not {extra!r}")
    if extra:  # set by the hermit crab and spent at once by the turn's end: never true between
        raise InvalidState("extra_turn is true only inside a turn's end; a saved state has false")
    state.extra = extra
    discard = data.get("chameleons_to_discard", 0)
    if type(discard) is not int or discard not in (0, 1, 2):
        raise InvalidState("chameleons_to_discard must be 0, 1 or 2")
    state.discard = discard
    history = data.get("history", [])
    if not isinstance(history, list):
        raise InvalidState("history must be a list of round winners (null for a drawn round)")
    state.history = [_seat(w, players, "history", optional=True) for w in history]

    _check_cards(state)
    _check_phase(state)


def _check_cards(state: CollectState) -> None:
    counts = [0] * KINDS
    for deck in state.decks:
        for card in deck:
            counts[card & 7] += 1
    for row in state.rows:
        for card in row:
            counts[card] += 1
        if row.count(CHAMELEON) > 1:
            raise InvalidState("a row cannot hold two chameleons (they leave at once)")
    if state.held >= 0:
        counts[state.held] += 1
    counts[CHAMELEON] += state.discard
    for code, count in enumerate(counts):
        if count != COPIES:
            raise InvalidState(f"cards do not add up: {count} {KEYS[code]} ({COPIES} expected)")
    for empty in (0, 1):
        if not state.decks[empty] and len(state.decks[1 - empty]) >= 2:
            raise InvalidState("an empty deck must already have taken half of the other deck")


def _check_phase(state: CollectState) -> None:
    phase = state.phase
    name = PHASES[phase]
    over = state.full >= 0 or 2 in state.half
    if over != (phase == OVER):
        raise InvalidState("phase must be 'over' exactly when a seat has 2 half crowns or the full")
    needs_held = phase in (KEEP, PLACE, PARROT_RETURN)
    if needs_held != (state.held >= 0):
        raise InvalidState(f"held must be {'a card' if needs_held else 'null'} in phase {name}")
    row = state.rows[state.active]
    if phase == ABILITY:
        if not (type(state.placed) is int and 0 <= state.placed < len(row)):
            raise InvalidState("phase ability needs placed: the index of the card just played")
    elif state.placed != -1:
        raise InvalidState(f"placed must be null in phase {name}")
    if (phase in (CROC_DECK, CRAB_TO)) != (state.target >= 0):
        raise InvalidState(f"target must be {'set' if phase in (CROC_DECK, CRAB_TO) else 'null'}"
                           f" in phase {name}")  # fmt: skip
    if phase == CRAB_TO and len(state.rows[state.target // A.MAX_ROW]) < 2:
        raise InvalidState("the crab's target row needs a second card to move past")
    if (phase == PARROT_REVEAL) != (state.named >= 0):
        raise InvalidState(f"named must be {'set' if phase == PARROT_REVEAL else 'null'} in {name}")
    if (phase == CHAMELEON_DISCARD) != (state.discard > 0):
        raise InvalidState("chameleons_to_discard must be 1-2 exactly in phase chameleon")
    if phase in (DRAW, PARROT_REVEAL) and not (state.decks[0] or state.decks[1]):
        raise InvalidState(f"phase {name} needs a card in a deck")
    if phase == PLACE and not row:
        raise InvalidState(
            "phase place needs a card already in the row (else it is placed at once)"
        )
