"""Monster Hex's content files (TOML: units, stones, boards, abilities, objectives, events,
options), shipped as package data; `content.py` reads and checks the content ones."""
