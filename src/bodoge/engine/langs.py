"""The languages every user-facing word exists in: English and Japanese."""

from __future__ import annotations

LANGS = ("en", "ja")
