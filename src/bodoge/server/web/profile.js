// #/player/ID-or-NAME: an account's profile (its name, games played and won and its rating per
// game, each rating's history as an SVG chart, its recent games with their replays and
// records); #/tables/mine: every table of the person, from every device (mytables.js).
import { api, games } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { canList, myTablesList } from "./mytables.js";
import { num, tableLine } from "./ratings.js";
import { errorText, homeLink } from "./views.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 120;
const PAD = 28;

function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

// The rating (ordinal) before the first game and after each one, as a line.
export function ratingChart(history, label) {
  const points = [history[0].before.ordinal, ...history.map((c) => c.after.ordinal)];
  let low = Math.min(...points);
  let high = Math.max(...points);
  if (high - low < 1) [low, high] = [low - 0.5, high + 0.5];
  const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, points.length - 1);
  const y = (v) => H - PAD / 2 - ((v - low) * (H - PAD)) / (high - low);
  const line = points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return svg(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, "data-points": points.length },
    svg("title", {}, label),
    svg("line", { x1: PAD, y1: H - PAD / 2, x2: W - PAD, y2: H - PAD / 2, class: "axis" }),
    svg("text", { x: 2, y: y(high) + 4, class: "tick" }, num(high)),
    svg("text", { x: 2, y: y(low) + 4, class: "tick" }, num(low)),
    svg("polyline", { points: line, fill: "none", class: "rating-line" }),
    ...points.map((v, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 2.5, class: "rating-point" })),
  );
}

export function profilePage(main, key) {
  const s = { games: [], profile: null, error: null };
  const title = (id) => s.games.find((g) => g.id === id)?.title[lang] || id;
  const render = () => {
    const p = s.profile;
    main.replaceChildren(
      h(
        "section",
        { class: "panel profile" },
        homeLink(),
        s.error ? h("p", { class: "error" }, s.error.code === "not_found" ? t("profile_missing") : errorText(s.error)) : null,
        !p && !s.error ? h("p", {}, t("loading")) : null,
        p ? h("h1", {}, t("profile_title", { name: p.name || p.account_id })) : null,
        p ? h("h2", {}, t("profile_ratings")) : null,
        p && !p.games.length ? h("p", { class: "meta" }, t("profile_no_ratings")) : null,
        p
          ? h(
              "div",
              { class: "profile-ratings" },
              p.games.map((g) =>
                h(
                  "div",
                  { class: "game-card profile-game", "data-game": g.game },
                  h("h3", {}, h("a", { href: `#/ratings/${g.game}` }, title(g.game))),
                  h("p", {}, h("strong", { class: "rating" }, num(g.ordinal)), " ", h("span", { class: "meta" }, `μ ${num(g.mu)} ± ${num(3 * g.sigma)}`)),
                  h("p", { class: "meta" }, t("profile_played", { games: g.games, wins: g.wins })),
                  g.history.length ? ratingChart(g.history, t("chart_label", { game: title(g.game) })) : null,
                ),
              ),
            )
          : null,
        p ? h("h2", {}, t("profile_recent")) : null,
        p && !p.recent.length ? h("p", { class: "meta" }, t("profile_no_games")) : null,
        p && p.recent.length
          ? h(
              "ul",
              { class: "table-list recent-games" },
              p.recent.map((r) =>
                tableLine(s.games, r, [
                  h("span", { class: r.won ? "won" : "meta" }, r.won ? t("won") : t("lost")),
                  h("a", { class: "record", href: `/api/tables/${r.table_id}/record`, download: `bodoge-${r.table_id}.txt` }, t("record")),
                ]),
              ),
            )
          : null,
      ),
    );
  };
  render();
  Promise.all([games(), api("GET", `/api/players/${encodeURIComponent(key)}`)])
    .then(([list, profile]) => Object.assign(s, { games: list, profile }))
    .catch((error) => (s.error = error))
    .finally(render);
  return { render };
}

export function allTablesPage(main) {
  main.replaceChildren(
    h(
      "section",
      { class: "panel all-tables" },
      homeLink(),
      h("h1", {}, t("all_tables_title")),
      h("p", { class: "meta" }, t("all_tables_note")),
      canList() ? myTablesList() : h("p", { class: "meta" }, t("all_tables_empty")),
    ),
  );
  return { render: () => allTablesPage(main) };
}
