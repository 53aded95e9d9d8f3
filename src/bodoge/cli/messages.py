"""The terminal's own words in English and Japanese (games render their own text)."""

from __future__ import annotations

import os

LANGS = ("en", "ja")

MESSAGES = {
    "en": {
        "help": "type an action (or its number), ? for this help, v to redraw, q to quit",
        "header": "{title} — {players} players{seed}",
        "header_seed": ", seed {seed}",
        "seed_was": "seed {seed} (the same deal again: --seed {seed})",
        "lineup": "humans: {humans}; bots: {bots}",
        "none": "none",
        "pass_terminal": "Pass the terminal to seat {seat}, then press Enter. ",
        "prompt": "seat {seat}> ",
        "not_legal": "{answer!r} is not legal now",
        "final": "final ranks: {ranks}",
        "rank": "seat {seat}: {rank}",
        "bye": "bye",
        "seat": "seat {seat}",
    },
    "ja": {
        "help": "アクション（または番号）を入力。? でヘルプ、v で再表示、q で終了",
        "header": "{title} — {players}人{seed}",
        "header_seed": "、シード {seed}",
        "seed_was": "シード {seed}（同じ配りでもう一度：--seed {seed}）",
        "lineup": "人間：{humans}、ボット：{bots}",
        "none": "なし",
        "pass_terminal": "端末を席{seat}に渡して、Enter を押してください。",
        "prompt": "席{seat}> ",
        "not_legal": "{answer!r} は今は選べません",
        "final": "最終順位：{ranks}",
        "rank": "席{seat}：{rank}位",
        "bye": "終了します",
        "seat": "席{seat}",
    },
}


def default_lang() -> str:
    """Japanese when the environment's locale is Japanese, else English."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(key, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def say(lang: str, key: str, **values: object) -> str:
    return MESSAGES.get(lang, MESSAGES["en"])[key].format(**values)
