"""Monster Evolution's observation: who holds which monster, the supply, the dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot, relative_seat
from bodoge.games.koremon.common.observe import CODE, DIE, SPECIES


def observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Monster Evolution: who holds which monster, the supply, whose turn, the dice."""

    def holds(view: View, block: list[float]) -> None:
        for seat, key in enumerate(view["holds"]):
            one_hot(block, CODE[key], relative_seat(view, seat) * SPECIES)

    def supply(view: View, block: list[float]) -> None:
        for key in view["supply"]:
            one_hot(block, CODE[key])

    def to_move(view: View, block: list[float]) -> None:
        for seat in view["pending"]:
            one_hot(block, relative_seat(view, seat))

    def choosing(view: View, block: list[float]) -> None:
        one_hot(block, (view["choosing_rank"] or 0) - 1)

    def dice(view: View, block: list[float]) -> None:
        for number, face in enumerate(view["dice"]):
            one_hot(block, face - 1, number * DIE)

    def roller(view: View, block: list[float]) -> None:
        one_hot(block, relative_seat(view, view["last_roller"]))

    def winner(view: View, block: list[float]) -> None:
        one_hot(block, relative_seat(view, view["winner"]))

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
