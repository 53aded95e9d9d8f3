"""A table's clock: its settings, each seat's bank and running deadline, and the bookkeeping that
runs inside the transaction of whatever changed the table (a move, a timeout, a seat taken back).

Kinds (the `tables.clock` column, JSON): `none`; `realtime` (a time bank of `bank` seconds per
seat, and `increment` seconds more after each of its moves); `turn` (`per_move` seconds for each
decision).
A seat's clock runs while the seat is pending and a person decides for it (not a bot, not a bot
standing in). A running clock is a `deadlines` row (table, seat, the ply it started at, when it
runs out); a realtime seat's bank while its clock is stopped is `seats.bank`. So the database
alone says when each clock runs out, and a restart (even after kill -9) loses nothing.

`settle` makes the rows match who is pending now: a seat that moved is charged the time it took
(realtime: bank = what was left + the increment, an undo earns no increment), a seat no longer
pending is charged and stopped, a seat newly pending (or the mover, pending again) starts. The
timeouts runner (runners/timeouts.py) calls `expire` when a deadline has passed: a bot of the
table's timeout level stands in for the seat (`seats.stand_in`), until the person takes it back
(`take_back`), which gives a realtime seat its full bank again.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.engine.errors import GameOver, StaleMove
from bodoge.server.errors import ApiError
from bodoge.server.levels import level_name
from bodoge.server.store.models import DeadlineRow, SeatRow
from bodoge.server.store.queries import (
    delete_deadline,
    insert_deadline,
    table_deadlines,
    update_seat,
)

if TYPE_CHECKING:
    from bodoge.server.services.model import Seat, Table

NONE, REALTIME, TURN = "none", "realtime", "turn"
CLOCK_KINDS = (NONE, REALTIME, TURN)
FIELDS = {NONE: (), REALTIME: ("bank", "increment"), TURN: ("per_move",)}
MAX_SECONDS = 30 * 24 * 3600  # 30 days: longer is a mistake, not a clock
DEFAULT_TIMEOUT_LEVEL = "normal"
WORDS_JA = {"bank": "持ち時間", "increment": "加算時間", "per_move": "1手の時間"}


@dataclass(frozen=True)
class ClockSettings:
    kind: str = NONE
    bank: float = 0.0
    increment: float = 0.0
    per_move: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{name: getattr(self, name) for name in FIELDS[self.kind]}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClockSettings:
        """Settings as stored (checked when the table was created)."""
        kind = data.get("kind", NONE)
        return cls(kind, **{name: float(data.get(name, 0.0)) for name in FIELDS[kind]})


def _invalid(en: str, ja: str) -> ApiError:
    return ApiError("invalid_clock", en, ja)


def parse_clock(data: Mapping[str, Any]) -> ClockSettings:
    """A table's clock from the request (`{"kind": ..., fields of that kind}`), or invalid_clock."""
    kind = data.get("kind", NONE)
    if kind not in CLOCK_KINDS:
        raise _invalid(
            f"clock.kind {kind!r:.20} is not one of " + ", ".join(CLOCK_KINDS),
            f"時計の種類{kind!r:.20}はありません。none、realtime、turnのどれかにしてください",
        )
    wanted = FIELDS[kind]
    for name, value in data.items():
        if name != "kind" and value is not None and name not in wanted:
            takes = ", ".join(wanted) or "nothing else"
            raise _invalid(
                f"a {kind} clock takes {takes}, not {name}",
                f"{kind}の時計に{name}は指定できません",
            )
    values: dict[str, float] = {}
    for name in wanted:
        value = data.get(name)
        if value is None and name == "increment":
            value = 0
        if value is None:
            raise _invalid(
                f"a {kind} clock needs clock.{name} (seconds)",
                f"{kind}の時計には、clock.{name}に{WORDS_JA[name]}を秒で指定してください",
            )
        if not _seconds(value, zero_ok=name == "increment"):
            above = "0 or more" if name == "increment" else "more than 0"
            above_ja = "0以上" if name == "increment" else "0より大きく"
            raise _invalid(
                f"clock.{name} must be {above} seconds, at most {MAX_SECONDS} (30 days)",
                f"clock.{name}（{WORDS_JA[name]}）は{above_ja}、{MAX_SECONDS}秒（30日）以下の"
                "秒数にしてください",
            )
        if value > MAX_SECONDS:
            raise _invalid(
                f"clock.{name} must be at most {MAX_SECONDS} seconds (30 days)",
                f"clock.{name}（{WORDS_JA[name]}）は{MAX_SECONDS}秒（30日）以下にしてください",
            )
        values[name] = float(value)
    return ClockSettings(kind, **values)


def _seconds(value: Any, zero_ok: bool) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return False
    return value >= 0 if zero_ok else value > 0


@dataclass(frozen=True)
class Deadline:
    ply: int  # the match's ply when the clock started
    due: float  # when it runs out (epoch seconds)


@dataclass
class TableClock:
    """A table's clock as in the database (kept in memory with the table, updated by `settle`)."""

    settings: ClockSettings = field(default_factory=ClockSettings)
    timeout_level: str = DEFAULT_TIMEOUT_LEVEL
    banks: dict[int, float] = field(default_factory=dict)  # realtime: each seat's stopped bank
    running: dict[int, Deadline] = field(default_factory=dict)

    @classmethod
    def load(
        cls,
        clock: str,
        timeout_level: str | None,
        seats: list[SeatRow],
        deadlines: list[DeadlineRow],
    ) -> TableClock:
        settings = ClockSettings.from_json(json.loads(clock))
        return cls(
            settings,
            timeout_level or DEFAULT_TIMEOUT_LEVEL,
            {row.seat: row.bank for row in seats if row.bank is not None},
            {row.seat: Deadline(row.ply, row.due) for row in deadlines},
        )

    def reloaded(self, seats: Sequence[SeatRow], deadlines: list[DeadlineRow]) -> TableClock:
        """The same clock with its banks and deadlines as stored now."""
        return replace(
            self,
            banks={row.seat: row.bank for row in seats if row.bank is not None},
            running={row.seat: Deadline(row.ply, row.due) for row in deadlines},
        )

    def initial_bank(self) -> float | None:
        return self.settings.bank if self.settings.kind == REALTIME else None


