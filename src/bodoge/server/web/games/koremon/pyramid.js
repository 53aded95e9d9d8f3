// What the four Collectable Monster drawings share: the card face, the 15-slot collection pyramid,
// the die, the board's frame with its phone layout, and the animations of cards. Card names and
// the pyramid's geometry come from ctx.content; everything else is the drawing kit's.

import {
  boardPixels,
  fit,
  LEAST_PX,
  legible,
  offer,
  remember,
  restoreFocus,
  signed,
  svg,
  text,
  textEms,
  useStyle,
} from "../kit.js";
import { word } from "./words.js";

// Colours per rank (1 strongest) and for the Mimic, chosen to read apart on white and in grey.
export const RANK_COLOURS = { 1: "#d4a017", 2: "#8e44ad", 3: "#2e86c1", 4: "#27ae60", 5: "#8d6e63" };
export const MIMIC_COLOUR = "#c0392b";

// The four drawings' own styles (each drawing module exports this as its `ready`).
export const ready = useStyle(new URL("./style.css", import.meta.url).href);

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
  restoreFocus(root, remember(root));
}

// The table's SVG, scaled to the board's width (readable from 390 px to a desktop).
export function board(width, height, label) {
  return svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width: "100%",
    class: "koremon-svg",
    role: "group",
    "aria-label": label,
    preserveAspectRatio: "xMidYMin meet",
  });
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
  const g = svg("g", { class: "koremon-card", transform: `translate(${x},${y})`, ...extra });
  const inner = svg("g", { class: "koremon-inner" });
  g.append(inner);
  if (key === null || key === undefined) {
    inner.append(svg("rect", { width: w, height: h, rx: w * 0.08, class: "koremon-card-back koremon-outline" }));
    return g;
  }
  const card = cardInfo(ctx, key);
  const colour = colourOf(card);
  const least = ctx.least || 0;
  const size = Math.max(9, Math.min(w / 5.2, h / 4.2));
  const name = cardName(ctx, key);
  const rankSize = Math.max(size * 0.8, least);
  const nameSize = Math.max(Math.min(size, (w * 0.9) / Math.max(textEms(name, 0.68), 1)), least); // bold Latin runs wide
  const pointsSize = Math.max(size * 0.75, least);
  g.setAttribute("data-card", key);
  if ((rankSize + nameSize) * 1.3 > h || textEms(name, 0.68) * nameSize > w * 1.9) {
    inner.append(
      svg("title", { text: name }),
      svg("rect", { width: w, height: h, rx: w * 0.08, fill: colour, class: "koremon-outline" }),
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
    svg("rect", { width: w, height: h, rx: w * 0.08, class: "koremon-card-body koremon-outline" }),
    svg("rect", { width: w, height: bandH, rx: w * 0.08, fill: colour }),
    svg("rect", { y: bandH * 0.64, width: w, height: bandH * 0.36, fill: colour }),
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
      text(w / 2, Math.max(h * 0.86, nameY + pointsSize * 1.2), word(ctx.lang, "score", { score: signed(card.points) }), {
        class: "koremon-card-points",
        "font-size": pointsSize,
        "text-anchor": "middle",
      }),
    );
  }
  return g;
}

// A seat's pyramid: the 15 slots from ctx.content.pyramid at (x, y), each `w` x `h`.
// `cards`: {label: key}; `targets`: {label: action} for the slots a click fills;
// `fresh`: labels just filled (animated). Returns the <g>.
export function pyramidGroup(ctx, cards, x, y, w, h, options = {}) {
  const { targets = {}, fresh = [], label = "" } = options;
  const geometry = ctx.content.pyramid;
  const g = svg("g", {
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
      node = svg("g", { transform: `translate(${sx},${sy})`, "data-slot": slot.label }, [
        svg("g", { class: "koremon-inner" }, [
          svg("rect", { width: w, height: h, rx: w * 0.08, class: "koremon-slot koremon-outline" }),
          text(w / 2, h * 0.62, slot.label, {
            class: "koremon-slot-label",
            "font-size": Math.min(w / 3.5, h / 2.5),
            "text-anchor": "middle",
          }),
        ]),
      ]);
      if (targets[slot.label]) {
        node.classList.add("koremon-target");
        node.setAttribute("data-focus-after", "select"); // what choosing a card opened
        offer(node, targets[slot.label], ctx);
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
  const g = svg("g", { class: "koremon-die-group", transform: `translate(${x},${y})`, "data-die": value });
  const inner = svg("g", { class: "koremon-inner" });
  g.append(inner);
  inner.append(svg("rect", { width: size, height: size, rx: size * 0.16, class: "koremon-die koremon-outline" }));
  for (const [px, py] of PIPS[value] || []) {
    inner.append(svg("circle", { cx: px * size, cy: py * size, r: size * 0.09, class: "koremon-pip" }));
  }
  if (label) g.append(svg("title", { text: label }));
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
