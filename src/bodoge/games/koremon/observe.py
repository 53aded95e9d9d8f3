"""Observations of the Collectable Monster games, from a seat's view (see bodoge.engine.observe).

Seats are listed relative to the observing seat: "seat +0" is the observer, "+1" the next seat
clockwise, and so on (a spectator observes as seat 0 would sit), so one policy can play any seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot
from bodoge.games.koremon.cards import KEYS, MIMIC

_CODE = {key: code for code, key in enumerate(KEYS)}
SPECIES = MIMIC  # 15 species; the Mimic is code 15
DIE = 6


def _relative(view: View, seat: int | None) -> int:
    """The position of `seat` counted clockwise from the observer (-1 for none)."""
    if seat is None:
        return -1
    me = view["seat"] or 0
    return (seat - me) % view["players"]


def evolution_observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Monster Evolution: who holds which monster, the supply, whose turn, the dice."""

    def holds(view: View, block: list[float]) -> None:
        for seat, key in enumerate(view["holds"]):
            one_hot(block, _CODE[key], _relative(view, seat) * SPECIES)

    def supply(view: View, block: list[float]) -> None:
        for key in view["supply"]:
            one_hot(block, _CODE[key])

    def to_move(view: View, block: list[float]) -> None:
        for seat in view["pending"]:
            one_hot(block, _relative(view, seat))

    def choosing(view: View, block: list[float]) -> None:
        one_hot(block, (view["choosing_rank"] or 0) - 1)

    def dice(view: View, block: list[float]) -> None:
        for number, face in enumerate(view["dice"]):
            one_hot(block, face - 1, number * DIE)

    def roller(view: View, block: list[float]) -> None:
        one_hot(block, _relative(view, view["last_roller"]))

    def winner(view: View, block: list[float]) -> None:
        one_hot(block, _relative(view, view["winner"]))

    return Observer(
        [
            Piece("holds", (players, SPECIES), "1 if seat +s holds species c (seats from the "
                  "observer clockwise; species in cards.toml order, Dragon first)", holds),
            Piece("supply", (SPECIES,), "1 if species c is in the supply", supply),
            Piece("to_move", (players,), "1 if seat +s is to decide", to_move),
            Piece("choosing_rank", (5,), "1 at r-1 if the mover is choosing a monster of rank r",
                  choosing),
            Piece("dice", (2, DIE), "1 at face-1 of each die of the last roll", dice),
            Piece("last_roller", (players,), "1 if seat +s rolled last", roller),
            Piece("winner", (players,), "1 if seat +s has won (holds the Dragon)", winner),
        ]
    )  # fmt: skip