def people_pending(table: Table) -> set[int]:
    """The seats whose clocks should run: pending, with a person deciding."""
    if table.status != "playing" or table.match.is_over():
        return set()
    return {seat for seat in table.match.pending() if table.seats[seat].decider() is None}


def check_decider(seat: Seat, by: str | None) -> None:
    """A decision comes from whoever decides for the seat now: its person (`by` None), or the bot
    standing in. A bot that was still thinking when the person took the seat back is stale."""
    if by == seat.decider():
        return
    if by is None:
        raise ApiError(
            "stood_in",
            f"a bot ({seat.stand_in}) plays this seat since its time ran out: take it back first "
            "(POST /api/tables/{id}/return)",
            f"時間切れのため、この席はボット（{level_name(seat.stand_in or '', 'ja')}）が打って"
            "います。先にPOST /api/tables/{id}/returnで席を取り戻してください",
        )
    raise StaleMove(f"{by} no longer decides for seat {seat.seat}", ja="その席の担当が変わりました")


async def settle(
    session: AsyncSession,
    table: Table,
    at: float,
    mover: int | None = None,
    earned: bool = False,
) -> None:
    """Make the deadline rows match who is pending at `at`, after a change of the table (`mover`:
    the seat that just decided; `earned`: it made a move, not an undo). In the caller's
    transaction; the rows are read from the database, not from memory."""
    clock = table.clock
    settings = clock.settings
    if settings.kind == NONE:
        return
    rows = {row.seat: row for row in await table_deadlines(session, table.id)}
    people = people_pending(table)
    running: dict[int, Deadline] = {}
    for seat, row in rows.items():
        if seat in people and seat != mover:
            running[seat] = Deadline(row.ply, row.due)  # runs on
            continue
        if settings.kind == REALTIME:
            bonus = settings.increment if seat == mover and earned else 0.0
            bank = max(0.0, row.due - at) + bonus
            clock.banks[seat] = bank
            await update_seat(session, table.id, seat, bank=bank)
        await delete_deadline(session, table.id, seat)
    for seat in sorted(people - running.keys()):
        if settings.kind == REALTIME:
            due = at + clock.banks.get(seat, settings.bank)
        else:
            due = at + settings.per_move
        running[seat] = Deadline(table.match.ply, due)
        await insert_deadline(session, table.id, seat, table.match.ply, due)
    clock.running = running


async def expire(session: AsyncSession, table: Table, at: float) -> list[int]:
    """Every seat whose deadline has passed gets a bot of the timeout level standing in; the
    seats that timed out. Then the rows are settled (a timed-out bank is 0)."""
    clock = table.clock
    if clock.settings.kind == NONE:
        return []
    people = people_pending(table)
    timed_out = []
    for row in await table_deadlines(session, table.id):
        if row.due <= at and row.seat in people:
            table.seats[row.seat].stand_in = clock.timeout_level
            await update_seat(session, table.id, row.seat, stand_in=clock.timeout_level)
            timed_out.append(row.seat)
    await settle(session, table, at)
    return timed_out


async def take_back(session: AsyncSession, table: Table, seat: int, at: float) -> None:
    """The person takes back a seat a bot stood in for after a timeout, once the bot has made
    the decision that timed out (so a timeout always costs a decision, and taking back at once
    cannot refill a bank); its clock starts again with a full bank (realtime) at its next
    decision, or at once if it is pending."""
    if table.match.is_over():
        raise GameOver("the game is over", ja="ゲームは終了しています")
    entry = table.seats[seat]
    if entry.stand_in is None:
        raise ApiError(
            "no_stand_in",
            "no bot stands in for this seat: it is yours already",
            "この席はボットが代わりに打っていません（すでにあなたの席です）",
        )
    own = [decision.by for decision in table.match.log if decision.seat == seat]
    if not own or own[-1] != entry.decider():
        raise ApiError(
            "too_early",
            "the bot standing in makes the decision that timed out first: take the seat back "
            "after it",
            "時間切れになった手はボットが打ちます。その手のあとで席を取り戻してください",
        )
    entry.stand_in = None
    values: dict[str, Any] = {"stand_in": None}
    bank = table.clock.initial_bank()
    if bank is not None:
        table.clock.banks[seat] = values["bank"] = bank
    await update_seat(session, table.id, seat, **values)
    await settle(session, table, at)


def clock_json(table: Table, at: float) -> dict[str, Any]:
    """`clock` (the settings) and `clocks` (each seat's seconds left at `at`, and whether its
    clock runs; for a turn clock, the time left for the current decision)."""
    clock = table.clock
    settings = clock.settings
    clocks = []
    if settings.kind != NONE:
        for seat in range(table.players):
            running = clock.running.get(seat)
            if running is not None:
                remaining = max(0.0, running.due - at)
            elif settings.kind == REALTIME:
                remaining = clock.banks.get(seat, settings.bank)
            else:
                remaining = settings.per_move
            clocks.append(
                {"seat": seat, "remaining": round(remaining, 3), "running": running is not None}
            )
    return {"clock": settings.to_json(), "clocks": clocks}
