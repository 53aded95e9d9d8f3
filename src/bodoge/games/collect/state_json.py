"""A Collect! state to and from JSON, with a clear message for anything inconsistent.

Writing names every card (a deck top first, `*` marking a card that has been face up). Reading
checks what the fields imply about each other (RULINGS.md §1): history is the record the rest must
agree with (the round number is the finished rounds plus one, and each won round gave its winner
one crown, half crowns while any remain, then the full), then whose turn it can be, and the last
win kept for the terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.engine import InvalidState
from bodoge.games.collect import actions as A
from bodoge.games.collect.alliance import ALLIANCES, alliance_kind
from bodoge.games.collect.animals import CHAMELEON, CRAB, CROCODILE, KEYS, KINDS, PARROT
from bodoge.games.collect.phases import (
    ABILITY,
    CHAMELEON_DISCARD,
    CRAB_TO,
    CROC_DECK,
    DECK_NAMES,
    DRAW,
    HALF_CROWNS,
    KEEP,
    KNOWN,
    OVER,
    PARROT_RETURN,
    PARROT_REVEAL,
    PHASES,
    PLACE,
    card_code,
)

MISSING = object()  # a field left out of hand-written JSON, as opposed to null

if TYPE_CHECKING:
    from bodoge.games.collect.rules import CollectState


def _seat(value: Any, players: int, where: str, optional: bool = False) -> int:
    if value is None and optional:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise InvalidState(f"{where} must be a seat 0-{players - 1}, not {value!r}")
    return value


def public_fields(state: CollectState, decks: dict[str, Any]) -> dict[str, Any]:
    """The given decks and everything else, which is public: rows, crowns, the turn."""
    return {
        "round": state.round,
        "round_start": state.round_start,
        "last_active": state.last_active if state.last_active >= 0 else None,
        "active": state.active,
        "phase": PHASES[state.phase],
        "decks": decks,
        "rows": [[KEYS[card] for card in row] for row in state.rows],
        "crowns": {"half": state.half[:], "full": state.full if state.full >= 0 else None},
        "held": KEYS[state.held] if state.held >= 0 else None,
        "placed": state.placed if state.placed >= 0 else None,
        "target": list(divmod(state.target, A.MAX_ROW)) if state.target >= 0 else None,
        "named": KEYS[state.named] if state.named >= 0 else None,
        "extra_turn": state.extra,
        "chameleons_to_discard": state.discard,
        "history": [winner if winner >= 0 else None for winner in state.history],
        "last_win": _last_win_json(state),
    }


def _last_win_json(state: CollectState) -> dict[str, Any] | None:
    if state.last_win is None:
        return None
    seat, kind, row = state.last_win
    return {"seat": seat, "alliance": kind, "row": [KEYS[card] for card in row]}


def write_state(state: CollectState) -> dict[str, Any]:
    """The full state: every deck top first, "*" marking a card that has been face up (public
    knowledge)."""
    return public_fields(
        state,
        {
            name: [KEYS[card & 7] + ("*" if card >= KNOWN else "") for card in reversed(deck)]
            for name, deck in zip(DECK_NAMES, state.decks, strict=True)
        },
    )


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
    """Read every field, then check that they fit together: the cards first (a missing or extra
    card is named as such), then what history implies, then the phase and the turn order."""
    players = state.players
    state._events = []
    round_number = data.get("round")  # None: follows from history
    if round_number is not None and (type(round_number) is not int or round_number < 1):
        raise InvalidState("round must be a whole number from 1")  # JSON true is no round
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

    history = data.get("history", [])
    if not isinstance(history, list):
        raise InvalidState("history must be a list of round winners (null for a drawn round)")
    state.history = [_seat(w, players, "history", optional=True) for w in history]
    given_crowns = _crowns(data.get("crowns"), players) if "crowns" in data else None

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
        if type(target[1]) is not int or not 0 <= target[1] < A.MAX_ROW:
            raise InvalidState(f"target index {target[1]!r} is not a card of row {seat}")
        state.target = seat * A.MAX_ROW + target[1]  # within the row: checked with the phase
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
    last_win = data.get("last_win", MISSING)
    if last_win is not MISSING and last_win is not None:
        last_win = _last_win(last_win, players)

    _check_cards(state)
    check_history(state, round_number, given_crowns)
    _check_phase(state)
    check_turn(state)
    check_last_win(state, last_win)


def _crowns(crowns: Any, players: int) -> tuple[list[int], int]:
    half = crowns.get("half", [0] * players) if isinstance(crowns, dict) else None
    if (
        not isinstance(half, list)
        or len(half) != players
        or not all(type(n) is int and 0 <= n <= 2 for n in half)
        or sum(half) > HALF_CROWNS
    ):
        raise InvalidState(
            f"crowns.half must list {players} counts 0-2 adding up to at most {HALF_CROWNS}"
        )
    assert isinstance(crowns, dict)
    return half[:], _seat(crowns.get("full"), players, "crowns.full", optional=True)


def _last_win(value: Any, players: int) -> tuple[int, str, tuple[int, ...]]:
    if not isinstance(value, dict) or set(value) != {"seat", "alliance", "row"}:
        raise InvalidState('last_win must be null or an object with "seat", "alliance", "row"')
    seat = _seat(value["seat"], players, "last_win.seat")
    kind = value["alliance"]
    if kind not in ALLIANCES:
        raise InvalidState(f"last_win.alliance {kind!r} is not one of {', '.join(ALLIANCES)}")
    row = value["row"]
    if not isinstance(row, list) or len(row) > A.MAX_ROW:
        raise InvalidState("last_win.row must be a list of cards, left to right")
    return seat, kind, tuple(card_code(name, f"last_win.row[{i}]") for i, name in enumerate(row))


def _check_cards(state: CollectState) -> None:
    counts = [0] * KINDS
    for deck in state.decks:
        for card in deck:
            counts[card & 7] += 1
    for row in state.rows:
        for card in row:
            counts[card] += 1
    if state.held >= 0:
        counts[state.held] += 1
    counts[CHAMELEON] += state.discard
    for code, count in enumerate(counts):
        expected = state.deck.counts[code]
        if count != expected:
            raise InvalidState(f"cards do not add up: {count} {KEYS[code]} ({expected} expected)")
    if any(row.count(CHAMELEON) > 1 for row in state.rows):
        raise InvalidState("a row cannot hold two chameleons (they leave at once)")
    for empty in (0, 1):
        if not state.decks[empty] and len(state.decks[1 - empty]) >= 2:
            raise InvalidState("an empty deck must already have taken half of the other deck")


def _check_phase(state: CollectState) -> None:
    phase = state.phase
    name = PHASES[phase]
    if state.target >= 0:
        seat, index = divmod(state.target, A.MAX_ROW)
        if index >= len(state.rows[seat]):
            raise InvalidState(f"target index {index} is not a card of row {seat}")
    over = game_won(state)
    limited = bool(state.deck.plies) and state.ply >= state.deck.plies
    if (over and phase != OVER) or (phase == OVER and not over and not limited):
        raise InvalidState(
            "phase must be 'over' exactly when a seat has 2 half crowns or the full (or a "
            "variant's game has reached its limit of decisions)"
        )
    needs_held = phase in (KEEP, PLACE, PARROT_RETURN)
    if needs_held != (state.held >= 0):
        raise InvalidState(f"held must be {'a card' if needs_held else 'null'} in phase {name}")
    row = state.rows[state.active]
    if phase == ABILITY:
        _check_ability(state, row)
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
    _check_ability_card(state, row)


def game_won(state: CollectState) -> bool:
    """A seat has won the game: 2 half crowns or the full crown."""
    return state.full >= 0 or 2 in state.half


def _check_ability(state: CollectState, row: list[int]) -> None:
    """The card just played sits at an end of the row, and has a use (else the turn ends)."""
    placed = state.placed
    if not (type(placed) is int and 0 <= placed < len(row)):
        raise InvalidState("phase ability needs placed: the index of the card just played")
    if placed not in (0, len(row) - 1):
        raise InvalidState(f"placed {placed} is not an end of the row: cards are played at an end")
    if len(state._ability_actions()) == 1:
        raise InvalidState(
            f"phase ability needs a card whose ability can be used now, not the "
            f"{KEYS[row[placed]]} at rows[{state.active}][{placed}] (its turn ends at once)"
        )


def _check_ability_card(state: CollectState, row: list[int]) -> None:
    """The steps of an ability need that card in the active row (it stays there)."""
    phase = state.phase
    if phase == CROC_DECK:
        mine = [i for i, card in enumerate(row) if card == CROCODILE]
        if not [i for i in mine if state.target != state.active * A.MAX_ROW + i]:
            raise InvalidState("phase crocodile_deck needs the crocodile in the active row "
                               "(and it cannot target itself)")  # fmt: skip
    elif phase == CRAB_TO and CRAB not in row:
        raise InvalidState("phase crab_to needs the crab in the active row")
    elif phase in (PARROT_REVEAL, PARROT_RETURN) and PARROT not in row:
        raise InvalidState(f"phase {PHASES[phase]} needs the parrot in the active row")
    if phase == PARROT_RETURN and state.held == CHAMELEON:
        raise InvalidState("a revealed chameleon matches any named animal: it is never returned")


# ---- what the fields imply about each other ------------------------------------------------

Crowns = tuple[list[int], int]  # half crowns per seat, the full crown's seat (-1: nobody)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def crowns_from_history(history: list[int], players: int) -> Crowns:
    """The crowns the finished rounds gave, in order; refuses a round after the game was won."""
    half = [0] * players
    full = -1
    for number, winner in enumerate(history, start=1):
        if full >= 0 or 2 in half:
            raise InvalidState(
                f"history lists round {number} after seat {history[number - 2]} won the game "
                f"in round {number - 1}"
            )
        if winner < 0:  # a drawn round gives no crown
            continue
        if sum(half) < HALF_CROWNS:
            half[winner] += 1
        else:
            full = winner
    return half, full


def check_history(state: CollectState, round_number: int | None, given: Crowns | None) -> None:
    """Set the crowns and the round from history, refusing given values that differ from them
    (left out of hand-written JSON, they follow from history)."""
    history = state.history
    half, full = crowns_from_history(history, state.players)
    if given is not None:
        given_half, given_full = given
        for seat, (count, expected) in enumerate(zip(given_half, half, strict=True)):
            if count > expected:
                raise InvalidState(
                    f"crowns.half[{seat}] is {count}, but history gives seat {seat} "
                    f"{expected}: a half crown that no round in history explains"
                )
            if count < expected:
                won = [n for n, winner in enumerate(history, start=1) if winner == seat]
                # its first wins took the half crowns: the full crown comes after them all
                rounds = ", ".join(map(str, won[:expected]))
                raise InvalidState(
                    f"crowns.half[{seat}] is {count}, but history gives seat {seat} {expected} "
                    f"(it won round {rounds}): a won round without its crown"
                )
        if given_full != full:
            holder = "nobody" if full < 0 else f"seat {full}"
            seat_text = "null" if given_full < 0 else f"seat {given_full}"
            raise InvalidState(
                f"crowns.full is {seat_text}, but history gives it to {holder} (the round "
                f"winner after the {HALF_CROWNS} half crowns are taken)"
            )
    state.half, state.full = half, full
    over = full >= 0 or 2 in half
    expected_round = len(history) if over else len(history) + 1
    if round_number is not None and round_number != expected_round:
        finished = _plural(len(history), "finished round")
        now = "the game ended in that round" if over else f"this is round {expected_round}"
        raise InvalidState(f"round is {round_number}, but history lists {finished}, so {now}")
    state.round = expected_round


def round_untouched(state: CollectState) -> bool:
    """Nothing has happened this round: every draw leaves a card in a row, in play, or face up
    in a deck (face-up marks last until the reshuffle)."""
    return (
        not any(state.rows)
        and state.held < 0
        and state.discard == 0
        and all(card < KNOWN for deck in state.decks for card in deck)
    )


def check_turn(state: CollectState) -> None:
    """Whose turn it can be, from the last turn that ended and the round's start seat."""
    players = state.players
    active, last, start = state.active, state.last_active, state.round_start
    untouched = round_untouched(state)
    if untouched:
        sizes = [len(deck) for deck in state.decks]
        size = state.deck.total // 2  # each deck at a round's start
        if sizes != [size, size]:
            raise InvalidState(
                f"round {state.round} has not begun (rows empty, no deck card face up), so "
                f"decks A and B hold {size} cards each, not {sizes[0]} and {sizes[1]}"
            )
        if active != start:
            raise InvalidState(
                f"round {state.round} has not begun, so active must be round_start {start}, "
                f"not {active}"
            )
        if state.round == 1 and last >= 0:
            raise InvalidState("last_active must be null before the game's first turn ends")
        after_last = state.options["next_round_start"] == "after_last_active"
        if state.round > 1 and last >= 0 and after_last and start != (last + 1) % players:
            raise InvalidState(
                f"round_start {start} must be the seat after last_active {last} "
                "(option next_round_start=after_last_active)"
            )
    if last < 0:
        if state.history:
            raise InvalidState("last_active must be a seat once a round has finished")
        if state.phase == DRAW and not untouched:
            raise InvalidState("last_active must be a seat: a turn of this round has ended")
        for seat, row in enumerate(state.rows):
            if row and seat != active:
                raise InvalidState(
                    f"rows[{seat}] holds cards, but no turn has ended yet (last_active is null)"
                )
        if active != start:
            raise InvalidState(
                f"active must be round_start {start} during the game's first turn, not {active}"
            )
        return
    if state.phase == OVER and not game_won(state):
        return  # a variant's game stopped at its limit, at a turn's start
    if state.phase == OVER:
        winner = state.history[-1]
        if active != winner or last != winner:
            raise InvalidState(
                f"active and last_active must be seat {winner}, whose turn won the game"
            )
        if not alliance_kind(state.rows[winner]):
            raise InvalidState(f"rows[{winner}] forms no alliance, yet seat {winner} won the game")
        return
    if active not in (last, (last + 1) % players, start):
        raise InvalidState(
            f"active {active} cannot be to move: after seat {last}'s turn (last_active) comes "
            f"seat {(last + 1) % players}, or seat {last} again after a hermit crab"
        )
    if state.phase == DRAW and not untouched:
        kind = alliance_kind(state.rows[last])
        if kind:
            raise InvalidState(
                f"rows[{last}] forms an alliance ({kind}): seat {last}'s turn (last_active) "
                "would have won the round"
            )


