"""Typed game options: each game declares them; callers pass strings (command line) or values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bodoge.engine.errors import InvalidOptions


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
            "help": {"en": self.help_en, "ja": self.help_ja},
            "kind": self.kind,
        }
        if self.choices:
            described["choices"] = list(self.choices)
        if self.kind == "int":
            described["range"] = [self.low, self.high]
        return described


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


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """`["team_mode=on", ...]` from the command line into a dict."""
    parsed: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InvalidOptions(f"option {pair!r} is not KEY=VALUE")
        parsed[key.strip()] = value.strip()
    return parsed
