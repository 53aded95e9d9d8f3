"""Monster Hex (モンスターヘクス): hex-board area majority for 2-4 players (RULINGS.md §2)."""

from bodoge.games.monster_hex.rules import MonsterHex

GAMES = (MonsterHex,)
