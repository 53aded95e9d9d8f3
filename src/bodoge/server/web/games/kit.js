// The drawing kit: what every game's drawing (games/<game>/draw.js) builds with. SVG and HTML
// elements, the legal actions by notation and the elements that send one, steps of a choice
// that send nothing, the drawing's stylesheet, keyboard focus kept across redraws, the new
// events, short animations, words with counts, and text that fits and stays readable.
import { h, signed } from "../dom.js";

export { h, signed };

const NS = "http://www.w3.org/2000/svg";

// svg("rect", {x: 0, y: 0, class: "cell"}, [children]): an SVG element. Children are elements
// or strings (text nodes); attributes named on* become listeners; `text` is the text content.
export function svg(tag, attrs = {}, children = []) {
  const element = document.createElementNS(NS, tag);
  const { text: words, ...rest } = attrs || {};
  for (const [name, value] of Object.entries(rest)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of [words === undefined ? [] : String(words), children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// An SVG text at (x, y).
export function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, ...attrs, text: content });
}

// A template's placeholders filled in: "{name}" is the value; "{n:card|cards}" is the count with
// the noun it takes ("1 card", "3 cards", "−1 pt"), so English counts agree with their nouns.
export function fill(template, params = {}) {
  return template.replace(/\{(\w+)(?::([^|{}]+)\|([^{}]+))?\}/g, (_, name, one, many) => {
    const value = String(params[name] ?? "");
    if (one === undefined) return value;
    const count = Math.abs(Number(value.replace("−", "-")));
    return `${value} ${count === 1 ? one : many}`;
  });
}

// The words of a drawing's table {en: {key: template}, ja: {...}}: word(lang, key, params), in
// English when the language (or the key in it) is missing, the key itself when both are.
export function wordsOf(table) {
  return (lang, key, params = {}) => fill((table[lang] || table.en)[key] ?? table.en[key] ?? key, params);
}

// ---- actions --------------------------------------------------------------------------------

// prompt.actions by notation: the drawing offers an element only for a notation found here.
export function actionsByNotation(prompt, ctx) {
  const map = new Map();
  if (ctx.interactive) for (const action of prompt.actions || []) map.set(action.notation, action);
  return map;
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

// Make `element` (SVG or HTML) send `action` on click, Enter or Space: focusable, a button to
// assistive technology, named by `label` (the drawing's own words, by the names it draws) or
// else the action's label, with that as an SVG element's tooltip; `drawn` (a Set) notes the
// notation as offered.
export function offer(element, action, ctx, { label = null, drawn = null } = {}) {
  const words = label || action.label[ctx.lang] || action.notation;
  drawn?.add(action.notation);
  element.classList.add("can-act");
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", words);
  element.setAttribute("data-action", action.notation);
  element.addEventListener("click", () => ctx.choose(action));
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      noteKey(event, "action");
      ctx.choose(action);
    }
  });
  if (element instanceof SVGElement) element.prepend(svg("title", { text: words }));
  return element;
}

// Make `element` a step of a several-step choice that sends nothing itself: focusable, a
// button to assistive technology, pressed or not; `handler` runs on click, Enter or Space.
export function selectable(element, label, handler, selected = false) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  element.setAttribute("aria-pressed", selected ? "true" : "false");
  element.classList.add("can-select");
  if (selected) element.classList.add("selected");
  element.addEventListener("click", (event) => {
    event.preventDefault();
    handler();
  });
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      noteKey(event, "select");
      handler();
    }
  });
  return element;
}

// An HTML button that sends one action; `text` is what it shows (the label when omitted).
export function actionButton(action, ctx, drawn, text, extraClass = "") {
  drawn.add(action.notation);
  const words = action.label[ctx.lang] || action.notation;
  return h(
    "button",
    {
      type: "button",
      class: `act ${extraClass}`.trim(),
      "data-action": action.notation,
      "aria-label": words,
      title: words,
      onclick: () => ctx.choose(action),
    },
    text ?? words,
  );
}

