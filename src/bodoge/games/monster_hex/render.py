"""The terminal picture of a Monster Hex game: the board as text, then stones, scores and the
seat's hand.

Each hex is three lines. A unit shows its faction letter and tile key in the middle ("R:A2") and
its six edge powers where they face: NW and NE above, W and E beside, SW and SE below. An empty
hex shows its name ("d4"; a start hex "S d4"), a large stone its site and the tiles lying on it.
A small stone is listed below the board with the two hexes whose shared edge holds it; those hexes
carry a "*" beside their name. With the ability option a unit's Enchant and Curse counters show
above its name ("+2"), and a petrified hex shows its value ("#2pt d4").

The words around the board come in English or Japanese (`LABELS`); the board itself, the
hex, unit and tile codes and the action notations are the same in both.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from bodoge.games.monster_hex import hexgrid
from bodoge.games.monster_hex.codes import PHASE_NAMES, PLACE, ROUNDS, UNIT
from bodoge.games.monster_hex.content import UNITS_PER_FACTION

if TYPE_CHECKING:
    from bodoge.games.monster_hex.game import MonsterHex

LABELS = {
    "en": {
        "title": "{title} ({board}) - round {round}/{rounds}",
        "stones": "Stones: ",
        "stone_sep": "; ",
        "small": "{site} {a}|{b}: {status}",
        "won_by": "won by {faction}",
        "nobody": "nobody",
        "no_winner": "nobody",
        "open": "open",
        "large": "{site} at {hex}: {tiles} ({status})",
        "resolved": "resolved",
        "scores": "Scores:",
        "choosing": "  seat {seat}: (choosing)",
        "score_row": "  seat {seat} {faction} {points:3} pts  tiles: {tiles:20} "
        "hand {hand}, deck {deck}",
        "ability": ", ability {ability}",
        "shared_row": "  shared {faction} {points:3} pts  tiles: {tiles}",
        "hand": "Your hand (seat {seat}): ",
        "hand_unit": "{code} ({rank}, {edges})",
        "empty": "empty",
        "objectives": "Objectives:",
        "objective": "  [{who}] {key}: {text} ({points} pts)",
        "public": "public",
        "seat": "seat {seat}",
        "placing": "Placing: {unit}",
        "choice": "{faction} chooses a tile at {site}",
        "over": "Game over. Winner: {winners}",
        "to_move": "Seat {seat} to {doing}.",
        "of_shared": " of the shared faction ({faction})",
        "faction": "choose a faction",
        "shared": "choose the shared faction",
        "unit": "pick a unit to place",
        "place": "place the picked unit (hex@rotation)",
        "take": "take a stone tile",
        "pick_ability": "choose an ability",
        "use": "use the ability of the unit just placed, or pass",
        "rotate": "turn the confused unit",
    },
    "ja": {
        "title": "{title}（{board}）- ラウンド {round}/{rounds}",
        "stones": "魔石：",
        "stone_sep": "；",
        "small": "{site} {a}|{b}：{status}",
        "won_by": "{faction}が獲得",
        "nobody": "獲得なし",
        "no_winner": "なし",
        "open": "未判定",
        "large": "{site}（{hex}）：{tiles}（{status}）",
        "resolved": "判定済み",
        "scores": "得点：",
        "choosing": "  席{seat}：（選択中）",
        "score_row": "  席{seat} {faction} {points:3}点  タイル：{tiles:20} "
        "手札 {hand}、山札 {deck}",
        "ability": "、能力 {ability}",
        "shared_row": "  共有色 {faction} {points:3}点  タイル：{tiles}",
        "hand": "あなたの手札（席{seat}）：",
        "hand_unit": "{code} {name} ({rank}, {edges})",
        "empty": "なし",
        "objectives": "目標カード：",
        "objective": "  [{who}] {key}：{text}（{points}点）",
        "public": "全体",
        "seat": "席{seat}",
        "placing": "配置中：{unit}",
        "choice": "{faction}が{site}の魔石タイルを選びます",
        "over": "ゲーム終了。勝者：{winners}",
        "to_move": "席{seat}：{doing}",
        "of_shared": "（共有色：{faction}）",
        "faction": "派閥を選んでください",
        "shared": "共有色の派閥を選んでください",
        "unit": "配置するユニットを選んでください",
        "place": "選んだユニットを配置してください（マス@回転）",
        "take": "魔石タイルを取ってください",
        "pick_ability": "能力を選んでください",
        "use": "配置したユニットの能力を使うか、パスしてください",
        "rotate": "混乱したユニットを回転させてください",
    },
}
PHASE_LABELS = {"ability": "pick_ability"}  # phase name -> label key where the two differ


def pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal columns (a Japanese character takes two)."""
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - used)


