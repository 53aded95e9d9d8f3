// Collect! (コレクト！) drawn in SVG: both decks with their public cards, every seat's row with
// its crowns, the face-up card, the ability being used and the last won round. Every legal
// action is a thing to click: a deck (draw, return, reveal, top, bottom), the face-up card
// (keep), the ends of your row (left, right), a card in a row (an ability's target), a place in
// a row (the crab's move), an animal (the parrot's name), and the pass / use buttons.
import {
  actionButton,
  actionsByNotation,
  arrive,
  leftoverButtons,
  legible,
  measure,
  newEvents,
  offer,
  pulse,
  seatName,
  svg,
  textLines,
  useStyle,
  withFocus,
  wrapText,
} from "../kit.js";
import { word } from "./words.js";

const CARD_W = 58;
const CARD_H = 80;
const GAP = 6;
const SLOT_W = 22; // a place between two cards for the crab
const MARGIN = 8;

// Each animal's colour (by key; an unknown key gets grey).
const COLORS = {
  crocodile: "#4f8a3c",
  crab: "#d2523f",
  monkey: "#9a6a3a",
  hermit_crab: "#e08a2c",
  octopus: "#8a4fb0",
  parrot: "#1f9b9b",
  lion: "#d9a51c",
  chameleon: "#6cbf3f",
};

const DECK_WORDS = {
  draw: "draw",
  return: "return_here",
  reveal: "reveal",
  top: "on_top",
  bottom: "on_bottom",
};

export const ready = useStyle(new URL("./style.css", import.meta.url).href);

export function draw(root, prompt, ctx) {
  root.classList.add("collect-board");
  withFocus(root, (memory) => new CollectDrawing(root, prompt, ctx, memory).build());
}

class CollectDrawing {
  constructor(root, prompt, ctx, memory) {
    this.root = root;
    this.memory = memory;
    this.prompt = prompt;
    this.view = prompt.view;
    this.ctx = ctx;
    this.lang = ctx.lang;
    this.content = ctx.content || {};
    this.animals = Object.fromEntries((this.content.animals || []).map((a) => [a.key, a]));
    this.actions = actionsByNotation(prompt, ctx);
    this.drawn = new Set();
    this.places = new Map(); // data-key -> {x, y, element}
    const measured = root.clientWidth || 720;
    this.width = Math.max(340, Math.min(980, measured - 16));
  }

  w(key, params) {
    return word(this.lang, key, params);
  }

  name(key) {
    const animal = this.animals[key];
    return animal ? animal.name[this.lang] : key;
  }

  act(notation) {
    return this.actions.get(notation) || null;
  }

  // ---- building ------------------------------------------------------------------------

  build() {
    const items = [];
    let y = MARGIN;
    y = this.header(items, y);
    y = this.decksAndHeld(items, y);
    y = this.nameChoice(items, y);
    y = this.rows(items, y);
    y = this.lastWin(items, y);
    y = this.history(items, y);
    const picture = svg(
      "svg",
      {
        viewBox: `0 0 ${this.width} ${y + MARGIN}`,
        class: "collect",
        role: "group",
        "aria-label": this.ctx.title || this.w("title"),
      },
      items,
    );
    this.root.append(picture);
    legible(picture);
    const controls = this.controls();
    if (controls) this.root.append(controls);
    const rest = leftoverButtons(this.actions, this.ctx, this.drawn);
    if (rest) this.root.append(rest);
    this.animate();
  }

  header(items, y) {
    const v = this.view;
    const crowns = v.crowns || {};
    const left = crowns.half_left ?? 0;
    const text =
      crowns.full !== null && crowns.full !== undefined
        ? this.w("full_taken")
        : this.w("crowns_left", { half: left, of: this.content.crowns?.half ?? 3 });
    const wide = this.width > 560;
    items.push(
      svg("text", { x: MARGIN, y: y + 14, class: "title" }, this.w("round", { n: v.round })),
      svg("text", { x: wide ? MARGIN + 110 : MARGIN, y: y + (wide ? 14 : 32), class: "muted" }, text),
    );
    y += wide ? 24 : 42;
    if (this.actions.size) {
      const prompt = this.content.phases?.[v.phase]?.[this.lang];
      if (prompt) {
        const lines = wrapText(prompt, 13, this.width - 2 * MARGIN);
        items.push(textLines(lines, MARGIN, y + 12, 13, { class: "prompt" }));
        y += 16 * lines.length + 4;
      }
    }
    return y;
  }

  // ---- decks and the face-up card ----------------------------------------------------------

