// The table page's end: the result (who won, ranks, scores, the game's breakdown) and the links
// after the game (the record to download, rematch) and the replay link.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { resultView } from "../views.js";

export function resultPanel(table) {
  const element = h("div", { class: "result-area" });
  const render = () => {
    const { s } = table;
    element.replaceChildren(s.prompt?.over ? resultView(s.prompt.result, table.names(), s.module) : "");
  };
  return { element, render };
}

export function linksPanel(table) {
  const element = h("div", { class: "links" });
  const render = () => {
    const { s } = table;
    const p = s.prompt;
    const items = [];
    if (p?.over) {
      const record = h("a", { class: "record", download: `bodoge-${table.id}.txt`, href: s.record || "#" }, t("download_record"));
      if (!s.record) record.setAttribute("aria-disabled", "true");
      items.push(record);
      if (table.credential && s.offers.rematch && !s.rematchMissing) {
        items.push(
          h("button", { type: "button", class: "rematch", onclick: table.rematch }, s.rematch ? t("join_rematch") : t("rematch")),
        );
      }
      if (table.credential && (s.rematchMissing || !s.offers.rematch)) {
        items.push(h("span", { class: "meta" }, t("rematch_missing")));
      }
    }
    if (p) {
      const seatQuery = table.mySeat() !== null ? `?as=${table.mySeat()}` : "";
      items.push(h("a", { class: "replay-link", href: `#/replay/${table.id}${seatQuery}` }, t("replay")));
    }
    element.replaceChildren(...(items.length ? [h("section", { class: "panel links" }, items)] : []));
  };
  return { element, render };
}
