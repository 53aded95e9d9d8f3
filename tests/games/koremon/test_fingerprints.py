"""Monster Auction and Trick the Monster play exactly as they always have (issue 18): a digest
of many seeded random games at every player count and option, recorded before their hot paths
were rewritten for speed. Each game hashes, decision by decision, the pending seats, every
pending seat's legal list, the action picked, the events it returned; now and then every seat's
view, a determinization from a few seats and the search's rule of thumb, candidates and
heuristic; at the end the full JSON and the result.

A change to the rules' outcomes (or to a legal list's order, an event's fields, a view, a
determinization's draws) changes a digest. If such a change is meant, the digests must be
recomputed with `digest` and the change said so in its commit."""

from __future__ import annotations

import hashlib
import itertools
import json
from typing import Any

import pytest

from bodoge.engine import Rng, State, get_game
from bodoge.engine.registry import spec_of
from bodoge.games.koremon.auction.codes import BID
from bodoge.games.koremon.auction.rules import AuctionState
from bodoge.games.koremon.common import pyramid as P

GAMES_PER_CASE = 12


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def _pick(state: State, seat: int, picker: Rng, careful: bool) -> int:
    """A random legal action. Auction bids are mostly small, now and then any amount; a careful
    bidder (every other game) bids only now and then, and never on a monster it could not place
    alone, so that half the games last their fifteen rounds."""
    legal = state.legal_actions(seat)
    if not isinstance(state, AuctionState):
        return legal[picker.below(len(legal))]
    if picker.below(16):
        legal = legal[:4]
    action = legal[picker.below(len(legal))]
    if careful and state.phase == BID:
        card = state.table[len(state.bids[seat])]
        if not P.can_place(state.pyramids[seat], card, state.mimics_ok) or picker.below(3):
            return 0
    return action


def digest(game_id: str, players: int, options: dict[str, str]) -> str:
    """The digest of `GAMES_PER_CASE` random games of one case."""
    game = get_game(game_id)
    hasher = hashlib.sha256()
    for number in range(GAMES_PER_CASE):
        state = game.new(players, options, 1000 * players + number)
        picker = Rng(number)
        while True:
            pending = state.pending()
            hasher.update(_dump(pending))
            if not pending:
                break
            for seat in pending:
                hasher.update(_dump(state.legal_actions(seat)))
            if state.ply % 9 == 0:
                for seat in [None, *range(players)]:
                    hasher.update(_dump(state.view(seat)))
                for seat in (None, pending[0]):
                    other = state.determinize(seat, Rng(state.ply))
                    hasher.update(_dump(other.to_json()))
                # the search's model of the players: its moves, judgements and candidates
                seat = pending[-1]
                legal = state.legal_actions(seat)
                hasher.update(_dump(state.playout_action(seat, legal, Rng(state.ply))))
                hasher.update(_dump(state.search_actions(seat)))
                hasher.update(_dump([spec_of(state).heuristic(state, s) for s in range(players)]))
            seat = pending[picker.below(len(pending))]
            action = _pick(state, seat, picker, careful=number % 2 == 1)
            hasher.update(_dump([seat, action, state.apply(seat, action)]))
        hasher.update(_dump(state.to_json()))
        result = state.result()
        assert result is not None
        hasher.update(_dump(result.to_json()))
    return hasher.hexdigest()[:24]


def _cases(game_id: str, choices: dict[str, tuple[str, ...]]) -> list[tuple[Any, ...]]:
    info = get_game(game_id).info
    names = sorted(choices)
    return [
        (game_id, players, dict(zip(names, values, strict=True)))
        for players in range(info.min_players, info.max_players + 1)
        for values in itertools.product(*(choices[name] for name in names))
    ]


CASES = [
    *_cases(
        "koremon_auction",
        {"payment": ("all-pay", "winner-pays"), "mimics_placeable": ("yes", "no")},
    ),
    *_cases("koremon_trick", {"mimic_lead": ("only-mimics", "any-time")}),
]

DIGESTS = {  # recorded at 7361153, before the speed work of issue 18
    "koremon_auction 3 mimics_placeable=yes,payment=all-pay": "ea310b7f15dd1e1e9b99d9b3",
    "koremon_auction 3 mimics_placeable=yes,payment=winner-pays": "4e47347b2534a549ae774e24",
    "koremon_auction 3 mimics_placeable=no,payment=all-pay": "ddd037d5a13a5c4926bd2548",
    "koremon_auction 3 mimics_placeable=no,payment=winner-pays": "78f8b9b13d75e09350e13b96",
    "koremon_auction 4 mimics_placeable=yes,payment=all-pay": "f3b1c42eea828f2aa78d0d63",
    "koremon_auction 4 mimics_placeable=yes,payment=winner-pays": "e75f9c4eae4bac46e835dfeb",
    "koremon_auction 4 mimics_placeable=no,payment=all-pay": "7c511cd13d93405e4a6b9657",
    "koremon_auction 4 mimics_placeable=no,payment=winner-pays": "7ea0ae8c7f0a00d25a418129",
    "koremon_auction 5 mimics_placeable=yes,payment=all-pay": "411a41c72471ef17bbeaf778",
    "koremon_auction 5 mimics_placeable=yes,payment=winner-pays": "8f390196be0a4ad7f9ff063a",
    "koremon_auction 5 mimics_placeable=no,payment=all-pay": "74fd7da522a110ab0692dfee",
    "koremon_auction 5 mimics_placeable=no,payment=winner-pays": "7eca18fa6e522ea4716d9321",
    "koremon_auction 6 mimics_placeable=yes,payment=all-pay": "096c750b1bb654fbed097e92",
    "koremon_auction 6 mimics_placeable=yes,payment=winner-pays": "23ac59a64f85073e4da98237",
    "koremon_auction 6 mimics_placeable=no,payment=all-pay": "656ffb9f53e1ffc254683067",
    "koremon_auction 6 mimics_placeable=no,payment=winner-pays": "21f3efdf3977e242c177ec95",
    "koremon_trick 3 mimic_lead=only-mimics": "320acac476ddffc8a8b9980b",
    "koremon_trick 3 mimic_lead=any-time": "dcf876b39491d91c8911cfd8",
    "koremon_trick 4 mimic_lead=only-mimics": "6a879931458a10fd4f26fdd8",
    "koremon_trick 4 mimic_lead=any-time": "8eff0a0c3192a2f58ae576ce",
    "koremon_trick 5 mimic_lead=only-mimics": "4e52169f57092a5fb0ee0027",
    "koremon_trick 5 mimic_lead=any-time": "a840bab9f10daeade5931a58",
    "koremon_trick 6 mimic_lead=only-mimics": "4a249d3f29bbf7d0a45b2097",
    "koremon_trick 6 mimic_lead=any-time": "4307effc95d46ff7d1be1d9b",
}


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_games_play_as_recorded(game_id: str, players: int, options: dict[str, str]) -> None:
    key = f"{game_id} {players} " + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    assert digest(game_id, players, options) == DIGESTS[key]


if __name__ == "__main__":  # print the digests, to record them
    for game_id, players, options in CASES:
        key = f"{game_id} {players} " + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        print(f"    {key!r}: {digest(game_id, players, options)!r},")
