"""Request and response models (pydantic), so every endpoint is described in OpenAPI."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr

NAME_PATTERN = r"^[^\x00-\x1f\x7f\"\\]+$"  # no control characters, quotes or backslashes
# Every ply a client gives (expected_ply, last_ply, events?since=, a replay step) has one bound
# and one refusal (422 bad_request): no game comes near it.
MAX_PLY = 1_000_000
Ply = Annotated[StrictInt, Field(ge=0, le=MAX_PLY)]


class Strict(BaseModel):
    """A request body or client message: no unknown fields, and each value of its schema's
    type (strict: "yes" is no boolean, "0" no integer)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Words(BaseModel):
    en: str
    ja: str


class ErrorInfo(BaseModel):
    code: str
    message: Words


class ErrorBody(BaseModel):
    error: ErrorInfo


class GuestIn(Strict):
    name: str = Field(min_length=1, max_length=40, pattern=NAME_PATTERN)


class Me(BaseModel):
    id: str
    name: str


class Guest(Me):
    token: str


class GameOut(BaseModel):
    id: str
    title: Words
    summary: Words
    players: list[int]
    options: list[dict[str, Any]]
    bots: dict[str, Words]
    studio: bool  # the designer's studio edits this game's content


class SeatIn(Strict):
    kind: Literal["me", "open", "bot"]
    level: str | None = None


Seconds = StrictFloat | StrictInt


class ClockIn(Strict):
    """The table's clock; the fields of its kind are checked by the server (`invalid_clock`,
    with the reason in both languages)."""

    kind: str = Field(
        default="none",
        max_length=16,
        json_schema_extra={"enum": ["none", "realtime", "turn"]},
        description="none | realtime (a time bank and an increment per move) | turn (per move)",
    )
    bank: Seconds | None = Field(default=None, description="realtime: each seat's bank, seconds")
    increment: Seconds | None = Field(
        default=None, description="realtime: seconds added after each move (default 0)"
    )
    per_move: Seconds | None = Field(default=None, description="turn: seconds for each move")


class NoClockOut(BaseModel):
    kind: Literal["none"]


class RealtimeClockOut(BaseModel):
    kind: Literal["realtime"]
    bank: float
    increment: float


class TurnClockOut(BaseModel):
    kind: Literal["turn"]
    per_move: float


ClockOut = Annotated[NoClockOut | RealtimeClockOut | TurnClockOut, Field(discriminator="kind")]


class SeatClock(BaseModel):
    seat: int
    remaining: float = Field(description="seconds left (turn clock: for the current move)")
    running: bool


class TableIn(Strict):
    game: str = Field(max_length=64)
    players: StrictInt
    options: dict[str, StrictStr | StrictInt | bool] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(max_length=16)
    public: bool = True
    spectators: bool = True
    clock: ClockIn = Field(default_factory=ClockIn)
    timeout_level: str = Field(
        default="normal", max_length=32, description="the bot level that takes a seat on timeout"
    )
    rated: bool = Field(
        default=False,
        description="the result updates the ratings (no bot seats; counts if every seat is an "
        "account at the end)",
    )
    hints: bool = Field(default=False, description="seats may ask for hints (casual, with a bot)")


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: str | None
    level: str | None
    stand_in: str | None
    connected: bool


