"""The terminal picture of a Monster Hex game: the board as text, then stones, scores and the
seat's hand.

Each hex is three lines. A unit shows its faction letter and tile key in the middle ("R:A2") and
its six edge powers where they face: NW and NE above, W and E beside, SW and SE below. An empty
hex shows its name ("d4"; a start hex "S d4"), a large stone its site and the tiles lying on it.
A small stone is listed below the board with the two hexes whose shared edge holds it; those hexes
carry a "*" beside their name. With the ability option a unit's Enchant and Curse counters show
above its name ("+2"), and a petrified hex shows its value ("#2pt d4").

Below the board: the stones (an open large stone or petrified hex with each faction's power
facing it so far), the scores, the seat's hand with each unit's rank and powers, and while a
picked unit waits to be placed, the unit and, for its seat, every legal hex and rotation with
what it shows each neighbour (a match or not) and each open stone next to it.

The words come in English or Japanese (`LABELS`, and `HELP` for the game's own help); the board
itself, the hex, unit and tile codes and the action notations are the same in both.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from bodoge.engine.text import terminal_texts
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex import hexgrid
from bodoge.games.monster_hex.codes import PHASE_NAMES, PLACE, PLACE_BASE, ROUNDS, UNIT
from bodoge.games.monster_hex.content import UNITS_PER_FACTION
from bodoge.games.monster_hex.faces import around
from bodoge.games.monster_hex.stones import points, totals

if TYPE_CHECKING:
    from bodoge.games.monster_hex.content import Content
    from bodoge.games.monster_hex.rules import MonsterHex

LABELS: dict[str, dict[str, Any]] = {
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
        "petrified": "#{hex} (a {points}-point stone): {status}",
        "facing": "{status}, facing it: {totals}",
        "total": "{faction} {power}",
        "list_sep": ", ",
        "resolved": "resolved",
        "scores": "Scores:",
        "choosing": "  seat {seat}: (choosing)",
        "score_row": "  seat {seat} {faction} {points:3|pt |pts}  tiles: {tiles:20} "
        "hand {hand}, deck {deck}",
        "ability": ", ability {ability}",
        "shared_row": "  shared {faction} {points:3|pt |pts}  tiles: {tiles}",
        "hand": "Your hand (seat {seat}; powers clockwise from NE): ",
        "hand_unit": "{code} ({rank}, {edges})",
        "empty": "empty",
        "objectives": "Objectives:",
        "objective": "  [{who}] {key}: {text} ({points:pt|pts})",
        "public": "public",
        "seat": "seat {seat}",
        "placing": "Placing: {unit} ({faction}, rank {rank}), powers clockwise from NE: {edges}",
        "where": "Where it can go, hex@rotation (W 3=3: it shows 3 to the neighbour west of it, "
        "which shows 3 back, a match; W 3/4: no match; >L1 5: it shows 5 to stone L1):",
        "any_rotation": "  any rotation (@0-@5), nothing next to it: {hexes}",
        "directions": ("NE", "E", "SE", "SW", "W", "NW"),
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
        "petrified": "#{hex}（{points}点の魔石）：{status}",
        "facing": "{status}、向いたパワー：{totals}",
        "total": "{faction} {power}",
        "list_sep": "、",
        "resolved": "判定済み",
        "scores": "得点：",
        "choosing": "  席{seat}：（選択中）",
        "score_row": "  席{seat} {faction} {points:3}点  タイル：{tiles:20} "
        "手札 {hand}、山札 {deck}",
        "ability": "、能力 {ability}",
        "shared_row": "  共有色 {faction} {points:3}点  タイル：{tiles}",
        "hand": "あなたの手札（席{seat}、パワーは右上から時計回り）：",
        "hand_unit": "{code} {name} ({rank}, {edges})",
        "empty": "なし",
        "objectives": "目標カード：",
        "objective": "  [{who}] {key}：{text}（{points}点）",
        "public": "全体",
        "seat": "席{seat}",
        "placing": "配置中：{unit}（{faction}、ランク {rank}）、"
        "パワー（右上から時計回り）：{edges}",
        "where": "置ける場所 マス@回転（左 3=3：左隣に向く辺が3で、左隣のユニットの辺も3、一致。"
        "左 3/4：不一致。>L1 5：魔石 L1 に向くパワーが5）：",
        "any_rotation": "  向きは自由（@0-@5、隣に何もない）：{hexes}",
        "directions": ("右上", "右", "右下", "左下", "左", "左上"),
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
terminal_texts(LABELS)  # seats counted from 1, counts with their nouns

PHASE_LABELS = {"ability": "pick_ability"}  # phase name -> label key where the two differ
# a legal placement of the picked unit: what it shows each neighbour and each open stone
SPOT = "  {hex}@{rot}  {sides}"
SIDE = "{direction} {mine}{sign}{theirs}"
TOWARD = ">{stone} {power}"

HELP = {
    "en": """Monster Hex: type an action's notation or its number.
