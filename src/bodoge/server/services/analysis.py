"""Analyses and hints: who may ask for which, the cached answer, and the jobs and hints sent to
the worker processes.

Who may analyse what: a finished game, anyone who may replay it (anyone at a table that allows
spectators, a seat's credential at one that does not), for any seat. During play, only a seat
itself, only its own decisions (from its own view: the search samples every hidden thing from
that seat's knowledge), and only at a casual table (not `tables.rated`); a spectator's or another
seat's request is refused. An analysis asked for during play covers the table's ply of the
request; once the game moves on it is out of date and asked for again.

Hints: at a table made with the option `hints` (casual, with a bot), the seat to move may ask
the search for its best move from its own view, with the reason's data (runners/analysing.py).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bodoge.ai.analysis import AnalysisError, level_iterations
from bodoge.ai.factory import ISMCTS_ITERATIONS
from bodoge.engine.errors import GameOver, WrongSeat
from bodoge.server.entries import seat_names
from bodoge.server.errors import ApiError
from bodoge.server.runners import analysing
from bodoge.server.runners.analysis import AnalysisJobs, Key
from bodoge.server.runners.thinking import bot_seed
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table, require_seat, viewer
from bodoge.server.store.analysis import AnalysisStore
from bodoge.server.store.models import PlayerRow

DEFAULT_LEVEL = "normal"
HINT_LEVEL = "normal"
# The most iterations a request may name: no more than the hardest level costs.
MAX_ITERATIONS = max(ISMCTS_ITERATIONS.values())


def parse_level(level: str) -> str:
    """A level a request names: easy, normal, hard, or a count of iterations up to hard's."""
    try:
        iterations = level_iterations(level)
    except AnalysisError as error:
        raise ApiError("bad_request", str(error), error.ja) from None
    if iterations > MAX_ITERATIONS:
        raise ApiError(
            "bad_request",
            f"at most {MAX_ITERATIONS} iterations per position",
            f"1局面あたりの反復回数は{MAX_ITERATIONS}までです",
        )
    text = level.strip().lower()
    return text if text in ISMCTS_ITERATIONS else str(iterations)


