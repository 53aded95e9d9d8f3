"""The studio's work: variants made, saved as versions, read (who may), exported and compared;
tables made with a variant; balance runs started, followed, cancelled and compared.

A variant is content as data: it is checked by the game's own `VariantKit.check` (the checks of
its built-in files and the bounds of `bodoge.engine.variants`) before it is stored, and it
reaches a game only as the `content` option the server sets itself (`variant:<digest>`, the
version installed in this process), never as a path from a request.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Mapping
from typing import Any

from bodoge.engine import get_spec
from bodoge.engine.variants import (
    VARIANT_PREFIX,
    VariantError,
    VariantKit,
    digest,
    parse_toml,
    to_toml,
)
from bodoge.server import auth
from bodoge.server.errors import ApiError
from bodoge.server.runners import balance as balance_runner
from bodoge.server.runners.balance import BalanceRuns
from bodoge.server.store import variants as q
from bodoge.server.store.database import Store
from bodoge.server.store.models import (
    BalanceRunRow,
    PlayerRow,
    VariantRow,
    VariantVersionRow,
    dumps,
    now,
)
from bodoge.sim import Batch
from bodoge.sim.stats import compare

VISIBILITIES = ("private", "unlisted", "public")
MAX_VARIANTS = 50  # per person
MAX_VERSIONS = 200  # per variant
RUN_BOTS = ("random", "greedy", "easy", "normal", "hard")


def kit_of(game: str) -> VariantKit:
    """The game's variant kit; bad_request for a game without variants."""
    kit = get_spec(game).variants
    if kit is None:
        raise ApiError(
            "bad_request",
            f"{game} has no variants (its content is built in)",
            f"{game}にはバリアントがありません（内容は組み込みです）",
        )
    return kit


def checked(game: str, content: Mapping[str, Any] | None, toml: str | None) -> dict[str, Any]:
    """The content of a request (data or TOML text), checked: VariantError if refused."""
    kit = kit_of(game)
    if (content is None) == (toml is None):
        raise ApiError(
            "bad_request",
            "give the content as data or as TOML text (one of them)",
            "内容はデータかTOMLのどちらか一方で送ってください",
        )
    data = dict(content) if content is not None else parse_toml(toml or "")
    kit.check(data)
    return data


