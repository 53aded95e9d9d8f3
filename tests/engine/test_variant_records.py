"""A game of a designer's variant writes the variant into its record (`[Content "..."]`), so the
record replays in a process that never saw the variant (`bodoge replay`, `bodoge analyze` on a
record downloaded from the server); reading it checks the data as any variant is checked."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from bodoge.engine import Match
from bodoge.engine.errors import InvalidState
from bodoge.engine.registry import get_spec

# a process of its own: reads a record on standard input, prints its final state's JSON
REPLAY = (
    "import json, sys\n"
    "from bodoge.engine import Match\n"
    "print(json.dumps(Match.from_record(sys.stdin.read()).state.to_json(), sort_keys=True))\n"
)


def changed_content(game: str) -> dict[str, Any]:
    """The game's built-in content with one count or tile changed (still a valid variant)."""
    data = get_spec(game).variants.builtin()  # type: ignore[union-attr]
    if game == "collect":
        data["animals"]["animal"][0]["count"] = 6
    elif game == "monster_hex":
        data["units"]["unit"][1]["edges"] = [5, 2, 5, 3, 4, 1]  # the Golem's second edge
    else:
        data["species"][0]["points"] = 12
    return data


def variant_match(game: str, players: int, plies: int = 40) -> Match:
    options = get_spec(game).variants.options(changed_content(game))  # type: ignore[union-attr]
    match = Match(game, players, options, seed=3)
    rng = random.Random(1)
    while not match.is_over() and match.ply < plies:
        seat = match.pending()[0]
        prompt = match.prompt(seat)
        match.apply(seat, rng.choice(prompt["actions"])["notation"], expected_ply=prompt["ply"])
    return match


@pytest.mark.parametrize(
    ("game", "players"), [("collect", 2), ("monster_hex", 2), ("koremon_trick", 3)]
)
def test_a_variant_game_record_replays_in_a_process_that_never_saw_the_variant(
    game: str, players: int
) -> None:
    match = variant_match(game, players)
    text = match.record()
    content = [line for line in text.splitlines() if line.startswith("[Content ")]
    assert len(content) == 1 and match.options["content"] in text
    done = subprocess.run(
        [sys.executable, "-c", REPLAY], input=text, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == json.loads(json.dumps(match.state.to_json(), sort_keys=True))


def test_a_built_in_game_record_has_no_content_tag() -> None:
    assert "[Content " not in Match("collect", 2, None, seed=3).record()


def _with_content(text: str, data: object) -> str:
    lines = [
        f"[Content {json.dumps(json.dumps(data, separators=(',', ':')))}]"
        if line.startswith("[Content ")
        else line
        for line in text.splitlines()
    ]
    return "\n".join(lines) + "\n"


def test_a_content_tag_that_is_not_the_named_variant_is_refused() -> None:
    text = variant_match("collect", 2).record()
    other = changed_content("collect")
    other["animals"]["animal"][1]["count"] = 6  # valid, but another digest
    with pytest.raises(InvalidState, match="not the variant the game's content option names"):
        Match.from_record(_with_content(text, other))


def test_a_content_tag_with_a_refused_variant_names_the_field() -> None:
    text = variant_match("collect", 2).record()
    bad = changed_content("collect")
    bad["animals"]["animal"][0]["count"] = 0
    with pytest.raises(InvalidState, match=r"refused: animals\.animal\[0\]\.count"):
        Match.from_record(_with_content(text, bad))


@pytest.mark.parametrize(
    ("content", "message"),
    [("[1, 2]", "a JSON object"), ("{nope", "not JSON")],
)
def test_a_content_tag_that_is_no_variant_is_refused(content: str, message: str) -> None:
    text = variant_match("collect", 2).record()
    lines = [
        f'[Content "{content}"]' if line.startswith("[Content ") else line
        for line in text.splitlines()
    ]
    with pytest.raises(InvalidState, match=message):
        Match.from_record("\n".join(lines) + "\n")


def test_a_content_tag_on_a_built_in_game_is_refused() -> None:
    text = Match("collect", 2, None, seed=3).record()
    data = json.dumps(json.dumps(changed_content("collect"), separators=(",", ":")))
    text = text.replace('[Seed "3"]', f'[Seed "3"]\n[Content {data}]')
    with pytest.raises(InvalidState, match="name no variant"):
        Match.from_record(text)
