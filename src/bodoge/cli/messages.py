"""The terminal's own words in English and Japanese (games render their own text and describe
their own events)."""

from __future__ import annotations

import os

MESSAGES = {
    "en": {
        "help": "type an action's notation or its number; ? this help, v redraw, u undo, q quit",
        "header": "{title} — {players} players{seed}",
        "header_seed": ", seed {seed}",
        "seed_was": "seed {seed} (the same deal again: --seed {seed})",
        "lineup": "humans: {humans}; bots: {bots}",
        "none": "none",
        "pass_terminal": "Pass the terminal to {name}, then press Enter. ",
        "prompt": "{name}> ",
        "not_legal": "{answer!r} is not legal now",
        "no_option": "there is no option {number} (choose 0-{last})",
        "range": "{word}:N — type a number from {low} to {high} (or {word}:N)",
        "range_other": "or: {others}",
        "final": "final ranks: {ranks}",
        "rank": "{name}: {rank}",
        "bye": "bye",
        "seat": "seat {seat}",
        "you": "you",
        "seat_bot": "seat {seat} ({bot})",
        "undone": "took back your last move",
        "no_undo": "nothing to take back now",
        "watch_or_skip": "No person can decide anything more. Watch the rest (w) or skip to the "
        "end (s)? ",
        "recorded": "game record written to {path}",
        "replay_step": "— ply {ply}/{last}: {who} —",
        "replay_keys": "Enter: next, b: back, g N: go to ply N, q: quit",
        "replay_end": "end of the record",
    },
    "ja": {
        "help": "アクションの表記か番号を入力。? ヘルプ、v 再表示、u 一手戻す、q 終了",
        "header": "{title} — {players}人{seed}",
        "header_seed": "、シード {seed}",
        "seed_was": "シード {seed}（同じ配りでもう一度：--seed {seed}）",
        "lineup": "人間：{humans}、ボット：{bots}",
        "none": "なし",
        "pass_terminal": "端末を{name}に渡して、Enter を押してください。",
        "prompt": "{name}> ",
        "not_legal": "{answer!r} は今は選べません",
        "no_option": "{number} という選択肢はありません（0〜{last} から選んでください）",
        "range": "{word}:N — {low}〜{high} の数を入力（または {word}:N）",
        "range_other": "ほかに：{others}",
        "final": "最終順位：{ranks}",
        "rank": "{name}：{rank}位",
        "bye": "終了します",
        "seat": "席{seat}",
        "you": "あなた",
        "seat_bot": "席{seat}（{bot}）",
        "undone": "直前の手を取り消しました",
        "no_undo": "今は取り消せる手がありません",
        "watch_or_skip": "もう人間が決めることはありません。続きを見ますか（w）、"
        "最後まで飛ばしますか（s）？",
        "recorded": "棋譜を {path} に保存しました",
        "replay_step": "— 手数 {ply}/{last}：{who} —",
        "replay_keys": "Enter：次へ、b：戻る、g N：手数Nへ、q：終了",
        "replay_end": "棋譜の終わりです",
    },
}

# Bot names as a player reads them (specs stay as typed elsewhere).
BOT_NAMES = {
    "en": {"random": "random", "easy": "easy", "normal": "normal", "hard": "hard",
           "greedy": "greedy"},
    "ja": {"random": "ランダム", "easy": "かんたん", "normal": "ふつう", "hard": "むずかしい",
           "greedy": "貪欲"},
}  # fmt: skip


def default_lang() -> str:
    """Japanese when the environment's locale is Japanese, else English."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(key, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def say(lang: str, key: str, **values: object) -> str:
    return MESSAGES.get(lang, MESSAGES["en"])[key].format(**values)


def bot_name(name: str, lang: str) -> str:
    return BOT_NAMES.get(lang, BOT_NAMES["en"]).get(name, name)
