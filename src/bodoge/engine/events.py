"""Events: what a decision did, who may know it, and the words that tell it.

An event is a JSON-ready dict with a `type`. A private event names the seats that may know all of
it in `visible_to` and keeps its secret fields apart under `private`; every other seat (and a
spectator) receives it in its public shape, without them: `{"type": "draw", "seat": 2, "count": 1,
"private": {"units": ["red-S"]}, "visible_to": [2]}` reaches seat 2 as `{"type": "draw", "seat": 2,
"count": 1, "units": ["red-S"]}` and everyone else as `{"type": "draw", "seat": 2, "count": 1}`.

Each game lists its event types in a catalogue (`events.toml` in its package): the fields and their
kinds, the private fields, whether the event makes hidden information known (`reveals`, which ends
the chance to undo), and the words in English and Japanese, with `{field}` placeholders. Kinds the
engine knows are `seat`, `seats`, `int`, `text`, `bool` and `data` (shown only in docs); any other
kind is the game's own word (`GameSpec.event_word`), and `kind[]` is a list of them. A `?` after a
kind means the field may be null. `cases` pick other words when a field has a given value.
A count agrees with its noun: `{count:card|cards}` (an `int` field) reads "1 card", "3 cards".
A negative `int` is written with the minus sign, "−3" (U+2212), as every number people read.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from bodoge.engine.errors import ContentError
from bodoge.engine.text import signed

Event = dict[str, Any]
LANGS = ("en", "ja")
PRIVATE = "private"
VISIBLE_TO = "visible_to"
ENGINE_KINDS = ("seat", "seats", "int", "text", "bool", "data")
# A game's own words: (kind, value, lang, event, viewer, names) -> text, None for a kind it does
# not know; the viewer and the seats' names let a kind that names seats say "you" or "your".
WordHook = Callable[[str, Any, str, Event, "int | None", "list[str] | None"], "str | None"]

_SEAT_WORDS = {
    "en": {"seat": "seat {n}", "you": "you", "nobody": "nobody", "and": ", "},
    "ja": {"seat": "席{n}", "you": "あなた", "nobody": "誰も", "and": "、"},
}


def default_seat_name(seat: int, lang: str) -> str:
    """A seat's name when the match has none: counted from 1 like everything a player sees
    ("seat 1" / "席1" is seat 0 of the notation and the JSON)."""
    return _SEAT_WORDS["ja" if lang == "ja" else "en"]["seat"].format(n=seat + 1)


_ENGINE_WORD = re.compile(r"(you|seat \d+)\b")


def capitalize_sentence(text: str, lang: str, names: Sequence[str] | None = None) -> str:
    """An English sentence with its first letter in upper case, unless it starts with a seat's
    display name, which is shown as typed ("p0 rolled", never "P0 rolled"); Japanese as it is."""
    if lang == "ja" or starts_with_name(text, names):
        return text
    return text[:1].upper() + text[1:]


def starts_with_name(text: str, names: Sequence[str] | None) -> bool:
    """Whether `text` begins with one of `names` as a whole word ("p0's card", not "pass").
    The words a caller may pass among the names, the viewer's "you" and a seat's default name
    ("seat 2", "seat 2 (random)"), are words, not names: they still take a capital."""
    for name in names or ():
        name = str(name)
        if not name or _ENGINE_WORD.match(name) or not text.startswith(name):
            continue
        if not text[len(name) : len(name) + 1].isalnum():
            return True
    return False


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as `seat` (None: a spectator) may know them: a private event in full for the
    seats it names, in its public shape for everyone else, never dropped."""
    return [redact(event, seat) for event in events]


def redact(event: Event, seat: int | None) -> Event:
    if VISIBLE_TO not in event and PRIVATE not in event:
        return dict(event)
    shown = {key: value for key, value in event.items() if key not in (VISIBLE_TO, PRIVATE)}
    if seat is not None and seat in event.get(VISIBLE_TO, ()):
        shown.update(event.get(PRIVATE, {}))
    return shown


def is_private(event: Event) -> bool:
    return VISIBLE_TO in event


@dataclass(frozen=True)
class Case:
    field: str
    value: str  # compared with the event's value written as JSON would ("null", "true", "3")
    words: Mapping[str, str]


@dataclass(frozen=True)
class EventType:
    type: str
    fields: Mapping[str, str]  # public field -> kind
    private: Mapping[str, str]  # private field -> kind
    reveals: bool  # makes information known that was hidden from someone (ends undo)
    words: Mapping[str, str]  # lang -> template
    public_words: Mapping[str, str]  # lang -> template of the public shape (private events)
    cases: tuple[Case, ...] = ()
    note: Mapping[str, str] = field(default_factory=dict)  # lang -> when it happens (docs)

    def template(self, event: Event, lang: str) -> str:
        for case in self.cases:
            if _as_text(event.get(case.field)) == case.value:
                return case.words[lang]
        if self.private and any(name not in event for name in self.private):
            return self.public_words[lang]
        return self.words[lang]


