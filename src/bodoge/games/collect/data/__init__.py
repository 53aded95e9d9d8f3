"""Collect!'s content files (TOML: animals, events, options), shipped as package data."""
