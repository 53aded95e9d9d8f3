"""What the Koremon observers put where: each piece read back from positions reached by play,
seats counted from the observer (+0 is the observer, +1 the next seat clockwise)."""

from __future__ import annotations

from bodoge.engine import Match
from bodoge.engine.registry import spec_of
from bodoge.games.koremon.common.cards import MIMIC, parse_card
from bodoge.games.koremon.common.pyramid import SLOTS, parse_slot

CARDS = MIMIC + 1


def play(match: Match, seat: int, *texts: str) -> None:
    for text in texts:
        match.apply(seat, match.state.parse_action(text))


def pieces(match: Match, seat: int | None) -> dict[str, list[float]]:
    observer = spec_of(match.state).observer(match.state.players, match.state.options)
    return observer.split(observer.encode(match.state.view(seat)))


def code(key: str) -> int:
    card = parse_card(key)
    assert card is not None
    return card


def auction_round_one() -> Match:
    """Round 1 of this seed turns kobold, slime, golem, goblin, vampire, griffin."""
    match = Match("koremon_auction", 3, seed=3)
    assert match.state.view(None)["table"][:2] == ["kobold", "slime"]
    return match


def test_auction_shows_the_own_bid_so_far_and_every_bid_only_after_the_reveal() -> None:
    """Seed 000 variant 1, 2.: the amounts are secret until everyone has written; 3.: then
    revealed, the single highest positive bid winning each monster (RULINGS §3: all-pay)."""
    match = auction_round_one()
    play(match, 0, "bid:30", "bid:0")
    mine = pieces(match, 0)
    assert mine["my_bid"][:6] == [1.0, 0.3, 1.0, 0.0, 0.0, 0.0]  # [written, amount / 100]
    assert mine["status"][:5] == [1.0, 0.0, 0.0, 0.0, 0.0]  # +0 still bidding
    assert mine["table"][0 * CARDS + code("kobold")] == 1.0
    # Seat 1 cannot tell what seat 0 wrote: another amount gives it the same observation.
    other = auction_round_one()
    play(other, 0, "bid:7", "bid:0")
    assert pieces(match, 1) == pieces(other, 1)
    play(match, 0, "bid:0", "bid:0", "bid:0", "bid:0")
    play(match, 1, "bid:0", "bid:1", "bid:0", "bid:1", "bid:0", "bid:0")
    play(match, 2, *["bid:0"] * 6)
    seen = pieces(match, 1)  # from seat 1: seat 2 is +1, seat 0 is +2
    assert seen["last_bids"][2 * 6 : 3 * 6] == [0.3, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert seen["last_bids"][:6] == [0.0, 0.01, 0.0, 0.01, 0.0, 0.0]
    winners = [seen["last_winners"][i * 3 : i * 3 + 3] for i in range(6)]
    assert winners == [[0, 0, 1], [1, 0, 0], [0, 0, 0], [1, 0, 0], [0, 0, 0], [0, 0, 0]]
    assert seen["last_table"][1 * CARDS + code("slime")] == 1.0
    assert seen["money"] == [0.98, 1.0, 0.7]
    assert seen["to_place"][code("slime")] == seen["to_place"][code("goblin")] == 1 / 6
    assert seen["status"][2 * 5 : 3 * 5] == [0.0, 0.0, 1.0, 0.0, 0.0]  # seat 0 placing
    assert seen["discard"][code("golem")] == 1 / 5
    assert not any(seen["my_bid"]) and not any(seen["table"])


def test_auction_pyramids_are_slot_by_slot_and_relative() -> None:
    match = auction_round_one()
    play(match, 0, "bid:30", *["bid:0"] * 5)
    play(match, 1, *["bid:0"] * 6)
    play(match, 2, *["bid:0"] * 6)
    play(match, 0, "place:kobold@5.3")
    slot = parse_slot("5.3")
    assert slot is not None
    seen = pieces(match, 2)  # from seat 2: seat 0 is +1
    assert seen["pyramids"][(1 * SLOTS + slot) * CARDS + code("kobold")] == 1.0
    assert sum(seen["pyramids"]) == 1.0
    assert seen["scores"][1] == (1 + 25) / 65  # a rank-5 monster scores 1; range -25..40
    assert seen["round"][1] == 1.0  # round 2 has begun


def test_hunt_shows_the_ring_the_piece_and_the_roll() -> None:
    """Seed 000 variant 2, 2.: roll, move the Winhart piece clockwise, take the card there."""
    match = Match("koremon_hunt", 4, seed=3)
    mover = match.pending()[0]
    play(match, mover, "roll")
    view = match.state.view(mover)
    seen = pieces(match, mover)
    assert seen["die"][view["die"] - 1] == 1.0 and sum(seen["die"]) == 1.0
    assert seen["piece"][view["piece"] - 1] == 1.0 and sum(seen["piece"]) == 1.0
    for position, key in enumerate(view["ring"]):
        assert seen["ring"][position * CARDS + code(key)] == 1.0
    assert seen["deck"] == [84 / 84]
    assert seen["to_move"][0] == (1.0 if view["pending"] == [mover] else 0.0)


def test_trick_shows_the_own_hand_the_trick_and_the_deal_record() -> None:
    """Seed バリアント３: a Mimic counts as a species already in the trick."""
    match = Match("koremon_trick", 4, seed=2)
    state = match.state
    leader = match.pending()[0]
    lead = next(a for a in state.legal_actions(leader) if a < MIMIC)
    match.apply(leader, lead)
    second = match.pending()[0]
    seen = pieces(match, second)  # the leader is +3 from the seat after it
    hand = match.state.view(second)["hand"]
    assert seen["hand"][code("dragon")] == hand.count("dragon") / 3
    assert seen["hand"][MIMIC] == hand.count("mimic") / 15
    assert seen["trick_seat"][:4] == [0.0, 0.0, 0.0, 1.0]
    assert seen["trick_card"][lead] == 1.0 and seen["trick_as"][lead] == 1.0
    width = 4 + 31  # plays: seat one-hot, then the action number
    assert seen["plays"][3] == 1.0 and seen["plays"][4 + lead] == 1.0
    assert sum(seen["plays"]) == 2.0
    assert seen["played"][3 * CARDS + lead] == 1 / 3
    assert seen["hand_sizes"] == [15 / 15, 15 / 15, 15 / 15, 14 / 15]
    assert not any(seen["plays"][width:])
    assert not any(pieces(match, None)["hand"])  # a spectator holds nothing
