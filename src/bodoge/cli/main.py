"""`bodoge`: list games, create and inspect states, apply actions, play, simulate.

Bad input never shows a traceback: every error the caller can cause is a `BodogeError`,
printed as one line on standard error with exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from bodoge import __version__
from bodoge.cli import admin as admin_command
from bodoge.cli import analyze as analyze_command
from bodoge.cli import content as content_command
from bodoge.cli import play as play_command
from bodoge.cli import ratings as ratings_command
from bodoge.cli import replay as replay_command
from bodoge.cli import serve as serve_command
from bodoge.cli import simulate as simulate_command
from bodoge.cli.messages import default_lang
from bodoge.cli.stateio import dump, read_state
from bodoge.engine import BodogeError, GameInfo, IllegalAction, OptionSpec, game_ids, get_game
from bodoge.engine.langs import LANGS
from bodoge.engine.notation import parse_seat
from bodoge.engine.options import parse_option_pairs


def cmd_games(args: argparse.Namespace) -> int:
    infos = [get_game(game_id).info for game_id in game_ids()]
    if args.json:
        print(dump([info.describe() for info in infos]))
        return 0
    lang = args.lang or default_lang()
    for info in infos:
        print(game_line(info, lang))
        for spec in info.options:
            print(*option_lines(spec, lang), sep="\n")
    return 0


def game_line(info: GameInfo, lang: str) -> str:
    if lang == "ja":
        return f"{info.id:18} {info.title_ja}（{info.min_players}〜{info.max_players}人）"
    return (
        f"{info.id:18} {info.title_en} / {info.title_ja}  "
        f"({info.min_players}-{info.max_players} players)"
    )


def option_lines(spec: OptionSpec, lang: str) -> list[str]:
    """An option as a player reads it: its name and how to give it, its help, and the name of
    each choice."""
    ja = lang == "ja"
    values = "|".join(spec.choices) if spec.choices else spec.kind
    given = f"--option {spec.key}={values}"
    lines = [
        f"{'':4}{spec.label(lang)}：{given}（既定：{spec.default}）"
        if ja
        else f"{'':4}{spec.label(lang)}: {given} (default: {spec.default})",
        f"{'':8}" + (spec.help_ja if ja else spec.help_en),
    ]
    lines += [f"{'':8}{choice} = {spec.choice_label(choice, lang)}" for choice in spec.choices]
    return lines


def cmd_new(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    state = game.new(args.players, parse_option_pairs(args.option), args.seed)
    print(dump(state.to_json()))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    state = read_state(args.state)
    pending = state.pending()
    actions = {str(seat): state.legal_texts(seat) for seat in pending}
    print(dump({"pending": pending, "actions": actions}))
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    pairs = args.moves
    if not pairs or len(pairs) % 2:
        raise IllegalAction("apply takes SEAT ACTION pairs, e.g. `bodoge apply s.json 0 draw:A`")
    state = read_state(args.state)
    for seat_text, action in zip(pairs[::2], pairs[1::2], strict=True):
        # Each action is checked before anything changes, so a bad one leaves the state intact.
        state.apply_text(parse_seat(seat_text, state.players), action)
    print(dump(state.to_json()))
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    state = read_state(args.state)
    print(dump(state.view(args.seat)))
    return 0


class _Parser(argparse.ArgumentParser):
    """Usage errors in the same one-line form as every other error (subcommands inherit it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"bodoge: error: {message} (see `{self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bodoge",
        description="bodoge (ボドゲ): Japanese tabletop games with their complete rules.",
    )
    parser.add_argument("--version", action="version", version=f"bodoge {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    games = sub.add_parser("games", help="list games, player counts and options")
    games.add_argument("--json", action="store_true", help="machine-readable")
    games.add_argument(
        "--lang", choices=LANGS, help="English or Japanese (default: from the locale, else en)"
    )
    games.set_defaults(func=cmd_games)

    new = sub.add_parser("new", help="print a new game's full state as JSON")
    new.add_argument("game")
    new.add_argument("--players", type=int, required=True)
    new.add_argument("--seed", type=int, help="seed for all chance (random if omitted)")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    new.set_defaults(func=cmd_new)

    legal = sub.add_parser("legal", help="print the pending seats and their legal actions")
    legal.add_argument("state", help="state JSON file, or - for standard input")
    legal.set_defaults(func=cmd_legal)

    apply = sub.add_parser("apply", help="apply SEAT ACTION pairs and print the new state")
    apply.add_argument("state", help="state JSON file, or - for standard input")
    apply.add_argument("moves", nargs="*", metavar="SEAT ACTION")
    apply.set_defaults(func=cmd_apply)

    view = sub.add_parser("view", help="print what a seat (or a spectator) may see")
    view.add_argument("state", help="state JSON file, or - for standard input")
    view.add_argument("--seat", type=int, help="the seat; a spectator if omitted")
    view.set_defaults(func=cmd_view)

    play_command.register(sub)
    replay_command.register(sub)
    analyze_command.register(sub)
    simulate_command.register(sub)
    content_command.register(sub)
    serve_command.register(sub)
    admin_command.register(sub)
    ratings_command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a non-UTF-8 terminal gets "?" for kana, no crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BodogeError as error:
        print(f"bodoge: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
