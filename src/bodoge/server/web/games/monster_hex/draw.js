// Monster Hex (モンスターヘクス) drawn in SVG: the hex board with every unit's six edge powers,
// rank and faction colour, the large stones with their tiles, the small stones, counters and
// petrified hexes, start hexes; the seat's hand; the factions, points, ability and objective
// cards. A turn is two actions: click a unit of the hand (unit:...), then turn it with the
// buttons (only to rotations some placement allows) and click a highlighted hex, which sends
// exactly that place:HEX@ROT. Abilities aim at a hex on the board; tiles are taken by clicking
// them on their stone.
import {
  actionButton,
  actionsByNotation,
  arrive,
  h,
  leftoverButtons,
  legible,
  newEvents,
  offer,
  pulse,
  seatName,
  signed,
  svg,
  useStyle,
  withFocus,
} from "../kit.js";
import { word } from "./words.js";

const R = 36; // a hex's circumradius on the board
const PAD = 10;
const TARGET_KINDS = ["enchant", "confuse", "curse", "petrify"];

export const ready = useStyle(new URL("./style.css", import.meta.url).href);

// The result's headline when the 2-player game's shared faction won (no player did).
export function resultHeadline(result, lang) {
  const shared = result.detail?.shared_faction;
  if (result.winners?.length || !result.detail?.double_loss || !shared) return null;
  return word(lang, "shared_won", { faction: result.values?.factions?.[shared.faction]?.[lang] ?? shared.faction });
}

export function draw(root, prompt, ctx) {
  root.classList.add("monster-hex-board");
  withFocus(root, (memory) => new HexDrawing(root, prompt, ctx, memory).build());
}

// The point at `scale` of the circumradius from (cx, cy) towards direction d's edge (0 NE,
// clockwise, y down).
function towards(cx, cy, d, scale) {
  const angle = ((60 * d - 60) * Math.PI) / 180;
  return [cx + Math.cos(angle) * R * scale * Math.sqrt(3) * 0.5, cy + Math.sin(angle) * R * scale * Math.sqrt(3) * 0.5];
}

function hexPoints(cx, cy, r) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const angle = ((60 * k - 90) * Math.PI) / 180;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

class HexDrawing {
  constructor(root, prompt, ctx, memory) {
    this.root = root;
    this.prompt = prompt;
    this.view = prompt.view;
    this.ctx = ctx;
    this.memory = memory;
    this.lang = ctx.lang;
    const content = ctx.content || {};
    // Without the board's geometry there is nothing to draw: the page shows its generic view.
    if (!content.board?.hexes?.length) throw new Error("monster_hex: no board in the table's content");
    this.content = content;
    this.board = content.board || { hexes: [], stones: [], start: [] };
    this.hexes = Object.fromEntries(this.board.hexes.map((h) => [h.id, h]));
    this.units = Object.fromEntries((content.units || []).map((u) => [u.id, u]));
    this.factions = Object.fromEntries((content.factions || []).map((f) => [f.key, f]));
    this.tiles = Object.fromEntries((content.tiles || []).map((t) => [t.key, t]));
    this.abilities = Object.fromEntries((content.abilities || []).map((a) => [a.key, a]));
    this.objectives = Object.fromEntries((content.objectives || []).map((o) => [o.key, o]));
    this.actions = actionsByNotation(prompt, ctx);
    this.drawn = new Set();
    this.places = new Map(); // data-key -> element, for the animations
  }

  w(key, params) {
    return word(this.lang, key, params);
  }

  tr(pair, fallback = "") {
    return pair ? pair[this.lang] || pair.en : fallback;
  }

  color(faction) {
    return this.factions[faction]?.color || "#888888";
  }

  factionName(faction) {
    return this.tr(this.factions[faction]?.name, faction || "");
  }

  actionsOf(kind) {
    return [...this.actions.values()].filter((a) => a.notation.startsWith(`${kind}:`));
  }

  // Drawn again after a step of the module's own (a turn of the unit): nothing new happened.
  redraw() {
    this.root.replaceChildren();
    draw(this.root, this.prompt, { ...this.ctx, events: [] });
  }

  // ---- building ------------------------------------------------------------------------

