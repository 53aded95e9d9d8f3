// The table page's hint (tables made with the option `hints`: casual, with a bot): a button for
// the seat to move, the search's best move from the seat's own view (POST /api/tables/ID/hint,
// thought in a worker process), marked on the board where the drawing offers it ("hinted"),
// and its one-line reason in the game's words. Nothing is shown at a table without hints.
import { markSuggested, unmarkSuggested } from "../analysis.js";
import { api } from "../api.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { errorText } from "../views.js";

export function hintPanel(table) {
  const state = { on: null, asked: false, thinking: false, hint: null, error: null };
  const element = h("div", { class: "hint-area", hidden: true });

  const allowed = async () => {
    state.asked = true;
    try {
      state.on = (await api("GET", `/api/tables/${table.id}/hints`)).hints;
    } catch {
      state.on = false; // an older server: no hints
    }
    render();
  };

  const ask = async () => {
    state.thinking = true;
    state.error = null;
    render();
    try {
      state.hint = await api("POST", `/api/tables/${table.id}/hint`, { credential: table.credential });
    } catch (error) {
      state.error = error;
    }
    state.thinking = false;
    render();
    table.redrawBoard();
  };

  const current = () => {
    const p = table.s.prompt;
    return state.hint && p && state.hint.ply === p.ply ? state.hint : null;
  };

  const render = () => {
    const p = table.s.prompt;
    if (table.credential && !state.asked) allowed();
    const mine = p && p.seat !== null && !p.over && p.pending.includes(p.seat) && !table.stoodIn();
    element.hidden = !state.on || !table.credential || !mine;
    if (element.hidden) return;
    const shown = current();
    element.replaceChildren(
      h("button", { type: "button", class: "hint", disabled: state.thinking, onclick: ask }, t("hint")),
      state.thinking ? h("p", { class: "meta" }, t("hint_thinking")) : null,
      shown ? h("p", { class: "hint-line" }, t("hint_line", { reason: shown.reason[lang] })) : null,
      state.error ? h("p", { class: "error", role: "alert" }, errorText(state.error)) : null,
    );
  };

  // After each drawing of the board: the hinted move's elements marked.
  const mark = (board) => {
    const shown = current();
    if (shown) markSuggested(board, shown.notation, "hinted");
    else unmarkSuggested(board);
  };

  return { element, render, mark };
}
