// Shared parts of the Collect! and Monster Hex drawings: the legal actions by notation, buttons
// that send one action, the game's stylesheet, keyboard focus kept across redraws, short
// animations of what just happened, and text kept readable at any width.
import { actionable, svg } from "./svg.js";

// prompt.actions by notation: the drawing offers an element only for a notation found here.
export function actionsByNotation(prompt, ctx) {
  const map = new Map();
  if (ctx.interactive) for (const action of prompt.actions || []) map.set(action.notation, action);
  return map;
}

// Mark `element` as sending `action` (click, Enter, Space), and note the notation as drawn.
// `label`: the drawing's own words for it (by the names it draws), else the action's label.
export function offer(element, action, ctx, drawn, label = null) {
  drawn.add(action.notation);
  element.classList.add("can-act");
  actionable(element, action, ctx.lang, ctx.choose);
  if (label) element.setAttribute("aria-label", label);
  return element;
}

// An HTML button that sends one action; `text` is what it shows (the label when omitted).
export function actionButton(action, ctx, drawn, text, extraClass = "") {
  drawn.add(action.notation);
  const button = document.createElement("button");
  button.type = "button";
  button.className = `act ${extraClass}`.trim();
  button.dataset.action = action.notation;
  button.setAttribute("aria-label", action.label[ctx.lang] || action.notation);
  button.title = action.label[ctx.lang] || action.notation;
  button.textContent = text ?? (action.label[ctx.lang] || action.notation);
  button.addEventListener("click", () => ctx.choose(action));
  return button;
}

// Buttons for the legal actions no part of the drawing offered, so none is out of reach.
export function leftoverButtons(actions, ctx, drawn) {
  const rest = [...actions.values()].filter((action) => !drawn.has(action.notation));
  if (!rest.length) return null;
  const box = document.createElement("div");
  box.className = "drawing-controls leftover";
  for (const action of rest) box.append(actionButton(action, ctx, drawn));
  return box;
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

// Keyboard focus survives a redraw: the element with the same data-key gets it back.
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
  if (!memory.focusKey) return;
  const active = document.activeElement;
  if (active && active !== document.body && !root.contains(active)) return;
  const again = root.querySelector(`[data-key="${CSS.escape(memory.focusKey)}"]`);
  if (again) again.focus({ preventScroll: true });
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

// Every event of the entries since the previous draw, oldest first; none at a board's first
// draw (a page that just loaded gets the whole game so far, which is no news).
export function newEvents(ctx, memory) {
  const first = !memory.drawnBefore;
  memory.drawnBefore = true;
  if (first) return [];
  return (ctx.events || []).flatMap((entry) => entry.events || []);
}

// About how wide `text` is at font size `size` (a CJK character 1 em, a Latin one 0.56).
export function measure(text, size) {
  return [...text].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.56), 0) * size;
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

// Lines of text, one tspan each; with `fit`, a line wider than `fit` is squeezed into it.
export function textLines(lines, x, y, size, attrs = {}, fit = 0) {
  return svg(
    "text",
    { x, y, "font-size": size, ...attrs },
    lines.map((line, i) =>
      svg(
        "tspan",
        {
          x,
          dy: i === 0 ? 0 : size * 1.25,
          textLength: fit && measure(line, size) > fit ? fit : null,
          lengthAdjust: fit && measure(line, size) > fit ? "spacingAndGlyphs" : null,
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
