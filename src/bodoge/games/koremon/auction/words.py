"""Monster Auction in words: action labels (with the warning that a bid could put the seat out)
and who won and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.games.koremon.auction.codes import BID, PLACE_BASE
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common import words as W

if TYPE_CHECKING:
    from bodoge.games.koremon.auction.rules import AuctionState


def action_label(state: AuctionState, action: int, lang: str, seat: int | None = None) -> str:
    """A bid names the monster it is for and the money left after it, and warns when winning
    that monster would put the seat out; a placement names the card and the slot. The bid's
    words depend on the seat (its own bids so far; `Match.prompt` passes the seat it prompts):
    without it they are what every pending seat shares."""

    ja = W.is_ja(lang)
    if action >= PLACE_BASE:
        code, index = divmod(action - PLACE_BASE, P.SLOTS)
        name, where = W.card(code, lang), W.slot_of(index, lang)
        return f"{name}を{where}に置く" if ja else f"Place the {name} in {where}"
    if state.phase != BID:
        return f"{action}を入札" if ja else f"Bid {action}"
    if seat is None or seat not in state.pending():
        return _label_for_any_seat(state, action, lang)
    bids = state.bids[seat]
    code = state.table[len(bids)]
    left = state.money[seat] - sum(bids) - action
    name = W.card(code, lang)
    if ja:
        label = f"{name}に{action}を入札（残り{left}）"
    else:
        label = f"Bid {action} on the {name} (you have {left} left)"
    return label + _warning(state, seat, code, action, lang)


def _label_for_any_seat(state: AuctionState, action: int, lang: str) -> str:
    """Without the seat: the one seat pending, or the monster every pending seat is on."""
    pending = state.pending()
    if len(pending) == 1:
        return action_label(state, action, lang, pending[0])
    ja = W.is_ja(lang)
    on = {len(state.bids[seat]) for seat in pending}
    if len(on) != 1:
        return f"次のモンスターに{action}を入札" if ja else f"Bid {action} on your next monster"
    name = W.card(state.table[on.pop()], lang)
    return f"{name}に{action}を入札" if ja else f"Bid {action} on the {name}"


def _warning(state: AuctionState, seat: int, code: int, amount: int, lang: str) -> str:
    """RULINGS §3: a seat that wins cards it cannot all place is out. Only a positive bid can
    win; the cards it already bid on this round might be won with this one."""
    if amount <= 0:
        return ""
    pyramid, ok, ja = state.pyramids[seat], state.mimics_ok, W.is_ja(lang)
    if not P.can_place_all(pyramid, [code], ok, state.t):
        if ja:
            return "——置けないモンスター：落札するとゲームから脱落します"
        return " — you could not place it: winning this puts you out of the game"
    earlier = [state.table[i] for i, bid in enumerate(state.bids[seat]) if bid > 0]
    if earlier and not P.can_place_all(pyramid, [*earlier, code], ok, state.t):
        others = W.joined([W.card(card, lang) for card in earlier], lang)
        if ja:
            return f"——入札済みの{others}と一緒には置けない：全部落札するとゲームから脱落します"
        return (
            f" — you could not place it with the {others} you bid on: winning them all puts you"
            " out of the game"
        )
    return ""


def describe_result(state: AuctionState, lang: str, names: list[str] | None) -> list[str]:
    """Seed 4. and RULINGS §3: the best pyramid wins; a seat that went out ranks last; ties among
    the rest go to more cards placed, then to more money left."""
    result = state.result()
    if result is None:
        return []
    ja, who = W.is_ja(lang), W.seat_namer(lang, names)
    lines = [W.winners_line(result.winners, lang, who)]
    for seat, pyramid in enumerate(state.pyramids):
        if state.out[seat]:
            round_out = state.out[seat]
            lines.append(
                f"{who(seat)}：ラウンド{round_out}で脱落（順位は最後）"
                if ja
                else f"{who(seat)}: out in round {round_out} (ranked last)"
            )
            continue
        summary = W.pyramid_summary(pyramid, lang, state.t)
        money = state.money[seat]
        lines.append(
            f"{who(seat)}：{summary}、残金{money}"
            if ja
            else f"{who(seat)}: {summary}, {money} money left"
        )
    tie = _tie_line(state, result.winners, lang, who)
    if tie:
        lines.append(tie)
    return lines


def _tie_line(state: AuctionState, winners: list[int], lang: str, who: W.SeatWord) -> str:
    scores = state.scores()
    standing = [seat for seat in range(state.players) if not state.out[seat]]
    if not standing:
        return ""
    best = max(scores[seat] for seat in standing)
    top = [seat for seat in standing if scores[seat] == best]
    if len(top) < 2:
        return ""
    ja = W.is_ja(lang)
    tied = W.joined([who(seat) for seat in top], lang)
    counts = [P.count(pyramid) for pyramid in state.pyramids]
    most = max(counts[seat] for seat in top)
    if len(winners) == len(top):
        why = (
            "それ以上の差はなく、勝ちを分け合う"
            if ja
            else "nothing else separates them: the win is shared"
        )
    elif sorted(seat for seat in top if counts[seat] == most) == sorted(winners):
        why = "置いたカードの多さで決まった" if ja else "more cards placed decided it"
    else:
        why = "残金の多さで決まった" if ja else "more money left decided it"
    if ja:
        return f"{tied}が{best}点で同点：{why}"
    return f"{tied} tied on {W.point_count(best, lang)}: {why}"


def result_words(state: AuctionState) -> dict[str, Any]:
    """The breakdown's words: cards in the pyramid, money left, the round a seat went out in
    (0: it did not)."""
    return {
        "labels": {
            "cards": W.both("Cards placed", "置いたカード"),
            "money": W.both("Money left", "残りの所持金"),
            "out": W.both("Out in round", "脱落したラウンド"),
        },
        "values": {"out": {"0": W.both("—", "—")}},
    }
