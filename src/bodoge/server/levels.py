"""The bot levels' words in both languages: the lobby lists them, and a bot's seat is named by
the head of its level's words ("Bot (Easy)")."""

from __future__ import annotations

from bodoge.ai.factory import LEVEL_INFO

BOT_LEVELS = ("random", "easy", "normal", "hard")  # the levels a seat may ask for, weakest first

SERVER_LEVEL_INFO = {  # the one level the terminal's LEVEL_INFO does not describe
    "random": {
        "en": "Random: any legal move, for testing",
        "ja": "ランダム：選べる手から無作為に選ぶ（テスト用）",
    },
}
LEVEL_WORDS = {**SERVER_LEVEL_INFO, **LEVEL_INFO}


def level_name(level: str, lang: str) -> str:
    """A level's short name: "Easy" / "かんたん" (the words before the colon); a trained
    policy's own name."""
    words = LEVEL_WORDS.get(level)
    if not words:
        return level
    return words[lang].replace("：", ":").split(":")[0].strip()
