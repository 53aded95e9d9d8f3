"""The entries a viewer receives (HTTP events, move answers, websocket updates, replays), each with
its events' sentences in both languages, worded by the game (`Match.events_for(...,
texts=True)`) from the events as that viewer may know them and the table's seat names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.cli.messages import LANGS, bot_name, say

if TYPE_CHECKING:
    from bodoge.engine import Match
    from bodoge.server.tables import Table


def seat_names(table: Table) -> dict[str, list[str]]:
    """Each seat's name as the texts use it: a person's display name, a bot's seat and level in
    the terminal's words ("seat 1 (normal)"), "seat 2" for a seat nobody has taken. (All of it is
    public: the table's info shows it.)"""
    names: dict[str, list[str]] = {}
    for lang in LANGS:
        names[lang] = [
            seat.name
            if seat.name
            else say(lang, "seat_bot", seat=seat.seat, bot=bot_name(seat.bot_level, lang))
            if seat.bot_level
            else say(lang, "seat", seat=seat.seat)
            for seat in table.seats
        ]
    return names


def entries(
    table: Table, viewer: int | None, since_ply: int, match: Match | None = None
) -> list[dict[str, Any]]:
    """The entries after `since_ply` as `viewer` (None: a spectator) may know them, with text,
    of the table's match (or of `match`, the table's game replayed to an earlier step)."""
    match = match or table.match
    return match.events_for(viewer, since_ply, texts=True, names=seat_names(table))