def check_last_win(state: CollectState, value: object) -> None:
    """The last win is kept until the next round's first move; in phase over it is the winning
    row itself. `value` is what the JSON gave: a parsed (seat, alliance, row), None, or `MISSING`
    (left out by hand: it follows from the winner's row when the game is over)."""
    over = state.phase == OVER and game_won(state)
    if not isinstance(value, tuple):
        if over and value is None:
            raise InvalidState("last_win must name the winning row in phase over")
        if over:
            winner = state.history[-1]
            won = state.rows[winner]
            state.last_win = (winner, alliance_kind(won), tuple(won))
        else:
            state.last_win = None
        return
    seat, kind, row = value
    cards = list(row)
    if not state.history or state.history[-1] != seat:
        last = "no round" if not state.history else _last_round_text(state.history)
        raise InvalidState(f"last_win.seat is {seat}, but {last} in history")
    formed = alliance_kind(cards)
    if formed != kind:
        what = f"a {formed} alliance" if formed else "no alliance"
        raise InvalidState(f"last_win.row forms {what}, not {kind}")
    if cards.count(CHAMELEON) > 1:
        raise InvalidState("last_win.row cannot hold two chameleons (they leave at once)")
    for code in range(KINDS):
        if cards.count(code) > state.deck.counts[code]:
            raise InvalidState(
                f"last_win.row holds more than {state.deck.counts[code]} {KEYS[code]}"
            )
    if over:
        if cards != state.rows[seat]:
            raise InvalidState(f"last_win.row must be rows[{seat}], the row that won the game")
    elif not round_untouched(state):
        raise InvalidState(
            f"last_win is kept only until round {state.round}'s first move, which has been made"
        )
    state.last_win = (seat, kind, row)


def _last_round_text(history: list[int]) -> str:
    number, winner = len(history), history[-1]
    if winner < 0:
        return f"round {number} was drawn"
    return f"round {number} was won by seat {winner}"