  build() {
    const v = this.view;
    this.root.append(this.header());
    const choices = this.choicePanel();
    if (choices) this.root.append(choices);
    // The board, and beside it on a wide screen (below on a phone) the hand and the seats.
    const map = this.boardSvg(); // first: it works out the placements the hand's buttons turn through
    const side = h("div", { class: "hex-side" }, this.handPanel(), this.usePanel(), this.seatsPanel());
    this.root.append(h("div", { class: "hex-main" }, h("div", { class: "hex-map-box" }, map), side));
    if (v.objectives) this.root.append(this.objectivesPanel());
    const rest = leftoverButtons(this.actions, this.ctx, this.drawn);
    if (rest) this.root.append(rest);
    for (const picture of this.root.querySelectorAll("svg")) legible(picture);
    this.animate();
  }

  header() {
    const v = this.view;
    const parts = [h("strong", {}, this.w("round", { n: v.round, of: v.rounds }))];
    const name = this.tr(v.board_name);
    if (name) parts.push(h("span", { class: "muted" }, ` · ${name}`));
    const instruction = this.instruction();
    return h("div", { class: "hex-head" }, h("div", {}, parts), instruction ? h("p", { class: "prompt" }, instruction) : null);
  }

  instruction() {
    const v = this.view;
    if (!this.actions.size) return "";
    switch (v.phase) {
      case "faction":
        return this.w("choose_faction");
      case "shared":
        return this.w("choose_shared");
      case "ability":
        return this.w("choose_ability");
      case "unit":
        return this.w("choose_unit");
      case "place":
        return this.w("place_unit", { unit: this.unitName(v.selected) });
      case "use":
        return this.w("use_ability", { ability: this.tr(this.abilities[this.myAbility()]?.name, "") });
      case "rotate":
        return this.w("confuse_turn");
      case "take":
        return this.w("take_tile", { site: v.choice?.site || "" });
      default:
        return "";
    }
  }

  myAbility() {
    const seat = this.ctx.seat;
    return seat === null || seat === undefined ? null : this.view.abilities?.[seat] ?? null;
  }

  // A unit by its name and printed rank ("Yellow Werewolf (B)"): a faction has one unit of
  // each name, so this tells any two apart.
  unitName(id) {
    const unit = this.units[id];
    return unit ? this.w("unit_name", { name: this.tr(unit.name), rank: unit.rank }) : "";
  }

  // A stone tile by its colour and value: two tiles alike are alike to the players too.
  tileName(tile) {
    return tile ? this.w("tile_name", { faction: this.factionName(tile.color), n: tile.value }) : "";
  }

  // ---- faction, shared faction and ability choices -------------------------------------------

  choicePanel() {
    const buttons = [];
    for (const kind of ["faction", "shared"]) {
      for (const action of this.actionsOf(kind)) {
        const key = action.notation.split(":")[1];
        const button = actionButton(action, this.ctx, this.drawn, this.factionName(key), "faction-choice");
        button.style.setProperty("--faction", this.color(key));
        button.dataset.key = `choose-${action.notation}`;
        buttons.push(button);
      }
    }
    for (const action of this.actionsOf("ability")) {
      const key = action.notation.split(":")[1];
      const card = this.abilities[key];
      const button = actionButton(action, this.ctx, this.drawn, "", "ability-choice");
      button.replaceChildren(
        h("strong", {}, this.tr(card?.name, key)),
        h("span", {}, this.tr(card?.text)),
      );
      button.dataset.key = `choose-${action.notation}`;
      if (card) button.style.setProperty("--faction", this.color(card.faction));
      buttons.push(button);
    }
    if (!buttons.length) return null;
    return h("div", { class: "drawing-controls choices" }, buttons);
  }

  // ---- the board ----------------------------------------------------------------------------

  bounds() {
    const xs = this.board.hexes.map((h) => h.x * R);
    const ys = this.board.hexes.map((h) => h.y * R);
    const half = (R * Math.sqrt(3)) / 2;
    return {
      x0: Math.min(...xs) - half - PAD,
      y0: Math.min(...ys) - R - PAD,
      x1: Math.max(...xs) + half + PAD,
      y1: Math.max(...ys) + R + PAD,
    };
  }

  placementChoices() {
    // hex -> rotations some legal place action allows
    const places = new Map();
    for (const action of this.actionsOf("place")) {
      const [hex, rot] = action.notation.slice(6).split("@");
      if (!places.has(hex)) places.set(hex, []);
      places.get(hex).push(Number(rot));
    }
    const rotations = [...new Set([...places.values()].flat())].sort((a, b) => a - b);
    const m = this.memory;
    if (m.unit !== this.view.selected || m.ply !== this.prompt.ply) {
      m.rotation = rotations[0] ?? 0; // a new placement starts at its first legal rotation
      m.unit = this.view.selected;
      m.ply = this.prompt.ply;
    }
    if (!rotations.includes(m.rotation)) m.rotation = rotations[0] ?? 0;
    return { places, rotations, rotation: m.rotation };
  }

