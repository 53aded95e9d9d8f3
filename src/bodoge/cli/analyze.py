"""`bodoge analyze RECORD --seat K`: each decision of seat K in a game record with its chance to
win before and after, the move the search prefers, marks, and the luck of its chance steps;
then a summary. Seats count from 1, as `bodoge play` shows them. `--all` analyses every seat,
`--json` prints `Analysis.to_json()` (seats from 0 there, as in the record's JSON).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bodoge.ai import LEVELS
from bodoge.ai.analysis import DEFAULT_LEVEL, Analysis, SeatSummary, Step, analyze
from bodoge.cli.messages import bot_name, default_lang
from bodoge.cli.replay import read_text, seat_names
from bodoge.engine import IllegalAction, get_game
from bodoge.engine.langs import LANGS
from bodoge.engine.record import read_record
from bodoge.sim.progress import ProgressBar

WORDS = {
    "en": {
        "title": "{game}: {who}, from what {who} knew at each step; the search: {level}, "
        "seed {seed}",
        "level": "{name} ({iterations} simulated games a position)",
        "count": "{iterations} simulated games a position",
        "columns": "  ply  chance to win   loss  mark        move (the search prefers)",
        "better": "better: {move} ({chance})",
        "luck": "luck",
        "summary": "{who}: {decisions} decisions, average loss {loss}; {marks}; luck {luck}",
        "marks": "inaccuracies {inaccuracy}, mistakes {mistake}, blunders {blunder}",
        "swings": "  biggest swings: {swings}",
        "swing": "ply {ply} {swing}",
        "inaccuracy": "inaccuracy",
        "mistake": "mistake",
        "blunder": "blunder",
        "steps": "steps",
        "remaining": "{seconds:4.0f} s left",
    },
    "ja": {
        "title": "{game}：{who}（各手番で{who}が知っていたことから）。探索：{level}、シード {seed}",
        "level": "{name}（1局面あたり{iterations}回のシミュレーション）",
        "count": "1局面あたり{iterations}回のシミュレーション",
        "columns": "  手数  勝率             損失  評価        着手（探索の推奨手）",
        "better": "推奨：{move}（{chance}）",
        "luck": "運",
        "summary": "{who}：決定{decisions}回、平均損失 {loss}。{marks}。運 {luck}",
        "marks": "疑問手{inaccuracy}、悪手{mistake}、大悪手{blunder}",
        "swings": "  大きな運の振れ：{swings}",
        "swing": "手数{ply} {swing}",
        "inaccuracy": "疑問手",
        "mistake": "悪手",
        "blunder": "大悪手",
        "steps": "手",
        "remaining": "残り{seconds:4.0f}秒",
    },
}


def word(lang: str, key: str, **values: object) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**values)


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "analyze",
        help="each decision of a seat in a game record: chances to win, the search's "
        "preferred move, mistakes and luck",
        description="Analyse a game record (bodoge play --record FILE) from what seat K knew at "
        "each step: its chance to win before and after each of its decisions, the move the "
        "search prefers, marks (inaccuracy, mistake, blunder) and the luck of the chance steps.",
    )
    parser.add_argument("record", help="game record file, or - for standard input")
    whose = parser.add_mutually_exclusive_group(required=True)
    whose.add_argument(
        "--seat", type=int, metavar="K", help="the seat, counted from 1 as bodoge play counts"
    )
    whose.add_argument("--all", action="store_true", help="every seat")
    parser.add_argument(
        "--level",
        default=DEFAULT_LEVEL,
        metavar="L",
        help=f"the search's strength: easy, normal, hard or iterations (default {DEFAULT_LEVEL})",
    )
    parser.add_argument(
        "--seconds", type=float, metavar="S", help="seconds per position instead (not repeatable)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="machine-readable")
    parser.add_argument("--lang", choices=LANGS, help="English or Japanese")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang or default_lang()
    full = read_record(read_text(args.record))
    if args.all:
        seats = list(range(full.players))
    else:
        if not 1 <= args.seat <= full.players:
            raise IllegalAction(
                f"there is no seat {args.seat} in a {full.players}-player game "
                f"(seats count from 1 here: 1-{full.players})",
                ja=f"{full.players}人のゲームに席{args.seat}はありません（席は1から数えます："
                f"1〜{full.players}）",
            )
        seats = [args.seat - 1]
    bar = None
    if sys.stderr.isatty():
        remaining = WORDS.get(lang, WORDS["en"])["remaining"]
        bar = ProgressBar(0, unit=word(lang, "steps"), remaining=remaining)

    def tell(done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar(done)

    analysis = analyze(full, seats, args.level, args.seconds, args.seed, tell)
    if args.json:
        print(json.dumps(analysis.to_json(), ensure_ascii=False, indent=1))
        return 0
    print(text(analysis, seat_names(full, lang), lang))
    return 0


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


def signed(value: float) -> str:
    return f"{round(value * 100):+d}%"


def text(analysis: Analysis, names: list[str], lang: str) -> str:
    """The analysis as a table per seat and its summary, in `lang`."""
    info = get_game(analysis.game).info
    game = info.title_ja if lang == "ja" else info.title_en
    named = analysis.level in LEVELS
    level = word(
        lang,
        "level" if named else "count",
        name=bot_name(analysis.level, lang),
        iterations=analysis.iterations,
    )
    lines: list[str] = []
    for seat in analysis.seats:
        who = names[seat]
        title = word(
            lang,
            "title",
            game=game,
            who=who,
            level=level,
            seed=analysis.seed,
        )
        lines += [title, word(lang, "columns")]
        lines += [row for step in analysis.for_seat(seat) for row in step_lines(step, lang)]
        lines += summary_lines(analysis.summary(seat), who, lang)
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def step_lines(step: Step, lang: str) -> list[str]:
    seat = step.seat
    change = f"{percent(step.before[seat]):>4} → {percent(step.after[seat]):<4}"
    if step.played is None or step.preferred is None:
        luck = f"{word(lang, 'luck')} {signed(step.swing)}"
        what = " / ".join(step.what.get(lang, []))
        return [f"{step.ply:5}  {change}    {luck:<16}  {what}"]
    mark = word(lang, step.mark) if step.mark else ""
    loss = f"{step.loss:.2f}" if step.loss >= 0.005 else ""
    row = f"{step.ply:5}  {change}    {loss:>4}  {mark:<10}  {step.played.label[lang]}"
    if step.preferred.action == step.played.action:
        return [row]
    better = word(
        lang, "better", move=step.preferred.label[lang], chance=percent(step.before[seat])
    )
    return [row, f"{'':42}{better}"]


def summary_lines(summary: SeatSummary, who: str, lang: str) -> list[str]:
    marks = word(lang, "marks", **summary.marks)
    lines = [
        word(
            lang,
            "summary",
            who=who,
            decisions=summary.decisions,
            loss=f"{summary.average_loss:.3f}",
            marks=marks,
            luck=signed(summary.luck),
        )
    ]
    if summary.biggest:
        swings = ", ".join(
            word(lang, "swing", ply=step.ply, swing=signed(step.swing)) for step in summary.biggest
        )
        lines.append(word(lang, "swings", swings=swings))
    return lines
