// Shared parts of the four Collectable Monster drawings: SVG and HTML element helpers, a card
// face, the 15-slot collection pyramid, clickable elements that send one action, and the short
// animations of new events. Card names and the pyramid's geometry come from ctx.content.

import { signed } from "../dom.js";
import { boardPixels, LEAST_PX, legible, useStyle } from "./drawing_kit.js";
import { actionable as offer, svg } from "./svg.js";
import { word } from "./words/koremon.js";

// Colours per rank (1 strongest) and for the Mimic, chosen to read apart on white and in grey.
export const RANK_COLOURS = { 1: "#d4a017", 2: "#8e44ad", 3: "#2e86c1", 4: "#27ae60", 5: "#8d6e63" };
export const MIMIC_COLOUR = "#c0392b";

// The four drawings' own styles (each drawing module exports this as its `ready`).
export const ready = useStyle(new URL("./koremon.css", import.meta.url).href);

// What every drawing starts with: its styles, the prompt's view and the game's content, this
// seat (null: a spectator), the root's memory between draws, and the layout width (see
// layoutWidth: `drawIt` redraws when the board changes side).
export function begin(root, drawIt, prompt, ctx) {
  const width = layoutWidth(root, drawIt, prompt, ctx);
  ctx.least = (LEAST_PX + 0.1) / (boardPixels(root) / width); // the smallest readable size, in units
  return { view: prompt.view, content: ctx.content, me: ctx.seat, memo: remember(root), width, narrow: width < 1000 };
}

// What every drawing ends with: its `parts` in one board `height` high named `label`, then the
// keyboard's focus back where it was (see restoreFocus).
export function finish(root, width, height, label, parts) {
  const svg = board(width, height, label);
  svg.append(...parts);
  root.append(svg);
  legible(svg);
  restoreFocus(root);
}

// web-core's svg() with one more attribute, `text`: the element's text content.
export function svgEl(tag, attrs = {}, children = []) {
  const { text: words, ...rest } = attrs;
  return svg(tag, rest, words === undefined ? children : [String(words), children]);
}

export function htmlEl(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...[children].flat().filter((child) => child !== null && child !== undefined));
  return node;
}

export function text(x, y, content, attrs = {}) {
  return svgEl("text", { x, y, ...attrs, text: content });
}

// The table's SVG, scaled to the board's width (readable from 390 px to a desktop).
export function board(width, height, label) {
  return svgEl("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width: "100%",
    class: "koremon-svg",
    role: "group",
    "aria-label": label,
    preserveAspectRatio: "xMidYMin meet",
  });
}

// Make `node` send `action` (an element of prompt.actions) on click, Enter or Space.
// (web-core's actionable(), with a tooltip and the drawings' hover and focus style.)
export function actionable(node, action, ctx) {
  offer(node, action, ctx.lang, ctx.choose);
  node.addEventListener("keydown", (event) => noteKey(event, "action"));
  node.classList.add("koremon-action");
  const title = document.createElementNS(node.namespaceURI, "title");
  title.textContent = action.label[ctx.lang] || action.notation;
  node.prepend(title);
  return node;
}

// Make `node` a keyboard-reachable control that runs `handler` (a step of a several-step
// choice: it sends nothing itself).
export function selectable(node, label, handler, selected = false) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.setAttribute("aria-pressed", selected ? "true" : "false");
  node.classList.add("koremon-select");
  if (selected) node.classList.add("koremon-selected");
  onActivate(node, handler);
  return node;
}

function onActivate(node, handler) {
  node.addEventListener("click", (event) => {
    event.preventDefault();
    handler();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      noteKey(event, "select");
      handler();
    }
  });
}

// Keyboard play: the board is drawn anew after every move, which drops the focus. When the last
// thing the person did was a key on the board, the next drawing puts the focus back on the bid
// amount (after a bid) or on the first thing to press; a pointer click forgets it.
let keyboardStep = null;
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => (keyboardStep = null), true);
}

export function noteKey(event, step) {
  if (event.key === "Enter" || event.key === " ") keyboardStep = step;
}

export function restoreFocus(root) {
  if (!keyboardStep) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return; // the focus is somewhere
  const target =
    (keyboardStep === "bid" && root.querySelector("form.koremon-bid input[type=number]")) ||
    // after a selection, what it opened: the highlighted slots, the species to name
    (keyboardStep === "select" && root.querySelector(".koremon-target, [data-name].koremon-action")) ||
    root.querySelector(".koremon-action, .koremon-select, form.koremon-bid input");
  if (target) target.focus({ preventScroll: true });
}

export function cardInfo(ctx, key) {
  return (ctx.content.cards || []).find((card) => card.key === key) || null;
}

export function cardName(ctx, key) {
  const card = cardInfo(ctx, key);
  return card ? card.name[ctx.lang] : key;
}

export function rankName(ctx, rank) {
  const entry = (ctx.content.ranks || []).find((item) => item.rank === rank);
  return entry ? entry.name[ctx.lang] : String(rank);
}

