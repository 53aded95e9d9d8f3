"""Game record files: like PGN in chess, tags first, then the log, one entry a line.

```
[Bodoge "1"]
[Game "collect"]
[Players "2"]
[Seed "7"]
[Option "team_mode=off"]
[Seat0 "Aiko"]
[Seat1 "bot normal"]
[Winners "1"]
[Scores "0 1"]

1 1 draw:A
2 1 keep
3 1 undo
4 1 return:B
5 0 draw:B bot:normal
```

An entry line is `PLY SEAT NOTATION [BY]`: the match's ply after the entry, the seat, the action's
notation (or `undo`), and who decided for the seat when not its own player. A match that started
from a position instead of a seed carries it as `[State "<state JSON>"]`. `Winners` and `Scores`
are written once the game is over and checked when the record is read: a record that does not
replay to its own result is refused. Lines starting with `#` are comments. Tag values escape `"`
and `\\` with a backslash. Other tags (Date, Event, Site...) are kept as they are.

A game of a designer's variant (its `content` option names `variant:<digest>`, installed in the
process that played it) carries the variant's data as `[Content "<JSON>"]`, so the record
replays anywhere: reading it checks the data as the game checks any variant, installs it, and
refuses it unless its digest is the one the options name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from bodoge.engine.errors import BodogeError, ContentError, InvalidState
from bodoge.engine.options import shown_options
from bodoge.engine.registry import get_game, get_spec, state_from_json
from bodoge.engine.variants import VARIANT_PREFIX

if TYPE_CHECKING:
    from bodoge.engine.match import Match

FORMAT = "1"
MAX_RECORD = 8 * 1024 * 1024  # characters; far beyond any game's record
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')
_ENTRY = re.compile(r"([0-9]+) ([0-9]+) (\S+)(?: (\S+))?")
_OWN_TAGS = (
    "Bodoge", "Game", "Players", "Seed", "State", "Option", "Content", "Winners", "Scores",
)  # fmt: skip
_SEAT_TAG = re.compile(r"Seat([0-9]+)")


def check_tags(tags: Mapping[str, str]) -> None:
    """A match's own tags must not pass for the record's (Game, Seat2...)."""
    for key, value in tags.items():
        if not isinstance(key, str) or re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", key) is None:
            raise InvalidState(f"a record tag name is letters and digits, not {key!r:.40}")
        if key in _OWN_TAGS or _SEAT_TAG.fullmatch(key) or not isinstance(value, str):
            raise InvalidState(f"tag {key} is the record's own, or its value is not text")


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def write_record(match: Match) -> str:
    tags: list[tuple[str, str]] = [("Bodoge", FORMAT), ("Game", match.game.info.id)]
    tags.append(("Players", str(match.players)))
    if match.from_seed:
        tags.append(("Seed", str(match.seed)))
        shown = shown_options(match.game.info.options, match.options)
        tags.extend(("Option", f"{key}={value}") for key, value in shown.items())
    else:
        tags.append(("State", json.dumps(match.start.to_json(), ensure_ascii=False)))
    content = _variant_data(match)
    if content is not None:
        tags.append(("Content", json.dumps(content, ensure_ascii=False, separators=(",", ":"))))
    if match.names is not None:
        tags.extend((f"Seat{seat}", name) for seat, name in enumerate(match.names))
    tags.extend(match.tags.items())
    result = match.result()
    if result is not None:
        tags.append(("Winners", " ".join(map(str, result.winners))))
        tags.append(("Scores", " ".join(f"{score:g}" for score in result.scores)))
    lines = [f'[{key} "{_quote(value)}"]' for key, value in tags]
    lines.append("")
    for entry in match.log:
        by = f" {entry.by}" if entry.by else ""
        lines.append(f"{entry.ply} {entry.seat} {match.notation(entry)}{by}")
    return "\n".join(lines) + "\n"


def read_record(text: str) -> Match:
    from bodoge.engine.match import UNDO, Match

    if not isinstance(text, str):
        raise InvalidState("a game record is text")
    if len(text) > MAX_RECORD:
        raise InvalidState(f"a game record holds at most {MAX_RECORD} characters")
    own: dict[str, str] = {}
    options: dict[str, str] = {}
    names: dict[int, str] = {}
    extra: dict[str, str] = {}
    entries: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        tag = _TAG.fullmatch(line)
        if tag is not None:
            if entries:
                raise InvalidState(f"record line {number}: a tag after the first entry")
            key, value = tag.group(1), _unquote(tag.group(2))
            seat_tag = _SEAT_TAG.fullmatch(key)
            if key == "Option":
                name, sep, option = value.partition("=")
                if not sep or name in options:
                    raise InvalidState(f"record line {number}: Option must be a new KEY=VALUE")
                options[name] = option
            elif seat_tag is not None:
                names[int(seat_tag.group(1))] = value
            elif key in own or key in extra:
                raise InvalidState(f"record line {number}: tag {key} given twice")
            elif key in _OWN_TAGS:
                own[key] = value
            else:
                extra[key] = value
            continue
        if _ENTRY.fullmatch(line) is None:
            raise InvalidState(f"record line {number}: not a tag or 'PLY SEAT ACTION [BY]'")
        entries.append((number, line))
    if own.get("Bodoge") != FORMAT:
        raise InvalidState(f'a game record starts with [Bodoge "{FORMAT}"]')
    for key in ("Game", "Players"):
        if key not in own:
            raise InvalidState(f"the record has no {key} tag")
    game = get_game(own["Game"])
    players = _number(own["Players"], "Players")
    if sorted(names) not in ([], list(range(players))):
        raise InvalidState(f"Seat tags must name every seat 0-{players - 1}")
    seat_names = [names[seat] for seat in range(players)] if names else None
    installed = _install_content(own["Game"], own["Content"]) if "Content" in own else None
    if ("Seed" in own) == ("State" in own):
        raise InvalidState("a record has a Seed tag or a State tag (not both)")
    if "State" in own:
        if options:
            raise InvalidState("a record from a State carries its options in the state")
        try:
            data = json.loads(own["State"])
        except json.JSONDecodeError as error:
            raise InvalidState(f"the State tag is not JSON: {error}") from None
        state = state_from_json(data)
        if state.info.id != game.info.id or state.players != players:
            raise InvalidState("the State tag is for another game or player count")
        match = Match.from_state(state, names=seat_names, tags=extra)
    else:
        seed = _number(own["Seed"], "Seed")
        _check_content(installed, options.get("content"))
        match = Match(game, players, options, seed, names=seat_names, tags=extra)
    _check_content(installed, match.options.get("content"))
    for number, line in entries:
        entry = _ENTRY.fullmatch(line)
        assert entry is not None
        ply, seat, notation, by = entry.groups()
        expected = match.ply + 1
        if int(ply) != expected:
            raise InvalidState(f"record line {number}: ply {ply} where {expected} comes next")
        try:
            if notation == UNDO:
                match.undo(int(seat))
            else:
                match.apply(int(seat), notation, by=by)
        except BodogeError as error:
            raise InvalidState(f"record line {number}: {error}") from None
    _check_result(match, own)
    return match


def _variant_data(match: Match) -> dict[str, object] | None:
    """The variant data the match's options name (None: the game's built-in content)."""
    kit = get_spec(match.game.info.id).variants
    return None if kit is None else kit.data_of(match.options)


def _check_content(installed: str | None, named: object) -> None:
    """A Content tag's variant (`installed`, its digest) must be the one the options name."""
    if installed is None or installed == named:
        return
    if not isinstance(named, str) or not named.startswith(VARIANT_PREFIX):
        raise InvalidState("the record has a Content tag but its game's options name no variant")
    raise InvalidState("the Content tag is not the variant the game's content option names")