  deckAction(deck) {
    for (const kind of Object.keys(DECK_WORDS)) {
      const action = this.act(`${kind}:${deck}`);
      if (action) return [kind, action];
    }
    return [null, null];
  }

  decksAndHeld(items, y) {
    const v = this.view;
    const names = this.content.decks || ["A", "B"];
    let x = MARGIN;
    for (const deck of names) {
      items.push(this.deck(deck, v.decks?.[deck] || { count: 0, cards: [] }, x, y));
      x += CARD_W + 44;
    }
    // The face-up card: revealed, to be placed, or the parrot's miss.
    const heldX = x + 6;
    if (v.held) {
      const card = this.card(v.held, heldX, y + 24, { key: "held" });
      card.classList.add("held");
      const keep = this.act("keep");
      if (keep) {
        offer(card, keep, this.ctx, { drawn: this.drawn });
        items.push(svg("text", { x: heldX + CARD_W / 2, y: y + CARD_H + 38, class: "caption" }, this.w("keep")));
      }
      items.push(svg("text", { x: heldX, y: y + 11, class: "muted small" }, this.w("face_up")), card);
    }
    let infoX = heldX + (v.held ? CARD_W + 14 : 0);
    const info = [];
    if (v.named) info.push(`${this.w("named")}: ${this.name(v.named)}`);
    if (v.chameleons_to_discard) info.push(this.w("to_discard", { n: v.chameleons_to_discard }));
    if (v.extra_turn) info.push(this.w("extra"));
    const placed = this.placedCard();
    if (placed) {
      const animal = this.animals[placed];
      if (animal) info.push(`${this.w("playing")} ${animal.name[this.lang]}: ${animal.ability[this.lang]}`);
    }
    let infoY = y + 14;
    const infoWidth = this.width - infoX - MARGIN;
    if (infoWidth < 140) {
      infoX = MARGIN;
      infoY = y + CARD_H + 60;
    }
    let used = 0;
    for (const line of info) {
      const lines = wrapText(line, 12, Math.max(140, this.width - infoX - MARGIN));
      items.push(textLines(lines, infoX, infoY + used, 12, { class: "info" }));
      used += lines.length * 15 + 4;
    }
    y += CARD_H + 52;
    if (infoX === MARGIN && used) y += used + 4;
    return this.deckStrips(items, y);
  }

  deck(deck, data, x, y) {
    const [kind, action] = this.deckAction(deck);
    const top = data.cards?.[0] || null;
    const parts = [
      svg("text", { x, y: y + 11, class: "label" }, `${this.w("deck", { name: deck })} · ${data.count}`),
    ];
    const stackY = y + 24;
    for (let i = Math.min(3, Math.ceil(data.count / 10)); i > 0; i--) {
      parts.push(svg("rect", { x: x + i * 3, y: stackY - i * 3, width: CARD_W, height: CARD_H, rx: 6, class: "card-back" }));
    }
    if (data.count === 0) {
      parts.push(svg("rect", { x, y: stackY, width: CARD_W, height: CARD_H, rx: 6, class: "empty-slot" }));
    } else if (top) {
      parts.push(this.cardFace(top, x, stackY));
    } else {
      parts.push(svg("rect", { x, y: stackY, width: CARD_W, height: CARD_H, rx: 6, class: "card-back" }));
    }
    if (!top) {
      const count = data.count ? String(data.count) : this.w("empty");
      parts.push(svg("text", { x: x + CARD_W / 2, y: stackY + CARD_H / 2 + 5, class: "count" }, count));
    }
    if (kind) {
      parts.push(svg("text", { x: x + CARD_W / 2, y: stackY + CARD_H + 14, class: "caption" }, this.w(DECK_WORDS[kind])));
      if (kind === "bottom") {
        parts.push(svg("path", { d: `M${x + 4} ${stackY + CARD_H + 2} h${CARD_W - 8}`, class: "bottom-mark" }));
      }
    }
    const group = svg("g", { class: "deck", "data-key": `deck-${deck}`, "data-deck": deck }, parts);
    if (action) offer(group, action, this.ctx, { drawn: this.drawn });
    this.places.set(`deck-${deck}`, { x, y: stackY, element: group });
    return group;
  }

