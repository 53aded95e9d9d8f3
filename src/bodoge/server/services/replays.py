"""Replays: a table's position at any step of its stored log, as one viewer saw it.

Step 0 is the start; step s is the position after the log's s-th entry (a move or an undo), so
the steps are the plies. A position is rebuilt from the stored, committed log (never from the
live match, which may hold a move not yet committed), starting from the nearest checkpoint: a
copy of the match kept every `CHECKPOINT_EVERY` steps, for the `CACHED_TABLES` tables replayed
last (least recently used dropped first), so stepping through a game costs a few moves a step
and the memory stays bounded.

Who may see what: during the game, a seat's credential gives that seat's own view, and anyone
may see the spectator's view where the table allows spectators (what the spectators' sockets
get anyway); once the game is over, every seat's view and everything at once (`as=all`: every
private event in full) are open to the same people as the record: anyone at a table that allows
spectators, a seat's credential at one that does not.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bodoge.engine import Match
from bodoge.engine.events import PRIVATE, VISIBLE_TO, Event
from bodoge.engine.match import UNDO
from bodoge.server.entries import entries, seat_names
from bodoge.server.errors import ApiError
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table, require_seat, viewer
from bodoge.server.store.models import MoveRow

CHECKPOINT_EVERY = 32
CACHED_TABLES = 16
ALL = "all"
SPECTATOR = "spectator"


@dataclass
class _Replayed:
    """The checkpoints of one table: step -> a match at that step (never changed: cloned before
    going on), and the log entries they were built from (the stored log only grows)."""

    log: list[tuple[int, str, str | None]] = field(default_factory=list)
    checkpoints: dict[int, Match] = field(default_factory=dict)


class Replays:
    def __init__(self, cache: TableCache) -> None:
        self.cache = cache
        self._replayed: OrderedDict[str, _Replayed] = OrderedDict()

    async def step(
        self, table_id: str, step: int, view: str | None, credential: str | None
    ) -> dict[str, Any]:
        """The replay answer `{"step", "steps", "prompt", "entry"}` (+ "prompts" for all)."""
        table = await self.cache.get(table_id)
        seen_as = self._allowed(table, view, credential)
        moves = await self.cache.store.moves(table_id)
        steps = moves[-1].ply if moves else 0
        if step > steps:
            raise ApiError(
                "not_found",
                f"no step {step}: this table has {steps}",
                f"手数{step}はありません（この卓は{steps}手です）",
            )
        match = self._position(table, moves, step)
        answer: dict[str, Any] = {"step": step, "steps": steps}
        if seen_as == ALL:
            answer["prompt"] = _still(match.prompt(None))
            answer["prompts"] = [_still(match.prompt(seat)) for seat in range(table.players)]
            answer["entry"] = _revealed_entry(table, match) if step else None
        else:
            seat = seen_as if isinstance(seen_as, int) else None
            answer["prompt"] = _still(match.prompt(seat))
            entry = entries(table, seat, step - 1, match) if step else []
            answer["entry"] = entry[0] if entry else None
        return answer

    # ---- who may see what ---------------------------------------------------------------

    def _allowed(self, table: Table, view: str | None, credential: str | None) -> int | str | None:
        """The viewer asked for (a seat, None: the spectator, or ALL), if the caller may see it."""
        own = require_seat(table, credential) if credential else None
        if view is None:
            view = SPECTATOR if own is None else str(own)
        wanted: int | str | None
        if view in (ALL, SPECTATOR):
            wanted = ALL if view == ALL else None
        else:
            wanted = int(view)
            if not 0 <= wanted < table.players:
                raise ApiError(
                    "bad_request",
                    f"as={view}: this table has seats 0 to {table.players - 1}",
                    f"as={view}：この卓の席は0から{table.players - 1}までです",
                )
        if table.status == "over":
            if own is None:
                viewer(table, None)  # a table without spectators: its seats only
            return wanted
        if wanted == ALL:
            raise ApiError(
                "not_over",
                "everything is shown once the game is over",
                "すべての情報はゲームが終わってから見られます",
            )
        if wanted is None:
            viewer(table, None)  # spectators allowed?
            return None
        if own is None:
            require_seat(table, None)  # the error that asks for the credential
        if own != wanted:
            raise ApiError(
                "forbidden",
                "during the game a seat replays only its own view",
                "ゲーム中は自分の席の視点だけを再生できます",
            )
        return wanted

    # ---- positions ----------------------------------------------------------------------

    def _position(self, table: Table, moves: Sequence[MoveRow], step: int) -> Match:
        """A match at `step` of the stored log (a new object: the caller may keep it)."""
        log = [(move.seat, move.action, move.by) for move in moves]
        replayed = self._replayed.pop(table.id, None)
        if replayed is None or log[: len(replayed.log)] != replayed.log:
            first = Match(table.game, table.players, table.options, table.seed)
            replayed = _Replayed(checkpoints={0: first})
        replayed.log = log
        self._replayed[table.id] = replayed  # the most recently used last
        while len(self._replayed) > CACHED_TABLES:
            self._replayed.popitem(last=False)
        start = max(at for at in replayed.checkpoints if at <= step)
        match = replayed.checkpoints[start].clone()
        for at in range(start, step):
            seat, action, by = log[at]
            if action == UNDO:
                match.undo(seat)
            else:
                match.apply(seat, action, by=by)
            if match.ply % CHECKPOINT_EVERY == 0 and match.ply not in replayed.checkpoints:
                replayed.checkpoints[match.ply] = match.clone()
        return match


def _still(prompt: dict[str, Any]) -> dict[str, Any]:
    """A replay's prompt: what the viewer saw, with nothing to do."""
    return {**prompt, "actions": [], "can_undo": False}


def reveal(event: Event) -> Event:
    """An event with everything in it, for the replay of a finished game with all shown."""
    shown = {key: value for key, value in event.items() if key not in (VISIBLE_TO, PRIVATE)}
    shown.update(event.get(PRIVATE, {}))
    return shown


def _revealed_entry(table: Table, match: Match) -> dict[str, Any]:
    last = match.log[-1]
    events = [reveal(event) for event in last.events]
    return {
        "ply": last.ply,
        "seat": last.seat,
        "by": last.by,
        "events": events,
        "text": match.texts_of(events, None, seat_names(table)),
    }
