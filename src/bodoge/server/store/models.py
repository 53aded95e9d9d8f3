"""The database's tables as SQLAlchemy 2 models, and how values are stored in them.

A game is stored as its seed, options and an append-only log of moves; the in-memory `Match` is
rebuilt from them (services/cache.py). The schema is made by the Alembic migrations
(migrations/), applied at start (`migrate`); these models must match them.
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[float] = mapped_column(Float)
    # the account this guest became (migration 0005); null while a guest
    account_id: Mapped[str | None] = mapped_column(String(36), nullable=True, index=True)


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting | playing | over
    public: Mapped[bool] = mapped_column(Boolean)
    spectators: Mapped[bool] = mapped_column(Boolean)
    clock: Mapped[str] = mapped_column(Text)  # JSON object
    timeout_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    invite_hash: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    # raised by every write to the table, in its transaction (migration 0004; `append_move`)
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # whether the result updates the ratings (migration 0005)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # whether its seats may ask for hints (casual, with a bot; migration 0008)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | bot | open | reserved
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    credential_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    stand_in: Mapped[str | None] = mapped_column(String(16), nullable=True)
    bank: Mapped[float | None] = mapped_column(Float, nullable=True)  # seconds (realtime clock)


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (
        UniqueConstraint("table_id", "ply", name="uq_moves_table_ply"),
        UniqueConstraint("table_id", "seat", "client_key", name="uq_moves_table_seat_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    ply: Mapped[int] = mapped_column(Integer)  # the match's ply after this move
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(128))  # notation, or "undo"
    by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    client_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created: Mapped[float] = mapped_column(Float)


class DeadlineRow(Base):
    """A seat's running clock: the ply it started at and when it runs out (see timekeeping.py)."""

    __tablename__ = "deadlines"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    ply: Mapped[int] = mapped_column(Integer)
    due: Mapped[float] = mapped_column(Float)


class LeaseRow(Base):
    """Which server process runs a table's bots and clocks, until when (migration 0003)."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32), index=True)
    until: Mapped[float] = mapped_column(Float)


# ---- accounts and passkeys (migration 0006) ------------------------------------------------
# A person's account: a guest's player row becomes the account's by `players.account_id`.


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))  # the sign-in name as its person typed it
    name_key: Mapped[str] = mapped_column(String(64), unique=True)  # NFKC, case-folded
    display_name: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)  # argon2
    user_handle: Mapped[str] = mapped_column(String(64), unique=True)  # WebAuthn user.id
    created: Mapped[float] = mapped_column(Float)
    disabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    deleted: Mapped[float | None] = mapped_column(Float, nullable=True)


class PasskeyRow(Base):
    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)  # base64url
    public_key: Mapped[bytes] = mapped_column(LargeBinary)  # COSE
    sign_count: Mapped[int] = mapped_column(BigInteger)
    label: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)
    last_used: Mapped[float | None] = mapped_column(Float, nullable=True)


class AccountSessionRow(Base):
    """A signed-in browser: the sha256 of its cookie's secret (sessions.py)."""

    __tablename__ = "account_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float)


class ChallengeRow(Base):
    """A WebAuthn challenge handed out and not yet answered (one use, a few minutes)."""

    __tablename__ = "webauthn_challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    challenge: Mapped[str] = mapped_column(String(128))  # base64url
    purpose: Mapped[str] = mapped_column(String(16))  # signup | add | signin
    account_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    user_handle: Mapped[str | None] = mapped_column(String(64), nullable=True)
    expires: Mapped[float] = mapped_column(Float)


class AnalysisRow(Base):
    """One seat's analysis at a table by the search at a level (migration 0008): queued,
    running (`done` of `total` items), ready (`result`: the analysis's JSON) or failed. `ply`
    is the table's ply it covers: a finished game's last, or the ply of an analysis asked for
    during play (older than the game once it moves on)."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    level: Mapped[str] = mapped_column(String(16), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))  # queued | running | ready | failed
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON of a ready one
    updated: Mapped[float] = mapped_column(Float)


# ---- the designer's studio (migration 0009): variants, their versions, balance runs ----------


class VariantRow(Base):
    """A designer's named copy of a game's content, owned by a player row (its account once
    `players.account_id` is set). `visibility`: private, unlisted (anyone with its id, the
    link) or public (listed)."""

    __tablename__ = "variants"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    owner_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    visibility: Mapped[str] = mapped_column(String(8), index=True)
    latest: Mapped[int] = mapped_column(Integer)  # the newest version's number (1, 2, ...)
    created: Mapped[float] = mapped_column(Float)


class VariantVersionRow(Base):
    """One saved version of a variant: its content as JSON (data, never a path) and the digest
    a table's `content` option names (`variant:<digest>`)."""

    __tablename__ = "variant_versions"

    variant_id: Mapped[str] = mapped_column(ForeignKey("variants.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    content: Mapped[str] = mapped_column(Text)  # JSON object
    digest: Mapped[str] = mapped_column(String(64), index=True)
    created: Mapped[float] = mapped_column(Float)


class BalanceRunRow(Base):
    """N bot games of a variant's version (or of the built-in content: no variant), played in
    worker processes; `summary` is `bodoge.sim`'s summary once done."""

    __tablename__ = "balance_runs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    variant_id: Mapped[str | None] = mapped_column(ForeignKey("variants.id"), nullable=True)
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    owner_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    players: Mapped[int] = mapped_column(Integer)
    bots: Mapped[str] = mapped_column(Text)  # JSON list, one spec per line-up slot
    games: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # running|done|cancelled|failed
    done: Mapped[int] = mapped_column(Integer)  # games played so far
    summary: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON object
    created: Mapped[float] = mapped_column(Float)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def now() -> float:
    return time.time()


# ---- ratings (migration 0007; store/ratings.py) ---------------------------------------------


class RatingRow(Base):
    """An account's rating at one game (Weng-Lin's mu and sigma), and its counts."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated: Mapped[float] = mapped_column(Float)


class RatingChangeRow(Base):
    """One account's rating change by one finished rated table: the history that the profile
    charts and `bodoge ratings recompute` checks."""

    __tablename__ = "rating_changes"
    __table_args__ = (
        # a table rates each account once, however many times its end is written
        UniqueConstraint("table_id", "account_id", name="uq_rating_changes_table_account"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    account_id: Mapped[str] = mapped_column(String(36), index=True)
    game: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    team: Mapped[int] = mapped_column(Integer)  # the side it was rated in (its seat, or its team)
    rank: Mapped[int] = mapped_column(Integer)  # the side's rank as rated: 1 is best; leavers last
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    ordinal_after: Mapped[float] = mapped_column(Float)  # mu - 3 sigma: what boards sort by
    created: Mapped[float] = mapped_column(Float)
