"""Bots by name: the one parser of bot specifications for the terminal, server and simulator.

random            uniformly random legal moves
greedy[:N]        one ply judged by the game's heuristic, averaged over N determinizations (4)
ismcts[:BUDGET]   tree search; BUDGET is a level (easy, normal, hard), an iteration count
                  (`ismcts:500`) or seconds per decision (`ismcts:1.5s`); default normal
easy, normal, hard
                  the named strength levels (LEVELS below)
policy:FILE.json  a trained policy saved as a linear policy (bodoge.ai.policy)
policy:MOD:FUNC   a trained policy as a Python callable (observation, mask) -> action
"""

from __future__ import annotations

from bodoge.ai.base import Bot, BotSpecError
from bodoge.ai.greedy import GreedyBot
from bodoge.ai.ismcts import IsmctsBot
from bodoge.ai.random_bot import RandomBot

# Iterations per decision of the search at each level: fixed counts, not time, so a seeded game
# replays identically on any machine.
ISMCTS_ITERATIONS = {"easy": 50, "normal": 300, "hard": 1500}

# The named levels shared by every front end.
LEVELS = {
    "easy": "greedy:1",  # short-sighted: the best-looking move now, one guess at the hidden cards
    "normal": "ismcts:normal",  # 300 iterations of search
    "hard": "ismcts:hard",  # 1500 iterations of search
}

# What a player sees when choosing an opponent (terminal, server): English and Japanese.
LEVEL_INFO = {
    "easy": {
        "en": "Easy: takes the best-looking move now, never looks ahead",
        "ja": "かんたん：目先でいちばん良さそうな手を選び、先を読まない",
    },
    "normal": {
        "en": "Normal: searches 300 simulated games per decision",
        "ja": "ふつう：1手ごとに300回のシミュレーションで読む",
    },
    "hard": {
        "en": "Hard: searches 1500 simulated games per decision",
        "ja": "むずかしい：1手ごとに1500回のシミュレーションで読む",
    },
}

SPEC_HELP = (
    "random, greedy[:N], ismcts[:easy|normal|hard|ITERATIONS|SECONDSs], "
    "policy:FILE.json|MODULE:FUNCTION, or a level: " + ", ".join(LEVELS)
)


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot a specification names, seeded; raises BotSpecError for anything else."""
    text = spec.strip().lower() if isinstance(spec, str) else ""
    if text.startswith("policy:"):  # a path or module name keeps its case
        from bodoge.ai.policy import PolicyBot, load_policy

        policy, name = load_policy(spec.strip()[len("policy:") :])
        return PolicyBot(policy, name)
    if text in LEVELS:
        bot = make_bot(LEVELS[text], seed)
        bot.name = text
        return bot
    kind, _, arg = text.partition(":")
    if kind == "random" and not arg:
        return RandomBot(seed)
    if kind == "greedy":
        if not arg:
            return GreedyBot(seed)
        samples = _positive_int(arg, spec)
        return GreedyBot(seed, samples=samples)
    if kind == "ismcts":
        arg = arg or "normal"
        if arg in ISMCTS_ITERATIONS:
            return IsmctsBot(seed, iterations=ISMCTS_ITERATIONS[arg], name=f"ismcts:{arg}")
        if arg.endswith("s"):
            try:
                seconds = float(arg[:-1])
            except ValueError:
                seconds = -1.0
            if not 0 < seconds < 3600:
                raise BotSpecError(f"bot {spec!r}: time budget must be like 1.5s (0-3600 s)")
            return IsmctsBot(seed, iterations=None, seconds=seconds, name=f"ismcts:{arg}")
        return IsmctsBot(seed, iterations=_positive_int(arg, spec), name=f"ismcts:{arg}")
    raise BotSpecError(f"unknown bot {spec!r} (bots: {SPEC_HELP})")


def _positive_int(text: str, spec: str) -> int:
    if text.isdigit() and 0 < int(text) <= 10_000_000:
        return int(text)
    raise BotSpecError(f"bot {spec!r}: {text!r} is not a positive whole number (bots: {SPEC_HELP})")


def parse_lineup(text: str, players: int) -> list[str]:
    """`hard,greedy,random` into one spec per seat (a single spec fills every seat); each spec is
    checked by building it, so a bad one fails before any game starts."""
    specs = [part.strip() for part in text.split(",")]
    if any(not part for part in specs):
        raise BotSpecError(f"bot list {text!r} has an empty entry")
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise BotSpecError(
            f"{len(specs)} bots for {players} players: give one bot per seat or a single bot"
        )
    for each in specs:
        make_bot(each, 0)
    return specs
