// The ratings' pages: #/ratings/GAME (a game's leaderboard), #/games/finished?game=GAME (the
// finished games, by game), and the table page's panel of each seat's rating change at the end.
import { api, games } from "./api.js";
import { h, signed } from "./dom.js";
import { lang, t } from "./i18n.js";
import { errorText, homeLink } from "./views.js";

// A rating as the page writes it: one decimal, a true minus sign.
export const num = (value) => signed(Math.round(value * 10) / 10);
const plus = (value) => (value > 0 ? `+${num(value)}` : num(value));

function gameTitle(list, id) {
  const found = list.find((g) => g.id === id);
  return found ? found.title[lang] : id;
}

function gamePicker(list, current, href, withAll) {
  return h(
    "label",
    { class: "inline game-filter" },
    h("span", {}, t("filter_game")),
    h(
      "select",
      { "aria-label": t("filter_game"), onchange: (event) => (location.hash = href(event.target.value)) },
      withAll ? h("option", { value: "", selected: !current }, t("all_games")) : null,
      list.map((g) => h("option", { value: g.id, selected: g.id === current }, g.title[lang])),
    ),
  );
}

export function boardPage(main, gameId) {
  const s = { games: [], board: null, error: null };
  const render = () => {
    const board = s.board;
    main.replaceChildren(
      h(
        "section",
        { class: "panel boards" },
        homeLink(),
        h("h1", {}, t("boards_title"), " — ", gameTitle(s.games, gameId)),
        s.games.length ? gamePicker(s.games, gameId, (id) => `#/ratings/${id}`, false) : null,
        s.error ? h("p", { class: "error" }, errorText(s.error)) : null,
        board ? h("p", { class: "meta" }, t("board_min_games", { n: board.min_games }), " ", t("rating_explained")) : null,
        !board && !s.error ? h("p", {}, t("loading")) : null,
        board && !board.players.length ? h("p", { class: "meta board-empty" }, t("board_empty")) : null,
        board && board.players.length ? boardTable(board.players) : null,
      ),
    );
  };
  render();
  Promise.all([games(), api("GET", `/api/ratings/${encodeURIComponent(gameId)}?limit=50`)])
    .then(([list, board]) => Object.assign(s, { games: list, board }))
    .catch((error) => (s.error = error))
    .finally(render);
  return { render };
}

function boardTable(players) {
  return h(
    "table",
    { class: "board-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["board_place", "board_player", "board_rating", "board_uncertainty", "board_games", "board_wins"].map((key) =>
          h("th", { scope: "col" }, t(key)),
        ),
      ),
    ),
    h(
      "tbody",
      {},
      players.map((p) =>
        h(
          "tr",
          { "data-account": p.account_id },
          h("td", {}, p.place),
          h("td", {}, h("a", { href: `#/player/${p.account_id}` }, p.name || p.account_id)),
          h("td", { class: "rating" }, num(p.ordinal)),
          h("td", {}, `μ ${num(p.mu)} ± ${num(3 * p.sigma)}`),
          h("td", {}, p.games),
          h("td", {}, p.wins),
        ),
      ),
    ),
  );
}

// One line per table in a list: game, names, date, links to its page and replay.
export function tableLine(list, table, extra = []) {
  const when = new Date(table.created * 1000).toLocaleString(lang === "ja" ? "ja-JP" : "en-GB");
  const names = table.names[lang] ?? table.names.en; // the server's words: "Bot 2 (Random)", "Former player"
  return h(
    "li",
    { "data-table": table.table_id },
    h("a", { href: `#/table/${table.table_id}` }, gameTitle(list, table.game)),
    table.rated ? h("span", { class: "badge rated" }, t("rated_badge")) : null,
    h("span", {}, names.join(t("list_sep"))),
    h("span", { class: "meta" }, when),
    table.status === "over" ? h("a", { class: "replay-link", href: `#/replay/${table.table_id}` }, t("replay")) : null,
    extra,
  );
}

export function finishedPage(main, query) {
  const gameId = query.get("game") || "";
  const s = { games: [], tables: null, error: null, more: true };
  const load = (before) => {
    const params = new URLSearchParams({ limit: "30" });
    if (gameId) params.set("game", gameId);
    if (before) params.set("before", String(before));
    return api("GET", `/api/finished?${params}`);
  };
  const render = () => {
    main.replaceChildren(
      h(
        "section",
        { class: "panel finished" },
        homeLink(),
        h("h1", {}, t("finished_title")),
        s.games.length ? gamePicker(s.games, gameId, (id) => `#/games/finished${id ? `?game=${id}` : ""}`, true) : null,
        s.error ? h("p", { class: "error" }, errorText(s.error)) : null,
        s.tables === null && !s.error ? h("p", {}, t("loading")) : null,
        s.tables && !s.tables.length ? h("p", { class: "meta" }, t("finished_empty")) : null,
        s.tables && s.tables.length ? h("ul", { class: "table-list finished-list" }, s.tables.map((x) => tableLine(s.games, x))) : null,
        s.tables && s.tables.length && s.more
          ? h("button", { type: "button", class: "older", onclick: older }, t("older"))
          : null,
      ),
    );
  };
  const older = async () => {
    const last = s.tables[s.tables.length - 1];
    const next = await load(last.created).catch((error) => ((s.error = error), []));
    s.more = next.length === 30;
    s.tables = [...s.tables, ...next];
    render();
  };
  render();
  Promise.all([games(), load(null)])
    .then(([list, tables]) => Object.assign(s, { games: list, tables, more: tables.length === 30 }))
    .catch((error) => (s.error = error))
    .finally(render);
  return { render };
}

// The table page's panel at the end of a rated game: each seat's rating, before and after.
export function ratingsPanel(table) {
  const element = h("div", { class: "ratings-area" });
  let changes = null;
  let asked = false;
  const render = () => {
    const over = table.s.prompt?.over;
    if (over && !asked) {
      asked = true;
      api("GET", `/api/tables/${table.id}/ratings`)
        .then((found) => {
          changes = found;
          render();
        })
        .catch(() => (changes = []));
    }
    if (!over || !changes || !changes.length) {
      element.replaceChildren();
      return;
    }
    element.replaceChildren(
      h(
        "section",
        { class: "panel table-ratings" },
        h("h2", {}, t("table_ratings")),
        h(
          "ul",
          { class: "table-list" },
          changes.map((c) =>
            h(
              "li",
              { "data-seat": c.seat },
              h("a", { href: `#/player/${c.account_id}` }, c.name || c.account_id),
              h(
                "span",
                { class: c.change >= 0 ? "rating-up" : "rating-down" },
                t("rating_change", { before: num(c.before.ordinal), after: num(c.after.ordinal), change: plus(c.change) }),
              ),
            ),
          ),
        ),
      ),
    );
  };
  return { element, render };
}
