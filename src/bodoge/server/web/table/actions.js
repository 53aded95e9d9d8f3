// The table page's actions under the board: the last refusal's reason, undo, the "all moves"
// list (folded under a drawing) and the notation field; none for a spectator, after the game,
// or while a bot stands in for the seat.
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { errorText } from "../views.js";

export function actionsPanel(table) {
  const refused = h("p", { class: "error refused", role: "alert" });
  const undo = h("div", { class: "undo-area" });
  const moves = h("details", { class: "all-moves" });
  const notation = h("input", { type: "text", class: "notation-input", autocomplete: "off", spellcheck: "false" });
  const notationLabel = h("span", {});
  const send = h("button", { type: "submit" });
  const form = h(
    "form",
    {
      class: "notation-form",
      onsubmit: (event) => {
        event.preventDefault();
        const text = notation.value.trim();
        if (text) table.choose(text).then((ok) => ok && (notation.value = ""));
      },
    },
    h("label", {}, notationLabel, notation),
    send,
  );
  const element = h("div", { class: "controls" }, refused, undo, moves, form);

  const showRefusal = () => {
    refused.textContent = table.s.refused ? errorText(table.s.refused) : "";
    refused.hidden = !table.s.refused;
  };

  const render = () => {
    const { s } = table;
    const p = s.prompt;
    notationLabel.textContent = t("notation");
    send.textContent = t("send");
    notation.placeholder = t("notation_hint");
    const actions = table.stoodIn() ? [] : p?.actions || [];
    undo.replaceChildren(
      p?.can_undo ? h("button", { type: "button", class: "undo", onclick: table.undo }, t("undo")) : "",
    );
    const hadFocus = moves.contains(document.activeElement);
    const wasOpen = moves.dataset.touched ? moves.open : !s.module;
    moves.replaceChildren(
      h("summary", { onclick: () => (moves.dataset.touched = "1") }, t("all_moves", { n: actions.length })),
      h(
        "ul",
        { class: "move-list" },
        actions.map((action) =>
          h(
            "li",
            {},
            h(
              "button",
              { type: "button", "data-action": action.notation, title: action.notation, onclick: () => table.choose(action.notation) },
              action.label[lang] || action.notation,
            ),
          ),
        ),
      ),
    );
    moves.open = wasOpen;
    moves.hidden = !table.credential || !p || p.seat === null || p.over || table.stoodIn();
    form.hidden = moves.hidden;
    if (hadFocus) (moves.querySelector("button") || moves.querySelector("summary")).focus();
    showRefusal();
  };

  return { element, render, showRefusal };
}
