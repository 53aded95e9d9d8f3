"""Request bodies of the studio's routes (variants and balance runs)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, StrictInt

from bodoge.engine.variants import MAX_TOML_BYTES as MAX_TOML
from bodoge.server.schemas import NAME_PATTERN, Strict, TableIn


class ContentIn(Strict):
    """A variant's content: as data (the studio's forms) or as TOML text (an import)."""

    game: str = Field(max_length=64)
    content: dict[str, Any] | None = None
    toml: str | None = Field(default=None, max_length=MAX_TOML)


class VariantIn(ContentIn):
    name: str = Field(min_length=1, max_length=64, pattern=NAME_PATTERN)
    visibility: str = Field(default="private", max_length=8)


class VersionIn(Strict):
    content: dict[str, Any] | None = None
    toml: str | None = Field(default=None, max_length=MAX_TOML)


class VariantPatch(Strict):
    name: str | None = Field(default=None, min_length=1, max_length=64, pattern=NAME_PATTERN)
    visibility: str | None = Field(default=None, max_length=8)


class VariantTableIn(TableIn):
    """A table with a variant's version (the latest unless named); `game` is the variant's."""

    version: StrictInt | None = Field(default=None, ge=1)


class RunIn(Strict):
    game: str = Field(max_length=64)
    variant: str | None = Field(default=None, max_length=32)
    version: StrictInt | None = Field(default=None, ge=1)
    players: StrictInt = Field(ge=1, le=8)
    bots: list[str] = Field(min_length=1, max_length=8)
    games: StrictInt = Field(ge=1)
    seed: StrictInt | None = Field(default=None, ge=0, le=2**62)
