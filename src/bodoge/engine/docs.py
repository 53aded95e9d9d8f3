"""Generated sections of the docs pages: tables made from the code, so they cannot drift.

A page holds a section between `<!-- generated:KIND:GAME -->` and `<!-- /generated -->`; KIND is
`events` (the game's event catalogue) or another kind registered in `SECTIONS`. `python -m
bodoge.engine.docs` rewrites every section of `docs/`; with `--check` it only says which are out
of date (the test suite runs that).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

from bodoge.engine.registry import get_spec

_SECTION = re.compile(
    r"(<!-- generated:([a-z_]+):([a-z_]+) -->\n)(.*?)(<!-- /generated -->)", re.DOTALL
)


def events_table(game_id: str) -> str:
    return get_spec(game_id).event_catalog.markdown()


def observation_table(game_id: str) -> str:
    """The observation pieces for the game's smallest player count (pieces with a seat
    dimension grow with the player count)."""
    game = get_spec(game_id)
    players = game.info.min_players
    observer = game.observer(players, {})
    if observer is None:
        return "(no observation encoder yet)"
    return f"For {players} players (pieces per seat grow with the count):\n\n" + observer.markdown()


SECTIONS: dict[str, Callable[[str], str]] = {
    "events": events_table,
    "observation": observation_table,
}


def render_page(text: str) -> str:
    """`text` with every generated section made anew."""

    def fill(found: re.Match[str]) -> str:
        kind, game_id = found.group(2), found.group(3)
        if kind not in SECTIONS:
            raise ValueError(f"unknown generated section kind {kind!r}")
        return f"{found.group(1)}{SECTIONS[kind](game_id).rstrip()}\n{found.group(5)}"

    return _SECTION.sub(fill, text)


def stale_pages(folder: Path) -> list[Path]:
    return [
        page
        for page in sorted(folder.rglob("*.md"))
        if render_page(page.read_text()) != page.read_text()
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bodoge.engine.docs", description=__doc__)
    parser.add_argument("folder", nargs="?", default="docs", type=Path)
    parser.add_argument("--check", action="store_true", help="only list the pages out of date")
    args = parser.parse_args(argv)
    stale = stale_pages(args.folder)
    if args.check:
        for page in stale:
            print(f"{page}: generated sections are out of date (python -m bodoge.engine.docs)")
        return 1 if stale else 0
    for page in stale:
        page.write_text(render_page(page.read_text()))
        print(f"rewrote {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