def _cell(state: MonsterHex, cell: int, small_cells: set[int]) -> tuple[str, str, str]:
    board, c = state.board, state.c
    label = board.labels[cell]
    unit = state.occ[cell]
    if unit >= 0:
        faction = c.factions[unit // UNITS_PER_FACTION].key[0].upper()
        name = f"{faction}:{c.units[unit % UNITS_PER_FACTION].key}"
        change = state.white[unit] - state.black[unit]  # Enchant and Curse counters
        mark = f" {change:+d}" if change else ""
        p = c.edge[unit % UNITS_PER_FACTION][state.rot[cell]]  # NE E SE SW W NW
        return (f"   {p[5]}  {p[0]}{mark}", f" {p[4]}{name:^6}{p[1]}", f"   {p[3]}  {p[2]}")
    if board.placeable[cell] and state.petrified[cell]:
        return ("  #####", f" #{state.petrified[cell]}pt {label}", "  #####")
    if board.placeable[cell]:
        mark = "*" if cell in small_cells else ""
        start = "S " if board.start[cell] else ""
        return ("   .  .", f" . {start}{label}{mark}", "   .  .")
    site = board.site_hex.index(cell)
    tiles = [c.tiles[t].key for t in state.site_tiles[site]]
    name = board.site_names[site]
    lines = tiles + [""] * (2 - len(tiles)) if tiles else ["(taken)", ""]
    return (f"  {lines[0][:8]}", f" <{name} {label}>", f"  {lines[1][:8]}")


def render(state: MonsterHex, seat: int | None, lang: str = "en") -> str:
    lang = lang if lang in LABELS else "en"
    text = LABELS[lang]
    board, c = state.board, state.c
    ja = lang == "ja"

    def faction(code: int) -> str:
        name: str = c.factions[code].ja if ja else c.factions[code].key
        return name

    def unit_ja(unit: int) -> str:
        return f"{c.factions[unit // UNITS_PER_FACTION].ja}の{c.units[unit % UNITS_PER_FACTION].ja}"

    def unit_name(unit: int) -> str:
        """The unit's code ("red-A2"), in Japanese with its name: "red-A2 赤のヴァンパイア"."""
        return f"{c.unit_names[unit]} {unit_ja(unit)}" if ja else c.unit_names[unit]

    def seats(numbers: list[int]) -> str:
        return ("、" if ja else ", ").join(text["seat"].format(seat=s) for s in numbers)

    small_sites = [s for s in range(len(board.site_names)) if not board.site_large[s]]
    small_cells = {cell for s in small_sites for cell in board.site_cells[s]}
    grid = hexgrid.text_grid(
        {board.hexes[cell]: _cell(state, cell, small_cells) for cell in range(len(board.hexes))}
    )
    title = text["title"].format(
        title=state.info.title_ja if ja else state.info.title_en,
        board=board.ja if ja else board.en,
        round=state.round_number(),
        rounds=ROUNDS[state.players],
    )
    out = [title, grid]

    stones = []
    for s in small_sites:
        a, b = (board.labels[cell] for cell in board.site_cells[s])
        won = state.small_won[s]
        if not state.done[s]:
            status = text["open"]
        elif won >= 0:
            status = text["won_by"].format(faction=faction(won))
        else:
            status = text["nobody"]
        stones.append(text["small"].format(site=board.site_names[s], a=a, b=b, status=status))
    for s in board.large_sites:
        tiles = ", ".join(c.tiles[t].key for t in state.site_tiles[s]) or "-"
        status = text["resolved"] if state.done[s] else text["open"]
        hex_label = board.labels[board.site_hex[s]]
        stones.append(
            text["large"].format(
                site=board.site_names[s], hex=hex_label, tiles=tiles, status=status
            )
        )
    out.append(text["stones"] + text["stone_sep"].join(stones))

    points = state.points()
    lines = []
    for s, f in enumerate(state.factions):
        if f < 0:
            lines.append(text["choosing"].format(seat=s))
            continue
        taken = ", ".join(c.tiles[t].key for t in state.taken[f]) or "-"
        ability = state.abilities[s]
        row = text["score_row"].format(
            seat=s,
            faction=pad(faction(f), 7),
            points=points[f],
            tiles=taken,
            hand=len(state.hands[s]),
            deck=len(state.decks[s]),
        )
        if ability >= 0:
            info = c.abilities[ability]
            row += text["ability"].format(ability=info.ja if ja else info.key)
        lines.append(row)
    if state.shared >= 0:
        f = state.shared
        taken = ", ".join(c.tiles[t].key for t in state.taken[f]) or "-"
        lines.append(
            text["shared_row"].format(faction=pad(faction(f), 7), points=points[f], tiles=taken)
        )
    out.append(text["scores"] + "\n" + "\n".join(lines))

    if seat is not None and 0 <= seat < state.players:
        shown = []
        for u in state.hands[seat]:
            info = c.units[u % UNITS_PER_FACTION]
            edges = "".join(map(str, info.edges))
            shown.append(
                text["hand_unit"].format(
                    code=c.unit_names[u], name=unit_ja(u), rank=info.rank, edges=edges
                )
            )
        out.append(text["hand"].format(seat=seat) + (", ".join(shown) or text["empty"]))
    cards = [(text["public"], o) for o in state.obj_public]
    for s, own in enumerate(state.obj_private):
        if s == seat or state.is_over():
            cards += [(text["seat"].format(seat=s), o) for o in own]
    if cards:
        out.append(text["objectives"])
        for who, o in cards:
            card = c.objectives[o]
            out.append(
                text["objective"].format(
                    who=who, key=card.key, text=card.ja if ja else card.en, points=card.points
                )
            )
    if state.selected >= 0:
        out.append(text["placing"].format(unit=unit_name(state.selected)))
    if state.choice is not None:
        site, chooser, _ = state.choice
        out.append(text["choice"].format(faction=faction(chooser), site=board.site_names[site]))
    if state.is_over():
        result = state.result()
        assert result is not None
        out.append(text["over"].format(winners=seats(result.winners) or text["no_winner"]))
    else:
        seat_to_move = state.pending()[0]
        phase = PHASE_NAMES[state.phase]
        doing = text[PHASE_LABELS.get(phase, phase)]
        if state.phase in (UNIT, PLACE) and state.turn_slot(state.turn)[1]:
            doing += text["of_shared"].format(faction=faction(state.shared))
        out.append(text["to_move"].format(seat=seat_to_move, doing=doing))
    return "\n".join(out)
