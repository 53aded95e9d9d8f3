// The table page's heading: whose turn it is (or that the game is over, or that a bot plays the
// seat), spectating, reconnecting; and while seats are open, the invite link to copy.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { errorText } from "../views.js";

export function turnLine(table) {
  const element = h("p", { class: "turn", "aria-live": "polite" });
  const render = () => {
    const { s } = table;
    const p = s.prompt;
    if (s.fatal) {
      element.textContent = errorText(s.fatal);
      element.className = "turn error";
      return;
    }
    element.className = "turn";
    element.dataset.ply = p ? p.ply : "";
    if (!p) element.textContent = t("loading");
    else if (p.over) element.textContent = t("game_over");
    else if (s.status === "waiting") element.textContent = t("waiting_players");
    else if (p.seat !== null && p.pending.includes(p.seat) && table.stoodIn()) element.textContent = t("stand_in_you");
    else if (p.seat !== null && p.pending.includes(p.seat)) {
      element.textContent = t("your_turn");
      element.className = "turn mine";
    } else {
      const who = p.pending.map((seat) => table.names()[seat]).join(t("list_sep"));
      element.textContent = t("waiting_for", { names: who });
    }
    if (p && p.seat === null) element.append(" ", h("span", { class: "badge" }, t("spectating")));
  };
  return { element, render };
}

export function invitePanel(table) {
  const element = h("div", { class: "waiting" });
  const render = () => {
    const { s } = table;
    element.replaceChildren();
    if (s.status !== "waiting") return;
    const open = s.info?.seats.some((seat) => seat.kind === "open");
    const invite = table.mine?.invite;
    if (invite) {
      const link = `${location.origin}${location.pathname}#/join/${table.id}/${invite}`;
      const field = h("input", { type: "text", readonly: true, class: "invite-link", value: link, "aria-label": t("invite_link") });
      const copied = h("span", { class: "meta", "aria-live": "polite" });
      const copy = async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(link);
        } catch {
          document.execCommand?.("copy");
        }
        copied.textContent = t("copied");
      };
      element.append(
        h(
          "section",
          { class: "panel invite" },
          h("h2", {}, t("invite_title")),
          h("p", {}, t("invite_help")),
          h("div", { class: "row" }, field, h("button", { type: "button", class: "copy-invite", onclick: copy }, t("copy")), copied),
        ),
      );
    } else if (!table.credential && open && s.info.public) {
      element.append(
        h("section", { class: "panel" }, h("button", { type: "button", class: "primary", onclick: () => (location.hash = "#/") }, t("join_from_lobby"))),
      );
    }
  };
  return { element, render };
}
