"""Monster Hex in words, English and Japanese: the game's own event field kinds (`events.toml`),
every action's label, and who won and why. Names come from the content files (factions, units,
abilities, objective cards), so a folder of one's own content is told with its own names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.engine import Event
from bodoge.engine.events import capitalize_sentence, default_seat_name
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.codes import (
    ABILITY_BASE,
    BLITZ_ACTION,
    CONFUSE,
    CURSE,
    FACTION_BASE,
    PASS,
    PETRIFY,
    PLACE_BASE,
    ROTATE_BASE,
    SCHEME_ACTION,
    SHARED_BASE,
    TAKE_BASE,
    TARGETED,
    UNIT_BASE,
)
from bodoge.games.monster_hex.content import UNITS_PER_FACTION, Content
from bodoge.games.monster_hex.objectives import seat_points

if TYPE_CHECKING:
    from bodoge.games.monster_hex.game import MonsterHex

DIRECTIONS = {
    "en": ("north-east", "east", "south-east", "south-west", "west", "north-west"),
    "ja": ("北東", "東", "南東", "南西", "西", "北西"),
}
SEP = {"en": ", ", "ja": "、"}
COUNTERS = {"en": ("white", "black"), "ja": ("白", "黒")}


# ---- the game's own kinds ------------------------------------------------------------------


def faction_name(c: Content, faction: int, lang: str) -> str:
    return c.factions[faction].name(lang)


def unit_name(c: Content, unit: int, lang: str, rank: bool = True) -> str:
    """A unit as a person reads it: faction and name, then its printed rank, "Red Vampire (A)"
    / "赤のヴァンパイア（A）" (without the rank: "Red Vampire"). Where the faction has two units
    of that name and rank, which one it is in words: "Red Slime (C, second)" /
    "赤のスライム（C・2体目）". Never the notation's id (`red-A2`): that is for typing."""
    faction = c.factions[unit // UNITS_PER_FACTION]
    kind = c.units[unit % UNITS_PER_FACTION]
    name = f"{faction.ja}の{kind.ja}" if lang == "ja" else f"{faction.en} {kind.en}"
    twins = [
        code for code, other in enumerate(c.units)
        if other.rank == kind.rank and (other.en == kind.en or other.ja == kind.ja)
    ]  # fmt: skip
    marks = [kind.rank] if rank else []
    if len(twins) > 1:
        marks.append(_nth(twins.index(unit % UNITS_PER_FACTION) + 1, lang, "体目"))
    if not marks:
        return name
    return f"{name}（{'・'.join(marks)}）" if lang == "ja" else f"{name} ({', '.join(marks)})"


_NTH_EN = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _nth(number: int, lang: str, counter: str) -> str:
    """Which of several alike things, counted from 1: "second" / "2体目" (`counter` says 体目 or
    枚目)."""
    if lang == "ja":
        return f"{number}{counter}"
    return _NTH_EN[number - 1] if number <= len(_NTH_EN) else f"number {number}"


def points_en(count: int) -> str:
    """ "1 point", "0 points", "12 points"."""
    return f"{count} point{'' if count in (1, -1) else 's'}"


def tile_name(c: Content, tile: int, lang: str) -> str:
    """A tile by worth and color, "the 7-point Red tile" / "赤の7点タイル"; where another tile
    has the same worth and color, which one it is in words: "the 5-point Yellow tile (second)" /
    "黄の5点タイル（2枚目）", never its key."""
    info = c.tiles[tile]
    twins = [
        code for code, other in enumerate(c.tiles)
        if other.color == info.color and other.value == info.value
    ]  # fmt: skip
    color = c.factions[info.color].name(lang)
    mark = _nth(twins.index(tile) + 1, lang, "枚目") if len(twins) > 1 else ""
    if lang == "ja":
        return f"{color}の{info.value}点タイル" + (f"（{mark}）" if mark else "")
    return f"the {info.value}-point {color} tile" + (f" ({mark})" if mark else "")


def ability_name(c: Content, ability: int, lang: str) -> str:
    info = c.abilities[ability]
    return info.ja if lang == "ja" else info.en


def rotation_words(r: int, lang: str) -> str:
    """A rotation in steps of 60° clockwise: "turned 2 (120° clockwise)" / "時計回りに120°"."""
    if lang == "ja":
        return "回転なし" if r == 0 else f"時計回りに{60 * r}°"
    return "unturned" if r == 0 else f"turned {r} ({60 * r}° clockwise)"


def objective_text(c: Content, objective: int, lang: str) -> str:
    """The card's text without its full stop, as it names the card in a line of words:
    "Formation: three of your units in a straight line"."""
    card = c.objectives[objective]
    return (card.ja if lang == "ja" else card.en).rstrip("。.")


def objective_name(c: Content, objective: int, lang: str) -> str:
    """The card by its text, quoted: “Formation: three of your units in a straight line” /
    「隊列：…」 (its key is for the state JSON only)."""
    text = objective_text(c, objective, lang)
    return f"「{text}」" if lang == "ja" else f"“{text}”"


def event_word(
    state: MonsterHex, kind: str, value: Any, lang: str, event: Event,
    viewer: int | None = None, names: list[str] | None = None,
) -> str | None:  # fmt: skip
    """The words for a value of one of the game's own event field kinds (see `events.toml`);
    None for a kind it does not know."""
    c = state.c
    if kind == "faction":
        return faction_name(c, c.faction_of[value], lang)
    if kind == "unit":
        return unit_name(c, c.unit_of[value.lower()], lang)
    if kind == "tile":
        return tile_name(c, c.tile_of[value.lower()], lang)
    if kind == "hex":
        return str(value)
    if kind == "rotation":
        return rotation_words(int(value), lang)
    if kind == "ability":
        return ability_name(c, c.ability_of[value], lang)
    if kind == "objective":
        return objective_name(c, c.objective_of[value.lower()], lang)
    if kind == "totals":
        parts = [f"{faction_name(c, c.faction_of[f], lang)} {power}" for f, power in value.items()]
        return SEP[lang].join(parts) or ("誰もいない" if lang == "ja" else "nobody")
    return None


# ---- actions -------------------------------------------------------------------------------


def action_label(state: MonsterHex, action: int, lang: str, seat: int | None = None) -> str:
    """What `action` does, in words, read from the current position where it helps."""
    lang = "ja" if lang == "ja" else "en"
    ja = lang == "ja"
    c = state.c
    if action >= state.target_base:
        kind, cell = divmod(action - state.target_base, len(state.board.hexes))
        return _target_label(state, TARGETED[kind], cell, lang)
    if action >= PLACE_BASE:
        cell, r = divmod(action - PLACE_BASE, 6)
        return _place_label(state, cell, r, lang)
    if action >= ROTATE_BASE:
        r = action - ROTATE_BASE
        cell = state.target
        if cell >= 0 and state.occ[cell] >= 0:
            turned = unit_name(c, state.occ[cell], lang)
            where = state.board.labels[cell]
            if ja:
                return f"{where}の{turned}の向きを変える（{rotation_words(r, lang)}）"
            return f"Turn {turned} on {where}: {rotation_words(r, lang)}"
        return (
            f"向きを変える（{rotation_words(r, lang)}）"
            if ja
            else f"Turn it: {rotation_words(r, lang)}"
        )
    if action == PASS:
        ability = _own_ability(state, lang)
        if ja:
            return f"能力「{ability}」を使わない" if ability else "能力を使わない"
        return f"Do not use {ability}" if ability else "Do not use the ability"
    if action == BLITZ_ACTION:
        return "速攻：続けて2体目を配置する" if ja else "Blitz: place a second unit at once"
    if action == SCHEME_ACTION:
        return "隠密：目標カードを1枚引く" if ja else "Scheme: draw an objective card"
    if action >= TAKE_BASE:
        return _take_label(state, action - TAKE_BASE, lang)
    if action >= UNIT_BASE:
        unit = action - UNIT_BASE
        info = c.units[unit % UNITS_PER_FACTION]
        powers = " ".join(map(str, info.edges))
        name = unit_name(c, unit, lang, rank=False)
        if ja:
            return f"{name}を選ぶ：ランク{info.rank}、パワー {powers}"
        return f"Pick {name}: rank {info.rank}, powers {powers}"
    if action >= ABILITY_BASE:
        chosen = c.abilities[action - ABILITY_BASE]
        return f"能力「{chosen.ja}」を選ぶ" if ja else f"Choose the ability {chosen.en}"
    if action >= SHARED_BASE:
        name = faction_name(c, action - SHARED_BASE, lang)
        return f"共有色に{name}を選ぶ" if ja else f"Choose {name} as the shared faction"
    name = faction_name(c, action - FACTION_BASE, lang)
    return f"{name}を選ぶ" if ja else f"Choose {name}"


def _own_ability(state: MonsterHex, lang: str) -> str:
    seats = state.pending()
    if not seats or state.abilities[seats[0]] < 0:
        return ""
    return ability_name(state.c, state.abilities[seats[0]], lang)


def _place_label(state: MonsterHex, cell: int, r: int, lang: str) -> str:
    """A placement with the neighbours whose facing power equals the new unit's: "Place Red
    Golem (A) on c3, turned 2 (120° clockwise); matches Blue Gargoyle (B) west at 3" /
    "赤のゴーレム（A）をc3に置く（時計回りに120°）：西の青のガーゴイル（B）とパワー3で一致"."""
    c, board = state.c, state.board
    ja = lang == "ja"
    where, turned = board.labels[cell], rotation_words(r, lang)
    unit = state.selected
    if unit < 0:
        if ja:
            return f"選んだユニットを{where}に置く（{turned}）"
        return f"Place the picked unit on {where}, {turned}"
    name = unit_name(c, unit, lang)
    edges = c.edge[unit % UNITS_PER_FACTION][r]
    matches = []
    neighbours = 0
    for d, other in enumerate(board.nbr[cell]):
        if other < 0 or state.occ[other] < 0:
            continue
        neighbours += 1
        theirs = c.edge[state.occ[other] % UNITS_PER_FACTION][state.rot[other]][(d + 3) % 6]
        if theirs == edges[d]:
            neighbour = unit_name(c, state.occ[other], lang)
            direction = DIRECTIONS[lang][d]
            matches.append(
                f"{direction}の{neighbour}とパワー{theirs}"
                if ja
                else f"{neighbour} {direction} at {theirs}"
            )
    if ja:
        text = f"{name}を{where}に置く（{turned}）"
        if matches:
            return text + f"：{SEP[lang].join(matches)}で一致"
        return text + ("：一致する隣なし" if neighbours else "")
    text = f"Place {name} on {where}, {turned}"
    if matches:
        return text + f"; matches {SEP[lang].join(matches)}"
    return text + ("; matches no neighbour" if neighbours else "")


def _take_label(state: MonsterHex, tile: int, lang: str) -> str:
    """A tile with its worth to the seat choosing: "Take the 7-point Red tile (9 points for
    Red)"."""
    name = tile_name(state.c, tile, lang)
    if state.choice is None:
        return f"{name}を取る" if lang == "ja" else f"Take {name}"
    chooser = state.choice[1]
    points = state._worth(tile, chooser)
    faction = faction_name(state.c, chooser, lang)
    if lang == "ja":
        return f"{name}を取る（{faction}に{points}点）"
    return f"Take {name} ({points_en(points)} for {faction})"


def _target_label(state: MonsterHex, mechanic: int, cell: int, lang: str) -> str:
    """Enchant, Curse, Confuse or Petrify aimed at `cell`."""
    c = state.c
    ja = lang == "ja"
    where = state.board.labels[cell]
    ability = ability_name(c, c.ability_of[content_mod.MECHANICS[mechanic]], lang)
    counters = state._strength(state.occ[state.last]) if state.last >= 0 else 1
    target = state.occ[cell]
    if mechanic == PETRIFY:
        if ja:
            return f"{ability}：{where}を{counters}点の魔石にする"
        return f"{ability}: make {where} a {counters}-point stone"
    if target < 0:  # no unit to aim at (not a legal action): the hex alone
        return f"{ability}：{where}" if ja else f"{ability}: {where}"
    unit = unit_name(c, target, lang)
    if mechanic == CONFUSE:
        if ja:
            return f"{ability}：{where}の{unit}の向きを変える"
        return f"{ability}: turn {unit} on {where}"
    color = COUNTERS[lang][mechanic == CURSE]  # Enchant lays white counters, Curse black ones
    if ja:
        return f"{ability}：{where}の{unit}に{color}のカウンターを{counters}個置く"
    plural = "s" if counters > 1 else ""
    return f"{ability}: {counters} {color} counter{plural} on {unit} on {where}"


# ---- the result ----------------------------------------------------------------------------


def describe_result(state: MonsterHex, lang: str, names: list[str] | None) -> list[str]:
    """Who won and why: the winners (the 7-point tile breaking a tie, the double loss against
    the shared faction), then each seat's points by source."""
    result = state.result()
    if result is None:
        return []
    lang = "ja" if lang == "ja" else "en"
    ja = lang == "ja"
    c = state.c

    def seat(s: int) -> str:
        if names is not None and 0 <= s < len(names):
            return str(names[s])
        return default_seat_name(s, lang)

    def cap(text: str) -> str:  # a sentence's first word: a display name stays as typed
        return capitalize_sentence(text, lang, names)

    def seats(numbers: list[int]) -> str:
        """ "seat 1, seat 3 and seat 4" / "席1、席3と席4"."""
        named = [seat(s) for s in numbers]
        last = "と" if ja else " and "
        return SEP[lang].join(named[:-1]) + last + named[-1] if len(named) > 1 else named[0]

    scores = [int(score) for score in result.scores]
    seven = state.seven_holder()
    seven_name = tile_name(c, c.seven, lang)
    lines = []
    if result.detail.get("double_loss"):
        lines.append(shared_faction_won(state, lang, points=True))
    else:
        best = scores[result.winners[0]]
        tied = [s for s, score in enumerate(scores) if score == best]
        if len(result.winners) < len(tied):  # the 7-point tile broke the tie
            holder = result.winners[0]
            others = seats([s for s in tied if s != holder])
            if ja:
                lines.append(f"{seat(holder)}の勝ち：{others}と{best}点で並び、{seven_name}を持つ")
            else:
                lines.append(
                    f"{cap(seat(holder))} wins the tie on {points_en(best)} with {others}, "
                    f"holding {seven_name}"
                )
        elif len(result.winners) > 1:
            if ja:
                lines.append(
                    f"{seats(result.winners)}の勝ち：{best}点で同点（{seven_name}は誰も持たない）"
                )
            else:
                lines.append(
                    f"{cap(seats(result.winners))} share the win on {points_en(best)} "
                    f"(none of them holds {seven_name})"
                )
        else:
            winner = result.winners[0]
            if ja:
                lines.append(f"{seat(winner)}の勝ち：{best}点")
            else:
                lines.append(f"{cap(seat(winner))} wins with {points_en(best)}")
    scored = seat_points(state) if (state.obj_public or any(state.obj_private)) else None
    for s, faction in enumerate(state.factions):
        parts = _sources(state, faction, scored[s] if scored else None, lang)
        who = (
            f"{seat(s)}（{faction_name(c, faction, lang)}）"
            if ja
            else (f"{cap(seat(s))} ({faction_name(c, faction, lang)})")
        )
        marker = ("（7点タイルを持つ）" if ja else " (holds the 7)") if faction == seven else ""
        joined = SEP[lang].join(parts) or ("得点なし" if ja else "nothing")
        lines.append(
            f"{who}：{scores[s]}点 = {joined}{marker}" if ja
            else f"{who}: {points_en(scores[s])} = {joined}{marker}"
        )  # fmt: skip
    if state.shared_mode:
        shared_points = state.points()[state.shared]
        name = faction_name(c, state.shared, lang)
        parts = _sources(state, state.shared, None, lang)
        joined = SEP[lang].join(parts) or ("得点なし" if ja else "nothing")
        lines.append(
            f"共有色（{name}）：{shared_points}点 = {joined}" if ja
            else f"Shared faction ({name}): {points_en(shared_points)} = {joined}"
        )  # fmt: skip
    return lines


def _sources(
    state: MonsterHex, faction: int, objectives: dict[str, int] | None, lang: str
) -> list[str]:
    """A faction's points by source: small stones, tiles (each with its worth), Reward and
    Petrify bonuses, objective cards (each card)."""
    c = state.c
    ja = lang == "ja"
    parts = []
    small = state.small_won.count(faction)
    if small:
        parts.append(f"小魔石 {small}" if ja else f"small stones {small}")
    for tile in state.taken[faction]:
        name = tile_name(c, tile, lang).removeprefix("the ")
        if c.tiles[tile].color == faction:  # the color bonus
            name += "（自分の色）" if ja else " (own color)"
        parts.append(f"{name} {state._worth(tile, faction)}")
    if state.bonus[faction]:
        bonus = state.bonus[faction]
        parts.append(f"褒賞・魔石化 {bonus}" if ja else f"Reward and Petrify {bonus}")
    for key, points in (objectives or {}).items():
        text = objective_text(c, c.objective_of[key.lower()], lang)  # its text, not its key
        parts.append(f"「{text}」 {points}" if ja else f"“{text}” {points}")
    return parts


def shared_faction_won(state: MonsterHex, lang: str, points: bool = False) -> str:
    """How a 2-player game ends when both players score below the shared faction: it won and no
    player does ("The shared faction Green won: no player wins"), with `points` the scores."""
    shared = state.shared
    who = faction_name(state.c, shared, lang)
    score = state.points()[shared]
    if lang == "ja":
        why = f"：{score}点、2人ともそれより低い得点" if points else ""
        return f"共有色（{who}）の勝ち{why}。どちらのプレイヤーも勝ちません"
    why = f" with {points_en(score)}, each player scoring less" if points else ""
    return f"The shared faction {who} won{why}: no player wins"


def result_words(state: MonsterHex) -> dict[str, Any]:
    """The breakdown's words: the factions (this game's content names them), the 7-point tile
    and its holder, the objectives scored, the shared faction; when the shared faction won, the
    `outcome` that says so."""
    c = state.c
    factions = {f.key: {"en": f.en, "ja": f.ja} for f in c.factions}
    yes = {"true": {"en": "yes", "ja": "はい"}}
    result = state.result()
    outcome: dict[str, Any] = {}
    if result is not None and result.detail.get("double_loss"):
        outcome["outcome"] = {lang: shared_faction_won(state, lang) for lang in ("en", "ja")}
    return {
        **outcome,
        "labels": {
            "factions": {"en": "Faction", "ja": "派閥"},
            "seven": {"en": "The 7-point tile", "ja": "7点タイル"},
            "seven_holder": {"en": "Holder of the 7-point tile", "ja": "7点タイルの持ち主"},
            "objectives": {"en": "Objective points", "ja": "目標カードの得点"},
            "shared_faction": {"en": "Shared faction", "ja": "共有色"},
            "double_loss": {
                "en": "Both players below the shared faction",
                "ja": "2人とも共有色より下",
            },
            "no_winner": {
                "en": "The shared faction won: no player wins",
                "ja": "共有色の勝ち：どちらのプレイヤーも勝ちません",
            },
        },
        "values": {
            "factions": factions,
            "seven": {
                tile.key: {lang: tile_name(c, code, lang) for lang in ("en", "ja")}
                for code, tile in enumerate(c.tiles)
            },
            "seven_holder": factions,
            "objectives": {
                o.key: {lang: objective_text(c, code, lang) for lang in ("en", "ja")}
                for code, o in enumerate(c.objectives)
            },
            "shared_faction": {
                **factions,
                "faction": {"en": "faction", "ja": "派閥"},
                "score": {"en": "points", "ja": "得点"},
            },
            "double_loss": yes,
            "no_winner": yes,
        },
    }