// Buttons for the legal actions no part of the drawing offered, so none is out of reach.
export function leftoverButtons(actions, ctx, drawn) {
  const rest = [...actions.values()].filter((action) => !drawn.has(action.notation));
  if (!rest.length) return null;
  return h("div", { class: "drawing-controls leftover" }, rest.map((action) => actionButton(action, ctx, drawn)));
}

// ---- the drawing's memory, style and focus --------------------------------------------------

// Per-board memory between draws (a selection, the focus): the page empties the board each time.
const memories = new WeakMap();
export function remember(root) {
  if (!memories.has(root)) memories.set(root, {});
  return memories.get(root);
}

const styles = new Map(); // stylesheet URL -> a promise of its loading

// A drawing's own stylesheet (`href`, a URL), linked once per page: a promise that it has
// loaded (or failed), so the page draws only once the drawing's sizes are known. A module
// exports `ready = useStyle(new URL("./<name>.css", import.meta.url).href)`.
export function useStyle(href) {
  if (!styles.has(href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    styles.set(href, new Promise((resolve) => {
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);
    }));
    document.head.append(link);
  }
  return styles.get(href);
}

// Keyboard focus survives a redraw. The element with the same data-key gets it back; else,
// when the last thing the person did was a key on the board, the element marked for that step
// (data-focus-after="bid": the bid amount after a bid; "select": what a selection opened) or
// the first thing to press. A pointer click forgets the key.
let keyboardStep = null;
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => (keyboardStep = null), true);
}

export function noteKey(event, step) {
  if (event.key === "Enter" || event.key === " ") keyboardStep = step;
}

export function keepFocus(root, memory) {
  if (!memory.focusWatch) {
    memory.focusWatch = true;
    root.addEventListener("focusin", (event) => {
      memory.focusKey = event.target.closest?.("[data-key]")?.dataset.key ?? null;
    });
    root.addEventListener("focusout", (event) => {
      if (event.relatedTarget && !root.contains(event.relatedTarget)) memory.focusKey = null;
    });
  }
}

export function restoreFocus(root, memory) {
  const active = document.activeElement;
  if (memory.focusKey) {
    if (active && active !== document.body && !root.contains(active)) return;
    const again = root.querySelector(`[data-key="${CSS.escape(memory.focusKey)}"]`);
    if (again) again.focus({ preventScroll: true });
    return;
  }
  if (!keyboardStep) return;
  if (active && active !== document.body && active.isConnected) return; // the focus is somewhere
  const target =
    root.querySelector(`[data-focus-after~="${keyboardStep}"]`) ||
    root.querySelector(".can-act, .can-select, [data-focus-after]");
  if (target) target.focus({ preventScroll: true });
}

// A drawing's frame: the board's memory with its keyboard focus watched, `build(memory)`, and
// the focus put back where it was.
export function withFocus(root, build) {
  const memory = remember(root);
  keepFocus(root, memory);
  build(memory);
  restoreFocus(root, memory);
}

// ---- what just happened ---------------------------------------------------------------------

// The events of ctx.events (what happened since the board was last drawn; the page passes none
// with a board's first drawing), oldest first; of one `type` only when given.
export function newEvents(ctx, type = null) {
  const all = (ctx.events || []).flatMap((entry) => entry.events || []);
  return type === null ? all : all.filter((event) => event.type === type);
}

// A short entrance for an element that just appeared or changed: from (dx, dy) away, faded.
export function arrive(element, ctx, { dx = 0, dy = 0, delay = 0, scale = 1 } = {}) {
  if (ctx.reducedMotion || !element || typeof element.animate !== "function") return;
  element.classList.add("fresh");
  element.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.15 },
      { transform: "translate(0px, 0px) scale(1)", opacity: 1 },
    ],
    { duration: 420, delay, easing: "cubic-bezier(.2,.8,.3,1)", fill: "backwards" },
  );
}

// A pulse on an element that lost something (a stone taken, a card sent away).
export function pulse(element, ctx) {
  if (ctx.reducedMotion || !element || typeof element.animate !== "function") return;
  element.animate([{ opacity: 1 }, { opacity: 0.25 }, { opacity: 1 }], {
    duration: 600,
    easing: "ease-in-out",
  });
}