export function colourOf(card) {
  if (!card) return "#999";
  return card.mimic ? MIMIC_COLOUR : RANK_COLOURS[card.rank] || "#999";
}

// A card face: the species' colour band, its rank, name and points. `key` null: a face-down
// card. Returns a <g> at (x, y) of size w x h. No text is smaller than ctx.least: a card too
// small for its name at that size shows its colour and rank alone (the name is its <title>).
export function cardFace(ctx, key, x, y, w, h, extra = {}) {
  const g = svgEl("g", { class: "koremon-card", transform: `translate(${x},${y})`, ...extra });
  const inner = svgEl("g", { class: "koremon-inner" });
  g.append(inner);
  if (key === null || key === undefined) {
    inner.append(svgEl("rect", { width: w, height: h, rx: w * 0.08, class: "koremon-card-back koremon-outline" }));
    return g;
  }
  const card = cardInfo(ctx, key);
  const colour = colourOf(card);
  const least = ctx.least || 0;
  const size = Math.max(9, Math.min(w / 5.2, h / 4.2));
  const name = cardName(ctx, key);
  const rankSize = Math.max(size * 0.8, least);
  const nameSize = Math.max(Math.min(size, (w * 0.9) / textEms(name, 0.68)), least); // bold Latin runs wide
  const pointsSize = Math.max(size * 0.75, least);
  g.setAttribute("data-card", key);
  if ((rankSize + nameSize) * 1.3 > h || textEms(name, 0.68) * nameSize > w * 1.9) {
    inner.append(
      svgEl("title", { text: name }),
      svgEl("rect", { width: w, height: h, rx: w * 0.08, fill: colour, class: "koremon-outline" }),
      text(w / 2, h / 2 + rankSize * 0.36, card && !card.mimic ? String(card.rank) : "?", {
        class: "koremon-card-rank",
        "font-size": rankSize,
        "text-anchor": "middle",
      }),
    );
    return g;
  }
  const rankWords = card && !card.mimic ? rankName(ctx, card.rank) : "?";
  const bandH = Math.max(h * 0.28, rankSize * 1.25);
  inner.append(
    svgEl("rect", { width: w, height: h, rx: w * 0.08, class: "koremon-card-body koremon-outline" }),
    svgEl("rect", { width: w, height: bandH, rx: w * 0.08, fill: colour }),
    svgEl("rect", { y: bandH * 0.64, width: w, height: bandH * 0.36, fill: colour }),
    text(w / 2, bandH * 0.72, textEms(rankWords) * rankSize > w * 0.95 ? String(card.rank) : rankWords, {
      class: "koremon-card-rank",
      "font-size": rankSize,
      "text-anchor": "middle",
    }),
  );
  const withPoints = card && card.points !== undefined && h > 50 && h >= bandH + (nameSize + pointsSize) * 1.3;
  const nameY = withPoints ? Math.max(h * 0.58, bandH + nameSize * 1.1) : (bandH + h + nameSize * 0.7) / 2;
  inner.append(
    text(w / 2, nameY, textEms(name, 0.68) * nameSize > w * 0.95 ? fit(name, (w * 0.92) / nameSize / 1.1) : name, {
      class: "koremon-card-name",
      "font-size": nameSize,
      "text-anchor": "middle",
    }),
  );
  if (withPoints) {
    inner.append(
      text(w / 2, Math.max(h * 0.86, nameY + pointsSize * 1.2), word(ctx, "score", { score: signed(card.points) }), {
        class: "koremon-card-points",
        "font-size": pointsSize,
        "text-anchor": "middle",
      }),
    );
  }
  return g;
}

// A text's width in ems, roughly: a full-width (Japanese) character is one, a Latin one about
// `latin` (0.6; more in bold) (so a card's name can be sized to fit its card).
export function textEms(words, latin = 0.6) {
  let ems = 0;
  for (const ch of words) ems += ch.codePointAt(0) > 0x2e80 ? 1 : latin;
  return Math.max(ems, 1);
}


// A seat's pyramid: the 15 slots from ctx.content.pyramid at (x, y), each `w` x `h`.
// `cards`: {label: key}; `targets`: {label: action} for the slots a click fills;
// `fresh`: labels just filled (animated). Returns the <g>.
export function pyramidGroup(ctx, cards, x, y, w, h, options = {}) {
  const { targets = {}, fresh = [], label = "" } = options;
  const geometry = ctx.content.pyramid;
  const g = svgEl("g", {
    class: "koremon-pyramid",
    transform: `translate(${x},${y})`,
    role: "group",
    "aria-label": label,
  });
  const gap = w * 0.08;
  for (const slot of geometry.slots) {
    const sx = (slot.x + geometry.rows / 2) * (w + gap) - w / 2 - gap / 2;
    const sy = slot.y * (h + gap);
    const key = cards[slot.label];
    let node;
    if (key) {
      node = cardFace(ctx, key, sx, sy, w, h, { "data-slot": slot.label });
      if (fresh.includes(slot.label)) animate(node, "koremon-pop", ctx);
    } else {
      node = svgEl("g", { transform: `translate(${sx},${sy})`, "data-slot": slot.label }, [
        svgEl("g", { class: "koremon-inner" }, [
          svgEl("rect", { width: w, height: h, rx: w * 0.08, class: "koremon-slot koremon-outline" }),
          text(w / 2, h * 0.62, slot.label, {
            class: "koremon-slot-label",
            "font-size": Math.min(w / 3.5, h / 2.5),
            "text-anchor": "middle",
          }),
        ]),
      ]);
      if (targets[slot.label]) {
        node.classList.add("koremon-target");
        actionable(node, targets[slot.label], ctx);
      }
    }
    g.append(node);
  }
  return g;
}

