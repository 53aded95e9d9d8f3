// The table page's event log: one line per sentence, the newest last and in view; the lines a
// move just brought get a short highlight (not the story so far that the first update brings).
import { h, reducedMotion } from "../dom.js";
import { t } from "../i18n.js";
import { logItems } from "../views.js";

export function logPanel(table) {
  const title = h("h2", {});
  const list = h("ol", { class: "log", "aria-live": "polite" });
  const element = h("section", { class: "panel" }, title, list);
  let seenFirst = false;

  const render = () => {
    title.textContent = t("log");
    list.replaceChildren(...logItems(table.s.entries, table.names(), false));
    list.scrollTop = list.scrollHeight;
  };

  const append = (entries) => {
    list.append(...logItems(entries, table.names(), seenFirst && !reducedMotion()));
    seenFirst = true;
    list.scrollTop = list.scrollHeight;
  };

  return { element, render, append, started: () => seenFirst };
}