class EventCatalog:
    """The event types of one game (with the engine's own), read from TOML."""

    def __init__(self, types: Mapping[str, EventType]) -> None:
        self.types = dict(types)

    @classmethod
    def load(cls, package: str, name: str = "events.toml") -> EventCatalog:
        """The engine's events and those of `package`'s `name` file."""
        source = f"{package}/{name}"
        try:
            text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError) as error:
            raise ContentError(f"{source}: cannot read it ({error})") from None
        return cls.from_toml(text, source)

    @classmethod
    def from_toml(cls, text: str, source: str = "events") -> EventCatalog:
        """The engine's events and those written in `text` (for games built outside a package)."""
        return cls({**_engine_catalog().types, **_parse(text, source)})

    def __contains__(self, event_type: str) -> bool:
        return event_type in self.types

    def reveals(self, events: Iterable[Event]) -> bool:
        """Whether any of `events` makes hidden information known to someone (a seat's own
        sealed choice does not: it knew it already)."""
        for event in events:
            known = self.types.get(event["type"])
            if known is None or known.reveals:  # an event nobody listed is taken to reveal
                return True
        return False

    def describe(
        self,
        event: Event,
        lang: str,
        viewer: int | None = None,
        names: list[str] | None = None,
        words: WordHook | None = None,
    ) -> str:
        """One sentence for an event (as received by `viewer`) in `lang`; `names` are the seats'
        display names (default "seat 2"), the viewer's own seat is "you"."""
        lang = lang if lang in LANGS else "en"
        known = self.types.get(event.get("type", ""))
        if known is None:  # a game without words for it: its fields as they are
            fields = " ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "seat"))
            who = ""
            if "seat" in event:
                who = self._word("seat", event["seat"], lang, event, viewer, names, words) + ": "
            return f"{who}{event.get('type')} {fields}".strip()
        template = known.template(event, lang)
        kinds = {**known.fields, **known.private}
        parts = []
        for literal, name, spec, _ in string.Formatter().parse(template):
            parts.append(literal)
            if name:
                value = event.get(name)
                parts.append(self._word(kinds[name], value, lang, event, viewer, names, words))
                if spec:  # "card|cards": the noun the count takes
                    one, many = spec.split("|")
                    parts.append(f" {one if value in (1, -1) else many}")
        text = "".join(parts)
        if template.startswith("{"):  # a field's word first: a display name stays as typed
            return capitalize_sentence(text, lang, names)
        return capitalize_sentence(text, lang)

    def _word(
        self,
        kind: str,
        value: Any,
        lang: str,
        event: Event,
        viewer: int | None,
        names: list[str] | None,
        words: WordHook | None,
    ) -> str:
        base = kind.rstrip("?")
        seat_words = _SEAT_WORDS[lang]
        if value is None:
            return seat_words["nobody"] if base == "seat" else "—"
        if base.endswith("[]") or base == "seats":
            each = "seat" if base == "seats" else base[:-2]
            parts = [self._word(each, item, lang, event, viewer, names, words) for item in value]
            return seat_words["and"].join(parts) if parts else "—"
        if base == "seat":
            if value == viewer:
                return seat_words["you"]
            if names is not None and 0 <= value < len(names):
                return str(names[value])
            return default_seat_name(value, lang)
        if base == "int":
            return signed(value) if type(value) is int else str(value)
        if base == "text":
            return str(value)
        if base == "bool":
            return _as_text(value)
        text = words(base, value, lang, event, viewer, names) if words is not None else None
        if text is None:
            raise ContentError(f"no words for kind {base!r} (value {value!r})")
        return text

    def check(self, event: Event) -> list[str]:
        """What is wrong with `event` against its listed type (empty when it is right)."""
        known = self.types.get(event.get("type", ""))
        if known is None:
            return [f"event type {event.get('type')!r} is not in the catalogue"]
        problems = []
        public = {key for key in event if key not in ("type", VISIBLE_TO, PRIVATE)}
        if public != set(known.fields):
            problems.append(f"{known.type}: fields {sorted(public)} != {sorted(known.fields)}")
        secret = set(event.get(PRIVATE, {}))
        if secret != set(known.private):
            problems.append(f"{known.type}: private {sorted(secret)} != {sorted(known.private)}")
        if bool(known.private) != (VISIBLE_TO in event):
            problems.append(f"{known.type}: visible_to goes with private fields")
        return problems

    def markdown(self) -> str:
        """The catalogue as a Markdown table for the game's docs page."""
        lines = [
            "| event | fields | who sees it | English | 日本語 |",
            "|---|---|---|---|---|",
        ]
        for known in self.types.values():
            fields = ", ".join(f"`{k}` ({v})" for k, v in known.fields.items()) or "—"
            if known.private:
                secret = ", ".join(f"`{k}` ({v})" for k, v in known.private.items())
                fields += f"; private: {secret}"
                seen = (
                    "all: the seats in `visible_to`; the others without the private fields: "
                    f"“{known.public_words['en']}” / “{known.public_words['ja']}”"
                )
            else:
                seen = "everyone"
            if known.reveals:
                seen += " (reveals: ends undo)"
            en, ja = known.words["en"], known.words["ja"]
            for case in known.cases:
                en += f"; if {case.field} = {case.value}: {case.words['en']}"
                ja += f"；{case.field} = {case.value} のとき：{case.words['ja']}"
            note = known.note.get("en")
            event_cell = f"`{known.type}`" + (f": {note}" if note else "")
            row = [event_cell, fields, seen, en, ja]
            lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
        return "\n".join(lines)


