"""Routes for whoever runs the server: `/api/health` (do the database and Redis answer) and
`/metrics` (Prometheus's text format, server/metrics.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from bodoge.server import health, metrics
from bodoge.server.api.deps import ServerDep
from bodoge.server.schemas import Health

router = APIRouter()


@router.get(
    "/api/health",
    response_model=Health,
    responses={503: {"model": Health, "description": "a part failed: which one says failed"}},
)
async def health_route(srv: ServerDep) -> Any:
    """200 when the database (and Redis, with several processes) answer; 503 naming the part
    that does not."""
    parts = await health.check(srv.store, srv.health_redis)
    return JSONResponse(parts, status_code=200 if parts["status"] == health.OK else 503)


@router.get("/metrics", include_in_schema=False)
async def metrics_route() -> Response:
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type)
