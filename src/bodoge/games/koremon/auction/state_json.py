"""Monster Auction's state as JSON: the views, the full state written and read back, and the
checks that a state read fits together (seed text 000 variant 1, RULINGS §3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bodoge.engine import InvalidState
from bodoge.games.koremon.auction.codes import BID, MONEY, PHASES, PLACE, ROUND_CARDS, ROUNDS
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import (
    card_counts,
    card_key,
    card_name,
    check_cards,
    read_card,
    read_int,
    read_list,
)

if TYPE_CHECKING:
    from bodoge.games.koremon.auction.rules import AuctionState


def _last_json(state: AuctionState) -> dict[str, Any] | None:
    if not state.last:
        return None
    return {
        "cards": [card_key(card) for card in state.last["table"]],
        "bids": [bid[:] for bid in state.last["bids"]],
        "winners": state.last["winners"][:],
    }


def view(state: AuctionState, seat: int | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "round": state.round,
        "phase": PHASES[state.phase],
        "table": [card_key(card) for card in state.table],
        "deck_count": len(state.deck),
        "discard": [card_key(card) for card in state.discard],
        "money": state.money[:],
        "status": [state._status(s) for s in range(state.players)],
        "out": state.out[:],
        "to_place": [[card_key(card) for card in cards] for cards in state.to_place],
        "pyramids": [P.to_json(pyramid) for pyramid in state.pyramids],
        "scores": state.scores(),
        "last_reveal": _last_json(state),
    }
    if seat is not None:
        view["my_bid"] = state.bids[seat][:]
    return view


def write(state: AuctionState) -> dict[str, Any]:
    return {
        "round": state.round,
        "phase": PHASES[state.phase],
        # top card first; then the bottom cards that are not in any order yet
        "deck": [card_key(card) for card in reversed(state.deck[state.loose :])],
        "deck_unordered": [card_key(card) for card in state.deck[: state.loose]],
        "table": [card_key(card) for card in state.table],
        "discard": [card_key(card) for card in state.discard],
        "money": state.money[:],
        "bids": [bid[:] for bid in state.bids],
        "out": state.out[:],
        "to_place": [[card_key(card) for card in cards] for cards in state.to_place],
        "pyramids": [P.to_json(pyramid) for pyramid in state.pyramids],
        "last_reveal": _last_json(state),
    }


def read(state: AuctionState, data: dict[str, Any]) -> None:
    n = state.players
    if data.get("phase") not in PHASES:
        raise InvalidState(f"phase must be one of {', '.join(PHASES)}")
    state.phase = PHASES.index(data["phase"])
    state.round = read_int(data, "round", 1, ROUNDS)
    state.deck = [read_card(key, "deck") for key in read_list(data, "deck")[::-1]]
    loose = data.get("deck_unordered", [])
    if not isinstance(loose, list):
        raise InvalidState("deck_unordered must be a list")
    state.loose = len(loose)
    state.deck[:0] = [read_card(key, "deck_unordered") for key in loose]
    state.table = [read_card(key, "table") for key in read_list(data, "table")]
    state.discard = [read_card(key, "discard") for key in read_list(data, "discard")]
    state.money = _seat_ints(data, "money", n, MONEY)
    state.out = _seat_ints(data, "out", n, ROUNDS)
    bids = _per_seat(data, "bids", n)
    state.bids = []
    for seat, bid in enumerate(bids):
        if not all(_amount(a) for a in bid):
            raise InvalidState(f"bids of seat {seat} must be whole amounts of at least 0")
        if sum(bid) > state.money[seat]:
            raise InvalidState(f"bids of seat {seat} add up to more than its money")
        state.bids.append(list(bid))
    state.to_place = [
        [read_card(key, f"to_place of seat {seat}") for key in cards]
        for seat, cards in enumerate(_per_seat(data, "to_place", n))
    ]
    pyramids = _per_seat(data, "pyramids", n, kind=dict)
    state.pyramids = [P.read(pyr, f"pyramid of seat {seat}") for seat, pyr in enumerate(pyramids)]
    state.last = _read_last(state, data.get("last_reveal"))
    _check_cards(state)
    for seat, pyramid in enumerate(state.pyramids):
        P.check(pyramid, state.mimics_ok, f"pyramid of seat {seat}", state.t)
    _check_phase(state)
    if state.last:
        _check_last(state)
    _check_money(state)
    _check_ply(state)
    state.waiting = state._find_waiting()


def _read_last(state: AuctionState, last: Any) -> dict[str, Any]:
    if last is None:
        return {}
    if not isinstance(last, dict):
        raise InvalidState("last_reveal must be null or {cards, bids, winners}")
    table = [read_card(key, "last_reveal cards") for key in read_list(last, "cards")]
    bids = _per_seat(last, "bids", state.players)
    for bid in bids:
        if bid and (len(bid) != len(table) or not all(_amount(a) for a in bid)):
            raise InvalidState("last_reveal bids: each seat's bid is [] or one amount a card")
    winners = read_list(last, "winners")
    if len(winners) != len(table) or not all(
        isinstance(w, int) and -1 <= w < state.players for w in winners
    ):
        raise InvalidState("last_reveal winners must give a seat or -1 for each card")
    return {"table": table, "bids": [list(bid) for bid in bids], "winners": list(winners)}


def _revealed(state: AuctionState) -> int:
    """Rounds whose bids have been revealed: all begun ones but one still being bid on."""
    return state.round - 1 if state.phase == BID else state.round


def _check_cards(state: AuctionState) -> None:
    """Seed 1.: the 90 cards are all somewhere (deck, table, discard, a pyramid or waiting
    to be placed)."""
    held = [c for pyr in state.pyramids for c in pyr] + [c for x in state.to_place for c in x]
    check_cards(card_counts([*state.deck, *state.table, *state.discard, *held]), state.c.copies)


def _check_phase(state: AuctionState) -> None:
    # Seed 2.「各ラウンドの最初に山札の上から６枚のカードを表に向け」: after round r the deck
    # holds 90 - 6r.
    expected = sum(state.c.copies) - ROUND_CARDS * state.round
    if len(state.deck) != expected:
        raise InvalidState(
            f"the deck holds {len(state.deck)} cards, but {state.round} round(s) of "
            f"{ROUND_CARDS} leave {expected}"
        )
    size = len(state.table)
    revealed = _revealed(state)
    for seat in range(state.players):
        if state.out[seat] > revealed:
            raise InvalidState(
                f"out: seat {seat} went out in round {state.out[seat]}, but only "
                f"{revealed} round(s) have been revealed"
            )
        if state.out[seat] and (state.bids[seat] or state.to_place[seat]):
            raise InvalidState(f"seat {seat} is out, so it has no bids and no cards to place")
    if not revealed and state.money != [MONEY] * state.players:
        raise InvalidState(f"before the first reveal every seat has {MONEY} money")
    still_in = [s for s in range(state.players) if not state.out[s]]
    broke = all(not state.money[s] for s in still_in)
    if state.phase == BID:
        if size != ROUND_CARDS:
            raise InvalidState(f"in the bid phase the table holds {ROUND_CARDS} monsters")
        if any(len(bid) > size for bid in state.bids):
            raise InvalidState("a seat has bid on more monsters than the table holds")
        if any(state.to_place):
            raise InvalidState("cards wait to be placed, so the phase must be place")
        if broke:
            raise InvalidState("no seat still in has money left, so the game is over")
        for seat in still_in:
            if not state.money[seat] and state.bids[seat] != [0] * size:
                raise InvalidState(
                    f"seat {seat} has no money, so its bid of {size} zeros is written for it"
                )
        if all(state.out[s] or len(state.bids[s]) == size for s in range(state.players)):
            raise InvalidState("every seat has sealed its bid: they must have been revealed")
        return
    if state.table or any(state.bids):
        raise InvalidState(f"in the {PHASES[state.phase]} phase there are no table or bids")
    if state.phase == PLACE:
        if not any(state.to_place):
            raise InvalidState("phase place, but no seat has cards to place")
        for seat, cards in enumerate(state.to_place):
            if cards and not P.can_place_all(state.pyramids[seat], cards, state.mimics_ok, state.t):
                raise InvalidState(f"seat {seat} cannot place its won cards: it is out")
        return
    if any(state.to_place):
        raise InvalidState("the game is over, but cards wait to be placed")
    if state.round < ROUNDS and not broke:
        raise InvalidState(
            f"the game ended in round {state.round} of {ROUNDS}, so no seat still in may "
            "have money left"
        )


def _won_last(state: AuctionState, seat: int) -> list[int]:
    """The cards `seat` won at the last reveal."""
    last = state.last
    return [card for card, w in zip(last["table"], last["winners"], strict=True) if w == seat]


def _check_last(state: AuctionState) -> None:
    """The last reveal (seed 3.) must be the one that led here: six monsters, a bid from
    every seat then in, each winner the single highest positive bid, the won cards with
    their winners (or discarded when the winner went out), the rest discarded."""
    revealed = _revealed(state)
    if not revealed:
        raise InvalidState("no round has been revealed yet, so last_reveal must be null")
    table, bids = state.last["table"], state.last["bids"]
    if len(table) != ROUND_CARDS:
        raise InvalidState(f"last_reveal must show the {ROUND_CARDS} monsters of a round")
    for seat, bid in enumerate(bids):
        gone = 0 < state.out[seat] < revealed
        if bool(bid) == gone:
            what = f"went out in round {state.out[seat]}" if gone else "was in the game"
            raise InvalidState(
                f"last_reveal bids: seat {seat} {what}, so its bid must be "
                + ("[]" if gone else f"{ROUND_CARDS} amounts")
            )
    for i, winner in enumerate(state.last["winners"]):
        expected = _single_highest([bid[i] if bid else 0 for bid in bids])
        if winner != expected:
            raise InvalidState(
                f"last_reveal winners: monster {i + 1} goes to "
                + (f"seat {expected}" if expected >= 0 else "nobody")
                + " by its bids (seed 3.: the single highest positive bid wins)"
            )
    discarded = [c for c, w in zip(table, state.last["winners"], strict=True) if w < 0]
    for seat in range(state.players):
        won = _won_last(state, seat)
        if state.out[seat] == revealed:
            if not won or P.can_place_all(state.pyramids[seat], won, state.mimics_ok, state.t):
                raise InvalidState(
                    f"seat {seat} went out in round {revealed}, so it won cards at the last "
                    "reveal that it cannot place"
                )
            discarded += won
            continue
        waiting = Counter(state.to_place[seat])
        if waiting - Counter(won):
            raise InvalidState(
                f"seat {seat} waits to place cards it did not win at the last reveal"
            )
        missing = Counter(won) - waiting - Counter(state.pyramids[seat])
        if missing:
            card = next(iter(missing))
            raise InvalidState(
                f"seat {seat} won a {card_name(card)} at the last reveal: it must be in its "
                "pyramid or to_place"
            )
    if discarded and state.discard[-len(discarded) :] != discarded:
        raise InvalidState(
            "the discard must end with the cards the last reveal discarded: "
            + ", ".join(card_key(card) for card in discarded)
        )


def _check_money(state: AuctionState) -> None:
    """A card is won only by a positive bid (seed 3., RULINGS §3), so each costs its winner
    at least 1; at the last reveal all-pay took every written amount and winner-pays the
    winning ones (seed 2.「使った金額は、総額から引いておきます」)."""
    revealed = _revealed(state)
    for seat in range(state.players):
        spent = MONEY - state.money[seat]
        least = P.count(state.pyramids[seat]) + len(state.to_place[seat])
        if state.last:
            won = [i for i, w in enumerate(state.last["winners"]) if w == seat]
            bid = state.last["bids"][seat]
            all_pay = state.options["payment"] == "all-pay"
            paid = sum(bid) if all_pay else sum(bid[i] for i in won)
            kept = 0 if state.out[seat] == revealed else len(won)
            least += paid - kept
        if spent < least:
            raise InvalidState(
                f"seat {seat} has {state.money[seat]} money left, but the cards it won"
                + (" and its bids at the last reveal" if state.last else "")
                + f" cost at least {least}"
            )


def _check_ply(state: AuctionState) -> None:
    """The move counter counts every amount written and every card placed: round 1 has
    every seat bid six amounts, each later round at least one seat (else the game is over),
    and a seat with no money has its zeros written for it."""
    n, revealed = state.players, _revealed(state)
    placed = sum(P.count(pyramid) for pyramid in state.pyramids)
    written = sum(len(bid) for seat, bid in enumerate(state.bids) if state.money[seat])
    least = placed + written + (ROUND_CARDS * (n + revealed - 1) if revealed else 0)
    most = placed + written + ROUND_CARDS * n * revealed
    if not least <= state.ply <= most:
        raise InvalidState(
            f"ply {state.ply} does not fit round {state.round}: {revealed} revealed round(s), "
            f"{placed} cards placed and {written} amounts written this round take "
            f"{least}-{most} decisions"
        )


def _single_highest(amounts: Sequence[int]) -> int:
    """The index of the single highest positive amount; -1 when none is positive or it is
    tied (seed 3.「同点の場合は、誰もそのモンスターを得ることはできません」)."""
    best = max(amounts)
    if best > 0 and amounts.count(best) == 1:
        return amounts.index(best)
    return -1


def _per_seat(data: dict[str, Any], key: str, players: int, kind: type = list) -> list[Any]:
    value = read_list(data, key)
    if len(value) != players or not all(isinstance(item, kind) for item in value):
        raise InvalidState(f"{key} must hold one {kind.__name__} per seat ({players})")
    return value


def _seat_ints(data: dict[str, Any], key: str, players: int, high: int) -> list[int]:
    value = read_list(data, key)
    if len(value) != players or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= high for x in value
    ):
        raise InvalidState(f"{key} must hold one whole number 0..{high} per seat ({players})")
    return list(value)


def _amount(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MONEY
