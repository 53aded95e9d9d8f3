"""Routes: the studio's variants (made, saved as versions, read, exported as TOML, checked as a
designer types, compared with the built-in content), tables made with one, and balance runs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

from bodoge.engine.variants import VariantError, to_toml
from bodoge.server.api.deps import GuestDep, ServerDep, documented, documented_as_json
from bodoge.server.api.variant_bodies import (
    ContentIn,
    RunIn,
    VariantIn,
    VariantPatch,
    VariantTableIn,
    VersionIn,
)
from bodoge.server.schemas import TableCreated
from bodoge.server.services.model import SeatRequest
from bodoge.server.services.variants import checked, kit_of

router = APIRouter(prefix="/api/variants")
runs = APIRouter(prefix="/api/balance")


@router.get("/builtin/{game}", responses=documented(400, 422))
async def builtin(game: str) -> dict[str, Any]:
    """The game's own content in the variant format: where a designer starts."""
    kit = kit_of(game)
    content = kit.builtin()
    return {
        "game": game,
        "content": content,
        "toml": to_toml(content),
        "sections": list(kit.sections),
        "length_bound": kit.length_bound,
    }


@router.post("/check", responses=documented(400, 401, 413, 422))
async def check(body: ContentIn, player: GuestDep) -> dict[str, Any]:
    """The game's checks on content as the designer types: every problem, each naming its
    field in English and Japanese, and what the content changes of the built-in."""
    kit = kit_of(body.game)
    try:
        data = checked(body.game, body.content, body.toml)
    except VariantError as error:
        return {"ok": False, "problems": [p.to_json() for p in error.problems], "differences": []}
    lines = kit.differences(kit.builtin(), data)
    differences = [line.to_json() for line in lines]
    # the content as data: what an import of TOML text reads (the studio's forms edit it)
    return {"ok": True, "problems": [], "differences": differences, "content": data}


@router.post("", responses=documented(400, 401, 413, 422))
async def create(body: VariantIn, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    data = checked(body.game, body.content, body.toml)
    return await srv.variants.create(player, body.game, body.name, body.visibility, data)


@router.get("", responses=documented(400, 401))
async def listed(game: str, player: GuestDep, srv: ServerDep) -> list[dict[str, Any]]:
    """The game's public variants and the player's own."""
    return await srv.variants.listed(player, game)


@router.get("/content/{key}", responses=documented(404))
async def of_content(key: str, srv: ServerDep) -> dict[str, Any]:
    """The variant a table's `content` option names: name, author, version, differences."""
    return await srv.variants.of_content(key)


@router.get("/{variant_id}", responses=documented(401, 404))
async def describe(variant_id: str, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    return await srv.variants.describe(player, variant_id)


@router.patch("/{variant_id}", responses=documented(401, 403, 404, 422))
async def update(
    variant_id: str, body: VariantPatch, player: GuestDep, srv: ServerDep
) -> dict[str, Any]:
    return await srv.variants.update(player, variant_id, body.name, body.visibility)


@router.post("/{variant_id}/versions", responses=documented(401, 403, 404, 413, 422))
async def save(
    variant_id: str, body: VersionIn, player: GuestDep, srv: ServerDep
) -> dict[str, Any]:
    return await srv.variants.save(player, variant_id, body.content, body.toml)


@router.get("/{variant_id}/versions/{number}", responses=documented(401, 404))
async def version(variant_id: str, number: int, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    """The version's content, and what it changes of the built-in (the variant's rules page)."""
    found = await srv.variants.version(player, variant_id, number)
    kit = kit_of(found["game"])
    lines = kit.differences(kit.builtin(), found["content"])
    found["differences"] = [line.to_json() for line in lines]
    return found


@router.get(
    "/{variant_id}/versions/{number}/toml",
    response_class=PlainTextResponse,
    responses=documented_as_json(401, 404),
)
async def export(
    variant_id: str, number: int, player: GuestDep, srv: ServerDep
) -> PlainTextResponse:
    """The version as the game's TOML (`bodoge simulate GAME --content FILE` reads it)."""
    text = await srv.variants.export(player, variant_id, number)
    name = f"bodoge-{variant_id}-v{number}.toml"
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.post(
    "/{variant_id}/tables",
    response_model=TableCreated,
    responses=documented(400, 401, 403, 404, 422),
)
async def new_table(
    variant_id: str, body: VariantTableIn, player: GuestDep, srv: ServerDep
) -> dict[str, Any]:
    """A table with the variant (a public one, or the player's own)."""
    game, content = await srv.variants.table_options(player, variant_id, body.version)
    seats = [SeatRequest(seat.kind, seat.level) for seat in body.seats]
    table, seat, credential, invite = await srv.lobby.create(
        player,
        game,
        body.players,
        dict(body.options),
        seats,
        body.public,
        body.spectators,
        body.clock.model_dump(exclude_none=True),
        body.timeout_level,
        server_options=content,
    )
    return {"table": srv.table_out(table), "seat": seat, "credential": credential, "invite": invite}


# ---- balance runs --------------------------------------------------------------------------


@runs.post("", responses=documented(400, 401, 404, 409, 422))
async def start(body: RunIn, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    """N games between the chosen bots, in the server's worker processes."""
    return await srv.variants.start_run(
        player, body.game, body.variant, body.version, body.players, body.bots, body.games,
        body.seed,
    )  # fmt: skip


@runs.get("", responses=documented(400, 401, 404))
async def runs_of(
    game: str, player: GuestDep, srv: ServerDep, variant: str | None = None
) -> list[dict[str, Any]]:
    return await srv.variants.runs_of(player, game, variant)


@runs.get("/compare", responses=documented(401, 404, 409))
async def compare(base: str, other: str, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    """Two runs side by side: the win rates whose 95% intervals do not overlap are marked."""
    return await srv.variants.compare(player, base, other)


@runs.get("/{run_id}", responses=documented(401, 404))
async def run(run_id: str, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    """A run's progress (done of games), and its summary once done."""
    return await srv.variants.run(player, run_id)


@runs.post("/{run_id}/cancel", responses=documented(401, 403, 404))
async def cancel(run_id: str, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    return await srv.variants.cancel(player, run_id)
