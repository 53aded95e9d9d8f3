// Parts the table page and the replay page share: loading the table, seat names, the board (the
// game's drawing module, or the generic view when it is missing or fails), the event log and the
// result.
import { api } from "./api.js";
import { h, signed } from "./dom.js";
import { lang, t } from "./i18n.js";

export function homeLink() {
  return h("a", { href: "#/", class: "home-link" }, t("back_to_lobby"));
}

export function errorText(error) {
  if (!error) return "";
  // An ApiError's words are `words` (its `message` is the English string, as for any Error);
  // a refused move's error body has them as `message`.
  const words = error.words || (typeof error.message === "object" ? error.message : null);
  return words ? words[lang] || words.en : String(error.code || error);
}

// The bot levels' short names: "Easy: takes the best..." -> "Easy".
export function levelName(gameInfo, level) {
  const words = gameInfo?.bots?.[level]?.[lang];
  return words ? words.split(/[:：]/)[0] : level;
}

// A display name per seat, localised: "You" for the viewer's own seat, else the server's name
// for it (`info.names`, the same the event texts use: the person's name, "Bot (Easy)", "Open
// seat", "Seat 2": seats numbered from 1); the page's own words for an older server.
export function seatNames(info, gameInfo, mySeat) {
  const named = info.names?.[lang];
  return info.seats.map((seat) => {
    if (seat.seat === mySeat) return t("you");
    if (named?.[seat.seat]) return named[seat.seat];
    if (seat.kind === "bot") return t("bot_name", { n: seat.seat + 1, level: levelName(gameInfo, seat.level) });
    if (seat.kind === "open") return t("open_seat");
    return seat.name || t("seat_n", { n: seat.seat + 1 });
  });
}

// An option's name and a choice's name in the page's language (the game's own words, from
// /api/games); the key or the value itself only for a server too old to send them.
export function optionLabel(option) {
  return option.label?.[lang] || option.key;
}

export function choiceLabel(option, value) {
  return option.choice_labels?.[value]?.[lang] || String(value);
}

// A table's options as a list of "name: choice" (those the lobby offers: the server's own
// settings, such as a content folder, are not the players' business).
export function optionsList(gameInfo, options) {
  const shown = (gameInfo?.options || []).filter((option) => options && option.key in options);
  if (!shown.length) return null;
  return h(
    "dl",
    { class: "table-options" },
    shown.map((option) => [
      h("dt", {}, optionLabel(option)),
      h("dd", { "data-option": option.key }, choiceLabel(option, options[option.key])),
    ]),
  );
}

// A table's info and its game's content (words, card names...): [info, content]; the content is
// {} when the server has none for the game.
export function loadTable(tableId) {
  return Promise.all([
    api("GET", `/api/tables/${tableId}`),
    api("GET", `/api/tables/${tableId}/content`).catch(() => ({})),
  ]);
}

const modules = new Map();

// A drawing module (games/<name>/draw.js) once its stylesheet has loaded, or null when there
// is none (or it draws nothing).
function loadDrawing(name) {
  return import(`./games/${name}/draw.js`).then(
    async (module) => {
      if (typeof module.draw !== "function") return null;
      await module.ready; // its stylesheet: text sized by it is measured as drawn
      return module;
    },
    () => null,
  );
}

// The game's drawing (games/<game>/draw.js); for a game without one the generic drawing
// (games/generic/draw.js) when this client has it; else null (the page's generic view).
export function drawingModule(gameId) {
  if (!modules.has(gameId)) {
    modules.set(
      gameId,
      loadDrawing(gameId).then((module) => module || (gameId === "generic" ? null : drawingModule("generic"))),
    );
  }
  return modules.get(gameId);
}

const drawn = new WeakMap(); // board -> its last drawing's {module, prompt, ctx, width}

// Draw `prompt` into the board: the module's drawing, or the generic view if it throws. A
// board whose width changes is drawn again (without animations), so a drawing laid out and
// sized for one width never shows squeezed or clipped at another.
export function drawBoard(root, module, prompt, ctx) {
  if (!drawn.has(root) && typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      const last = drawn.get(root);
      if (last && Math.abs(root.clientWidth - last.width) > 1) {
        drawBoard(root, last.module, last.prompt, { ...last.ctx, events: [] });
      }
    }).observe(root);
  }
  drawn.set(root, { module, prompt, ctx, width: root.clientWidth });
  root.replaceChildren();
  root.className = "board";
  if (module) {
    try {
      module.draw(root, prompt, ctx);
      return;
    } catch (error) {
      console.error("the drawing failed; showing the generic view", error);
      root.replaceChildren();
    }
  }
  genericView(root, prompt);
}

// The view as it is: each field and its value (for games whose drawing has not landed).
export function genericView(root, prompt) {
  root.classList.add("generic");
  root.append(
    h("p", { class: "generic-note" }, t("generic_view")),
    valueView(prompt.view, 0),
  );
}

