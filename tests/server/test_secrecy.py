"""Secrecy over the wire: a whole game of each game with every seat and a spectator connected
by websocket, the moves sent over the sockets. Every frame to seat k is built only from k's own
prompt and events: its prompt is `prompt(k)` of the match at that ply, its events together are
exactly `events_for(k)` (nothing missed, nothing twice), no private field of an event k may not see
ever reaches k, and the entries' texts are the same words when worded on a determinized state
(everything k cannot know resampled)."""

from __future__ import annotations

import asyncio
import json
import random
from contextlib import AsyncExitStack
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from wire import running

from bodoge.engine import Match, game_ids, get_game
from bodoge.engine.events import PRIVATE, VISIBLE_TO, visible_events
from bodoge.engine.registry import spec_of
from bodoge.engine.rng import Rng
from bodoge.server.config import Settings


def seats_for(game: str) -> int:
    return get_game(game).info.min_players


async def play_over_sockets(
    settings: Settings, game: str, clock: dict[str, Any] | None = None
) -> tuple[str, str, dict[Any, list[dict[str, Any]]]]:
    """A real server; seat 0 creates the table, the others join; everyone plays seeded-random
    legal actions over its socket. Returns the table id, the record and every frame each viewer
    (seat, or None for the spectator) got."""
    players = seats_for(game)
    async with running(settings) as host, httpx.AsyncClient(base_url=f"http://{host}") as http:

        async def guest(name: str) -> dict[str, str]:
            answer = await http.post("/api/guests", json={"name": name})
            return {"Authorization": f"Bearer {answer.json()['token']}"}

        seats = [{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
        created = await http.post(
            "/api/tables",
            headers=await guest("P0"),
            json={
                "game": game,
                "players": players,
                "seats": seats,
                "clock": clock or {"kind": "none"},
            },
        )
        table_id = created.json()["table"]["id"]
        creds = [created.json()["credential"]]
        for n in range(1, players):
            joined = await http.post(
                f"/api/tables/{table_id}/join", headers=await guest(f"P{n}"), json={}
            )
            creds.append(joined.json()["credential"])
        frames: dict[Any, list[dict[str, Any]]] = {seat: [] for seat in [*range(players), None]}
        latest: dict[Any, dict[str, Any]] = {}
        rng = random.Random(7)
        async with AsyncExitStack() as stack:
            sockets: dict[Any, Any] = {}
            for viewer in frames:
                url = f"ws://{host}/ws/tables/{table_id}"
                socket = await stack.enter_async_context(connect(url))
                hello = (
                    {"type": "watch"}
                    if viewer is None
                    else {"type": "auth", "credential": creds[viewer]}
                )
                await socket.send(json.dumps({**hello, "last_ply": 0}))
                sockets[viewer] = socket

            async def read_until(viewer: Any, ply: int, answer: bool = False) -> None:
                got_answer = not answer
                while viewer not in latest or latest[viewer]["ply"] < ply or not got_answer:
                    frame = json.loads(await sockets[viewer].recv())
                    if frame["type"] == "answer":
                        assert frame["status"] == "applied", frame
                        got_answer = True
                        continue
                    assert frame["type"] == "update", frame
                    frames[viewer].append(frame)
                    latest[viewer] = frame

            ply = 0
            for viewer in frames:
                await read_until(viewer, ply)
            for _ in range(3000):
                if latest[0]["prompt"]["over"]:
                    break
                seat = latest[0]["prompt"]["pending"][0]
                mine = latest[seat]["prompt"]
                assert mine["ply"] == ply
                action = rng.choice(mine["actions"])["id"]
                await sockets[seat].send(
                    json.dumps(
                        {
                            "type": "move",
                            "action": action,
                            "expected_ply": ply,
                            "client_key": f"k{ply}",
                        }
                    )
                )
                ply += 1
                await read_until(seat, ply, answer=True)
                for viewer in frames:
                    await read_until(viewer, ply)
            assert latest[0]["prompt"]["over"]
        record = (await http.get(f"/api/tables/{table_id}/record")).text
    return table_id, record, frames


@pytest.mark.parametrize("game", game_ids())
def test_every_frame_holds_only_the_seats_own_knowledge(settings: Settings, game: str) -> None:
    _, record, frames = asyncio.run(play_over_sockets(settings, game))
    check_frames(record, frames)


@pytest.mark.parametrize("game", ["koremon_auction", "koremon_hunt"])
def test_a_clock_changes_nothing_a_seat_may_know(settings: Settings, game: str) -> None:
    """The same with a realtime clock (hidden bids and hands): the frames carry the clocks, and
    their prompts and events are still exactly the seat's own."""
    clock = {"kind": "realtime", "bank": 3600, "increment": 10}
    _, record, frames = asyncio.run(play_over_sockets(settings, game, clock))
    check_frames(record, frames)
    for received in frames.values():
        for frame in received:
            assert frame["clock"] == {"kind": "realtime", "bank": 3600.0, "increment": 10.0}
            assert [each["seat"] for each in frame["clocks"]] == list(range(seats_for(game)))


def check_frames(record: str, frames: dict[Any, list[dict[str, Any]]]) -> None:
    full = Match.from_record(record)
    names = {"en": full.names, "ja": full.names}  # the people P0, P1...: the same in both
    game = full.game.info.id
    # The match at every ply, to compare each frame with what its viewer may know then, and the
    # words each viewer's entries must have: worded on a determinized state (what the viewer
    # cannot know resampled), so that no secret can reach the texts.
    replay = Match(game, full.players, full.options, full.seed)
    prompts = {viewer: {0: replay.prompt(viewer)} for viewer in frames}
    texts: dict[Any, list[dict[str, list[str]]]] = {viewer: [] for viewer in frames}
    rng = Rng(11)
    for entry in full.log:
        replay.apply(entry.seat, entry.action, by=entry.by)
        for viewer in frames:
            prompts[viewer][replay.ply] = replay.prompt(viewer)
            world = replay.state.determinize(viewer, rng)
            shown = visible_events(entry.events, viewer)
            texts[viewer].append(
                {
                    lang: [
                        spec_of(world).describe_event(world, e, lang, viewer, names[lang])
                        for e in shown
                    ]
                    for lang in ("en", "ja")
                }
            )
    for viewer, received in frames.items():
        assert received, f"{viewer} got nothing"
        for frame in received:
            assert frame["prompt"] == prompts[viewer][frame["ply"]]
        got = [entry for frame in received for entry in frame["events"]]
        # everything once, in order
        assert got == full.events_for(viewer, 0, texts=True, names=names)
        assert [sent["text"] for sent in got] == texts[viewer]
        for entry, sent in zip(full.log, got, strict=True):
            assert len(sent["text"]["en"]) == len(sent["text"]["ja"]) == len(entry.events)
            for event, shown in zip(entry.events, sent["events"], strict=True):
                assert VISIBLE_TO not in shown and PRIVATE not in shown
                if VISIBLE_TO in event and viewer not in event[VISIBLE_TO]:
                    assert not set(event[PRIVATE]) & set(shown), (viewer, event, shown)
