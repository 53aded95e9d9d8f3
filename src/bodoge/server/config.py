"""The server's settings: where the database is, how bots pace themselves, the size limits."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bodoge.engine.errors import BodogeError
from bodoge.server.levels import BOT_LEVELS

DEFAULT_DATA_DIR = "bodoge-data"
DATABASE_FILE = "bodoge.sqlite3"


class ConfigError(BodogeError):
    """A server setting that cannot work (a database URL of an unknown kind)."""

    code = "bad_config"
    kind_ja = "サーバーの設定が正しくありません"


@dataclass(frozen=True)
class Settings:
    """`database_url` is SQLAlchemy's (sqlite:///FILE or postgresql://...); None means a SQLite
    file in `data_dir`."""

    data_dir: Path = Path(DEFAULT_DATA_DIR)
    database_url: str | None = None
    bot_delay: float = 0.5  # seconds a bot waits before it moves, so people can follow
    bot_workers: int = 1  # processes for the search bots
    stand_in_level: str = "easy"  # the bot that takes a seat whose player left a started game
    max_body_bytes: int = 64 * 1024
    max_ws_message_bytes: int = 16 * 1024
    cors_origins: tuple[str, ...] = ()
    # Per client address and process: HTTP requests and websocket messages together. Generous,
    # so that play (and a test client replaying a whole game) never meets it; 0 turns it off.
    rate_limit_per_second: float = 200.0
    rate_limit_burst: int = 1000
    # Trained policies offered as bot levels: name -> bot spec ("policy:FILE.json"). Only the
    # server's own configuration sets them: a spec names files and modules.
    policy_bots: tuple[tuple[str, str], ...] = ()
    # Several server processes (workers, machines) on one PostgreSQL: the Redis that carries
    # their notices ("table T changed, ply P"); None: one process, nothing shared.
    redis_url: str | None = None
    redis_channel: str = "bodoge"  # its notices go on "<this>:tables"
    lease_seconds: float = 10.0  # a table's runners (bots, clocks) move on this long after a death
    analysis_queue: int = 8  # analyses queued or running at once in a process (runners/analysis.py)
    sqlite_busy_timeout: float = 5.0  # seconds another process's write may keep SQLite locked
    # Accounts (sessions.py, services/accounts.py): a session cookie lasts this many days; it
    # is Secure when the request is HTTPS, or always when `secure_cookies` is True.
    session_days: float = 30.0
    secure_cookies: bool = False
    # Sign-in attempts, per account name and per client address: a bucket of `signin_burst`
    # refilled at `signin_per_second` (one a minute).
    signin_burst: int = 10
    signin_per_second: float = 1 / 60
    # The argon2id cost of new password hashes (argon2-cffi's defaults: 64 MiB, 3 passes).
    argon2_memory_kib: int = 65536
    argon2_time_cost: int = 3
    # Passkeys: the relying party id and origin; None: the request's own host and origin.
    webauthn_rp_id: str | None = None
    webauthn_origin: str | None = None
    # The leaderboards list accounts with at least this many rated games of the game.
    leaderboard_min_games: int = 5

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON (how `bodoge serve --workers` hands them to its workers)."""
        values = asdict(self)
        values["data_dir"] = str(self.data_dir)
        return values

    @classmethod
    def from_json(cls, values: dict[str, Any]) -> Settings:
        values = dict(values)
        values["data_dir"] = Path(values["data_dir"])
        values["cors_origins"] = tuple(values["cors_origins"])
        values["policy_bots"] = tuple(tuple(pair) for pair in values["policy_bots"])
        return cls(**values)

    def bot_levels(self) -> tuple[str, ...]:
        """Every level a seat may ask for: the terminal's, then the configured policies."""
        return (*BOT_LEVELS, *(name for name, _ in self.policy_bots))

    def bot_spec(self, level: str) -> str:
        """The bot spec a level stands for (a level is its own spec, a policy its file)."""
        return dict(self.policy_bots).get(level, level)

    def sync_url(self) -> str:
        """The URL for migrations (a sync driver: stdlib sqlite3 or psycopg)."""
        return _with_driver(self._url(), sqlite="sqlite", postgresql="postgresql+psycopg")

    def async_url(self) -> str:
        """The URL the running server uses (aiosqlite or psycopg's async mode)."""
        return _with_driver(self._url(), sqlite="sqlite+aiosqlite", postgresql="postgresql+psycopg")

    def _url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.data_dir / DATABASE_FILE).resolve()}"

    def is_sqlite(self) -> bool:
        return self._url().startswith("sqlite")


def _with_driver(url: str, sqlite: str, postgresql: str) -> str:
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ConfigError(
            f"database URL {url!r} has no scheme (sqlite:///FILE or postgresql://...)"
        )
    base = scheme.split("+", 1)[0]
    if base == "sqlite":
        return f"{sqlite}://{rest}"
    if base in ("postgresql", "postgres"):
        return f"{postgresql}://{rest}"
    raise ConfigError(f"database URL {url!r}: only sqlite and postgresql are supported")