function valueView(value, depth) {
  if (value === null || value === undefined) return h("span", { class: "nil" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", {}, value.length ? value.map((v) => (v === null ? "—" : v)).join(", ") : "—");
    }
    return h("ol", { start: 0 }, value.map((v) => h("li", {}, valueView(v, depth + 1))));
  }
  if (typeof value === "object") {
    const skip = depth === 0 ? new Set(["game", "options", "result"]) : new Set();
    return h(
      "dl",
      {},
      Object.entries(value)
        .filter(([key]) => !skip.has(key))
        .map(([key, v]) => [h("dt", {}, key), h("dd", {}, valueView(v, depth + 1))]),
    );
  }
  return h("span", {}, String(value));
}

// The sentences of an entry in the page's language, or its event types if it has no text.
export function entryLines(entry, names) {
  const text = entry.text?.[lang];
  if (Array.isArray(text) && text.length) return text;
  if (!entry.events.length) return []; // nothing to tell (a step with no event of its own)
  const who = names[entry.seat] ?? t("seat_n", { n: entry.seat + 1 });
  return [`${who}: ${entry.events.map((event) => event.type).join(", ")}`];
}

// The log: one list item per sentence, the newest last; `fresh` ones get a short highlight.
export function logItems(entries, names, fresh) {
  return entries.flatMap((entry) =>
    entryLines(entry, names).map((line) =>
      h("li", { class: fresh ? "fresh" : null, "data-ply": entry.ply }, line),
    ),
  );
}

// The result: who won, each seat's rank and score, and the game's own breakdown, named with the
// game's words (`labels`, `values`, `seats`: see State.result_words); a list of per-seat lists
// (the games of a match) makes one column each, "Game 1", "Game 2". A drawing module may say
// who won in its own words (`resultHeadline(result, lang)`: a sentence, or null for the usual).
export function resultView(result, names, module = null) {
  if (!result) return null;
  const players = names.length;
  const winners = (result.winners || []).map((seat) => names[seat]);
  const columns = []; // breakdown fields with one value per seat: [label, values, key]
  const others = [];
  const labels = result.labels || {};
  const values = result.values || {};
  const seats = new Set(result.seats || []);
  const label = (key, n) => (labels[key]?.[lang] || key).replace("{n}", n);
  const perSeat = (value) => Array.isArray(value) && value.length === players;
  for (const [key, value] of Object.entries(result.detail || {})) {
    if (perSeat(value)) columns.push([label(key), value, key]);
    else if (Array.isArray(value) && value.length && value.every(perSeat)) {
      value.forEach((row, i) => columns.push([label(key, i + 1), row, key]));
    } else others.push([label(key), value, key]);
  }
  const text = result.text?.[lang];
  const word = (key, v) => {
    if (seats.has(key) && (v === null || typeof v === "number")) return v === null || v < 0 ? "—" : names[v] ?? String(v);
    return values[key]?.[String(v)]?.[lang] ?? signed(v);
  };
  const format = (key, v) => {
    if (v === null || v === undefined) return "—";
    if (Array.isArray(v)) return v.length ? v.map((item) => format(key, item)).join(" / ") : "—";
    if (typeof v === "object") {
      const entries = Object.entries(v);
      return entries.length ? entries.map(([k, item]) => `${word(key, k)} ${format(key, item)}`).join(t("list_sep")) : "—";
    }
    return word(key, v);
  };
  return h(
    "section",
    { class: "result", "aria-live": "polite" },
    h("h2", {}, t("game_over")),
    h(
      "p",
      { class: "winners" },
      module?.resultHeadline?.(result, lang) ||
        (winners.length ? t("winners", { names: winners.join(t("list_sep")) }) : t("no_winner")),
    ),
    Array.isArray(text) ? h("ul", {}, text.map((line) => h("li", {}, line))) : text ? h("p", {}, text) : null,
    h(
      "table",
      { class: "scores" },
      h(
        "thead",
        {},
        h("tr", {}, h("th", {}, t("player")), h("th", {}, t("rank")), h("th", {}, t("score")),
          columns.map(([label]) => h("th", {}, label))),
      ),
      h(
        "tbody",
        {},
        names.map((name, seat) =>
          h(
            "tr",
            { class: result.winners?.includes(seat) ? "winner" : null },
            h("td", {}, name),
            h("td", {}, result.ranks?.[seat] ?? "—"),
            h("td", {}, signed(result.scores?.[seat] ?? "—")),
            columns.map(([, column, key]) => h("td", {}, format(key, column[seat]))),
          ),
        ),
      ),
    ),
    others.length && !text
      ? h("dl", { class: "detail" }, others.map(([name, v, key]) => [h("dt", {}, name), h("dd", {}, format(key, v))]))
      : null,
  );
}