A turn: unit:red-A2 picks a unit from your hand (faction-key; keys S, A1-A2, B1-B3, C1-C4), then
place:d4@2 puts it on hex d4 turned 2 steps clockwise (60 degrees each). Only legal hexes and
rotations are offered; the screen lists them with what each rotation shows its neighbours.
take:red7: place 1 at a large stone takes this tile (place 2 takes the other).
Setup: faction:red chooses your faction; shared:green the shared faction (2 players).
Ability option: ability:enchant chooses your ability; after placing an ability unit, enchant:d4,
curse:d4 or petrify:d4 (the hex it aims at), confuse:d4 then rotate:3, blitz (place a second
unit), scheme (draw an objective card), or pass.
Objective option: nothing to type; the cards are scored at the end.
Hexes: rows a, b, c ... from the top, counted from the left (d4). Edges: a tile lists its six
powers clockwise from its north-east edge: NE E SE SW W NW. Turned r steps clockwise (@r), each
power faces the direction r steps further clockwise.
Example: {example}.""",
    "ja": """モンスターヘクス：アクションの表記か番号を入力してください。
手番：unit:red-A2 で手札からユニットを選び（派閥-キー。キーは S、A1-A2、B1-B3、C1-C4）、
place:d4@2 でマス d4 に時計回りに2段階（1段階60°）回して置きます。置けるマスと向きだけが選べ、
画面には各向きで隣のユニットに向く辺が表示されます。
take:red7：大魔石の1位がこのタイルを取ります（2位が残りを取る）。
準備：faction:red で自分の派閥、shared:green で共有色（2人）を選びます。
能力オプション：ability:enchant で能力を選び、能力ユニットを置いた後に enchant:d4、curse:d4、
petrify:d4（対象のマス）、confuse:d4 の後 rotate:3、blitz（2体目を配置）、scheme（目標カードを
引く）、または pass。
目標オプション：入力は不要で、ゲーム終了時に得点します。
マス：上から行 a、b、c…、左から数えて d4。辺：タイルは6つのパワーを右上の辺から時計回りに並べます
（右上 右 右下 左下 左 左上）。時計回りに r 段階回すと（@r）、各パワーは時計回りに r 方向先を
向きます。
例：{example}。""",
}
EXAMPLE = {
    "en": "{unit} ({edges}) at @1 shows {shown}",
    "ja": "{unit}（{edges}）を @1 で置くと {shown}",
}


def game_help(lang: str = "en") -> str:
    """The game's own help for the terminal: the notation of each decision and what a rotation
    means, with an example from the default tiles."""
    lang = lang if lang in HELP else "en"
    c = content_mod.load()
    names = LABELS[lang]["directions"]
    shown = LABELS[lang]["list_sep"].join(f"{names[d]} {p}" for d, p in enumerate(c.edge[0][1]))
    example = EXAMPLE[lang].format(
        unit=c.unit_names[0], edges=" ".join(map(str, c.units[0].edges)), shown=shown
    )
    return HELP[lang].format(example=example)


def unit_ja(c: Content, unit: int) -> str:
    """A unit's Japanese name with its faction: "赤のヴァンパイア"."""
    return f"{c.factions[unit // UNITS_PER_FACTION].ja}の{c.units[unit % UNITS_PER_FACTION].ja}"


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

    def unit_name(unit: int) -> str:
        """The unit's code ("red-A2"), in Japanese with its name: "red-A2 赤のヴァンパイア"."""
        return f"{c.unit_names[unit]} {unit_ja(c, unit)}" if ja else c.unit_names[unit]

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

    def facing(found: dict[int, int], status: str) -> str:
        """The open stone's status with each faction's power facing it, in words."""
        if not found:
            return status
        words = text["list_sep"].join(
            text["total"].format(faction=faction(f), power=p) for f, p in sorted(found.items())
        )
        return str(text["facing"].format(status=status, totals=words))

    for s in board.large_sites:
        tiles = ", ".join(c.tiles[t].key for t in state.site_tiles[s]) or "-"
        if state.done[s]:
            status = text["resolved"]
        else:
            filled = [cell for cell in board.site_cells[s] if state.occ[cell] >= 0]
            dirs = [board.site_dirs[s][board.site_cells[s].index(cell)] for cell in filled]
            status = facing(totals(state, tuple(filled), tuple(dirs)), text["open"])
        hex_label = board.labels[board.site_hex[s]]
        stones.append(
            text["large"].format(
                site=board.site_names[s], hex=hex_label, tiles=tiles, status=status
            )
        )
    for cell in board.placeable_cells:
        if state.petrified[cell]:
            filled = [n for n in around(state, cell) if state.occ[n] >= 0]
            dirs = [board.nbr[n].index(cell) for n in filled]
            status = facing(totals(state, tuple(filled), tuple(dirs)), text["open"])
            stones.append(
                text["petrified"].format(
                    hex=board.labels[cell], points=state.petrified[cell], status=status
                )
            )
    out.append(text["stones"] + text["stone_sep"].join(stones))

    scores = points(state)
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
            points=scores[f],
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
            text["shared_row"].format(faction=pad(faction(f), 7), points=scores[f], tiles=taken)
        )
    out.append(text["scores"] + "\n" + "\n".join(lines))

    if seat is not None and 0 <= seat < state.players:
        shown = []
        for u in state.hands[seat]:
            unit_info = c.units[u % UNITS_PER_FACTION]
            edges = " ".join(map(str, unit_info.edges))
            shown.append(
                text["hand_unit"].format(
                    code=c.unit_names[u], name=unit_ja(c, u), rank=unit_info.rank, edges=edges
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
        unit_info = c.units[state.selected % UNITS_PER_FACTION]
        out.append(
            text["placing"].format(
                unit=unit_name(state.selected),
                faction=faction(state.selected // UNITS_PER_FACTION),
                rank=unit_info.rank,
                edges=" ".join(map(str, unit_info.edges)),
            )
        )
        if seat is not None and seat in state.pending():
            out += _placements(state, seat, text)
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


def _placements(state: MonsterHex, seat: int, text: dict[str, Any]) -> list[str]:
    """Each legal hex and rotation of the picked unit: the power it shows each neighbouring unit
    (= a match, / none: one match makes the placement legal) and each open stone next to it.
    Hexes where any rotation goes and nothing is next to them share one line."""
    board, c = state.board, state.c
    edge = c.edge[state.selected % UNITS_PER_FACTION]
    names = text["directions"]
    rotations: dict[int, list[int]] = {}
    for action in state.legal_actions(seat):
        cell, r = divmod(action - PLACE_BASE, 6)
        rotations.setdefault(cell, []).append(r)
    lines = [text["where"]]
    alone = []
    for cell, rots in rotations.items():
        units = []  # (direction, the power the neighbouring unit shows back)
        for d, other in enumerate(board.nbr[cell]):
            if other >= 0 and state.occ[other] >= 0:
                shown = c.edge[state.occ[other] % UNITS_PER_FACTION][state.rot[other]]
                units.append((d, shown[(d + 3) % 6]))
        stones = [  # (open stone, direction towards it)
            (board.site_names[site], board.site_dirs[site][board.site_cells[site].index(cell)])
            for site in board.cell_sites[cell]
            if not state.done[site]
        ]
        stones += [
            (f"#{board.labels[n]}", d)
            for d, n in enumerate(board.nbr[cell])
            if n >= 0 and state.petrified[n]
        ]
        if len(rots) == 6 and not units and not stones:
            alone.append(board.labels[cell])
            continue
        for r in rots:
            mine = edge[r]
            sides = [
                SIDE.format(
                    direction=names[d],
                    mine=mine[d],
                    sign="=" if mine[d] == theirs else "/",
                    theirs=theirs,
                )
                for d, theirs in units
            ]
            sides += [TOWARD.format(stone=name, power=mine[d]) for name, d in stones]
            lines.append(SPOT.format(hex=board.labels[cell], rot=r, sides="  ".join(sides)))
    if alone:
        lines.append(text["any_rotation"].format(hexes=text["list_sep"].join(alone)))
    return lines
