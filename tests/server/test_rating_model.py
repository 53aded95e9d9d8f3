"""Properties of the rating model (services/ratings.py) over many cases: a sole winner's rating
never drops; a two-player game, teams and ties get openskill's own numbers; a leaver's side
ranks after every other; the recompute (`replay`) reproduces the live numbers exactly, over
random sequences of games and over finished random games of every game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bodoge.engine import Match, Result, game_ids, get_game
from bodoge.server.services.ratings import (
    INITIAL,
    Change,
    Side,
    Skill,
    changes,
    rate,
    replay,
    standings,
)
from bodoge.server.store.models import RatingChangeRow

MODEL = PlackettLuce()
skills = st.builds(
    Skill, st.floats(min_value=-20, max_value=70), st.floats(min_value=0.5, max_value=9)
)


@settings(max_examples=300, deadline=None)
@given(st.lists(skills, min_size=2, max_size=8), st.data())
def test_a_sole_winner_never_loses_rating(players: list[Skill], data: st.DataObject) -> None:
    winner = data.draw(st.integers(0, len(players) - 1))
    others = data.draw(st.lists(st.integers(2, len(players)), min_size=len(players),
                                max_size=len(players)))  # fmt: skip
    ranks = [1 if seat == winner else others[seat] for seat in range(len(players))]
    after = rate([[skill] for skill in players], ranks)
    assert after[winner][0].mu >= players[winner].mu


@settings(max_examples=200, deadline=None)
@given(skills, skills, st.sampled_from([(1, 2), (2, 1), (1, 1)]))
def test_a_two_player_game_is_openskills_own_numbers(
    first: Skill, second: Skill, ranks: tuple[int, int]
) -> None:
    found = changes(
        ["a", "b"], [Side((0,), ranks[0]), Side((1,), ranks[1])], {"a": first, "b": second}
    )
    want = MODEL.rate(
        [[MODEL.rating(mu=first.mu, sigma=first.sigma)],
         [MODEL.rating(mu=second.mu, sigma=second.sigma)]],
        ranks=list(ranks),
    )  # fmt: skip
    assert [(c.after.mu, c.after.sigma) for c in found] == [
        (want[0][0].mu, want[0][0].sigma),
        (want[1][0].mu, want[1][0].sigma),
    ]


@settings(max_examples=200, deadline=None)
@given(st.lists(skills, min_size=4, max_size=4), st.sampled_from([0, 1, None]))
def test_teams_and_ties_are_rated_as_openskill_rates_them(
    four: list[Skill], winning: int | None
) -> None:
    teams = [[0, 2], [1, 3]]
    seat_ranks = [1, 1, 1, 1] if winning is None else [
        1 if seat % 2 == winning else 2 for seat in range(4)
    ]  # fmt: skip
    result = Result([0.0] * 4, seat_ranks, [], teams, winning)
    sides = standings(result, 4)
    accounts = ["a", "b", "c", "d"]
    found = changes(accounts, sides, dict(zip(accounts, four, strict=True)))
    team_ranks = [seat_ranks[0], seat_ranks[1]]
    want = MODEL.rate(
        [[MODEL.rating(mu=four[s].mu, sigma=four[s].sigma) for s in team] for team in teams],
        ranks=team_ranks,
    )
    by_seat = {c.seat: c.after for c in found}
    for team, rated in zip(teams, want, strict=True):
        for seat, one in zip(team, rated, strict=True):
            assert (by_seat[seat].mu, by_seat[seat].sigma) == (one.mu, one.sigma)
    if winning is None:  # a shared rank: teammates of equal skill move alike
        assert all(c.rank == 1 for c in found)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8), st.data())
def test_a_leaver_ranks_after_every_other_side(players: int, data: st.DataObject) -> None:
    ranks = data.draw(st.lists(st.integers(1, players), min_size=players, max_size=players))
    left = data.draw(st.sets(st.integers(0, players - 1), min_size=1, max_size=players - 1))
    sides = standings(Result([0.0] * players, ranks, []), players, left)
    last = max(side.rank for side in sides)
    for side in sides:
        (seat,) = side.seats
        if seat in left:
            assert side.rank == last
        else:
            assert side.rank < last
            # the others keep the game's order among themselves
            for other in sides:
                (them,) = other.seats
                if them not in left and ranks[them] < ranks[seat]:
                    assert other.rank < side.rank


def _store(found: list[Change], table: str, game: str, first_id: int) -> list[RatingChangeRow]:
    return [
        RatingChangeRow(id=first_id + n, table_id=table, account_id=c.account_id, game=game,
                        seat=c.seat, team=c.team, rank=c.rank, mu_before=c.before.mu,
                        sigma_before=c.before.sigma, mu_after=c.after.mu,
                        sigma_after=c.after.sigma, ordinal_after=c.after.ordinal, created=0.0)
        for n, c in enumerate(found)
    ]  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**31), st.integers(2, 6)), min_size=1, max_size=30))
def test_the_recompute_reproduces_the_live_numbers(games: list[tuple[int, int]]) -> None:
    people = [f"p{n}" for n in range(8)]
    live: dict[tuple[str, str], Skill] = {}
    rows: list[RatingChangeRow] = []
    for number, (seed, players) in enumerate(games):
        rng = random.Random(seed)
        game = rng.choice(["g1", "g2"])
        seated = rng.sample(people, players)
        ranks = [rng.randint(1, players) for _ in range(players)]
        sides = standings(Result([0.0] * players, ranks, []), players, [0] if seed % 5 else [])
        now = {a: live.get((a, game), INITIAL) for a in seated}
        found = changes(seated, sides, now)
        for change in found:
            live[(change.account_id, game)] = change.after
        rows += _store(found, f"t{number}", game, len(rows) + 1)
    rebuilt, after = replay(rows)
    assert rebuilt == live
    assert after == [Skill(row.mu_after, row.sigma_after) for row in rows]


def test_finished_random_games_of_every_game_rate_consistently() -> None:
    """Many random games of every game, played to their end: each rates every seat once, a
    sole winner's rating does not drop, and the recompute gives the live numbers."""
    rng = random.Random(26)
    live: dict[tuple[str, str], Skill] = {}
    rows: list[RatingChangeRow] = []
    people = [f"p{n}" for n in range(10)]
    for number in range(24):
        game = game_ids()[number % len(game_ids())]
        info = get_game(game).info
        players = rng.randint(info.min_players, min(info.max_players, 5))
        match = Match(game, players, {}, rng.randrange(2**31))
        match.play_out(lambda state, seat: rng.choice(state.legal_actions(seat)))
        result = match.result()
        assert result is not None
        seated = rng.sample(people, players)
        leavers = [rng.randrange(players)] if number % 4 == 3 else []
        sides = standings(result, players, leavers)
        found = changes(seated, sides, {a: live.get((a, game), INITIAL) for a in seated})
        assert sorted(c.seat for c in found) == list(range(players))
        winners = [side for side in sides if side.rank == 1]
        if len(winners) == 1:
            for change in found:
                if change.seat in winners[0].seats and len(winners[0].seats) == 1:
                    assert change.after.mu >= change.before.mu
        for change in found:
            live[(change.account_id, game)] = change.after
        rows += _store(found, f"t{number}", game, len(rows) + 1)
    assert replay(rows)[0] == live
