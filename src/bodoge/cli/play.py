"""`bodoge play`: a game in the terminal, hot-seat for the humans, bots for the other seats.

The game runs in a `Match`: people pick from its prompt, bots decide through the same door, and
what happened is printed in words from the game's event catalogue, as the person at the terminal
may know it. With several people at one terminal, the screen (and its scrollback) is cleared and
the terminal handed over whenever the next person's view differs from the last one's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from bodoge.ai import SPEC_HELP, Bot, make_bot
from bodoge.cli.menu import error_line, menu_lines, read_choice
from bodoge.cli.messages import LANGS, bot_name, default_lang, say
from bodoge.engine import BodogeError, InvalidOptions, Match, get_spec
from bodoge.engine.options import parse_option_pairs
from bodoge.engine.rng import fresh_seed

CLEAR = "\033[2J\033[3J\033[H"  # clear the screen and the scrollback, cursor home
QUIT, UNDO = "quit", "undo"


class OutputPathError(BodogeError):
    code = "bad_path"
    kind_ja = "出力先のパスが使えません"


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
    play.add_argument(
        "--record", metavar="FILE", help="write the game record here when the game ends or you quit"
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


def check_output_path(text: str | None) -> Path | None:
    """A file the command will write at the end, checked now so a long game is not lost."""
    if text is None:
        return None
    path = Path(text)
    if path.is_dir():
        raise OutputPathError(f"{text} is a folder, not a file")
    if not path.parent.is_dir():
        raise OutputPathError(f"no folder {path.parent} for {text}")
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise OutputPathError(f"cannot write {text}: {error.strerror or error}") from None
    return path


class Terminal:
    """One game at one terminal."""

    def __init__(self, args: argparse.Namespace, ask: Callable[[str], str]) -> None:
        self.lang = args.lang or default_lang()
        self.ask = ask
        self.record_path = check_output_path(args.record)
        game = get_spec(args.game)
        players = game.info.min_players if args.players is None else args.players
        self.seed = args.seed if args.seed is not None else fresh_seed()
        self.chosen_seed = args.seed is not None
        tags = {"Date": date.today().isoformat(), "Site": "bodoge play"}
        self.match = Match(game, players, parse_option_pairs(args.option), self.seed, tags=tags)
        self.bots = seat_bots(players, args.bots, args.level, self.seed)
        self.humans = [seat for seat in range(players) if seat not in self.bots]
        # The one person at the terminal sees their own seat; several share a spectator's log.
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.names = [self._name(seat) for seat in range(players)]
        self.shown_to: int | None = None
        self.seen_ply = self.match.ply
        self.quiet = False  # skipping to the end

    def _name(self, seat: int) -> str:
        """ "seat 1" for seat 0: people count seats from 1 (the JSON and the notation from 0)."""
        if seat in self.bots:
            return say(
                self.lang, "seat_bot", seat=seat + 1, bot=bot_name(self.bots[seat].name, self.lang)
            )
        return say(self.lang, "seat", seat=seat + 1)

    def print_header(self) -> None:
        info, lang = self.match.game.info, self.lang
        title = info.title_ja if lang == "ja" else f"{info.title_en} / {info.title_ja}"
        # A seed foretells every shuffle: shown up front only if the player chose it, else at
        # the end.
        chosen = say(lang, "header_seed", seed=self.seed) if self.chosen_seed else ""
        print(say(lang, "header", title=title, players=self.match.players, seed=chosen))
        lineup = ", ".join(self.names[seat] for seat in self.bots)
        humans = ", ".join(self.names[seat] for seat in self.humans)
        print(
            say(
                lang, "lineup", humans=humans or say(lang, "none"), bots=lineup or say(lang, "none")
            )
        )
        print(say(lang, "help"))

    def run(self) -> int:
        self.print_header()
        match = self.match
        while not match.is_over():
            if not self.quiet and self._only_bots_left():
                self.quiet = self._ask_skip()
            pending = match.pending()
            seat = next((s for s in pending if s in self.bots), pending[0])
            if seat in self.bots:
                # Only the events are shown: a bot's action itself may be secret (a sealed bid).
                bot = self.bots[seat]
                match.apply(seat, bot.choose(match.state, seat), by=f"bot:{bot.name}")
            else:
                self._hand_over(seat)
                choice = self._ask_human(seat)
                if choice == QUIT:
                    self._finish(quitting=True)
                    return 0
                if choice != UNDO:
                    match.apply(seat, choice)
            self._print_events()
        self._finish(quitting=False)
        return 0

    def _only_bots_left(self) -> bool:
        in_play = self.match.state.seats_in_play()
        return bool(self.humans) and not any(seat in in_play for seat in self.humans)

    def _hand_over(self, seat: int) -> None:
        """Clear the screen before another person's turn if that person must not see it."""
        previous, self.shown_to = self.shown_to, seat
        if previous is None or previous == seat or len(self.humans) < 2:
            return
        state = self.match.state
        before, after = state.view(previous), state.view(seat)
        before.pop("seat")
        after.pop("seat")
        if before != after:
            print(CLEAR, end="")
            self.ask(say(self.lang, "pass_terminal", name=self.names[seat]))

    def _ask_skip(self) -> bool:
        try:
            answer = self.ask(say(self.lang, "watch_or_skip")).strip().lower()
        except EOFError:
            return True
        return answer.startswith("s")

    def _print_events(self) -> None:
        match = self.match
        for entry in match.events_for(self.viewer, self.seen_ply):
            if not self.quiet:
                for event in entry["events"]:
                    text = match.spec.describe_event(
                        match.state, event, self.lang, self.viewer, self.names
                    )
                    print(f"  · {text}")
        self.seen_ply = match.ply

    def _ask_human(self, seat: int) -> int | str:
        match, lang = self.match, self.lang
        print()
        print(match.spec.render(match.state, seat, lang))
        while True:
            print("\n".join(menu_lines(match.prompt(seat)["actions"], lang)))
            try:
                answer = self.ask(say(lang, "prompt", name=self.names[seat])).strip()
            except EOFError:
                return QUIT
            if answer in ("q", "quit", "exit"):
                return QUIT
            if answer in ("?", "help", ""):
                print(say(lang, "help"))
                print(match.spec.game_help(lang))
                continue
            if answer in ("v", "view"):
                print(match.spec.render(match.state, seat, lang))
                continue
            if answer in ("u", "undo"):
                if match.can_undo(seat):
                    match.undo(seat)
                    print("  " + say(lang, "undone"))
                    return UNDO
                print("  " + say(lang, "no_undo"), file=sys.stderr)
                continue
            try:
                return read_choice(match, seat, answer, lang)
            except BodogeError as error:
                print(error_line(error, lang), file=sys.stderr)

    def _finish(self, quitting: bool) -> None:
        match, lang = self.match, self.lang
        if not quitting:
            print(match.spec.render(match.state, self.viewer, lang))
            names = [say(lang, "you") if s == self.viewer else n for s, n in enumerate(self.names)]
            for line in match.spec.describe_result(match.state, lang, names):
                print(line)
            result = match.result()
            assert result is not None
            ranks = ", ".join(
                say(lang, "rank", name=names[s], rank=r) for s, r in enumerate(result.ranks)
            )
            print(say(lang, "final", ranks=ranks))
        print(say(lang, "seed_was", seed=self.seed))
        if self.record_path is not None:
            self.record_path.write_text(match.record(), encoding="utf-8")
            print(say(lang, "recorded", path=self.record_path))
        if quitting:
            print(say(lang, "bye"))


def run(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    return Terminal(args, ask).run()
