"""Bots that play any registered game through the protocol alone."""

from bodoge.ai.base import Bot, BotSpecError, sample
from bodoge.ai.factory import (
    ISMCTS_ITERATIONS,
    LEVEL_INFO,
    LEVELS,
    SPEC_HELP,
    make_bot,
    parse_lineup,
)
from bodoge.ai.greedy import GreedyBot
from bodoge.ai.ismcts import IsmctsBot
from bodoge.ai.random_bot import RandomBot

__all__ = [
    "ISMCTS_ITERATIONS",
    "LEVELS",
    "LEVEL_INFO",
    "SPEC_HELP",
    "Bot",
    "BotSpecError",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "make_bot",
    "parse_lineup",
    "sample",
]
