"""Hunt the Monster's numbers, shared by the rules, the JSON, the words and the observation: the
ring, the phases, why a game ends and the action space.

Each is `Final`, so the compiled build (mypyc) reads it as a constant.
"""

from __future__ import annotations

from typing import Final

RING: Final = 6
PHASES: Final = ("roll", "place", "over")
ROLL: Final = 0
PLACE: Final = 1
OVER: Final = 2
ENDS: Final = ("", "deck", "full", "dead")  # why the game ended ("" while it goes on)
ROLL_ACTION: Final = 0  # then 1 + slot index for "place:<slot>"
