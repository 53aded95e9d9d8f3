"""Bodoge's default Monster Hex content files (TOML), shipped as package data."""