def _as_text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _placeholders(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def _check_counts(template: str, kinds: Mapping[str, str], where: str) -> None:
    """A placeholder's spec may only be a count's two nouns, `{count:card|cards}`."""
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name and conversion:
            raise ContentError(f"{where}: {{{name}!{conversion}}} is not a placeholder")
        if name and spec:
            nouns = spec.split("|")
            if len(nouns) != 2 or not all(nouns) or kinds.get(name, "").rstrip("?") != "int":
                raise ContentError(
                    f"{where}: {{{name}:{spec}}} must be an int field and its two nouns, "
                    "like {count:card|cards}"
                )


def _words(entry: Mapping[str, Any], prefix: str, where: str) -> dict[str, str]:
    found = {lang: entry.get(f"{prefix}{lang}") for lang in LANGS}
    missing = [lang for lang, text in found.items() if not isinstance(text, str) or not text]
    if missing:
        raise ContentError(f"{where}: needs {', '.join(prefix + lang for lang in missing)}")
    return {lang: str(text) for lang, text in found.items()}


def _kinds(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ContentError(f"{where} must be a table of field = kind")
    return dict(value)


def _parse(text: str, source: str) -> dict[str, EventType]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{source}: {error}") from None
    types: dict[str, EventType] = {}
    for name, entry in data.items():
        where = f"{source} [{name}]"
        if not isinstance(entry, dict):
            raise ContentError(f"{where} must be a table")
        unknown = set(entry) - {
            "fields", "private", "reveals", "en", "ja", "public_en", "public_ja", "cases",
            "note_en", "note_ja",
        }  # fmt: skip
        if unknown:
            raise ContentError(f"{where}: unknown keys {sorted(unknown)}")
        fields = _kinds(entry.get("fields", {}), f"{where} fields")
        private = _kinds(entry.get("private", {}), f"{where} private")
        kinds = {**fields, **private}
        words = _words(entry, "", where)
        public_words = _words(entry, "public_", where) if private else dict(words)
        cases = []
        for number, case in enumerate(entry.get("cases", [])):
            case_where = f"{where} cases[{number}]"
            if not isinstance(case, dict) or case.get("field") not in kinds:
                raise ContentError(f"{case_where} needs a field of this event")
            case_words = _words(case, "", case_where)
            for lang in LANGS:
                _check_counts(case_words[lang], kinds, f"{case_where} {lang}")
            cases.append(Case(case["field"], str(case.get("value")), case_words))
        for lang in LANGS:
            for template, what in [(words[lang], lang), (public_words[lang], f"public_{lang}")]:
                allowed = kinds if what == lang else fields
                for placeholder in _placeholders(template):
                    if placeholder not in allowed:
                        raise ContentError(f"{where} {what}: no field {placeholder!r} to show")
                _check_counts(template, kinds, f"{where} {what}")
        note = {lang: entry[f"note_{lang}"] for lang in LANGS if f"note_{lang}" in entry}
        types[name] = EventType(
            type=name,
            fields=fields,
            private=private,
            reveals=bool(entry.get("reveals", False)),
            words=words,
            public_words=public_words,
            cases=tuple(cases),
            note=note,
        )
    return types


_ENGINE: EventCatalog | None = None


def _engine_catalog() -> EventCatalog:
    global _ENGINE
    if _ENGINE is None:
        text = resources.files("bodoge.engine").joinpath("events.toml").read_text("utf-8")
        _ENGINE = EventCatalog(_parse(text, "bodoge/engine/events.toml"))
    return _ENGINE


def engine_catalog() -> EventCatalog:
    """The events every game shares (`game_over`, `undo`)."""
    return _engine_catalog()
