"""`bodoge replay FILE [--seat K]`: step through a game record as one seat saw it (seats counted
from 1, as `bodoge play` shows them: `--seat 1` is the first seat, seat 0 of the record's JSON).

Each step shows what happened at that ply in words, as seat K (or a spectator) was told it, and
the table as K saw it then. Enter goes on, `b` back, `g N` to ply N, `q` quits; `--to N` starts
at ply N, and `--all` prints every step without asking (also when standard input is no terminal).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from bodoge.cli.messages import LANGS, default_lang, say
from bodoge.cli.stateio import MAX_INPUT_BYTES, InputError
from bodoge.engine import IllegalAction, Match
from bodoge.engine.record import read_record


def register(sub: Any) -> None:
    replay = sub.add_parser(
        "replay",
        help="step through a game record as one seat saw it",
        description="Step through a game record (bodoge play --record FILE) as seat K saw it: "
        + say("en", "replay_keys"),
    )
    replay.add_argument("record", help="game record file, or - for standard input")
    replay.add_argument(
        "--seat",
        type=int,
        metavar="K",
        help="whose eyes, counted from 1 as bodoge play counts them (default: a spectator's)",
    )
    replay.add_argument("--to", type=int, default=0, metavar="PLY", help="start at this ply")
    replay.add_argument("--all", action="store_true", help="print every step without asking")
    replay.add_argument("--lang", choices=LANGS, help="English or Japanese")
    replay.set_defaults(func=run)


def read_text(source: str) -> str:
    if source == "-":
        text = sys.stdin.read(MAX_INPUT_BYTES + 1)
    else:
        try:
            with open(source, encoding="utf-8", errors="replace") as handle:
                text = handle.read(MAX_INPUT_BYTES + 1)
        except OSError as error:
            raise InputError(f"cannot read {source}: {error.strerror or error}") from None
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(f"{source} is larger than {MAX_INPUT_BYTES // 1024 // 1024} MiB")
    return text


def match_at(full: Match, ply: int) -> Match:
    """The match as it stood after `ply` of `full`'s entries, rebuilt from its start."""
    if full.from_seed:
        match = Match(full.spec, full.players, full.options, full.seed, names=full.names)
    else:
        match = Match.from_state(full.start, names=full.names)
    for entry in full.log[: ply - match.ply]:
        if entry.action is None:
            match.undo(entry.seat)
        else:
            match.apply(entry.seat, entry.action, by=entry.by)
    return match


def seat_names(full: Match, lang: str) -> list[str]:
    """The record's names of the seats, else "seat 1"... counted from 1 as `bodoge play` does."""
    if full.names is not None:
        return list(full.names)
    return [say(lang, "seat", seat=seat + 1) for seat in range(full.players)]


def show(full: Match, ply: int, seat: int | None, lang: str) -> None:
    """Ply `ply`'s entry as `seat` was told it, then the table as `seat` saw it after it."""
    match = match_at(full, ply)
    names = seat_names(full, lang)
    who = "—"
    if ply > full.start_ply:
        entry = full.log[ply - full.start_ply - 1]
        who = names[entry.seat] + (f" ({entry.by})" if entry.by else "")
    print(say(lang, "replay_step", ply=ply, last=full.ply, who=who))
    for step in match.events_for(seat, ply - 1) if ply > full.start_ply else []:
        for event in step["events"]:
            print(f"  · {match.spec.describe_event(match.state, event, lang, seat, names)}")
    print(match.spec.render(match.state, seat, lang))


def run(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    lang = args.lang or default_lang()
    full = read_record(read_text(args.record))
    seat = None if args.seat is None else args.seat - 1  # people count seats from 1
    if seat is not None and not 0 <= seat < full.players:
        raise IllegalAction(
            f"there is no seat {args.seat} in a {full.players}-player game "
            f"(seats count from 1 here: 1-{full.players})"
        )
    first = full.start_ply
    ply = min(max(args.to, first), full.ply)
    interactive = not args.all and (sys.stdin.isatty() or ask is not input)
    while True:
        show(full, ply, seat, lang)
        if not interactive:
            if ply >= full.ply:
                break
            ply += 1
            continue
        if ply >= full.ply:
            print(say(lang, "replay_end"))
        try:
            answer = ask(say(lang, "replay_keys") + " > ").strip().lower()
        except EOFError:
            break
        if answer == "q":
            break
        if answer == "b":
            ply = max(first, ply - 1)
        elif answer.startswith("g"):
            target = answer[1:].strip()
            if target.isdigit():
                ply = min(max(int(target), first), full.ply)
        elif ply < full.ply:
            ply += 1
        else:
            break
    return 0
