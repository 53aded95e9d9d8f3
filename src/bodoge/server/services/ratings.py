"""Ratings: each account's Weng-Lin rating per game (openskill's Plackett-Luce model), updated
in the transaction that stores a rated table's last move (`rate_finished`, called from
services/moves.py), and rebuilt from the stored results by `recompute`.

A finished table counts when it was made rated and every seat is a person's seat whose player
row belongs to an account, each account in one seat only (`who_counts`). The sides are the
game's teams (Collect!'s 2 vs 2) or one seat each; a side's rank is the best rank of its
seats; ties share a rank; a side with a seat whose person left during the game (a bot stood in
for them) ranks after every other side (`standings`). See docs/ratings.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce
from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.engine import Result, ranks_from_keys
from bodoge.server.services.model import Seat, Table
from bodoge.server.store import ratings as store
from bodoge.server.store.models import RatingChangeRow, RatingRow, now

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (a rating drifts a little
# between games, so it never freezes). The boards sort by the ordinal, mu - 3 sigma.
MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


INITIAL = Skill(MODEL.mu, MODEL.sigma)


def ordinal(mu: float, sigma: float) -> float:
    """What the boards sort by: openskill's ordinal, mu - 3 sigma."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


@dataclass(frozen=True)
class Side:
    """Seats rated as one (a team, or one seat) and their rank (1 is best, ties shared)."""

    seats: tuple[int, ...]
    rank: int


def standings(result: Result, players: int, leavers: Iterable[int] = ()) -> list[Side]:
    """The sides of a finished game as rated: the game's teams or one seat each, ranked by the
    best rank of their seats, every side with a leaver after all the others (tied last)."""
    groups = result.teams if result.teams is not None else [[seat] for seat in range(players)]
    left = set(leavers)
    # larger is better: the sides without leavers by the game's own rank, then every side
    # with a leaver, tied (they all abandoned the game, whatever the bots made of it after)
    keys = [
        (False, 0) if any(seat in left for seat in group)
        else (True, -min(result.ranks[seat] for seat in group))
        for group in groups
    ]  # fmt: skip
    ranks = ranks_from_keys(keys)
    return [Side(tuple(sorted(group)), rank) for group, rank in zip(groups, ranks, strict=True)]


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """The skills after one game: `sides[i]` are the skills of side i's seats, `ranks[i]` its
    rank (1 is best). openskill's own `rate`, nothing added."""
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma) for skill in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [[Skill(float(one.mu), float(one.sigma)) for one in side] for side in rated]


def leavers(seats: Sequence[Seat]) -> list[int]:
    """The seats whose person left during the game: a bot stands in and nobody holds the seat's
    credential (a bot standing in on timeout leaves the credential with its person)."""
    return [
        seat.seat
        for seat in seats
        if seat.kind == "human" and seat.stand_in is not None and seat.credential_hash is None
    ]


def who_counts(seats: Sequence[Seat], accounts: dict[str, str | None]) -> list[str] | None:
    """Each seat's account if the table counts (every seat a person's, each an account's, no
    account in two seats); None if it does not count."""
    found: list[str] = []
    for seat in seats:
        account = accounts.get(seat.player_id) if seat.player_id is not None else None
        if seat.kind != "human" or account is None or account in found:
            return None
        found.append(account)
    return found


@dataclass(frozen=True)
class Change:
    """One seat's rating change by one table (a `rating_changes` row before it is stored)."""

    account_id: str
    seat: int
    team: int
    rank: int
    before: Skill
    after: Skill


def changes(
    accounts: Sequence[str], sides: Sequence[Side], now_skill: dict[str, Skill]
) -> list[Change]:
    """Every seat's change by one game, from the skills before it (`now_skill`, INITIAL when an
    account has none at this game yet)."""
    before = [[now_skill.get(accounts[seat], INITIAL) for seat in side.seats] for side in sides]
    after = rate(before, [side.rank for side in sides])
    found = []
    for team, side in enumerate(sides):
        for index, seat in enumerate(side.seats):
            found.append(
                Change(
                    accounts[seat], seat, team, side.rank, before[team][index], after[team][index]
                )
            )
    return sorted(found, key=lambda change: change.seat)


async def rate_finished(session: AsyncSession, table: Table) -> list[Change]:
    """Rate a table whose game has just ended, in the caller's write transaction (the one that
    stores the last move): nothing if the table is not rated or does not count."""
    result = table.match.result()
    if not table.rated or result is None:
        return []
    players = [seat.player_id for seat in table.seats if seat.player_id is not None]
    accounts = who_counts(table.seats, await store.accounts_of(session, players))
    if accounts is None:
        return []
    sides = standings(result, table.players, leavers(table.seats))
    # the accounts' rows locked, in one order, so two tables ending at once rate in turn
    stored = await store.lock_ratings(session, table.game, accounts, INITIAL.mu, INITIAL.sigma)
    skills = {key: Skill(row.mu, row.sigma) for key, row in stored.items()}
    found = changes(accounts, sides, skills)
    await store.save_changes(session, table.game, [_row(table, c) for c in found], now())
    return found