def _install_content(game_id: str, text: str) -> str:
    """Check a Content tag's variant as the game checks any, install it here; its options'
    `content` value (the variant's digest)."""
    kit = get_spec(game_id).variants
    if kit is None:
        raise InvalidState(f"the record has a Content tag, but {game_id} has no variants")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidState(f"the Content tag is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise InvalidState("the Content tag is a JSON object (a variant's data)")
    try:
        return str(kit.options(data)["content"])
    except ContentError as error:
        raise InvalidState(f"the Content tag's variant is refused: {error}") from None


def _number(text: str, tag: str) -> int:
    if not text.isdigit() or len(text) > 20:
        raise InvalidState(f"the {tag} tag must be a whole number, not {text[:30]!r}")
    return int(text)


def _check_result(match: Match, own: dict[str, str]) -> None:
    result = match.result()
    for key in ("Winners", "Scores"):
        if key in own and result is None:
            raise InvalidState(f"the record has a {key} tag but its game does not end")
    if result is None:
        return
    winners = " ".join(map(str, result.winners))
    scores = " ".join(f"{score:g}" for score in result.scores)
    if own.get("Winners", winners) != winners:
        raise InvalidState(f"the record says winners {own['Winners']}, its moves give {winners}")
    if own.get("Scores", scores) != scores:
        raise InvalidState(f"the record says scores {own['Scores']}, its moves give {scores}")