class Variants:
    def __init__(self, store: Store, runs: BalanceRuns) -> None:
        self.store = store
        self.runs = runs

    # ---- who may --------------------------------------------------------------------------

    async def _owns(self, player: PlayerRow, owner_id: str) -> bool:
        """The player made it, or made it as the guest that became the player's account."""
        if player.id == owner_id:
            return True
        if player.account_id is None:
            return False
        async with self.store.glance() as session:
            owner = await session.get(PlayerRow, owner_id)
        return owner is not None and owner.account_id == player.account_id

    async def _readable(self, player: PlayerRow, variant_id: str) -> VariantRow:
        async with self.store.glance() as session:
            row = await q.variant(session, variant_id)
        if row is None or (
            row.visibility == "private" and not await self._owns(player, row.owner_id)
        ):
            raise ApiError("not_found", "no such variant", "そのバリアントはありません")
        return row

    async def _own(self, player: PlayerRow, variant_id: str) -> VariantRow:
        row = await self._readable(player, variant_id)
        if not await self._owns(player, row.owner_id):
            raise ApiError(
                "forbidden",
                "only its author may change a variant",
                "バリアントを変えられるのは作者だけです",
            )
        return row

    # ---- variants -------------------------------------------------------------------------

    async def create(
        self, player: PlayerRow, game: str, name: str, visibility: str, content: dict[str, Any]
    ) -> dict[str, Any]:
        _visibility(visibility)
        async with self.store.glance() as session:
            if await q.count_variants(session, player.id) >= MAX_VARIANTS:
                raise ApiError(
                    "too_large",
                    f"you have {MAX_VARIANTS} variants, the most a person may keep",
                    f"バリアントは1人{MAX_VARIANTS}個までです",
                )
        created = now()
        row = VariantRow(
            id=auth.new_id(12),  # 16 characters: the link of an unlisted variant
            game=game,
            owner_id=player.id,
            name=name,
            visibility=visibility,
            latest=1,
            created=created,
        )
        version = VariantVersionRow(
            variant_id=row.id,
            version=1,
            content=_stored(content),
            digest=digest(content),
            created=created,
        )
        async with self.store.write() as session:
            session.add(row)
            await session.flush()
            session.add(version)
        return await self.describe(player, row.id)

    async def save(
        self,
        player: PlayerRow,
        variant_id: str,
        content: Mapping[str, Any] | None,
        toml: str | None,
    ) -> dict[str, Any]:
        """A new version of the player's variant (the versions before stay as they were): the
        request's content (data or TOML text), checked once, against the variant's game."""
        row = await self._own(player, variant_id)
        content = checked(row.game, content, toml)
        async with self.store.write() as session:
            locked = await q.variant_for_update(session, variant_id)
            assert locked is not None  # variants are never deleted
            if locked.latest >= MAX_VERSIONS:
                raise ApiError(
                    "too_large",
                    f"a variant keeps at most {MAX_VERSIONS} versions",
                    f"バリアントの版は{MAX_VERSIONS}までです",
                )
            locked.latest += 1
            session.add(
                VariantVersionRow(
                    variant_id=variant_id,
                    version=locked.latest,
                    content=_stored(content),
                    digest=digest(content),
                    created=now(),
                )
            )
        return await self.describe(player, variant_id)

    async def update(
        self, player: PlayerRow, variant_id: str, name: str | None, visibility: str | None
    ) -> dict[str, Any]:
        await self._own(player, variant_id)
        if visibility is not None:
            _visibility(visibility)
        async with self.store.write() as session:
            locked = await q.variant_for_update(session, variant_id)
            assert locked is not None
            if name is not None:
                locked.name = name
            if visibility is not None:
                locked.visibility = visibility
        return await self.describe(player, variant_id)

    async def describe(self, player: PlayerRow, variant_id: str) -> dict[str, Any]:
        row = await self._readable(player, variant_id)
        async with self.store.glance() as session:
            versions = await q.versions(session, variant_id)
            author = await q.author(session, row.owner_id)
        latest = versions[-1]
        return {
            **_variant_json(row, author),
            "mine": await self._owns(player, row.owner_id),
            "versions": [{"version": v.version, "created": v.created} for v in versions],
            "content": json.loads(latest.content),
        }

    async def version(self, player: PlayerRow, variant_id: str, number: int) -> dict[str, Any]:
        row = await self._readable(player, variant_id)
        async with self.store.glance() as session:
            found = await q.version(session, variant_id, number)
        if found is None:
            raise ApiError("not_found", "no such version", "その版はありません")
        return {"variant": row.id, "game": row.game, "version": number,
                "content": json.loads(found.content)}  # fmt: skip

    async def export(self, player: PlayerRow, variant_id: str, number: int) -> str:
        return to_toml((await self.version(player, variant_id, number))["content"])

    async def listed(self, player: PlayerRow, game: str) -> list[dict[str, Any]]:
        kit_of(game)
        async with self.store.glance() as session:
            rows = await q.listed(session, game, player.id, 100)
        return [_variant_json(row, author) for row, author in rows]

    async def of_content(self, key: str) -> dict[str, Any]:
        """The variant a table's `content` option names: its name, author and version (the
        lobby's line), and the differences from the built-in content."""
        found = await self._version_of(key)
        async with self.store.glance() as session:
            row = await q.variant(session, found.variant_id)
            assert row is not None
            author = await q.author(session, row.owner_id)
        kit = kit_of(row.game)
        lines = kit.differences(kit.builtin(), json.loads(found.content))
        return {
            "id": row.id if row.visibility != "private" else None,
            "game": row.game,
            "name": row.name,
            "author": author,
            "version": found.version,
            "differences": [line.to_json() for line in lines],
        }

    async def _version_of(self, key: str) -> VariantVersionRow:
        if not key.startswith(VARIANT_PREFIX):
            raise ApiError("not_found", "no such variant", "そのバリアントはありません")
        async with self.store.glance() as session:
            found = await q.version_by_digest(session, key.removeprefix(VARIANT_PREFIX))
        if found is None:
            raise ApiError("not_found", "no such variant", "そのバリアントはありません")
        return found

    async def install(self, game: str, options: Mapping[str, Any]) -> None:
        """Make a table's variant content (its `content` option) playable in this process:
        the stored version's data, checked again, installed under its digest."""
        key = options.get("content")
        if not isinstance(key, str) or not key.startswith(VARIANT_PREFIX):
            return
        kit = kit_of(game)
        if kit.data_of(options) is not None:
            return  # installed in this process already
        found = await self._version_of(key)
        content = json.loads(found.content)
        kit.check(content)
        # the rules' tables take ~0.1 s to build: off the event loop, once per process
        await asyncio.to_thread(kit.options, content)

    async def table_options(
        self, player: PlayerRow, variant_id: str, number: int | None
    ) -> tuple[str, dict[str, Any]]:
        """The game and the options that name a version (the latest by default) for a new
        table: the player's own variant or a public one."""
        row = await self._readable(player, variant_id)
        if row.visibility != "public" and not await self._owns(player, row.owner_id):
            raise ApiError(
                "forbidden",
                "a table may use a public variant or your own",
                "卓に使えるのは公開のバリアントか自分のものです",
            )
        found = await self.version(player, variant_id, number or row.latest)
        return row.game, await asyncio.to_thread(kit_of(row.game).options, found["content"])

    # ---- balance runs ---------------------------------------------------------------------

    async def start_run(
        self,
        player: PlayerRow,
        game: str,
        variant_id: str | None,
        number: int | None,
        players: int,
        bots: list[str],
        games: int,
        seed: int | None,
    ) -> dict[str, Any]:
        content: dict[str, Any] | None = None
        if variant_id is not None:
            row = await self._readable(player, variant_id)
            game = row.game
            number = number or row.latest
            content = (await self.version(player, variant_id, number))["content"]
        else:
            kit_of(game)
            number = None
        if not 1 <= games <= balance_runner.MAX_GAMES:
            raise ApiError(
                "bad_request",
                f"a run plays 1-{balance_runner.MAX_GAMES} games, not {games}",
                f"1回の試行は1〜{balance_runner.MAX_GAMES}ゲームです（{games}ではなく）",
            )
        if len(bots) == 1:
            bots = bots * players
        for bot in bots:
            if bot not in RUN_BOTS:
                raise ApiError(
                    "bad_request",
                    f"bot {bot!r:.20} is not one of {', '.join(RUN_BOTS)}",
                    f"ボット{bot!r:.20}はありません",
                )
        seed = secrets.randbits(31) if seed is None else seed
        batch = Batch(game, players, tuple(bots), games, seed=seed, content=content)
        await asyncio.to_thread(batch.check)  # players, bots, content: before anything is stored
        run = BalanceRunRow(
            id=auth.new_id(),
            game=game,
            variant_id=variant_id,
            version=number,
            owner_id=player.id,
            players=players,
            bots=dumps(list(bots)),
            games=games,
            seed=seed,
            status="running",
            done=0,
            summary=None,
            created=now(),
        )
        since = now() - balance_runner.MAX_SECONDS
        # counted and stored under one lock, so two starts at once cannot both pass the bounds
        async with self.store.write() as session:
            await q.lock_runs(session, self.store.sqlite)
            mine = await q.running_count(session, since, player.id)
            everyone = await q.running_count(session, since)
            if mine >= balance_runner.RUNS_PER_PERSON:
                raise ApiError(
                    "too_early",
                    "you have a balance run going: wait for it or cancel it",
                    "試行が進行中です。終わるのを待つか、取り消してください",
                )
            if (
                everyone >= balance_runner.RUNS_AT_ONCE
                or self.runs.running() >= balance_runner.RUNS_AT_ONCE
            ):
                raise ApiError(
                    "too_early",
                    "the server is playing as many balance runs as it may: try again soon",
                    "サーバーの試行が上限に達しています。しばらくしてからもう一度どうぞ",
                )
            session.add(run)
        self.runs.start(run.id, batch)
        return _run_json(run)

    async def run(self, player: PlayerRow, run_id: str) -> dict[str, Any]:
        return _run_json(await self._run_row(player, run_id), with_summary=True)

    async def _run_row(self, player: PlayerRow, run_id: str) -> BalanceRunRow:
        async with self.store.glance() as session:
            row = await q.run(session, run_id)
        if row is None:
            raise ApiError("not_found", "no such balance run", "その試行はありません")
        if row.variant_id is None:
            if not await self._owns(player, row.owner_id):
                raise ApiError("not_found", "no such balance run", "その試行はありません")
        else:
            await self._readable(player, row.variant_id)
        return row

    async def cancel(self, player: PlayerRow, run_id: str) -> dict[str, Any]:
        row = await self._run_row(player, run_id)
        if not await self._owns(player, row.owner_id):
            raise ApiError(
                "forbidden", "only its author may cancel a run", "取り消せるのは実行した人だけです"
            )
        async with self.store.write() as session:
            await q.finish(session, run_id, "cancelled", row.done, None)
        self.runs.cancel(run_id)
        return await self.run(player, run_id)

    async def runs_of(
        self, player: PlayerRow, game: str, variant_id: str | None
    ) -> list[dict[str, Any]]:
        if variant_id is not None:
            game = (await self._readable(player, variant_id)).game
        async with self.store.glance() as session:
            rows = await q.runs_of(session, variant_id, game, player.id)
        return [_run_json(row) for row in rows]

    async def compare(self, player: PlayerRow, base: str, other: str) -> dict[str, Any]:
        """Two finished runs side by side, differences outside the noise marked."""
        a = _run_json(await self._run_row(player, base), with_summary=True)
        b = _run_json(await self._run_row(player, other), with_summary=True)
        if a["summary"] is None or b["summary"] is None:
            raise ApiError(
                "not_over", "both runs must be done", "両方の試行が終わっている必要があります"
            )
        return {"base": a, "other": b, "rows": compare(a["summary"], b["summary"])}


def _stored(content: Mapping[str, Any]) -> str:
    """A version's content as JSON in the designer's key order (the TOML export keeps it)."""
    return json.dumps(content, ensure_ascii=False)


def _visibility(value: str) -> None:
    if value not in VISIBILITIES:
        raise ApiError(
            "bad_request",
            f"visibility {value!r:.20} is not one of {', '.join(VISIBILITIES)}",
            "公開範囲はprivate・unlisted・publicのどれかです",
        )


def _variant_json(row: VariantRow, author: str) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "name": row.name,
        "author": author,
        "visibility": row.visibility,
        "latest": row.latest,
        "created": row.created,
    }


def _run_json(row: BalanceRunRow, with_summary: bool = False) -> dict[str, Any]:
    found: dict[str, Any] = {
        "id": row.id,
        "game": row.game,
        "variant": row.variant_id,
        "version": row.version,
        "players": row.players,
        "bots": json.loads(row.bots),
        "games": row.games,
        "seed": row.seed,
        "status": row.status,
        "done": row.done,
        "created": row.created,
    }
    if with_summary:
        found["summary"] = json.loads(row.summary) if row.summary else None
    return found


__all__ = ["VariantError", "Variants", "checked", "kit_of"]
