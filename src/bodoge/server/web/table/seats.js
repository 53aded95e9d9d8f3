// The table page's seats panel: each seat's name, connected dot, bot and stand-in marks and
// clock, the clock's settings, taking one's seat back from a stand-in; and the table's options.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { optionsList } from "../views.js";
import { clockElement, clockKindText, tickClocks } from "./clocks.js";

export function seatsPanel(table) {
  const title = h("h2", {});
  const list = h("ul", { class: "seats" });
  const options = h("section", { class: "panel options-panel" });
  const element = h("section", { class: "panel" }, title, list);

  // The options the table was created with, named as the lobby names them.
  const renderOptions = () => {
    const { s } = table;
    const shown = s.info && s.gameInfo ? optionsList(s.gameInfo, s.info.options) : null;
    options.replaceChildren(...(shown ? [h("h2", {}, t("options")), shown] : []));
    options.hidden = !shown;
  };

  const render = () => {
    const { s } = table;
    title.textContent = t("seats");
    renderOptions();
    if (!s.info) return;
    const names = table.names();
    list.replaceChildren(
      ...s.info.seats.map((seat) => {
        const connected = seat.kind === "human" && s.connected.includes(seat.seat);
        const clock = s.clocks?.find((c) => c.seat === seat.seat);
        const pending = s.prompt && !s.prompt.over && s.prompt.pending.includes(seat.seat);
        return h(
          "li",
          { class: pending ? "seat pending" : "seat", "data-seat": seat.seat },
          seat.kind === "human"
            ? h("span", {
                class: connected ? "dot on" : "dot",
                title: connected ? t("connected") : t("not_connected"),
                role: "img",
                "aria-label": connected ? t("connected") : t("not_connected"),
              })
            : h("span", { class: "dot none", "aria-hidden": "true" }),
          h("span", { class: "name" }, names[seat.seat]),
          seat.kind === "bot" ? h("span", { class: "badge bot" }, t("bot")) : null,
          seat.stand_in ? h("span", { class: "badge stand-in" }, t("stand_in")) : null,
          clock ? clockElement(clock, s.clockAt) : null,
        );
      }),
    );
    if (s.info.clock && s.info.clock.kind !== "none") {
      list.append(h("li", { class: "meta clock-kind" }, clockKindText(s.info.clock)));
    }
    const me = s.info.seats.find((seat) => seat.seat === table.mySeat());
    if (me?.stand_in && table.credential && s.status === "playing") {
      list.append(
        h(
          "li",
          {},
          h("p", { class: "meta" }, s.takeBackQueued ? t("take_back_queued") : t("stand_in_you")),
          s.offers.return
            ? h("button", { type: "button", class: "take-back", onclick: table.takeBack }, t("take_back"))
            : null,
        ),
      );
    }
  };

  return { element, options, render, tick: () => tickClocks(list, table.s.clocks, table.s.clockAt) };
}