class TableOut(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["waiting", "playing", "over"]
    ply: int
    public: bool
    spectators: bool
    created: float
    rematch: str | None = Field(default=None, description="the rematch's table, once it exists")
    timeout_level: str
    rated: bool = False
    clock: ClockOut
    clocks: list[SeatClock]
    seats: list[SeatOut]
    names: dict[str, list[str]] = Field(
        description='each seat\'s name as people read it, per language ("en", "ja"): a person\'s '
        'display name, "Bot (Easy)", "Open seat", "Seat 2" (numbered from 1)'
    )


class TableCreated(BaseModel):
    table: TableOut
    seat: int | None
    credential: str | None
    invite: str


class Rematched(BaseModel):
    table: TableOut = Field(description="the new table")
    seat: int = Field(description="the caller's seat in it")
    credential: str = Field(description="that seat's credential (a new one at every call)")


class JoinIn(Strict):
    invite: str | None = Field(default=None, max_length=100)


class Joined(BaseModel):
    seat: int
    credential: str


class Left(BaseModel):
    seat: int
    status: str


class Returned(BaseModel):
    seat: int
    ply: int


class MoveIn(Strict):
    action: StrictStr | StrictInt = Field(description="the action's notation or its id")
    expected_ply: Ply = Field(description="the ply of the prompt the move answers")
    client_key: str | None = Field(default=None, min_length=1, max_length=64)


class UndoIn(Strict):
    expected_ply: Ply
    client_key: str | None = Field(default=None, min_length=1, max_length=64)


class Texts(BaseModel):
    """The sentences of an entry's events, one per event, in each language."""

    en: list[str]
    ja: list[str]


class Answer(BaseModel):
    status: str = Field(description="applied | duplicate | an error code (stale, ...)")
    ply: int | None = None
    events: list[dict[str, Any]] | None = None
    text: Texts | None = None
    prompt: dict[str, Any] | None = None
    error: ErrorInfo | None = None


class Prompt(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: str
    ply: int
    seat: int | None
    pending: list[int]
    over: bool
    result: Any
    view: dict[str, Any]
    actions: list[dict[str, Any]]
    can_undo: bool


class Entry(BaseModel):
    ply: int
    seat: int
    by: str | None
    events: list[dict[str, Any]]
    text: Texts


class Replay(BaseModel):
    step: int
    steps: int = Field(description="the stored log's length: the last step")
    prompt: Prompt = Field(description="the viewer's prompt at that step, with no actions")
    prompts: list[Prompt] | None = Field(
        default=None, description="as=all only: every seat's prompt (`prompt` is the spectator's)"
    )
    entry: Entry | None = Field(description="the step's entry as the viewer knew it (step 0: none)")


class Health(BaseModel):
    status: Literal["ok", "failed"]
    database: Literal["ok", "failed"]
    redis: Literal["ok", "failed", "off"]  # off: one process, no Redis


# Websocket messages from the client.
class WsAuth(Strict):
    type: Literal["auth"]
    credential: str = Field(max_length=100)
    last_ply: Ply = 0


class WsWatch(Strict):
    type: Literal["watch"]
    last_ply: Ply = 0


class WsMove(Strict):
    type: Literal["move"]
    action: StrictStr | StrictInt
    expected_ply: Ply
    client_key: str | None = Field(default=None, min_length=1, max_length=64)


class WsUndo(Strict):
    type: Literal["undo"]
    expected_ply: Ply
    client_key: str | None = Field(default=None, min_length=1, max_length=64)


class WsSync(Strict):
    type: Literal["sync"]
    last_ply: Ply


class WsReturn(Strict):
    type: Literal["return"]


# ---- ratings, profiles, a person's tables (api/ratings.py) ------------------------------------


class Skill(BaseModel):
    mu: float
    sigma: float
    ordinal: float = Field(description="mu - 3 sigma: what the boards sort by")


class Rated(Skill):
    games: int
    wins: int


class BoardPlace(Rated):
    place: int
    account_id: str
    name: str | None


class Leaderboard(BaseModel):
    game: str
    min_games: int = Field(description="the rated games an account needs to be listed")
    players: list[BoardPlace]


class RatingChange(BaseModel):
    table_id: str | None = Field(description="None in a profile for an unlisted table")
    game: str
    seat: int
    rank: int = Field(description="the seat's side's rank as rated (1 is best; leavers last)")
    before: Skill
    after: Skill
    change: float = Field(description="the ordinal's change")
    created: float


class TableRatingChange(RatingChange):
    account_id: str
    name: str | None


class GameRating(Rated):
    game: str
    history: list[RatingChange]


class TableListed(BaseModel):
    table_id: str
    game: str
    players: int
    status: Literal["waiting", "playing", "over"]
    rated: bool
    created: float
    names: dict[str, list[str]] = Field(
        description="each seat's name per language, as the table's own info names them: a "
        'person\'s display name, "Bot 2 (Easy)", "Open seat", "Former player"'
    )
    kinds: list[str]


class RecentGame(TableListed):
    seat: int
    rank: int | None = Field(description="as rated (None: the table changed no rating)")
    won: bool


class Profile(BaseModel):
    account_id: str
    name: str | None
    games: list[GameRating]
    recent: list[RecentGame]


class MyTable(TableListed):
    seat: int
    held: bool = Field(description="the seat is still held (a device has its credential)")
    waiting: bool = Field(description="the game waits for this seat's move")