  // Each deck's cards, top first: the public ones by name, each run of unseen ones counted in
  // words ("19 cards face down").
  deckStrips(items, y) {
    const v = this.view;
    for (const deck of this.content.decks || ["A", "B"]) {
      const data = v.decks?.[deck];
      if (!data || !data.cards?.some((c) => c)) continue;
      const chips = [];
      let unknown = 0;
      for (const card of [...data.cards, undefined]) {
        if (card === null) {
          unknown += 1;
          continue;
        }
        if (unknown) chips.push({ text: this.w("unknown_run", { n: unknown }), key: null });
        unknown = 0;
        if (card) chips.push({ text: this.name(card), key: card });
      }
      const label = `${this.w("deck", { name: deck })} (${this.w("top_first")}):`;
      items.push(svg("text", { x: MARGIN, y: y + 13, class: "muted small" }, label));
      let x = MARGIN + 130;
      let row = y;
      for (const chip of chips) {
        const width = Math.max(34, Math.round(chip.text.length * (this.lang === "ja" ? 12 : 7) + 12));
        if (x + width > this.width - MARGIN) {
          x = MARGIN + 130;
          row += 22;
        }
        items.push(
          svg("g", { class: "chip" }, [
            svg("rect", {
              x,
              y: row + 1,
              width,
              height: 18,
              rx: 9,
              fill: chip.key ? COLORS[chip.key] || "#888" : "#fff",
              class: chip.key ? "chip-known" : "chip-unknown",
            }),
            svg("text", { x: x + width / 2, y: row + 14, class: chip.key ? "chip-text" : "chip-text dark" }, chip.text),
          ]),
        );
        x += width + 4;
      }
      y = row + 26;
    }
    return y;
  }

  // ---- the parrot's choice of an animal ------------------------------------------------------

  nameChoice(items, y) {
    const choices = (this.content.animals || []).filter((a) => this.act(`name:${a.key}`));
    if (!choices.length) return y;
    items.push(svg("text", { x: MARGIN, y: y + 13, class: "label" }, this.w("choose_name")));
    y += 20;
    let x = MARGIN;
    for (const animal of choices) {
      if (x + CARD_W > this.width - MARGIN) {
        x = MARGIN;
        y += CARD_H + GAP;
      }
      const card = this.card(animal.key, x, y, { key: `name-${animal.key}` });
      offer(card, this.act(`name:${animal.key}`), this.ctx, { drawn: this.drawn });
      items.push(card);
      x += CARD_W + GAP;
    }
    return y + CARD_H + 12;
  }

  // ---- the rows ----------------------------------------------------------------------------

  placedCard() {
    const v = this.view;
    if (v.placed === null || v.placed === undefined) return null;
    return v.rows?.[v.active]?.[v.placed] ?? null;
  }

  rows(items, y) {
    const v = this.view;
    for (let seat = 0; seat < (v.rows || []).length; seat++) {
      y = this.row(items, seat, y) + 10;
    }
    return y;
  }

  rowHeader(items, seat, y) {
    const v = this.view;
    const teams = this.content.teams;
    let label = seatName(this.ctx, seat);
    if (teams) label += ` · ${this.w("team", { team: seat % 2 === 0 ? "A" : "B" })}`;
    const mine = seat === this.ctx.seat;
    const active = seat === v.active && v.phase !== "over";
    const parts = [svg("text", { x: MARGIN, y: y + 14, class: mine ? "label mine" : "label" }, label)];
    let x = MARGIN + Math.min(220, label.length * (this.lang === "ja" ? 14 : 8) + 14);
    const half = v.crowns?.half?.[seat] || 0;
    for (let i = 0; i < half; i++) {
      parts.push(this.crown(x, y + 2, "half", seat));
      x += 22;
    }
    if (v.crowns?.full === seat) {
      parts.push(this.crown(x, y + 2, "full", seat));
      x += 22;
    }
    if (active) parts.push(svg("text", { x: x + 4, y: y + 14, class: "turn-mark" }, "◀"));
    items.push(svg("g", { class: active ? "row-head active" : "row-head" }, parts));
    return y + 22;
  }

  crown(x, y, kind, seat) {
    const title = this.content.crowns?.names?.[kind]?.[this.lang] || kind;
    const shape =
      kind === "full"
        ? "M2 14 L4 4 L8 9 L11 2 L14 9 L18 4 L20 14 Z"
        : "M2 14 L4 6 L8 10 L11 4 L11 14 Z";
    return svg("g", { class: `crown ${kind}`, transform: `translate(${x} ${y})`, "data-key": `crown-${seat}-${kind}` }, [
      svg("title", {}, title),
      svg("path", { d: shape }),
    ]);
  }

