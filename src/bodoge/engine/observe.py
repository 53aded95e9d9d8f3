"""Observations: a fixed-size numeric encoding of exactly what one seat may know.

An observation is built from the seat's *view* (never from the full state), so it cannot hold a
secret the view does not: a determinized state, which has the same view, gives the same vector.
It is a flat list of floats made of named pieces, as OpenSpiel's observers are: each piece has a
name, a shape and a sentence saying what each number means, so a researcher can read index 117 as
"deck A, position 3 from the top, is a lion".

A game provides its observer with its spec's `observer(players, options)`; each game's docs page
holds the table of its pieces, generated from the code (`Observer.markdown`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import Any

View = Mapping[str, Any]


def relative_seat(view: View, seat: int | None) -> int:
    """The position of `seat` counted clockwise from the view's seat (a spectator's: seat 0), or
    -1 for no seat."""
    if seat is None:
        return -1
    me: int = view["seat"] or 0
    players: int = view["players"]
    return (seat - me) % players


@dataclass(frozen=True)
class Piece:
    """A named block of the vector. `shape` (rows, columns...) multiplies to its size."""

    name: str
    shape: tuple[int, ...]
    meaning: str  # what one number says, in English (e.g. "1 if seat s holds card c")
    fill: Callable[[View, list[float]], None] = field(compare=False, repr=False)

    @property
    def size(self) -> int:
        return prod(self.shape)


class Observer:
    """Encodes views of one game for one player count and option set."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        names = [piece.name for piece in pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"observation pieces must have distinct names: {names}")
        self.pieces = tuple(pieces)
        self.offsets: dict[str, int] = {}
        offset = 0
        for piece in self.pieces:
            self.offsets[piece.name] = offset
            offset += piece.size
        self.size = offset

    def encode(self, view: View) -> list[float]:
        """The vector for `view` (from `State.view(seat)`), every number finite."""
        vector: list[float] = []
        for piece in self.pieces:
            block = [0.0] * piece.size
            piece.fill(view, block)
            if len(block) != piece.size:
                raise ValueError(f"piece {piece.name} filled {len(block)} of {piece.size} numbers")
            vector.extend(block)
        return vector

    def split(self, vector: Sequence[float]) -> dict[str, list[float]]:
        """The vector cut back into its named pieces."""
        return {
            piece.name: list(
                vector[self.offsets[piece.name] : self.offsets[piece.name] + piece.size]
            )
            for piece in self.pieces
        }

    def markdown(self) -> str:
        """The pieces as a Markdown table: where each starts, its shape and what it means."""
        lines = ["| index | piece | shape | meaning |", "|---|---|---|---|"]
        for piece in self.pieces:
            start = self.offsets[piece.name]
            end = start + piece.size - 1
            where = f"{start}" if start == end else f"{start}-{end}"
            shape = " x ".join(map(str, piece.shape))
            lines.append(f"| {where} | `{piece.name}` | {shape} | {piece.meaning} |")
        lines.append(f"| | total | {self.size} | |")
        return "\n".join(lines)


def one_hot(block: list[float], index: int, offset: int = 0) -> None:
    """Set one number of a one-hot group (ignores -1: nothing to mark)."""
    if index >= 0:
        block[offset + index] = 1.0


def scaled(value: float, top: float) -> float:
    """`value` in [0, 1] by its largest possible value (clipped)."""
    return max(0.0, min(1.0, value / top)) if top else 0.0
