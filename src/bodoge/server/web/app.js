// The page: the header (home link, language button) and the hash routes
//   #/ lobby, #/table/ID, #/join/ID/INVITE, #/replay/ID?as=K&step=N, #/rules/GAME,
//   #/ratings/GAME, #/games/finished?game=GAME, #/player/ID-or-NAME, #/tables/mine.
//   #/studio/GAME[/VARIANT] (the designer's studio), #/variant/KEY (a variant's differences).
// Each route is a page object {render(), destroy()}; render() runs again when the language
// changes, so every word follows it.
import { accountArea, accountPage } from "./account.js";
import { h } from "./dom.js";
import { joinPage, lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { rulesPage } from "./rules.js";
import { onAccount, refresh as refreshAccount } from "./session.js";
import { studioPage } from "./studio/page.js";
import { variantPage } from "./studio/variant.js";
import { tablePage } from "./table.js";
import { boardPage, finishedPage } from "./ratings.js";
import { allTablesPage, profilePage } from "./profile.js";
import { noticesElement, render as renderNotices, startNotices } from "./notices.js";
import { homeLink } from "./views.js";
import { lang, onLang, setLang, t } from "./i18n.js";

const ROUTES = [
  [/^\/?$/, (main) => lobbyPage(main)],
  [/^\/table\/([\w-]+)$/, (main, m) => tablePage(main, m[1])],
  [/^\/join\/([\w-]+)\/([\w-]+)$/, (main, m) => joinPage(main, m[1], m[2])],
  [/^\/replay\/([\w-]+)$/, (main, m, query) => replayPage(main, m[1], query)],
  [/^\/rules\/([\w-]+)$/, (main, m) => rulesPage(main, m[1])],
  [/^\/account$/, (main) => accountPage(main)],
  [/^\/ratings\/([\w-]+)$/, (main, m) => boardPage(main, m[1])],
  [/^\/games\/finished$/, (main, m, query) => finishedPage(main, query)],
  [/^\/player\/([^/]+)$/, (main, m) => profilePage(main, m[1])],
  [/^\/tables\/mine$/, (main) => allTablesPage(main)],
  [/^\/studio\/(\w+)(?:\/([\w-]+))?$/, (main, m) => studioPage(main, m[1], m[2] || null)],
  [/^\/variant\/(variant:\w+)$/, (main, m) => variantPage(main, m[1])],
];

let page = null;

function parseHash() {
  const hash = decodeURIComponent(location.hash.replace(/^#/, "")) || "/";
  const [path, search = ""] = hash.split("?");
  return { path, query: new URLSearchParams(search) };
}

function route() {
  page?.destroy?.();
  // Each page draws into its own element, so a page left behind (an answer arriving late)
  // draws into a detached element, never over the next page.
  const main = h("div", { class: "page" });
  document.getElementById("main").replaceChildren(main);
  const { path, query } = parseHash();
  for (const [pattern, make] of ROUTES) {
    const match = path.match(pattern);
    if (match) {
      page = make(main, match, query);
      return;
    }
  }
  page = { render: () => main.replaceChildren(notFound()) };
  page.render();
}

function notFound() {
  return h("section", { class: "panel" }, h("h1", {}, t("not_found")), homeLink());
}

function header() {
  const bar = document.getElementById("bar");
  const other = lang === "en" ? "ja" : "en";
  bar.replaceChildren(
    h("a", { href: "#/", class: "brand" }, "bodoge"),
    h("span", { class: "tagline" }, t("tagline")),
    accountArea(),
    h(
      "nav",
      { class: "bar-links" },
      h("a", { href: "#/ratings/collect" }, t("nav_boards")),
      h("a", { href: "#/games/finished" }, t("nav_finished")),
      h("a", { href: "#/tables/mine" }, t("nav_all_tables")),
    ),
    noticesElement(),
    h(
      "button",
      {
        type: "button",
        class: "lang-switch",
        lang: other,
        "aria-label": t("switch_language"),
        onclick: () => setLang(other),
      },
      other === "ja" ? "日本語" : "English",
    ),
  );
  document.documentElement.lang = lang;
  document.title = t("page_title");
  renderNotices(); // the title again, with the count of tables waiting for this person
}

onLang(() => {
  header();
  page?.render?.();
});
window.addEventListener("hashchange", route);
onAccount(() => {
  header();
  page?.render?.();
});
header();
route();
refreshAccount().catch(() => {}); // signed in or not: the header follows (onAccount)
startNotices();
