"""Monster Auction's numbers, shared by the rules, the JSON, the words and the bot: money, rounds,
phases and the action space.

Each is `Final`, so the compiled build (mypyc) reads it as a constant.
"""

from __future__ import annotations

from typing import Final

MONEY: Final = 100
ROUNDS: Final = 15
ROUND_CARDS: Final = 6
PHASES: Final = ("bid", "place", "over")
BID: Final = 0
PLACE: Final = 1
OVER: Final = 2
PLACE_BASE: Final = MONEY + 1  # actions 0..100 bid that amount; then card * 15 + slot placements