// ---- text -----------------------------------------------------------------------------------

// A text's width in ems, roughly: a full-width (Japanese) character is one, a Latin one about
// `latin` (0.56 in a regular weight; more in bold).
export function textEms(words, latin = 0.6) {
  let ems = 0;
  for (const ch of words) ems += ch.codePointAt(0) > 0x2e80 ? 1 : latin;
  return ems;
}

// About how wide `text` is at font size `size`.
export function measure(text, size) {
  return textEms(text, 0.56) * size;
}

// A seat's name (ctx.names: "You", the person, "Bot 2 (Easy)"), counted from 1 without one.
export function seatName(ctx, seat) {
  return ctx.names?.[seat] ?? ctx.t("seat_n", { n: seat + 1 });
}

// The seat's name cut to `ems` (with "…") for a narrow place; the full name is in the seat panels.
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

// `words` cut to `ems` with "…" when longer.
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

// Text wrapped to a width, roughly: at spaces, or anywhere in CJK text.
export function wrapText(text, size, width) {
  const cjk = /[\u3000-\u9fff\uff00-\uffef]/.test(text);
  const words = cjk ? [...text] : text.split(" ");
  const joiner = cjk ? "" : " ";
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? line + joiner + word : word;
    if (line && measure(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// Lines of text, one tspan each; with `squeeze`, a line wider than that is squeezed into it.
export function textLines(lines, x, y, size, attrs = {}, squeeze = 0) {
  return svg(
    "text",
    { x, y, "font-size": size, ...attrs },
    lines.map((line, i) =>
      svg(
        "tspan",
        {
          x,
          dy: i === 0 ? 0 : size * 1.25,
          textLength: squeeze && measure(line, size) > squeeze ? squeeze : null,
          lengthAdjust: squeeze && measure(line, size) > squeeze ? "spacingAndGlyphs" : null,
        },
        line,
      ),
    ),
  );
}

// The smallest text a drawing shows, in screen pixels: below it a phone's text is unreadable.
export const LEAST_PX = 11;

// Screen pixels per unit of `picture`'s coordinates (an <svg> in the page), 1 when not drawn.
export function pixelsPerUnit(picture) {
  const matrix = picture.getScreenCTM?.();
  return matrix ? Math.hypot(matrix.a, matrix.b) || 1 : 1;
}

// The scale the drawing gave `element` inside `picture` (its transform attributes), without
// an entrance animation's passing one, which getScreenCTM would include.
function drawnScale(element, picture) {
  let scale = 1;
  for (let node = element; node && node !== picture; node = node.parentNode) {
    const matrix = node.transform?.baseVal?.consolidate()?.matrix;
    if (matrix) scale *= Math.hypot(matrix.a, matrix.b);
  }
  return scale;
}

// Every text of `picture` at least LEAST_PX high on the screen: a drawing's coordinates scale
// with the board's width, so a size that reads well on a desktop can shrink below it on a
// phone. A text made larger that would run past the picture's right edge is narrowed to fit.
export function legible(picture) {
  const edge = picture.getBoundingClientRect().right - 2;
  const base = pixelsPerUnit(picture);
  for (const text of picture.querySelectorAll("text")) {
    const scale = base * drawnScale(text, picture);
    const size = parseFloat(getComputedStyle(text).fontSize);
    if (!(size > 0) || size * scale >= LEAST_PX) continue;
    text.style.fontSize = `${((LEAST_PX + 0.05) / scale).toFixed(3)}px`;
    const bounds = text.getBoundingClientRect();
    if (bounds.right > edge && bounds.left < edge - 8) {
      text.setAttribute("textLength", ((edge - bounds.left) / scale).toFixed(1));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

// The width in screen pixels a board's drawing spans (its content box: an <svg> of width 100%).
export function boardPixels(root) {
  const style = getComputedStyle(root);
  const inner = root.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return inner > 0 ? inner : 1000;
}