class Analyses:
    def __init__(
        self,
        cache: TableCache,
        pool: Callable[[], ProcessPoolExecutor],
        queue: int,
    ) -> None:
        self.cache = cache
        self.rows = AnalysisStore(cache.store)
        self.jobs = AnalysisJobs(self.rows, pool, queue)
        self.pool = pool
        self._hinting: set[tuple[str, int]] = set()

    # ---- analyses -----------------------------------------------------------------------

    async def request(
        self, table_id: str, seat: int, level: str, credential: str | None, player: PlayerRow
    ) -> dict[str, Any]:
        """The analysis if it is ready, else its job (queued now if none is under way)."""
        level = parse_level(level)
        table = await self.cache.get(table_id)
        await self._allowed(table, seat, credential)
        key = Key(table_id, seat, level)
        row = await self.rows.get(table_id, seat, level)
        ply = table.match.ply
        current = row is not None and row.ply == ply
        if current and row is not None and row.status == "ready":
            return self._answer(table, seat, level, row)
        if not (current and self.jobs.active(key)):
            who = player.account_id or player.id
            await self.jobs.submit(key, _record(table), ply, who)
        return self._answer(table, seat, level, await self.rows.get(table_id, seat, level))

    async def status(
        self, table_id: str, seat: int, level: str, credential: str | None
    ) -> dict[str, Any]:
        """Where `seat`'s analysis at `level` is: none, queued, running, ready or failed."""
        level = parse_level(level)
        table = await self.cache.get(table_id)
        await self._allowed(table, seat, credential)
        return self._answer(table, seat, level, await self.rows.get(table_id, seat, level))

    def _answer(self, table: Table, seat: int, level: str, row: Any) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "table": table.id,
            "seat": seat,
            "level": level,
            "ply": table.match.ply,
            "status": "none",
            "done": 0,
            "total": 0,
            "analysis": None,
        }
        if row is None or row.ply != table.match.ply:
            return answer  # none yet, or of an earlier ply of the game
        # A job of another process is seen through its row too: it finishes there.
        answer.update(status=row.status, done=row.done, total=row.total)
        if row.status == "ready" and row.result is not None:
            answer["analysis"] = json.loads(row.result)
        return answer

    async def _allowed(self, table: Table, seat: int, credential: str | None) -> None:
        if not 0 <= seat < table.players:
            raise ApiError(
                "bad_request",
                f"seat={seat}: this table has seats 0 to {table.players - 1}",
                f"seat={seat}：この卓の席は0から{table.players - 1}までです",
            )
        if table.status == "over":
            if credential:
                require_seat(table, credential)
            else:
                viewer(table, None)  # a table without spectators: its seats only
            return
        if table.status != "playing":
            raise ApiError(
                "not_started", "the game has not started", "ゲームはまだ始まっていません"
            )
        if await self.rows.rated(table.id):
            raise ApiError(
                "rated_table",
                "a rated table's game is analysed once it is over",
                "レーティング対象の卓は、ゲームが終わってから解析できます",
            )
        own = require_seat(table, credential)  # a spectator: unauthorized
        if own != seat:
            raise ApiError(
                "forbidden",
                "during the game a seat analyses only its own decisions",
                "ゲーム中に解析できるのは自分の席の手だけです",
            )

    # ---- hints --------------------------------------------------------------------------

    async def hints_on(self, table_id: str) -> bool:
        table = await self.cache.get(table_id)
        return table.hints and not await self.rows.rated(table.id)

    async def hint(self, table_id: str, credential: str | None) -> dict[str, Any]:
        """The search's best move for the caller's seat now, and the reason in both languages."""
        table = await self.cache.get(table_id)
        seat = require_seat(table, credential)
        if await self.rows.rated(table.id):
            raise ApiError(
                "rated_table",
                "a rated table gives no hints",
                "レーティング対象の卓ではヒントは使えません",
            )
        if not table.hints:
            raise ApiError(
                "no_hints",
                "this table was made without hints (the table option hints)",
                "この卓はヒントなしで作られました",
            )
        if table.status == "over":
            raise GameOver("the game is over: there is no move to hint at")
        if table.status != "playing":
            raise ApiError(
                "not_started", "there is no move to hint at", "ヒントを出す手番がありません"
            )
        if seat not in table.match.pending():
            raise WrongSeat("it is not your turn: a hint is for a move of yours")
        if (table_id, seat) in self._hinting:
            raise ApiError(
                "one_at_a_time",
                "a hint for this seat is under way",
                "この席のヒントを考えているところです",
            )
        ply = table.match.ply
        state = table.match.state.to_json()
        self._hinting.add((table_id, seat))
        try:
            loop = asyncio.get_running_loop()
            found = await loop.run_in_executor(
                self.pool(),
                analysing.hint,
                state,
                seat,
                HINT_LEVEL,
                bot_seed(table.seed, seat, ply),
            )
        finally:
            self._hinting.discard((table_id, seat))
        return {"ply": ply, "seat": seat, **found, "reason": reason(found)}


def reason(found: dict[str, Any]) -> dict[str, str]:
    """The hint's one line in each language: what the move does in the game's words (its first
    sentence as the seat foresees it, else the move's own words), the chance to win after it and
    the average over the moves the search weighed (how much the move changes the chance)."""
    percent = round(100 * found["chance"])
    average = round(100 * found["average"])
    lines: dict[str, str] = {}
    for lang in ("en", "ja"):
        said = found["events"].get(lang) or []
        what = said[0] if said else found["label"][lang]
        what = what.rstrip(".。")
        if lang == "en":
            lines[lang] = (
                f"{what}: your chance to win is {percent}% after it "
                f"({average}% on average over the moves weighed)"
            )
        else:
            lines[lang] = f"{what}：この手のあとの勝率は{percent}%（検討した手の平均は{average}%）"
    return lines


def _record(table: Table) -> str:
    """The table's record as the analysis reads it (it never leaves the server)."""
    match = table.match.clone()
    match.names = seat_names(table)["en"]
    return match.record()