// The pyramid's size for slots of w x h (to lay out around it).
export function pyramidSize(ctx, w, h) {
  const rows = ctx.content.pyramid.rows;
  const gap = w * 0.08;
  return { width: rows * (w + gap) - gap, height: rows * (h + gap) - gap };
}

// Add an animation class unless the person asked for reduced motion.
// The class goes on the node's inner group: a CSS transform on the outer one would replace
// its translate() attribute while the animation runs.
export function animate(node, className, ctx) {
  if (ctx.reducedMotion) return node;
  const target = node.querySelector(":scope > .koremon-inner") || node;
  target.classList.add(className);
  return node;
}

// The new events of ctx.events of one type (in order).
export function newEvents(ctx, type) {
  const found = [];
  for (const entry of ctx.events || []) {
    for (const event of entry.events || []) {
      if (event.type === type) found.push(event);
    }
  }
  return found;
}

// The actions whose notation matches `pattern` (a RegExp), with the match.
export function matching(prompt, pattern) {
  const found = [];
  for (const action of prompt.actions || []) {
    const match = pattern.exec(action.notation);
    if (match) found.push({ action, match });
  }
  return found;
}

export function seatName(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || word(ctx, "seat", { seat: seat + 1 }); // counted from 1
}

// The seat's name cut to `ems` (with "…") for a narrow place under a card; the full name is
// in the seat panels.
export function shortName(ctx, seat, ems) {
  return fit(seatName(ctx, seat), ems);
}

// The seat's name in at most two lines of `ems` for a narrow place under a card: whole when it
// fits, else broken before its last space or bracket that leaves a first line that fits ("Bot 2"
// over "(Random)", "ボット2" over "（ランダム）"), the rest cut with "…" if need be.
export function nameLines(ctx, seat, ems) {
  const words = seatName(ctx, seat);
  if (textEms(words) <= ems) return [words];
  for (let at = words.length - 1; at > 0; at--) {
    const ch = words[at];
    if (ch !== " " && ch !== "(" && ch !== "（") continue;
    const head = words.slice(0, at).trimEnd();
    if (head && textEms(head) <= ems) return [head, fit(words.slice(at).trimStart(), ems)];
  }
  return [fit(words, ems)];
}

export function fit(words, ems) {
  if (textEms(words) <= ems) return words;
  let out = "";
  let used = 0.6; // room for the ellipsis
  for (const ch of words) {
    used += ch.codePointAt(0) > 0x2e80 ? 1 : 0.6;
    if (used > ems) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

export { signed }; // the drawings write numbers as the page does

// Per-root memory between draws (a selected card): the caller empties the root each time.
const memory = new WeakMap();
export function remember(root) {
  if (!memory.has(root)) memory.set(root, {});
  return memory.get(root);
}

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.5], [0.75, 0.5], [0.25, 0.75], [0.75, 0.75]],
};

// A die of side `size` at (x, y) showing `value` (0: not rolled yet, a blank face).
export function dieFace(x, y, size, value, label) {
  const g = svgEl("g", { class: "koremon-die-group", transform: `translate(${x},${y})`, "data-die": value });
  const inner = svgEl("g", { class: "koremon-inner" });
  g.append(inner);
  inner.append(svgEl("rect", { width: size, height: size, rx: size * 0.16, class: "koremon-die koremon-outline" }));
  for (const [px, py] of PIPS[value] || []) {
    inner.append(svgEl("circle", { cx: px * size, cy: py * size, r: size * 0.09, class: "koremon-pip" }));
  }
  if (label) g.append(svgEl("title", { text: label }));
  return g;
}

const NARROW = 600; // px: below this the drawings use their phone layout

// The width of the drawing's coordinate system: 1000 on a desktop, 500 on a phone (so that text
// stays readable at 390 px). The page draws the last prompt again when the board's width
// changes (views.js drawBoard); `memo.redraw` draws it again after a step of the drawing's own.
export function layoutWidth(root, drawIt, prompt, ctx) {
  const narrow = (root.clientWidth || 1000) < NARROW;
  remember(root).redraw = () => {
    root.replaceChildren();
    drawIt(root, prompt, { ...ctx, events: [] });
  };
  return narrow ? 500 : 1000;
}
