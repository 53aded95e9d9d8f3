"""Typed game options: each game declares them; callers pass strings (command line) or values.

What a player reads of an option (its name and each choice's name, in English and Japanese) is
the game's content: a game keeps it in an `options.toml` beside its events and attaches it with
`with_labels`, so the lobby and `bodoge games` never show a raw key such as `mimics_placeable`:

    [mimics_placeable]
    en = "Mimics in the pyramid"
    ja = "ピラミッドのミミック"
    choices.yes = { en = "Wild fillers", ja = "ワイルドとして置ける" }
    choices.no = { en = "Cannot be placed", ja = "置けない" }
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from bodoge.engine.errors import ContentError, InvalidOptions
from bodoge.engine.langs import LANGS


@dataclass(frozen=True)
class OptionSpec:
    """One option. `choices` for an enumeration (first is not special: `default` is the default);
    `kind` "int" with `low`/`high` for numbers; "text" for free text such as a folder path."""

    key: str
    default: Any
    help_en: str
    help_ja: str
    choices: tuple[str, ...] = ()
    kind: str = "choice"
    low: int | None = None
    high: int | None = None
    label_en: str = ""  # the option's name as a player reads it ("" until labelled: the key)
    label_ja: str = ""
    choice_labels: tuple[tuple[str, str, str], ...] = ()  # (choice, en, ja) for each choice
    # Left out of views, the state JSON and records while at its default (`shown_options`): an
    # option added after games were played and recorded, whose views and records stay as they were.
    quiet: bool = False

    def label(self, lang: str = "en") -> str:
        """The option's name in `lang` ("ja" or English), the key when it has none."""
        return (self.label_ja if lang == "ja" else self.label_en) or self.key

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        """A value's name in `lang`: a choice's label, else the value as written."""
        text = str(choice).lower() if isinstance(choice, bool) else str(choice)
        for value, en, ja in self.choice_labels:
            if value == text:
                return ja if lang == "ja" else en
        return text

    def parse(self, value: Any) -> Any:
        if self.kind == "choice":
            text = str(value).lower() if isinstance(value, bool) else str(value)
            if text not in self.choices:
                raise InvalidOptions(
                    f"option {self.key}={value!r} is not one of {', '.join(self.choices)}"
                )
            return text
        if self.kind == "int":
            number = _whole_number(value)
            if number is None:
                raise InvalidOptions(f"option {self.key}={value!r} is not a whole number")
            if (self.low is not None and number < self.low) or (
                self.high is not None and number > self.high
            ):
                raise InvalidOptions(
                    f"option {self.key}={number} is outside {self.low}..{self.high}"
                )
            return number
        if value is None:
            return None
        return str(value)

    def describe(self) -> dict[str, Any]:
        described: dict[str, Any] = {
            "key": self.key,
            "default": self.default,
            "label": {lang: self.label(lang) for lang in LANGS},
            "help": {"en": self.help_en, "ja": self.help_ja},
            "kind": self.kind,
        }
        if self.choices:
            described["choices"] = list(self.choices)
            described["choice_labels"] = {
                choice: {lang: self.choice_label(choice, lang) for lang in LANGS}
                for choice in self.choices
            }
        if self.kind == "int":
            described["range"] = [self.low, self.high]
        return described


def with_labels(
    specs: tuple[OptionSpec, ...], package: str, name: str = "options.toml"
) -> tuple[OptionSpec, ...]:
    """`specs` with the names of the options and of their choices read from `package`'s `name`
    file (format: this module's docstring). Every option and every choice must be named in both
    languages, and nothing else: a missing or stray name is a `ContentError`."""
    source = f"{package}/{name}"
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as error:
        raise ContentError(f"{source}: cannot read it ({error})") from None
    return labels_from_toml(specs, text, source)


def labels_from_toml(
    specs: tuple[OptionSpec, ...], text: str, source: str = "options"
) -> tuple[OptionSpec, ...]:
    """`with_labels` for TOML text at hand (a game built outside a package). A file may name
    the options of several games (they share a package): only the keys of `specs` are read."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{source}: {error}") from None
    labelled = []
    for spec in specs:
        where = f"{source} [{spec.key}]"
        entry = data.get(spec.key)
        if not isinstance(entry, dict):
            raise ContentError(f"{where}: the option {spec.key!r} needs its names (en, ja)")
        en, ja = _pair(entry, where)
        choices = entry.get("choices", {})
        if not isinstance(choices, dict) or set(choices) != set(spec.choices):
            given = sorted(choices) if isinstance(choices, dict) else choices
            raise ContentError(
                f"{where}: choices must name exactly {sorted(spec.choices)}, not {given}"
            )
        named = tuple(
            (choice, *_pair(choices[choice], f"{where} choices.{choice}"))
            for choice in spec.choices
        )
        labelled.append(replace(spec, label_en=en, label_ja=ja, choice_labels=named))
    return tuple(labelled)


def _pair(entry: Any, where: str) -> tuple[str, str]:
    if not isinstance(entry, dict):
        raise ContentError(f"{where} must be a table with en and ja")
    words = [entry.get(lang) for lang in LANGS]
    if not all(isinstance(word, str) and word.strip() for word in words):
        raise ContentError(f"{where} needs both en and ja")
    en, ja = (str(word) for word in words)
    return en, ja


def _whole_number(value: Any) -> int | None:
    """An int from an int or its decimal text; None for anything else (True, 2.7, "two")."""
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().lstrip("+-").isascii():
        text = value.strip()
        if text.lstrip("+-").isdigit() and len(text) <= 18:
            return int(text)
    return None


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Defaults overlaid with `given`, each value checked; unknown keys are an error."""
    known = {spec.key: spec for spec in specs}
    if given is not None and not isinstance(given, Mapping):
        raise InvalidOptions(f"options must be an object of KEY: VALUE, not {given!r}")
    given = dict(given or {})
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise InvalidOptions(f"unknown option {unknown[0]!r} (this game's options: {names})")
    return {
        key: spec.parse(given[key]) if key in given else spec.default for key, spec in known.items()
    }


def shown_options(specs: tuple[OptionSpec, ...], options: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of `options` without the quiet ones at their defaults (reading them back
    resolves the defaults again)."""
    shown = dict(options)
    for spec in specs:
        if spec.quiet and shown.get(spec.key) == spec.default:
            del shown[spec.key]
    return shown


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """`["team_mode=on", ...]` from the command line into a dict."""
    parsed: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InvalidOptions(f"option {pair!r} is not KEY=VALUE")
        parsed[key.strip()] = value.strip()
    return parsed