  row(items, seat, y) {
    const v = this.view;
    y = this.rowHeader(items, seat, y);
    const cards = v.rows[seat] || [];
    const mine = seat === v.active;
    const left = mine ? this.act("left") : null;
    const right = mine ? this.act("right") : null;
    const target = v.target && v.target[0] === seat ? v.target[1] : null;
    const crab = v.phase === "crab_to" && target !== null;
    // The things in this row, left to right: end slots, cards, and the crab's places.
    const things = [];
    if (left) things.push({ kind: "end", action: left, side: "left" });
    cards.forEach((key, index) => {
      if (crab) things.push({ kind: "gap", position: index });
      things.push({ kind: "card", key, index });
    });
    if (crab) things.push({ kind: "gap", position: cards.length });
    if (right) things.push({ kind: "end", action: right, side: "right" });
    if (!things.length) {
      items.push(svg("rect", { x: MARGIN, y, width: CARD_W, height: CARD_H, rx: 6, class: "empty-slot" }));
      return y + CARD_H;
    }
    let x = MARGIN;
    let top = y;
    for (const thing of things) {
      const width = thing.kind === "gap" ? SLOT_W : CARD_W;
      if (x + width > this.width - MARGIN) {
        x = MARGIN;
        top += CARD_H + GAP;
      }
      if (thing.kind === "card") {
        items.push(this.rowCard(seat, thing, x, top, target));
      } else if (thing.kind === "end") {
        items.push(this.endSlot(thing, x, top));
      } else {
        const slot = this.crabSlot(seat, thing.position, target, x, top);
        if (slot) items.push(slot);
      }
      x += width + GAP;
    }
    return top + CARD_H;
  }

  rowCard(seat, thing, x, y, target) {
    const v = this.view;
    const key = `row-${seat}-${thing.index}`;
    const card = this.card(thing.key, x, y, { key });
    if (seat === v.active && thing.index === v.placed) card.classList.add("placed");
    if (target === thing.index) card.classList.add("target");
    const action = this.act(`card:${seat}.${thing.index}`);
    if (action) offer(card, action, this.ctx, { drawn: this.drawn });
    return card;
  }

  endSlot(thing, x, y) {
    const text = this.w(thing.side === "left" ? "left_end" : "right_end");
    const slot = svg("g", { class: "end-slot", "data-key": `end-${thing.side}` }, [
      svg("rect", { x, y, width: CARD_W, height: CARD_H, rx: 6 }),
      textLines(wrapText(text, 12, CARD_W - 6), x + CARD_W / 2, y + CARD_H / 2, 12, { class: "slot-text" }),
    ]);
    return offer(slot, thing.action, this.ctx, { drawn: this.drawn });
  }

  // The crab's move: place `gap` is before card `gap` of the row as it is now. Taking the
  // target out first, the card lands at index `gap` (before the target) or `gap - 1` (after).
  crabSlot(seat, gap, target, x, y) {
    if (gap === target || gap === target + 1) return null; // where it already is
    const position = gap < target ? gap : gap - 1;
    const action = this.act(`to:${position}`);
    if (!action) return null;
    const slot = svg("g", { class: "crab-slot", "data-key": `to-${position}` }, [
      svg("rect", { x, y: y + 6, width: SLOT_W, height: CARD_H - 12, rx: 4 }),
      svg("text", { x: x + SLOT_W / 2, y: y + CARD_H / 2 + 4, class: "slot-text" }, "↓"),
    ]);
    return offer(slot, action, this.ctx, { drawn: this.drawn });
  }

  // ---- cards ------------------------------------------------------------------------------

  cardFace(key, x, y) {
    const animal = this.animals[key];
    const label = animal ? animal.name[this.lang] : key;
    const color = COLORS[key] || "#888";
    // A name that nearly fits stays on one line, squeezed; a longer one wraps.
    const fits = measure(label, 11) <= (CARD_W - 6) * 1.35;
    const lines = fits ? [label] : wrapText(label, 11, CARD_W - 6).slice(0, 2);
    const parts = [
      svg("rect", { x, y, width: CARD_W, height: CARD_H, rx: 6, class: "card-face", fill: "#fff" }),
      svg("rect", { x: x + 3, y: y + 3, width: CARD_W - 6, height: 26, rx: 4, fill: color }),
      svg("text", { x: x + CARD_W / 2, y: y + 22, class: "card-initial" }, label.slice(0, 1)),
      textLines(lines, x + CARD_W / 2, y + 46, 11, { class: "card-name" }, CARD_W - 6),
    ];
    if (animal) parts.unshift(svg("title", {}, `${label}: ${animal.ability[this.lang]}`));
    return svg("g", { class: "card-art" }, parts);
  }

