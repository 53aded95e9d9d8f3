// The replay page's analysis: asked of the server (POST /api/tables/ID/analysis), its progress
// polled (GET, every POLL_MS: any server process answers from the database), then the win
// chance chart (one line per seat, clicking a point goes to that step), the decisions with
// their marks, the move played beside the analysis's preferred one at the step shown, and the
// seat's summary. `replay` is what the page shares: {tableId, mine, s, names, go, viewerSeat}.
import { api, guestToken } from "./api.js";
import { h } from "./dom.js";
import { svg } from "./games/kit.js";
import { lang, t } from "./i18n.js";
import { loadGuest, loadName } from "./store.js";
import { errorText } from "./views.js";

const POLL_MS = 800;
const LEVELS = ["easy", "normal", "hard"];
const COLORS = ["#2a6fdb", "#d2523f", "#3c9a4f", "#9a4fb0", "#d9a51c", "#1f9b9b"];
const MIN_W = 640;
const PER_PLY = 7; // room per step, so each point can be clicked (a long game scrolls sideways)
const H = 170;
const PAD = 24;

const percent = (value) => `${Math.round(100 * value)}%`;
const signed = (value) => `${value >= 0 ? "+" : "−"}${Math.round(100 * Math.abs(value))}%`;

export function analysisPanel(replay, level) {
  const a = {
    seat: null, // whose decisions
    level: level || "normal",
    answer: null, // the server's {status, done, total, analysis}
    error: null,
    timer: null,
  };
  const seatNow = () => a.seat ?? replay.viewerSeat() ?? replay.mine?.seat ?? 0;
  const query = () => `seat=${seatNow()}&level=${encodeURIComponent(a.level)}`;
  const credential = () => replay.mine?.credential;

  const poll = () => {
    clearTimeout(a.timer);
    if (a.answer && ["queued", "running"].includes(a.answer.status)) {
      a.timer = setTimeout(fetchStatus, POLL_MS);
    }
  };

  const fetchStatus = async () => {
    const asked = query();
    try {
      const answer = await api("GET", `/api/tables/${replay.tableId}/analysis?${asked}`, {
        credential: credential(),
      });
      if (asked !== query()) return;
      a.answer = answer;
      a.error = null;
    } catch (error) {
      a.error = error;
      a.answer = null;
    }
    replay.render();
    poll();
  };

  const ask = async () => {
    try {
      const token = loadGuest()?.token || (await guestToken(loadName() || t("guest_name")));
      a.answer = await api("POST", `/api/tables/${replay.tableId}/analysis`, {
        body: { seat: seatNow(), level: a.level },
        token,
        credential: credential(),
      });
      a.error = null;
    } catch (error) {
      a.error = error;
    }
    replay.render();
    poll();
  };

  const steps = () => (a.answer?.status === "ready" ? a.answer.analysis.steps : []);

  // ---- the chart ------------------------------------------------------------------------

  // The chart is drawn once per analysis (and width, names, language); a render moves only its
  // cursor and current point, and the figure keeps its sideways scroll across the page's redraw.
  let drawn = null; // {analysis, key, figure, cursor, x}
  const chart = (analysis) => {
    const last = Math.max(1, replay.s.answer?.steps ?? 1, ...analysis.steps.map((step) => step.ply));
    const key = JSON.stringify([last, replay.names(), lang]);
    if (drawn?.analysis !== analysis || drawn.key !== key) drawn = { analysis, key, ...drawChart(analysis, last) };
    const { figure, cursor, x } = drawn;
    const scrolled = figure.scrollLeft;
    for (const name of ["x1", "x2"]) cursor.setAttribute(name, x(replay.s.step));
    for (const point of figure.querySelectorAll(".chart-point")) {
      point.classList.toggle("current", Number(point.getAttribute("data-ply")) === replay.s.step);
    }
    queueMicrotask(() => (figure.scrollLeft = scrolled)); // once the page has put it back
    return figure;
  };

  const drawChart = (analysis, last) => {
    const W = Math.max(MIN_W, 2 * PAD + PER_PLY * last);
    const x = (ply) => PAD + ((W - 2 * PAD) * ply) / last;
    const y = (chance) => H - PAD - (H - 2 * PAD) * chance;
    const seat = analysis.seats[0];
    const items = [
      svg("line", { x1: PAD, y1: y(0), x2: W - PAD, y2: y(0), class: "axis" }),
      svg("line", { x1: PAD, y1: y(1), x2: W - PAD, y2: y(1), class: "axis faint" }),
      svg("line", { x1: PAD, y1: y(0.5), x2: W - PAD, y2: y(0.5), class: "axis faint" }),
      svg("text", { x: 2, y: y(1) + 4, class: "tick", text: "100%" }),
      svg("text", { x: 2, y: y(0) + 4, class: "tick", text: "0%" }),
    ];
    const cursor = svg("line", { y1: y(0), y2: y(1), class: "cursor" });
    items.push(cursor);
    const names = replay.names();
    for (let k = 0; k < analysis.players; k += 1) {
      const points = [[0, analysis.steps[0]?.before[k] ?? 1 / analysis.players]];
      for (const step of analysis.steps) points.push([step.ply, step.after[k]]);
      items.push(
        svg("polyline", {
          points: points.map(([ply, chance]) => `${x(ply).toFixed(1)},${y(chance).toFixed(1)}`).join(" "),
          class: `chance-line seat-${k}`,
          stroke: COLORS[k % COLORS.length],
          "stroke-width": k === seat ? 2.5 : 1.5,
          fill: "none",
        }),
      );
    }
    // A move and the draw it led to share a ply, and their points meet when the draw changed
    // nothing: the decisions are drawn last, on top, so a marked one is never hidden.
    const onTop = [...analysis.steps].sort((a, b) => (a.kind === "decision") - (b.kind === "decision"));
    for (const step of onTop) {
      const chances = step.after.map((chance, k) => `${names[k] ?? k + 1} ${percent(chance)}`).join(t("list_sep"));
      const label = t("chart_point", { step: step.ply, chances });
      items.push(
        svg(
          "circle",
          {
            cx: x(step.ply),
            cy: y(step.after[seat]),
            r: step.mark ? 3.5 : 2.8,
            class: `chart-point ${step.kind}${step.mark ? ` ${step.mark}` : ""}`,
            fill: COLORS[seat % COLORS.length],
            tabindex: 0,
            role: "button",
            "aria-label": label,
            "data-ply": step.ply,
            onclick: () => replay.go(step.ply),
            onkeydown: (event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                replay.go(step.ply);
              }
            },
          },
          [svg("title", { text: label })],
        ),
      );
    }
    const legend = h(
      "ul",
      { class: "chart-legend" },
      names.map((name, k) =>
        h("li", {}, h("span", { class: "swatch", style: `background:${COLORS[k % COLORS.length]}` }), name),
      ),
    );
    const figure = h(
      "figure",
      { class: "win-chart" },
      svg(
        "svg",
        { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "group", "aria-label": t("win_chance_chart", { name: names[seat] ?? "" }) },
        items,
      ),
      h("figcaption", {}, t("win_chance_chart", { name: names[seat] ?? "" })),
      legend,
    );
    return { figure, cursor, x };
  };

  // ---- the decisions, the step shown, the summary -----------------------------------------

  const markWords = (mark) => (mark ? h("span", { class: `mark ${mark}` }, t(`mark_${mark}`)) : null);

  const moveList = (analysis) => {
    const decisions = analysis.steps.filter((step) => step.kind === "decision");
    if (!decisions.length) return h("p", { class: "meta" }, t("no_decisions"));
    return h(
      "ol",
      { class: "analysis-moves" },
      decisions.map((step) =>
        h(
          "li",
          { class: step.ply === replay.s.step ? "current" : "" },
          h(
            "button",
            { type: "button", class: "analysis-move", "data-ply": step.ply, onclick: () => replay.go(step.ply) },
            `${t("analysis_step", { step: step.ply })}: ${step.played.label[lang] || step.played.notation}`,
          ),
          " ",
          markWords(step.mark),
        ),
      ),
    );
  };

  const atStep = (analysis) => {
    const here = analysis.steps.filter((step) => step.ply === replay.s.step);
    const lines = [];
    for (const step of here) {
      if (step.kind === "decision") {
        lines.push(h("p", { class: "played" }, t("played_move", { move: step.played.label[lang] }), " ", markWords(step.mark)));
        lines.push(
          h(
            "p",
            { class: "preferred" },
            step.preferred.action === step.played.action
              ? t("same_move")
              : t("preferred_move", { move: step.preferred.label[lang], loss: percent(step.loss) }),
          ),
        );
      } else {
        const what = (step.what[lang] || []).join(" ");
        lines.push(h("p", { class: "luck" }, t("luck_step", { swing: signed(step.swing), what })));
      }
    }
    const next = nextDecision(analysis);
    if (next) lines.push(h("p", { class: "suggested-next" }, t("suggested_next", { move: next.preferred.label[lang] })));
    return lines.length ? h("div", { class: "analysis-step" }, lines) : null;
  };

  // The analysed seat's decision made from the position shown (the next step's), if any.
  const nextDecision = (analysis) =>
    analysis.steps.find((step) => step.kind === "decision" && step.ply === replay.s.step + 1) || null;

  const summary = (analysis) => {
    const each = analysis.summary[0];
    if (!each) return null;
    return h(
      "section",
      { class: "analysis-summary" },
      h("h3", {}, t("summary")),
      h("p", {}, t("summary_decisions", { n: each.decisions })),
      h("p", {}, t("summary_average_loss", { loss: percent(each.average_loss) })),
      h("p", {}, t("summary_marks", each.marks)),
      h("p", {}, t("summary_luck", { luck: signed(each.luck) })),
      each.biggest_swings.length
        ? h(
            "p",
            {},
            t("summary_swings"),
            " ",
            each.biggest_swings.map((swing) =>
              h(
                "button",
                { type: "button", class: "link swing", onclick: () => replay.go(swing.ply) },
                t("swing_at", { step: swing.ply, swing: signed(swing.swing) }),
              ),
            ),
          )
        : null,
    );
  };

  // ---- the panel --------------------------------------------------------------------------

  const controls = () => {
    const over = replay.s.info?.status === "over";
    const seats = over ? replay.names().map((name, seat) => [seat, name]) : [];
    const levels = LEVELS.includes(a.level) ? LEVELS : [...LEVELS, a.level];
    return h(
      "div",
      { class: "analysis-controls" },
      over
        ? h(
            "label",
            { class: "inline" },
            h("span", {}, t("analysis_seat")),
            h(
              "select",
              {
                class: "analysis-seat",
                onchange: (event) => {
                  a.seat = Number(event.target.value);
                  fetchStatus();
                },
              },
              seats.map(([seat, name]) => h("option", { value: seat, selected: seat === seatNow() }, name)),
            ),
          )
        : null,
      h(
        "label",
        { class: "inline" },
        h("span", {}, t("analysis_level")),
        h(
          "select",
          {
            class: "analysis-level",
            onchange: (event) => {
              a.level = event.target.value;
              fetchStatus();
            },
          },
          levels.map((value) =>
            h(
              "option",
              { value, selected: value === a.level },
              LEVELS.includes(value) ? t(`level_${value}`) : t("level_count", { n: value }),
            ),
          ),
        ),
      ),
    );
  };

  const state = () => {
    const answer = a.answer;
    const over = replay.s.info?.status === "over";
    const askButton = h("button", { type: "button", class: "analyse", onclick: ask }, t(over ? "analyse" : "analyse_own"));
    if (!answer) return a.error ? null : h("p", { class: "meta" }, t("loading"));
    if (answer.status === "queued") return h("p", { class: "analysis-progress" }, t("analysis_queued"));
    if (answer.status === "running") {
      return h(
        "p",
        { class: "analysis-progress" },
        h("progress", { value: answer.done, max: Math.max(1, answer.total) }),
        " ",
        t("analysis_running", { done: answer.done, total: answer.total }),
      );
    }
    if (answer.status === "failed") return h("div", {}, h("p", { class: "error" }, t("analysis_failed")), askButton);
    if (answer.status === "none") return h("div", {}, h("p", { class: "meta" }, t("analysis_none")), askButton);
    return null;
  };

  const element = () => {
    const analysis = a.answer?.status === "ready" ? a.answer.analysis : null;
    return h(
      "section",
      { class: "panel analysis-panel", "data-status": a.answer?.status ?? "" },
      h("h2", {}, t("analysis")),
      controls(),
      a.error ? h("p", { class: "error", role: "alert" }, errorText(a.error)) : null,
      state(),
      analysis ? chart(analysis) : null,
      analysis ? atStep(analysis) : null,
      analysis ? moveList(analysis) : null,
      analysis ? summary(analysis) : null,
    );
  };

  // The board shows the preferred move of the decision about to be made, where the drawing can
  // offer that action (its element gets the class "suggested"), when the board is that seat's.
  const suggestion = () => {
    if (!steps().length || replay.viewerSeat() !== seatNow()) return null;
    const next = nextDecision(a.answer.analysis);
    if (!next) return null;
    return { index: 0, id: next.preferred.action, notation: next.preferred.notation, label: next.preferred.label };
  };

  return {
    start: fetchStatus,
    element,
    suggestion,
    destroy: () => clearTimeout(a.timer),
  };
}

// Mark the elements of a drawn board that offer `notation` (a suggestion, a hint), and again
// whenever the board is drawn anew (a change of its width redraws it: views.js).
const marking = new WeakMap(); // board -> {notation, cls}
export function markSuggested(root, notation, cls = "suggested") {
  if (!marking.has(root)) {
    new MutationObserver(() => applyMark(root)).observe(root, { childList: true });
  }
  marking.set(root, { notation, cls });
  applyMark(root);
}

export function unmarkSuggested(root) {
  marking.set(root, null);
}

function applyMark(root) {
  const mark = marking.get(root);
  if (!mark) return;
  for (const element of root.querySelectorAll("[data-action]")) {
    if (element.getAttribute("data-action") === mark.notation) element.classList.add(mark.cls);
  }
}
