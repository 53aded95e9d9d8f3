"""`bodoge play`: a game in the terminal, hot-seat for the humans, bots for the other seats."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from bodoge.ai import SPEC_HELP, Bot, make_bot
from bodoge.cli.messages import LANGS, default_lang, say
from bodoge.engine import BodogeError, Event, InvalidOptions, State, get_game, visible_events
from bodoge.engine.options import parse_option_pairs
from bodoge.engine.rng import fresh_seed


def register(sub: Any) -> None:
    play = sub.add_parser(
        "play",
        help="play in the terminal against bots or hot-seat",
        description="Humans take the first seats, bots the rest. " + say("en", "help"),
    )
    play.add_argument("game")
    play.add_argument("--players", type=int, help="number of seats (default: the game's minimum)")
    play.add_argument(
        "--bots",
        default="0",
        help=f"how many seats are bots (they take the last seats), or a comma list of bot specs, "
        f"one per bot seat ({SPEC_HELP}); default 0",
    )
    play.add_argument("--level", default="random", help="the bot spec used with a bot count")
    play.add_argument("--seed", type=int)
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument(
        "--lang", choices=LANGS, help="English or Japanese (default: from the locale, else en)"
    )
    play.set_defaults(func=run)


def seat_bots(players: int, bots: str, level: str, seed: int) -> dict[int, Bot]:
    """The last seats get bots: `--bots 3` (of `level`) or `--bots hard,random`."""
    count = bots.strip()
    if count.isdecimal() and (len(count) > 6 or int(count) > players):
        raise InvalidOptions(f"{count[:20]} bots do not fit {players} seats")
    specs = [level] * int(count) if count.isdecimal() else bots.split(",")
    if len(specs) > players:
        raise InvalidOptions(f"{len(specs)} bots do not fit {players} seats")
    first = players - len(specs)
    return {first + i: make_bot(spec.strip(), seed + i) for i, spec in enumerate(specs)}


def describe(event: Event, who: str | None = None) -> str:
    """One readable line for an event: who, its type, then its fields."""
    fields = " ".join(
        f"{key}={value}" for key, value in event.items() if key not in ("type", "seat")
    )
    if who is None:
        who = f"seat {event['seat']}" if "seat" in event else ""
    return f"  · {who + ' ' if who else ''}{event['type']} {fields}".rstrip()


def run(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    lang = args.lang or default_lang()
    game = get_game(args.game)
    players = game.info.min_players if args.players is None else args.players
    seed = args.seed if args.seed is not None else fresh_seed()
    state = game.new(players, parse_option_pairs(args.option), seed)
    bots = seat_bots(players, args.bots, args.level, seed)
    humans = [seat for seat in range(players) if seat not in bots]
    secret = _views_differ(state)
    title = game.info.title_ja if lang == "ja" else f"{game.info.title_en} / {game.info.title_ja}"
    # A seed foretells every shuffle: shown up front only if the player chose it, else at the end.
    chosen = say(lang, "header_seed", seed=seed) if args.seed is not None else ""
    print(say(lang, "header", title=title, players=players, seed=chosen))
    lineup = ", ".join(f"{say(lang, 'seat', seat=s)} {b.name}" for s, b in bots.items())
    print(say(lang, "lineup", humans=humans or say(lang, "none"), bots=lineup or say(lang, "none")))
    print(say(lang, "help"))
    shown_to: int | None = None
    viewer = humans[0] if len(humans) == 1 else None
    while not state.is_over():
        pending = state.pending()
        seat = next((s for s in pending if s in bots), pending[0])
        if seat in bots:
            # Only the events below are shown: a bot's action itself may be secret (a sealed bid).
            action = bots[seat].choose(state, seat)
        else:
            if shown_to != seat and secret and len(humans) > 1:
                print("\033[2J\033[H", end="")
                ask(say(lang, "pass_terminal", seat=seat))
            shown_to = seat
            chosen = _ask_human(state, seat, ask, lang)
            if chosen is None:
                print(say(lang, "seed_was", seed=seed))
                print(say(lang, "bye"))
                return 0
            action = chosen
        events = state.apply(seat, action)
        who = f"seat {seat} ({bots[seat].name})" if seat in bots else f"seat {seat}"
        for event in visible_events(events, viewer):
            print(describe(event, who if event.get("seat") == seat else None))
    print(state.render(viewer, lang))
    result = state.result()
    assert result is not None
    ranks = ", ".join(say(lang, "rank", seat=s, rank=r) for s, r in enumerate(result.ranks))
    print(say(lang, "final", ranks=ranks))
    print(say(lang, "seed_was", seed=seed))
    return 0


def _ask_human(state: State, seat: int, ask: Callable[[str], str], lang: str) -> int | None:
    print()
    print(state.render(seat, lang))
    while True:
        legal = state.legal_actions(seat)
        texts = [state.action_text(action) for action in legal]
        print("  " + "  ".join(f"[{i}] {text}" for i, text in enumerate(texts)))
        try:
            answer = ask(say(lang, "prompt", seat=seat)).strip()
        except EOFError:
            return None
        if answer in ("q", "quit", "exit"):
            return None
        if answer in ("?", "help", ""):
            print(say(lang, "help"))
            continue
        if answer in ("v", "view"):
            print(state.render(seat, lang))
            continue
        if answer.isdecimal() and len(answer) <= 6 and int(answer) < len(legal):
            return legal[int(answer)]
        try:
            action = state.parse_action(answer)
        except BodogeError as error:
            print(f"  {error}", file=sys.stderr)
            continue
        if action in legal:
            return action
        print("  " + say(lang, "not_legal", answer=answer), file=sys.stderr)


def _views_differ(state: State) -> bool:
    """Whether seats see different things (hands...), so hot-seat must hide the screen."""
    views = [state.view(seat) for seat in range(state.players)]
    for view in views:
        view.pop("seat")
    return any(view != views[0] for view in views[1:])
