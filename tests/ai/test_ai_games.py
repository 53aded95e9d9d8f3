"""Bots on every registered game: they finish games legally and cannot see hidden information.

A bot is blind to hidden information only if the game's `determinize(seat, rng)` depends on
nothing but what `seat` knows and `rng` (docs/ai.md): resampling an already resampled world
with the same generator must give the same world. A game that shuffles its hidden cards in
the order they happen to lie leaks that order to every bot through the shuffle.
"""

from __future__ import annotations

import pytest

from bodoge.ai import RandomBot, make_bot
from bodoge.engine import Match, Rng, State, game_ids, get_game

# Games whose determinize still shuffles hidden cards in their real order (to be fixed by their
# owners: sort the pool before shuffling). Their blindness checks are expected to fail.
NOT_CANONICAL: set[str] = set()


def player_counts(game_id: str) -> list[int]:
    info = get_game(game_id).info
    return sorted({info.min_players, info.max_players})


def cases() -> list[tuple[str, int]]:
    return [(game_id, players) for game_id in game_ids() for players in player_counts(game_id)]


def positions(game_id: str, players: int, every: int, limit: int) -> list[tuple[State, int]]:
    """Positions of random games with a real choice to make, about `limit` of them."""
    found: list[tuple[State, int]] = []
    for seed in range(3):
        state = get_game(game_id).new(players, None, seed)
        mover = RandomBot(seed)
        step = 0
        while not state.is_over() and len(found) < limit * (seed + 1) // 3:
            seat = state.pending()[-1]
            if step % every == 0 and len(state.legal_actions(seat)) > 1:
                found.append((state.clone(), seat))
            state.apply(seat, mover.choose(state, seat))
            step += 1
    return found


def neutral(state: State) -> dict:
    data = state.to_json()
    data["rng"] = 0
    return data


def expect_canonical(request: pytest.FixtureRequest, game_id: str) -> None:
    """Known offenders still run (and pass as XPASS once their owner fixes them)."""
    if game_id in NOT_CANONICAL:
        reason = f"{game_id}: determinize depends on the real order of hidden cards"
        request.applymarker(pytest.mark.xfail(reason=reason, strict=False))


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_determinize_depends_only_on_the_view(
    request: pytest.FixtureRequest, game_id: str, players: int
) -> None:
    """Same view, different hidden state: determinizing with one generator gives one world."""
    expect_canonical(request, game_id)
    for state, seat in positions(game_id, players, every=3, limit=30):
        other = state.determinize(seat, Rng(11))
        assert other.view(seat) == state.view(seat)
        assert neutral(state.determinize(seat, Rng(5))) == neutral(other.determinize(seat, Rng(5)))


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_a_determinizer_draws_what_determinize_draws(game_id: str, players: int) -> None:
    """The search's prepared draws (`State.determinizer`) are `determinize`'s, draw for draw:
    the same worlds from the same generator, however many are drawn from one position."""
    for state, seat in positions(game_id, players, every=5, limit=12):
        draw = state.determinizer(seat)
        one, other = Rng(31), Rng(31)
        for _ in range(3):
            assert draw(one).to_json() == state.determinize(seat, other).to_json()
        assert one.state == other.state


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_bot_decisions_ignore_hidden_information(
    request: pytest.FixtureRequest, game_id: str, players: int
) -> None:
    """Same view, different hidden state, same decision for a fixed seed."""
    expect_canonical(request, game_id)
    for state, seat in positions(game_id, players, every=9, limit=6):
        other = state.determinize(seat, Rng(23))
        other.rng = Rng(99)
        for spec in ("random", "greedy:2", "ismcts:8"):
            assert make_bot(spec, 3).choose(state, seat) == make_bot(spec, 3).choose(other, seat)


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_finish_a_game_legally(game_id: str) -> None:
    players = get_game(game_id).info.min_players
    match = Match(game_id, players, None, 1)
    bots = [make_bot(spec, seat) for seat, spec in enumerate(["greedy", "ismcts:2", "random"] * 2)]
    match.play_out(lambda state, seat: bots[seat].choose(state, seat), max_decisions=100_000,
                   by=lambda seat: f"bot:{bots[seat].name}")  # fmt: skip
    assert match.result() is not None
    assert Match.from_record(match.record()).state.to_json() == match.state.to_json()