  card(key, x, y, { key: dataKey }) {
    const group = svg("g", { class: `card animal-${key}`, "data-key": dataKey, "data-card": key }, [
      this.cardFace(key, x, y),
    ]);
    this.places.set(dataKey, { x, y, element: group });
    return group;
  }

  // ---- the last round won, and the rounds so far ------------------------------------------

  lastWin(items, y) {
    const win = this.view.last_win;
    if (!win) return y;
    const alliance = this.content.alliances?.[win.alliance]?.[this.lang] || win.alliance;
    const n = (this.view.history || []).length;
    const text = this.w("won", { n, who: seatName(this.ctx, win.seat), alliance });
    const lines = wrapText(text, 13, this.width - 2 * MARGIN);
    const parts = [textLines(lines, MARGIN, y + 14, 13, { class: "win-text" })];
    let top = y + 14 * lines.length + 10;
    let x = MARGIN;
    const small = 0.6;
    for (const [index, key] of win.row.entries()) {
      if (x + CARD_W * small > this.width - MARGIN) {
        x = MARGIN;
        top += CARD_H * small + 4;
      }
      parts.push(
        svg("g", { transform: `translate(${x} ${top}) scale(${small})`, "data-key": `win-${index}` }, [
          this.cardFace(key, 0, 0),
        ]),
      );
      x += CARD_W * small + 4;
    }
    const banner = svg("g", { class: "last-win", "data-key": "last-win" }, parts);
    this.places.set("last-win", { x: MARGIN, y, element: banner });
    items.push(banner);
    return top + CARD_H * small + 10;
  }

  history(items, y) {
    const history = this.view.history || [];
    if (!history.length) return y;
    const parts = history.map(
      (winner, i) => `${i + 1}: ${winner === null ? this.w("drawn") : seatName(this.ctx, winner)}`,
    );
    const text = `${this.w("history")} — ${parts.join(this.lang === "ja" ? "、" : ", ")}`;
    const lines = wrapText(text, 12, this.width - 2 * MARGIN);
    items.push(textLines(lines, MARGIN, y + 12, 12, { class: "muted" }));
    return y + lines.length * 15 + 4;
  }

  // ---- buttons ------------------------------------------------------------------------------

  controls() {
    const buttons = [];
    const pass = this.act("pass");
    const use = this.act("use");
    if (use) buttons.push(actionButton(use, this.ctx, this.drawn, this.w("use"), "primary"));
    if (pass) buttons.push(actionButton(pass, this.ctx, this.drawn, this.w("pass")));
    if (!buttons.length) return null;
    const box = document.createElement("div");
    box.className = "drawing-controls";
    for (const button of buttons) {
      button.dataset.key = `button-${button.dataset.action}`;
      box.append(button);
    }
    return box;
  }

  // ---- what just happened ---------------------------------------------------------------------

  animate() {
    const ctx = this.ctx;
    const events = newEvents(ctx).slice(-8);
    if (ctx.reducedMotion) return;
    const v = this.view;
    const at = (key) => this.places.get(key);
    const from = (deck) => at(`deck-${deck}`);
    const fly = (key, origin, delay = 0) => {
      const place = at(key);
      if (!place) return;
      const dx = origin ? origin.x - place.x : 0;
      const dy = origin ? origin.y - place.y : -20;
      arrive(place.element, ctx, { dx, dy, delay, scale: origin ? 1 : 0.8 });
    };
    let delay = 0;
    for (const event of events) {
      switch (event.type) {
        case "draw":
        case "reveal":
          if (v.held === event.card) fly("held", from(event.deck), delay);
          break;
        case "return":
          pulse(from(event.deck)?.element, ctx);
          if (v.held === event.card) fly("held", from(event.from), delay);
          break;
        case "play": {
          const row = v.rows?.[event.seat] || [];
          const index = event.side === "left" ? 0 : row.length - 1;
          if (row[index] === event.card) fly(`row-${event.seat}-${index}`, at("held") || from("A"), delay);
          break;
        }
        case "crab":
          fly(`row-${event.target[0]}-${event.to}`, null, delay);
          break;
        case "monkey":
          fly(`row-${event.target[0]}-${event.target[1]}`, null, delay);
          break;
        case "crocodile":
        case "bottom":
        case "return_top":
          pulse(from(event.deck)?.element, ctx);
          break;
        case "alliance":
          fly("last-win", null, delay);
          break;
        case "crown": {
          const crown = this.root.querySelector(`[data-key="crown-${event.seat}-${event.crown}"]`);
          if (crown) arrive(crown, ctx, { dy: -16, scale: 1.6, delay });
          break;
        }
        default:
          continue;
      }
      delay += 120;
    }
  }
}
