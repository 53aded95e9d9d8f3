// Turn notices for slow games: the tables waiting for this person's move (GET /api/me/waiting,
// every table of the guest's or the account's player rows), as a badge and a list in the page
// header, a count in the page's title, and, when the person allows it, the browser's
// Notification when the count grows. Asked again every POLL_MS, on every route and on focus.
import { api, games } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import * as session from "./session.js";
import { loadGuest } from "./store.js";

const POLL_MS = 30_000;
const s = { waiting: [], titles: {}, open: false, seen: 0, timer: null };
const element = h("div", { class: "turn-notices" });

export function noticesElement() {
  return element;
}

export async function refreshNotices() {
  const guest = loadGuest();
  if (!guest && !session.account) return; // nobody to wait for (a session alone is enough)
  try {
    s.waiting = await api("GET", "/api/me/waiting", { token: guest?.token });
    for (const g of await games()) s.titles[g.id] = g.title;
  } catch {
    return; // an older server, or offline: the header stays as it was
  }
  if (s.waiting.length > s.seen) notify(s.waiting.length);
  s.seen = s.waiting.length;
  render();
}

function notify(count) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  new Notification("bodoge", { body: t("notify_text", { n: count }), tag: "bodoge-turns" });
}

async function ask() {
  if (!("Notification" in window)) return;
  await Notification.requestPermission();
  render();
}

function notifyButton() {
  if (!("Notification" in window)) return null;
  const permission = Notification.permission;
  if (permission === "granted") return h("span", { class: "notify-state" }, t("notify_on"));
  if (permission === "denied") return h("span", { class: "notify-state" }, t("notify_denied"));
  return h("button", { type: "button", class: "notify-ask", onclick: ask }, t("notify_ask"));
}

export function render() {
  const count = s.waiting.length;
  const base = t("page_title");
  document.title = count ? t("turns_page_title", { n: count, title: base }) : base;
  // replaceChildren writes a null as the text "null": only the parts shown are passed
  const parts = [
    count
      ? h(
          "button",
          {
            type: "button",
            class: "turns-badge",
            "aria-expanded": s.open ? "true" : "false",
            "data-count": count,
            onclick: () => {
              s.open = !s.open;
              render();
            },
          },
          t("turns_badge", { n: count }),
        )
      : null,
    count && s.open
      ? h(
          "div",
          { class: "turns-list panel" },
          h("h2", {}, t("turns_title")),
          h(
            "ul",
            { class: "table-list" },
            s.waiting.map((table) =>
              h("li", { "data-table": table.table_id }, h("a", { href: `#/table/${table.table_id}` }, s.titles[table.game]?.[lang] || table.game, " — ", (table.names[lang] ?? table.names.en).join(t("list_sep")))),
            ),
          ),
        )
      : null,
    loadGuest() ? notifyButton() : null,
  ];
  element.replaceChildren(...parts.filter((part) => part !== null));
}

export function startNotices() {
  render();
  refreshNotices();
  s.timer ??= setInterval(refreshNotices, POLL_MS);
  window.addEventListener("focus", refreshNotices);
  window.addEventListener("hashchange", () => {
    s.open = false;
    refreshNotices();
  });
}