  boardSvg() {
    const v = this.view;
    const b = this.bounds();
    const placing = v.phase === "place" ? this.placementChoices() : null;
    this.placing = placing;
    const targets = new Map(); // hex -> action aimed at it
    for (const kind of TARGET_KINDS) for (const a of this.actionsOf(kind)) targets.set(a.notation.split(":")[1], a);
    const cells = [];
    const overlay = [];
    const start = new Set(this.board.start);
    for (const hex of this.board.hexes) {
      const [cx, cy] = [hex.x * R, hex.y * R];
      const group = svg("g", { class: "hex", "data-hex": hex.id, "data-key": `hex-${hex.id}` });
      if (hex.stone) {
        group.append(...this.largeStone(hex, cx, cy));
        group.classList.add("large-stone");
      } else {
        const petrified = v.petrified?.[hex.id];
        group.append(
          svg("polygon", {
            points: hexPoints(cx, cy, R - 1),
            class: petrified ? "cell petrified" : start.has(hex.id) ? "cell start" : "cell",
          }),
        );
        const placed = v.board?.[hex.id];
        if (hex.id === v.last) group.classList.add("just-placed");
        if (hex.id === v.target) group.classList.add("confused");
        if (placed) {
          const [unit, rot] = placed.split("@");
          group.append(this.unitArt(unit, Number(rot), cx, cy));
        } else if (petrified) {
          group.append(svg("text", { x: cx, y: cy + 6, class: "petrified-value" }, String(petrified)));
        } else {
          group.append(svg("text", { x: cx, y: cy + R * 0.62, class: "hex-id" }, hex.id));
          if (start.has(hex.id)) group.append(svg("text", { x: cx, y: cy - R * 0.3, class: "start-mark" }, this.w("start")));
        }
        this.offerOnHex(group, hex.id, cx, cy, placing, targets);
      }
      this.places.set(`hex-${hex.id}`, group);
      cells.push(group);
    }
    for (const stone of this.board.stones) if (!stone.large) overlay.push(this.smallStone(stone));
    return svg(
      "svg",
      {
        viewBox: `${b.x0.toFixed(1)} ${b.y0.toFixed(1)} ${(b.x1 - b.x0).toFixed(1)} ${(b.y1 - b.y0).toFixed(1)}`,
        class: "hex-map",
        role: "group",
        "aria-label": this.tr(v.board_name, "Monster Hex"),
      },
      [cells, overlay],
    );
  }

