// #/replay/ID?as=K&step=N: step through a table as one seat, as a spectator, or (once it is
// over) with every seat's view. The URL follows the step, so a step can be linked.
import { analysisPanel, markSuggested } from "./analysis.js";
import { api, game, offers } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { seatAt } from "./store.js";
import {
  drawBoard,
  drawingModule,
  entryLines,
  errorText,
  homeLink,
  loadTable,
  optionsList,
  resultView,
  seatNames,
} from "./views.js";

export function replayPage(main, tableId, query) {
  const mine = seatAt(tableId);
  const s = {
    info: null,
    gameInfo: null,
    content: null,
    module: null,
    as: query.get("as") ?? (mine?.seat ?? "spectator"),
    step: Math.max(0, Number(query.get("step")) || 0),
    answer: null,
    error: null,
    missing: false,
  };
  let token = 0;

  const viewerSeat = () => (/^\d+$/.test(String(s.as)) ? Number(s.as) : null);
  const names = () => (s.info ? seatNames(s.info, s.gameInfo, mine?.seat ?? null) : []);

  // The analysis of a seat's decisions (analysis.js); ?level= names the search's level.
  const analysis = analysisPanel(
    { tableId, mine, s, names, viewerSeat, go: (step) => go(step), render: () => render() },
    query.get("level"),
  );

  const updateUrl = () => {
    const hash = `#/replay/${tableId}?as=${s.as}&step=${s.step}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  };

  const load = async () => {
    const mineNow = ++token;
    updateUrl();
    try {
      const answer = await api("GET", `/api/tables/${tableId}/replay/${s.step}?as=${s.as}`, {
        credential: mine?.credential,
      });
      if (mineNow !== token) return;
      s.answer = answer;
      s.error = null;
      if (answer.step !== s.step) {
        s.step = answer.step;
        updateUrl();
      }
    } catch (error) {
      if (mineNow !== token) return;
      s.missing = error.code === "missing";
      s.error = error;
    }
    render();
  };

  const go = (step) => {
    const last = s.answer ? s.answer.steps : step;
    s.step = Math.max(0, Math.min(step, last));
    load();
  };

  const boards = () => {
    const a = s.answer;
    const ctx = (seat) => ({
      lang,
      t,
      title: s.gameInfo?.title[lang] ?? null,
      content: s.content,
      names: names(),
      seat,
      choose: () => {},
      interactive: false,
      events: a.entry ? [a.entry] : [],
      reducedMotion: true,
    });
    if (s.as === "all" && Array.isArray(a.prompts)) {
      return a.prompts.map((prompt, seat) => {
        const root = h("div", { class: "board" });
        drawBoard(root, s.module, prompt, ctx(seat));
        return h("section", { class: "replay-seat" }, h("h2", {}, names()[seat]), root);
      });
    }
    const root = h("div", { class: "board" });
    const suggested = analysis.suggestion();
    if (suggested) {
      // the drawing offers the preferred move alone (clicking it does nothing), marked
      drawBoard(root, s.module, { ...a.prompt, actions: [suggested] }, { ...ctx(viewerSeat()), interactive: true });
      markSuggested(root, suggested.notation);
    } else {
      drawBoard(root, s.module, a.prompt, ctx(viewerSeat()));
    }
    return [root];
  };

  const render = () => {
    // the control that had the focus keeps it across the redraw (keyboard stepping)
    // (getAttribute: an SVG element's className is not a string)
    const focused = main.contains(document.activeElement) ? document.activeElement.getAttribute("class") : null;
    draw();
    if (focused) main.querySelector(`.replay-controls .${focused.split(" ")[0]}`)?.focus();
  };

  const draw = () => {
    if (s.missing) {
      main.replaceChildren(h("section", { class: "panel" }, homeLink(), h("h1", {}, t("replay")), h("p", { class: "notice" }, t("replay_missing"))));
      return;
    }
    const a = s.answer;
    const over = s.info?.status === "over";
    // during play a seat sees only its own view (and the spectator's); at the end, every view
    const seats = names().map((name, seat) => [String(seat), name]);
    const viewers = [
      ...(over ? seats : seats.filter(([seat]) => seat === String(mine?.seat))),
      ["spectator", t("spectator")],
      ...(over ? [["all", t("everything")]] : []),
    ];
    const button = (label, cls, step, disabled) =>
      h("button", { type: "button", class: cls, disabled, onclick: () => go(step) }, label);
    main.replaceChildren(
      h(
        "div",
        { class: "replay-page", "data-step": s.step },
        h(
          "header",
          { class: "table-head" },
          homeLink(),
          h("h1", {}, t("replay"), s.gameInfo ? ` — ${s.gameInfo.title[lang]}` : ""),
          h("a", { href: `#/table/${tableId}` }, t("back_to_table")),
        ),
        h(
          "div",
          { class: "replay-controls panel" },
          h(
            "label",
            { class: "inline" },
            h("span", {}, t("view_as")),
            h(
              "select",
              {
                class: "viewer",
                onchange: (event) => {
                  s.as = event.target.value;
                  load();
                },
              },
              viewers.map(([value, label]) => h("option", { value, selected: String(s.as) === value }, label)),
            ),
          ),
          button(t("first_step"), "first", 0, !a || s.step === 0),
          button(t("previous_step"), "previous", s.step - 1, !a || s.step === 0),
          h("span", { class: "step-count", "aria-live": "polite" }, a ? t("step_of", { step: s.step, steps: a.steps }) : ""),
          button(t("next_step"), "next", s.step + 1, !a || s.step >= a.steps),
          button(t("last_step"), "last", a ? a.steps : 0, !a || s.step >= a.steps),
          h("p", { class: "meta" }, t("arrow_keys")),
        ),
        s.error ? h("p", { class: "error", role: "alert" }, errorText(s.error)) : null,
        a?.entry ? h("ul", { class: "log step-entry" }, entryLines(a.entry, names()).map((line) => h("li", {}, line))) : null,
        a ? h("div", { class: "replay-boards" }, boards()) : null,
        a?.prompt?.over ? resultView(a.prompt.result, names(), s.module) : null,
        a ? analysis.element() : null,
        optionsPanel(),
      ),
    );
  };

  // The options the table was created with, named as the lobby names them.
  const optionsPanel = () => {
    const list = s.info && s.gameInfo ? optionsList(s.gameInfo, s.info.options) : null;
    return list ? h("section", { class: "panel options-panel" }, h("h2", {}, t("options")), list) : null;
  };

  const keys = (event) => {
    if (event.target.closest?.("input, select, textarea")) return;
    const steps = s.answer?.steps ?? 0;
    const moves = { ArrowLeft: s.step - 1, ArrowRight: s.step + 1, Home: 0, End: steps };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  };
  document.addEventListener("keydown", keys);

  render();
  loadTable(tableId)
    .then(async ([info, content]) => {
      s.info = info;
      s.content = content;
      [s.gameInfo, s.module] = await Promise.all([game(info.game), drawingModule(info.game)]);
      if (await offers("replay")) {
        await load();
        analysis.start();
      }
      else {
        s.missing = true;
        render();
      }
    })
    .catch((error) => {
      s.error = error;
      render();
    });
  return {
    render,
    destroy: () => {
      document.removeEventListener("keydown", keys);
      analysis.destroy();
    },
  };
}