def _row(table: Table, change: Change) -> RatingChangeRow:
    return RatingChangeRow(
        table_id=table.id,
        account_id=change.account_id,
        game=table.game,
        seat=change.seat,
        team=change.team,
        rank=change.rank,
        mu_before=change.before.mu,
        sigma_before=change.before.sigma,
        mu_after=change.after.mu,
        sigma_after=change.after.sigma,
        ordinal_after=change.after.ordinal,
        created=now(),
    )


def replay(rows: Sequence[RatingChangeRow]) -> tuple[dict[tuple[str, str], Skill], list[Skill]]:
    """Rebuild every rating from the stored results alone (the sides and ranks of each rated
    table, in the order they were stored): the ratings by (account, game) and, per row, the
    skill after it. Recomputing gives the stored numbers exactly: the same model, the same
    inputs in the same order."""
    skills: dict[tuple[str, str], Skill] = {}
    after: dict[int, Skill] = {}
    for group in _by_table(rows):
        game = group[0].game
        sides: dict[int, list[RatingChangeRow]] = {}
        for row in sorted(group, key=lambda row: row.seat):  # as rated: seat order
            sides.setdefault(row.team, []).append(row)
        order = sorted(sides)
        before = [[skills.get((row.account_id, game), INITIAL) for row in sides[t]] for t in order]
        rated = rate(before, [sides[t][0].rank for t in order])
        for team, new in zip(order, rated, strict=True):
            for row, skill in zip(sides[team], new, strict=True):
                skills[(row.account_id, game)] = skill
                after[row.id] = skill
    return skills, [after[row.id] for row in rows]


def _by_table(rows: Sequence[RatingChangeRow]) -> list[list[RatingChangeRow]]:
    """The rows grouped by table, the tables in the order their first row was stored."""
    groups: dict[str, list[RatingChangeRow]] = {}
    for row in sorted(rows, key=lambda row: row.id):
        groups.setdefault(row.table_id, []).append(row)
    return list(groups.values())


@dataclass(frozen=True)
class Recomputed:
    results: int  # rated tables replayed
    ratings: int  # (account, game) ratings rebuilt
    differed: int  # stored numbers that were not what the replay gives (0: all exact)


async def recompute(session: AsyncSession, write: bool) -> Recomputed:
    """Rebuild every rating from the stored results, in the order stored, and count the stored
    numbers (ratings and history rows) that differ from the rebuilt ones; with `write`, store
    the rebuilt ones in their place (in the caller's transaction)."""
    rows = await store.all_changes(session)
    skills, after = replay(rows)
    # a deleted account's results still rate the others, but it has no rating of its own
    gone = await store.deleted_accounts(session)
    skills = {key: skill for key, skill in skills.items() if key[0] not in gone}
    counts: dict[tuple[str, str], tuple[int, int]] = {}
    for row in rows:
        games, wins = counts.get((row.account_id, row.game), (0, 0))
        counts[(row.account_id, row.game)] = (games + 1, wins + (row.rank == 1))
    differed = 0
    previous: dict[tuple[str, str], Skill] = {}
    for row, skill in zip(rows, after, strict=True):
        before = previous.get((row.account_id, row.game), INITIAL)
        previous[(row.account_id, row.game)] = skill
        stored = (row.mu_before, row.sigma_before, row.mu_after, row.sigma_after)
        if stored != (before.mu, before.sigma, skill.mu, skill.sigma):
            differed += 1
            if write:
                await store.set_change(session, row.id, before, skill, skill.ordinal)
    stored_ratings = {(r.account_id, r.game): r for r in await store.all_ratings(session)}
    for key, skill in skills.items():
        rating = stored_ratings.pop(key, None)
        wanted = (skill.mu, skill.sigma, *counts[key])
        if rating is None or (rating.mu, rating.sigma, rating.games, rating.wins) != wanted:
            differed += 1
    differed += sum(left.games > 0 for left in stored_ratings.values())  # a rating no result made
    if write:
        when = now()
        await store.replace_ratings(
            session,
            [
                RatingRow(account_id=account, game=game, mu=skill.mu, sigma=skill.sigma,
                          games=counts[(account, game)][0], wins=counts[(account, game)][1],
                          updated=when)
                for (account, game), skill in sorted(skills.items())
            ],
        )  # fmt: skip
    return Recomputed(len({row.table_id for row in rows}), len(skills), differed)
