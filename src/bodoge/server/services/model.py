"""A table as the server holds it in memory: its seats, its match and its clock, and who a
credential makes of the caller (a seat, or a spectator)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bodoge.engine import Match
from bodoge.engine.match import UNDO
from bodoge.server import auth
from bodoge.server.errors import ApiError
from bodoge.server.services.clock import TableClock
from bodoge.server.store.models import SeatRow

SEED_BITS = 63  # the seed column is a signed 64-bit integer


@dataclass
class Seat:
    seat: int
    kind: str  # human | bot | open | reserved (for a person of the previous game, rematch.py)
    player_id: str | None = None
    name: str | None = None
    bot_level: str | None = None
    credential_hash: str | None = None
    stand_in: str | None = None

    def bot(self) -> str | None:
        """The bot level that decides for this seat, if any (its own, or one standing in)."""
        return self.bot_level if self.kind == "bot" else self.stand_in

    def decider(self) -> str | None:
        """Who decides for the seat, as a move's `by`: None for its person, "bot:<level>" for a
        bot seat or a bot standing in for a person who left, "timeout:<level>" for a bot standing
        in since the seat's clock ran out (the person kept the credential, to take it back)."""
        if self.kind == "bot":
            return f"bot:{self.bot_level}"
        if self.stand_in is None:
            return None
        return f"{'timeout' if self.credential_hash else 'bot'}:{self.stand_in}"

    @classmethod
    def from_row(cls, row: SeatRow) -> Seat:
        return cls(
            row.seat,
            row.kind,
            row.player_id,
            row.name,
            row.bot_level,
            row.credential_hash,
            row.stand_in,
        )


@dataclass
class Table:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str  # waiting | playing | over
    public: bool
    spectators: bool
    invite_hash: str
    created: float
    seats: list[Seat]
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematch: str | None = None  # the table of the rematch, once someone asked for it (rematch.py)
    clock: TableClock = field(default_factory=TableClock)
    # The stored version (`tables.version`) this cache was made from, read no later than what
    # it holds; None when unknown (the moves read after a notice): a move then takes the full
    # path, which locks the row and catches up.
    version: int | None = None
    rated: bool = False  # whether the result updates the ratings (services/ratings.py)
    hints: bool = False  # whether its seats may ask for hints (services/analysis.py)

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_of(self, credential: str | None) -> int | None:
        """The seat a credential opens, None if it opens none."""
        if not credential:
            return None
        found = None
        for seat in self.seats:  # every seat is compared, so the time tells nothing
            if auth.matches(credential, seat.credential_hash):
                found = seat.seat
        return found


def reserved(table: Table) -> bool:
    """Whether a seat is still kept for a person of the table this one is a rematch of."""
    return any(seat.kind == "reserved" for seat in table.seats)


@dataclass
class SeatRequest:
    kind: str  # me | open | bot
    level: str | None = None


def require_seat(table: Table, credential: str | None) -> int:
    """The seat a credential opens, or unauthorized."""
    if not credential:
        raise ApiError(
            "unauthorized",
            "this needs the seat's credential (X-Seat-Credential)",
            "席の認証情報が必要です。X-Seat-Credentialで送ってください",
        )
    seat = table.seat_of(credential)
    if seat is None:
        raise wrong_seat()
    return seat


def viewer(table: Table, credential: str | None) -> int | None:
    """The seat of a credential, or None for a spectator where the table allows them."""
    if credential:
        return require_seat(table, credential)
    if not table.spectators:
        raise ApiError("forbidden", "this table allows no spectators", "この卓は観戦できません")
    return None


def not_found(table_id: str) -> ApiError:
    return ApiError("not_found", f"no table {table_id!r:.40}", f"卓{table_id!r:.40}はありません")


def wrong_seat() -> ApiError:
    return ApiError(
        "unauthorized",
        "that credential opens no seat at this table",
        "その認証情報はこの卓のどの席のものでもありません",
    )


def replay_moves(table_id: str, match: Match, moves: Sequence[Any]) -> None:
    """Apply stored moves (rows with ply, seat, action, by) to `match`, checking each ply."""
    for move in moves:
        if move.action == UNDO:
            match.undo(move.seat)
        else:
            match.apply(move.seat, move.action, by=move.by)
        if match.ply != move.ply:
            raise RuntimeError(f"table {table_id}: stored ply {move.ply}, replayed {match.ply}")