  offerOnHex(group, id, cx, cy, placing, targets) {
    const target = targets.get(id);
    if (target) {
      group.classList.add("target");
      const [kind] = target.notation.split(":");
      const on = this.view.board?.[id]?.split("@")[0];
      const ability = this.tr(this.abilities[kind]?.name, kind);
      offer(group, target, this.ctx, { drawn: this.drawn, label: this.w("ability_on", { ability, unit: on ? this.unitName(on) : id }) });
      return;
    }
    if (!placing || !placing.places.has(id)) return;
    const rotations = placing.places.get(id);
    if (rotations.includes(placing.rotation)) {
      const action = this.actions.get(`place:${id}@${placing.rotation}`);
      group.classList.add("legal");
      group.append(this.unitArt(this.view.selected, placing.rotation, cx, cy, "ghost"));
      const where = { unit: this.unitName(this.view.selected), hex: id, n: placing.rotation };
      offer(group, action, this.ctx, { drawn: this.drawn, label: this.w("place_at", where) });
      for (const r of rotations) this.drawn.add(`place:${id}@${r}`); // reachable by turning
      return;
    }
    // Legal at this hex only turned otherwise: a click turns the unit so (a step, no action).
    group.classList.add("legal-turned");
    group.setAttribute("tabindex", "0");
    group.setAttribute("role", "button");
    group.setAttribute("data-turn", String(rotations[0]));
    group.setAttribute("aria-label", `${id}: ${this.w("turned", { n: rotations[0] })}`);
    for (const r of rotations) this.drawn.add(`place:${id}@${r}`);
    const turn = () => {
      this.memory.rotation = rotations[0];
      this.memory.focusKey = `hex-${id}`;
      this.redraw();
    };
    group.addEventListener("click", turn);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        turn();
      }
    });
  }

  largeStone(hex, cx, cy) {
    const v = this.view;
    const stone = v.stones?.[hex.stone] || { tiles: [] };
    const parts = [
      svg("polygon", { points: hexPoints(cx, cy, R - 1), class: stone.done ? "stone done" : "stone" }),
      svg("text", { x: cx, y: cy - R * 0.45, class: "stone-name" }, hex.stone),
    ];
    const tiles = stone.tiles || [];
    const choosing = v.phase === "take" && v.choice?.site === hex.stone;
    tiles.forEach((key, i) => {
      const x = cx - 24 + i * 26;
      const tile = this.tiles[key];
      const g = svg("g", { class: "tile", "data-key": `tile-${key}`, "data-tile": key }, [
        svg("title", {}, this.tileName(tile)),
        svg("rect", { x: x - 1, y: cy - 12, width: 24, height: 26, rx: 4, fill: this.color(tile?.color) }),
        svg("text", { x: x + 11, y: cy + 6, class: "tile-value" }, String(tile?.value ?? "?")),
      ]);
      const action = choosing ? this.actions.get(`take:${key}`) : null;
      if (action) offer(g, action, this.ctx, { drawn: this.drawn, label: this.w("take_named", { tile: this.tileName(tile) }) });
      this.places.set(`tile-${key}`, g);
      parts.push(g);
    });
    return parts;
  }

  smallStone(stone) {
    const [x, y] = [stone.x * R, stone.y * R]; // on the edge its two hexes share
    const state = this.view.stones?.[stone.id] || {};
    const fill = state.won ? this.color(state.won) : state.done ? "#b8b8b8" : "#8f6fd1";
    const s = 8;
    const g = svg("g", { class: state.done ? "small-stone done" : "small-stone", "data-key": `stone-${stone.id}` }, [
      svg("title", {}, state.won ? this.w("small_stone_won", { faction: this.factionName(state.won) }) : this.w("small_stone")),
      svg("polygon", { points: `${x},${y - s} ${x + s},${y} ${x},${y + s} ${x - s},${y}`, fill }),
    ]);
    this.places.set(`stone-${stone.id}`, g);
    return g;
  }

  // A unit tile at (cx, cy) turned `rot` steps clockwise: its faction's colour, its rank and
  // the power facing each of the six directions.
  unitArt(id, rot, cx, cy, extra = "") {
    const unit = this.units[id];
    if (!unit) return svg("g", {});
    const parts = [
      svg("title", {}, `${this.tr(unit.name)} · ${this.w("rank", { rank: unit.rank })}`),
      svg("polygon", { points: hexPoints(cx, cy, R - 4), fill: this.color(unit.faction), class: "unit-face" }),
      svg("text", { x: cx, y: cy + 7, class: "unit-rank" }, unit.rank),
    ];
    for (let d = 0; d < 6; d++) {
      const power = unit.edges[(((d - rot) % 6) + 6) % 6];
      const [x, y] = towards(cx, cy, d, 0.72);
      parts.push(svg("text", { x, y: y + 4, class: "edge-power" }, String(power)));
    }
    if (this.view.abilities && unit.ability) {
      parts.push(svg("text", { x: cx, y: cy + 19, class: "ability-mark" }, unit.rank === "S" ? "★" : "●"));
    }
    const counters = this.view.counters?.[id];
    if (counters) {
      const marks = [...Array(counters.white).fill("white"), ...Array(counters.black).fill("black")];
      marks.forEach((kind, i) => {
        parts.push(svg("circle", { cx: cx - 12 + i * 8, cy: cy - 15, r: 3.5, class: `counter ${kind}` }));
      });
    }
    return svg("g", { class: `unit ${extra}`.trim(), "data-unit": id }, parts);
  }

  // ---- the hand ------------------------------------------------------------------------------

  handPanel() {
    const v = this.view;
    const seat = this.ctx.seat;
    const hand = seat !== null && seat !== undefined && Array.isArray(v.hands?.[seat]) ? v.hands[seat] : null;
    const placing = this.placing;
    if (!hand?.length && !placing) return null;
    const items = [];
    const size = 2 * R + 8;
    let x = R + 6;
    const unitsShown = [...(hand || [])];
    if (v.selected && placing && !unitsShown.includes(v.selected)) unitsShown.unshift(v.selected);
    for (const id of unitsShown) {
      const selected = id === v.selected;
      const rot = selected && placing ? placing.rotation : 0;
      const group = svg("g", { class: selected ? "hand-unit selected" : "hand-unit", "data-key": `hand-${id}` }, [
        svg("polygon", { points: hexPoints(x, R + 4, R), class: "cell" }),
        this.unitArt(id, rot, x, R + 4),
      ]);
      const action = this.actions.get(`unit:${id}`);
      if (action) offer(group, action, this.ctx, { drawn: this.drawn, label: this.w("choose_named", { unit: this.unitName(id) }) });
      else if (v.phase === "unit" && this.actions.size) group.classList.add("dim");
      items.push(group);
      x += size;
    }
    const picture = svg(
      "svg",
      { viewBox: `0 0 ${Math.max(x - R, 2 * R + 12)} ${2 * R + 10}`, class: "hand-svg", style: `max-width: ${Math.max(x - R, 2 * R + 12) * 1.2}px` },
      items,
    );
    const title = h("h3", {}, this.w("hand"));
    const box = h("div", { class: "hand-panel" }, title, picture);
    if (placing && placing.rotations.length) box.append(this.rotationControls(placing));
    return box;
  }

  rotationControls(placing) {
    const { rotations, rotation } = placing;
    const at = rotations.indexOf(rotation);
    const turn = (step) => {
      this.memory.rotation = rotations[(at + step + rotations.length) % rotations.length];
      this.memory.focusKey = step > 0 ? "turn-right" : "turn-left";
      this.redraw();
    };
    const button = (text, step, key) => {
      const b = h("button", { type: "button", class: "turn", "data-key": key, "data-rotate": String(step), onclick: () => turn(step) }, text);
      if (rotations.length < 2) b.disabled = true;
      return b;
    };
    const free = [...placing.places.values()].filter((list) => !list.includes(rotation)).length;
    return h(
      "div",
      { class: "drawing-controls rotation" },
      button(this.w("turn_left"), -1, "turn-left"),
      h("span", { class: "rotation-now", "data-rotation": String(rotation) }, this.w("turned", { n: rotation })),
      button(this.w("turn_right"), 1, "turn-right"),
      free ? h("span", { class: "muted small" }, this.w("other_turns")) : null,
    );
  }

  // ---- an ability's plain choices ------------------------------------------------------------

  usePanel() {
    const buttons = [];
    const texts = { pass: "pass", blitz: "blitz", scheme: "scheme" };
    for (const [notation, key] of Object.entries(texts)) {
      const action = this.actions.get(notation);
      if (action) {
        const button = actionButton(action, this.ctx, this.drawn, this.w(key), notation === "pass" ? "" : "primary");
        button.dataset.key = `button-${notation}`;
        buttons.push(button);
      }
    }
    for (const action of this.actionsOf("rotate")) {
      const n = Number(action.notation.split(":")[1]);
      const button = actionButton(action, this.ctx, this.drawn, this.w("turned", { n }));
      const confused = this.view.board?.[this.view.target]?.split("@")[0];
      const words = this.w("turn_confused", { unit: confused ? this.unitName(confused) : "", n });
      button.setAttribute("aria-label", words); // by the unit's name, not the action's key
      button.title = words;
      button.dataset.key = `button-${action.notation}`;
      buttons.push(button);
    }
    if (!buttons.length) return null;
    return h("div", { class: "drawing-controls use" }, buttons);
  }

  // ---- seats, factions, points, abilities, tiles --------------------------------------------

  seatsPanel() {
    const v = this.view;
    const rows = [];
    (v.factions || []).forEach((faction, seat) => {
      rows.push(this.factionRow(faction, seatName(this.ctx, seat), seat));
    });
    if (v.shared) rows.push(this.factionRow(v.shared, this.w("shared"), null));
    return h("div", { class: "hex-seats" }, rows);
  }

  factionRow(faction, who, seat) {
    const v = this.view;
    const parts = [
      h("span", { class: "swatch", style: `background:${this.color(faction)}` }),
      h("strong", {}, who),
      h("span", {}, faction ? this.factionName(faction) : this.w("no_faction")),
    ];
    // Once the game is over a seat's points are the result's (the objective cards included).
    const final = this.prompt.over && seat !== null ? this.prompt.result?.scores?.[seat] : undefined;
    const points = typeof final === "number" ? final : v.points?.[faction];
    if (faction && points !== undefined) parts.push(h("span", { class: "points" }, this.w("points", { n: signed(points) })));
    if (seat !== null) {
      const hand = v.hands?.[seat];
      const count = Array.isArray(hand) ? hand.length : Object.values(hand || {}).reduce((a, b) => a + b, 0);
      parts.push(h("span", { class: "muted" }, `${this.w("hand_of", { n: count })} · ${this.w("deck", { n: v.decks?.[seat] ?? 0 })}`));
      if (v.shared_decks) parts.push(h("span", { class: "muted" }, this.w("shared_deck", { n: v.shared_decks[seat] })));
      const ability = v.abilities?.[seat];
      if (ability) {
        const card = this.abilities[ability];
        parts.push(h("span", { class: "ability-card", title: this.tr(card?.text) }, `${this.w("ability")}: ${this.tr(card?.name, ability)}`));
        if (v.blitz_used?.[seat]) parts.push(h("span", { class: "muted" }, this.w("blitz_used", { n: v.blitz_used[seat] })));
      }
    }
    const taken = v.taken?.[faction] || [];
    if (taken.length) {
      parts.push(
        h(
          "span",
          { class: "taken" },
          `${this.w("taken")}: `,
          taken.map((key) => {
            const tile = this.tiles[key];
            return h("span", { class: "tile-chip", "data-key": `taken-${key}`, style: `background:${this.color(tile?.color)}`, title: this.tileName(tile) }, String(tile?.value ?? "?"));
          }),
        ),
      );
    }
    const row = h("div", { class: seat !== null && this.prompt.pending?.includes(seat) ? "faction-row active" : "faction-row" }, parts);
    if (seat !== null && v.abilities?.[seat]) {
      const card = this.abilities[v.abilities[seat]];
      if (card) row.append(h("p", { class: "ability-text" }, this.tr(card.text)));
    }
    return row;
  }

  objectivesPanel() {
    const o = this.view.objectives;
    const card = (key) => {
      const info = this.objectives[key];
      return h("li", { class: "objective" }, h("strong", {}, `${info?.points ?? "?"} `), this.tr(info?.text, key));
    };
    const parts = [h("h3", {}, this.w("objectives"))];
    if (o.public?.length) {
      parts.push(h("p", { class: "muted" }, this.w("public_objectives")), h("ul", {}, o.public.map(card)));
    }
    (o.private || []).forEach((cards, seat) => {
      if (Array.isArray(cards)) {
        if (!cards.length) return;
        const title = seat === this.ctx.seat ? this.w("your_objective") : seatName(this.ctx, seat);
        parts.push(h("p", { class: "muted" }, title), h("ul", {}, cards.map(card)));
      } else if (cards) {
        parts.push(h("p", { class: "muted" }, `${seatName(this.ctx, seat)}: ${this.w("hidden_objectives", { n: cards })}`));
      }
    });
    if (typeof o.deck === "number") parts.push(h("p", { class: "muted small" }, this.w("objective_deck", { n: o.deck })));
    return h("div", { class: "hex-objectives" }, parts);
  }

  // ---- what just happened ---------------------------------------------------------------------

  animate() {
    const ctx = this.ctx;
    const events = newEvents(ctx).slice(-12);
    if (ctx.reducedMotion) return;
    let delay = 0;
    for (const event of events) {
      const at = (key) => this.places.get(key) || this.root.querySelector(`[data-key="${key}"]`);
      switch (event.type) {
        case "place": {
          const unit = at(`hex-${event.hex}`)?.querySelector(".unit");
          arrive(unit, ctx, { dy: -24, scale: 1.3, delay });
          break;
        }
        case "take":
          arrive(at(`taken-${event.tile}`), ctx, { dy: -18, scale: 1.5, delay });
          break;
        case "small_stone":
          pulse(at(`stone-${event.site}`), ctx);
          break;
        case "large_stone": {
          const stone = this.board.stones.find((s) => s.id === event.site);
          if (stone) pulse(at(`hex-${stone.hex}`), ctx);
          break;
        }
        case "petrify":
        case "enchant":
        case "curse":
        case "confuse":
          if (event.hex) pulse(at(`hex-${event.hex}`), ctx);
          break;
        default:
          continue;
      }
      delay += 100;
    }
  }
}
