"""`bodoge content`: a game's content as a variant TOML file, out and back in.

bodoge content export monster_hex > mine.toml        the built-in content, to edit
bodoge content check monster_hex mine.toml           the game's checks, every problem named
bodoge content diff monster_hex mine.toml            what the file changes of the built-in
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bodoge.engine import BodogeError, get_spec
from bodoge.engine.variants import VariantError, VariantKit, to_toml


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "content",
        help="export, check and compare a game's content as a variant TOML file",
        description="A game's content (tiles, boards, cards) as TOML: export the built-in "
        "content, check a variant file with the game's own checks, list what it changes.",
    )
    parser.add_argument("action", choices=("export", "check", "diff"))
    parser.add_argument("game", help="game id (a game with variants: monster_hex, collect)")
    parser.add_argument("file", nargs="?", help="the variant TOML file (check, diff)")
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of errors")
    parser.set_defaults(func=run)
    return parser


def _kit(game: str) -> VariantKit:
    spec = get_spec(game)
    if spec.variants is None:
        raise BodogeError(
            f"{game} has no variants yet (its content is built in)",
            ja=f"{game}にはまだバリアントがありません（内容は組み込みです）",
        )
    return spec.variants


def run(args: argparse.Namespace) -> int:
    from bodoge.cli.simulate import read_content

    try:
        kit = _kit(args.game)
        if args.action == "export":
            sys.stdout.write(to_toml(kit.builtin()))
            return 0
        if not args.file:
            raise BodogeError(f"{args.action} needs a FILE", ja=f"{args.action}にはFILEが必要です")
        data = read_content(args.file)
        kit.check(data)
        if args.action == "check":
            print("ok" if args.lang == "en" else "問題ありません")
        else:
            for line in kit.differences(kit.builtin(), data):
                print(f"{line.field}: {line.ja if args.lang == 'ja' else line.en}")
        return 0
    except VariantError as error:
        for problem in error.problems:
            text = problem.ja if args.lang == "ja" else problem.en
            print(f"bodoge content: {problem.field}: {text}", file=sys.stderr)
        return 2
    except BodogeError as error:
        print(f"bodoge content: {error.message(args.lang)}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"bodoge content: {error.strerror}: {error.filename}", file=sys.stderr)
        return 2
