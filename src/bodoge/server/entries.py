"""The entries a viewer receives (HTTP events, move answers, websocket updates, replays), each with
its events' sentences in both languages, worded by the game (`Match.events_for(...,
texts=True)`) from the events as that viewer may know them and the table's seat names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bodoge.engine.langs import LANGS
from bodoge.server.levels import level_name

if TYPE_CHECKING:
    from bodoge.engine import Match
    from bodoge.server.services.model import Table


# The words of a seat nobody is named for; seats are numbered from 1 wherever a person reads
# them (the API's `seat` fields stay 0-based).
SEAT_WORDS = {
    "en": {"bot": "Bot {n} ({level})", "open": "Open seat", "seat": "Seat {n}"},
    "ja": {"bot": "ボット{n}（{level}）", "open": "空席", "seat": "席{n}"},
}
# A person's seat with no name: the person deleted their account (services/accounts.py).
FORMER_WORDS = {"en": "Former player", "ja": "元プレイヤー"}


def seat_names(table: Table) -> dict[str, list[str]]:
    """Each seat's name in both languages (`names_of` the table's seats)."""
    return names_of(table.seats)


def names_of(seats: Sequence[Any]) -> dict[str, list[str]]:
    """Each seat's name in both languages, of a table's seats (its cached `Seat`s or its stored
    `SeatRow`s: both have `seat`, `kind`, `name` and `bot_level`), the one naming the texts and
    the browser page use: a person's display name, "Bot 2 (Easy)" for a bot (numbered by its
    seat from 1, so two bots of one level are told apart), "Open seat" for a free one, "Former
    player" for a deleted account's, "Seat 2" otherwise. (All of it is
    public: the table's info holds it as `names`; each viewer's own seat is "you" in its texts,
    from the games' words.)"""
    names: dict[str, list[str]] = {}
    for lang in LANGS:
        words = SEAT_WORDS[lang]
        names[lang] = [
            seat.name
            if seat.name
            else words["bot"].format(n=seat.seat + 1, level=level_name(seat.bot_level, lang))
            if seat.bot_level
            else words["open"]
            if seat.kind == "open"
            else FORMER_WORDS[lang]
            if seat.kind == "human"
            else words["seat"].format(n=seat.seat + 1)
            for seat in seats
        ]
    return names


def entries(
    table: Table, viewer: int | None, since_ply: int, match: Match | None = None
) -> list[dict[str, Any]]:
    """The entries after `since_ply` as `viewer` (None: a spectator) may know them, with text,
    of the table's match (or of `match`, the table's game replayed to an earlier step)."""
    match = match or table.match
    return match.events_for(viewer, since_ply, texts=True, names=seat_names(table))
