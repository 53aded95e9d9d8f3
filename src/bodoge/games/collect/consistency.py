"""What a Collect! state's fields imply about each other (RULINGS.md §1), for the JSON reader.

History is the record the rest must agree with: the round number is the finished rounds plus
one, and each won round gave its winner one crown (half crowns while any remain, then the full).
Then whose turn it can be, and the last win kept for the terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine import InvalidState
from bodoge.games.collect.alliance import alliance_kind
from bodoge.games.collect.animals import CHAMELEON, COPIES, KEYS, KINDS
from bodoge.games.collect.phases import DRAW, HALF_CROWNS, KNOWN, OVER

if TYPE_CHECKING:
    from bodoge.games.collect.state import CollectState

DECK_SIZE = COPIES * KINDS // 2  # each deck at a round's start
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
        if sizes != [DECK_SIZE, DECK_SIZE]:
            raise InvalidState(
                f"round {state.round} has not begun (rows empty, no deck card face up), so "
                f"decks A and B hold {DECK_SIZE} cards each, not {sizes[0]} and {sizes[1]}"
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
    over = state.phase == OVER
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
        if cards.count(code) > COPIES:
            raise InvalidState(f"last_win.row holds more than {COPIES} {KEYS[code]}")
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
