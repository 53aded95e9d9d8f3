// Shared parts of the Collect! and Monster Hex drawings: the legal actions by notation, buttons
// that send one action, the game's stylesheet, keyboard focus kept across redraws, and short
// animations of what just happened.
import { actionable, svg } from "./svg.js";

// prompt.actions by notation: the drawing offers an element only for a notation found here.
export function actionsByNotation(prompt, ctx) {
  const map = new Map();
  if (ctx.interactive) for (const action of prompt.actions || []) map.set(action.notation, action);
  return map;
}

// Mark `element` as sending `action` (click, Enter, Space), and note the notation as drawn.
export function offer(element, action, ctx, drawn) {
  drawn.add(action.notation);
  element.classList.add("can-act");
  return actionable(element, action, ctx.lang, ctx.choose);
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

// The game's own stylesheet (games/<game>.css), linked once per page.
export function useStyle(game) {
  const href = new URL(`./${game}.css`, import.meta.url).href;
  if (![...document.querySelectorAll("link[rel=stylesheet]")].some((link) => link.href === href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
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
