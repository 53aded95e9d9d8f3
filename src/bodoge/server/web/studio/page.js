// #/studio/GAME (and #/studio/GAME/VARIANT): the designer's studio. Forms for the game's content
// (each game's in its own module, listed in forms.js), checked by the server as the designer
// types (POST /api/variants/check), an undo, save as a new version, balance runs with a progress
// bar and a cancel, their charts, a comparison with the built-in content, and a table with the
// variant against a bot.
import { api, guestToken } from "../api.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { loadName, saveSeat } from "../store.js";
import { errorText, homeLink } from "../views.js";
import { useStyle } from "../games/kit.js";
import { rateChart, scoreChart, stoneChart } from "./charts.js";
import { FORMS } from "./forms.js";

useStyle(new URL("./style.css", import.meta.url).href);

const CHECK_DELAY = 300; // ms after the last keystroke
const POLL = 400; // ms between a run's progress reads
const BOTS = ["random", "greedy"];

export function studioPage(main, game, variantId = null) {
  const s = {
    content: null, // the content being edited
    history: [], // earlier contents, for undo
    check: null, // the server's answer {ok, problems, differences}
    variant: null, // the saved variant (after the first save)
    name: t("studio_default_name"),
    visibility: "private",
    run: null, // the balance run shown
    baseRun: null, // the built-in content's run, for the comparison
    compared: null,
    baseLabel: "", // the comparison's left column: the built-in content or an earlier run
    earlier: [], // this variant's other finished runs, to compare with
    earlierPick: "",
    players: 2,
    bots: "random",
    games: 50,
    error: null,
    busy: false,
  };
  let checkTimer = null;
  let pollTimer = null;
  let alive = true;
  const token = () => guestToken(loadName() || t("studio_guest_name"));

  const render = () => {
    if (!alive) return;
    // the form is drawn anew at each change: the field being typed in keeps the focus
    const focused = document.activeElement?.getAttribute?.("data-focus");
    // the whole selection, not only the caret: a field selected to be typed over stays selected
    const selection = [document.activeElement?.selectionStart, document.activeElement?.selectionEnd];
    main.replaceChildren(
      h(
        "section",
        { class: "panel studio" },
        homeLink(),
        h("h1", {}, t("studio_title")),
        s.error ? h("p", { class: "notice", role: "alert" }, errorText(s.error)) : null,
        !forms ? h("p", { class: "notice", role: "alert" }, t("studio_no_game")) : s.content ? editor() : h("p", {}, t("loading")),
      ),
    );
    const again = focused && main.querySelector(`[data-focus="${focused}"]`);
    if (again) {
      again.focus();
      if (typeof selection[1] === "number" && again.setSelectionRange) again.setSelectionRange(selection[0] ?? selection[1], selection[1]);
    }
  };

  const change = (next) => {
    s.history.push(s.content);
    if (s.history.length > 200) s.history.shift();
    s.content = next;
    scheduleCheck();
    render();
  };

  const undo = () => {
    if (!s.history.length) return;
    s.content = s.history.pop();
    scheduleCheck();
    render();
  };

  const scheduleCheck = () => {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(runCheck, CHECK_DELAY);
  };

  const runCheck = async () => {
    try {
      const sent = s.content;
      const answer = await api("POST", "/api/variants/check", { body: { game, content: sent }, token: await token() });
      if (sent === s.content) s.check = answer;
    } catch (error) {
      s.error = error;
    }
    render();
  };

  // ---- the forms ------------------------------------------------------------------------

  const editor = () =>
    h(
      "div",
      { class: "studio-body" },
      h("div", { class: "studio-tools" },
        h("label", {}, t("studio_name"), " ", h("input", { id: "studio-name", "data-focus": "name", value: s.name, maxlength: 64, oninput: (e) => { s.name = e.target.value; } })),
        h("label", {}, t("studio_visibility"), " ", h("select", { id: "studio-visibility", onchange: (e) => { s.visibility = e.target.value; } },
          ["private", "unlisted", "public"].map((v) => h("option", { value: v, selected: v === s.visibility }, t(`studio_visibility_${v}`))))),
        h("button", { type: "button", id: "studio-undo", disabled: !s.history.length, onclick: undo }, t("studio_undo")),
        h("button", { type: "button", id: "studio-save", disabled: s.busy || !s.check?.ok, onclick: save }, t("studio_save")),
        s.variant ? h("span", { class: "studio-saved", id: "studio-saved" }, t("studio_saved", { version: s.variant.latest })) : null,
        s.variant ? h("button", { type: "button", id: "studio-export", onclick: exportToml }, t("studio_export")) : null,
        h("label", { class: "studio-import" }, t("studio_import"), " ", h("input", { type: "file", id: "studio-import", accept: ".toml,text/plain", onchange: importToml })),
      ),
      checkPanel(),
      ...forms.panels(),
      runPanel(),
    );

  const checkPanel = () => {
    const c = s.check;
    if (!c) return h("p", { class: "studio-check" }, t("studio_checking"));
    if (!c.ok) {
      return h("div", { class: "studio-check bad", id: "studio-problems", role: "status" },
        h("strong", {}, t("studio_problems")),
        h("ul", {}, c.problems.map((p) => h("li", { "data-field": p.field }, h("code", {}, p.field), " ", p[lang] || p.en))));
    }
    return h("div", { class: "studio-check good", id: "studio-ok", role: "status" },
      h("strong", {}, t("studio_valid")),
      c.differences.length
        ? h("ul", { class: "studio-diff" }, c.differences.map((d) => h("li", {}, d[lang] || d.en)))
        : h("p", {}, t("studio_same_as_builtin")));
  };

  const setIn = (section, list, index, key, value) => {
    const items = s.content[section][list].map((item, i) => (i === index ? { ...item, [key]: value } : item));
    change({ ...s.content, [section]: { ...s.content[section], [list]: items } });
  };
  const number = (text) => (/^-?\d+$/.test(text.trim()) ? Number(text) : text);
  const forms = FORMS[game]?.({ content: () => s.content, change, setIn, number, render });
  if (forms) s.players = forms.players[0];

  // ---- saving, runs, tables ------------------------------------------------------------------

  const save = async () => {
    s.busy = true;
    s.error = null;
    render();
    try {
      const auth = await token();
      s.variant = s.variant
        ? await api("POST", `/api/variants/${s.variant.id}/versions`, { body: { content: s.content }, token: auth })
        : await api("POST", "/api/variants", { body: { game, name: s.name, visibility: s.visibility, content: s.content }, token: auth });
      // the page's address names the variant from now on (a reload opens it; no new route)
      history.replaceState(null, "", `#/studio/${game}/${s.variant.id}`);
      if (s.variant.name !== s.name || s.variant.visibility !== s.visibility) {
        s.variant = await api("PATCH", `/api/variants/${s.variant.id}`, { body: { name: s.name, visibility: s.visibility }, token: auth });
      }
    } catch (error) {
      s.error = error;
    }
    s.busy = false;
    render();
  };

  // The saved version as the game's TOML file (bodoge simulate GAME --content FILE reads it).
  const exportToml = async () => {
    try {
      const number = s.variant.latest;
      const text = await api("GET", `/api/variants/${s.variant.id}/versions/${number}/toml`, { token: await token() });
      const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: `${game}-${s.variant.id}-v${number}.toml` });
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      s.error = error;
      render();
    }
  };

  // A TOML file read into the forms, if the game's checks pass it (else its problems shown).
  const importToml = async (event) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const answer = await api("POST", "/api/variants/check", { body: { game, toml: await file.text() }, token: await token() });
      if (answer.ok) change(answer.content);
      s.check = answer;
    } catch (error) {
      s.error = error;
    }
    render();
  };

  const startRun = async (variant) => {
    const body = { game, variant, players: s.players, bots: [s.bots], games: s.games, seed: 1 };
    return api("POST", "/api/balance", { body, token: await token() });
  };

  const follow = async (run, key) => {
    s[key] = run;
    render();
    // a run cancelled (and perhaps another started) while a read was on its way: this loop
    // stops, and that read's answer ("running") does not undo the cancel or replace the new run
    const followed = () => s[key]?.id === run.id && s[key].status === "running";
    while (alive && followed()) {
      await new Promise((resolve) => { pollTimer = setTimeout(resolve, POLL); });
      try {
        const answer = await api("GET", `/api/balance/${run.id}`, { token: await token() });
        if (!followed()) break;
        s[key] = answer;
      } catch (error) {
        s.error = error;
        break;
      }
      render();
    }
    return s[key];
  };

  const run = async () => {
    s.error = null;
    s.compared = null;
    try {
      await follow(await startRun(s.variant.id), "run");
      const runs = await api("GET", `/api/balance?game=${game}&variant=${s.variant.id}`, { token: await token() });
      s.earlier = runs.filter((r) => r.status === "done" && r.id !== s.run.id);
      s.earlierPick = s.earlier[0]?.id || "";
      render();
    } catch (error) {
      s.error = error;
      render();
    }
  };

  const cancel = async (key) => {
    try {
      s[key] = await api("POST", `/api/balance/${s[key].id}/cancel`, { token: await token() });
    } catch (error) {
      s.error = error;
    }
    render();
  };

  const compare = async () => {
    s.error = null;
    try {
      const base = await follow(await startRun(null), "baseRun");
      if (base.status === "done") {
        s.compared = await api("GET", `/api/balance/compare?base=${base.id}&other=${s.run.id}`, { token: await token() });
        s.baseLabel = t("studio_builtin");
      }
    } catch (error) {
      s.error = error;
    }
    render();
  };

  const compareEarlier = async () => {
    const pick = s.earlier.find((r) => r.id === s.earlierPick);
    if (!pick) return;
    try {
      s.compared = await api("GET", `/api/balance/compare?base=${pick.id}&other=${s.run.id}`, { token: await token() });
      s.baseLabel = t("studio_version_n", { version: pick.version });
    } catch (error) {
      s.error = error;
    }
    render();
  };

  const earlierLabel = (r) => t("studio_earlier_run", { version: r.version, games: r.games, players: r.players, bots: r.bots.join(", ") });

  const playTable = async () => {
    try {
      const seats = [{ kind: "me" }, ...Array(s.players - 1).fill({ kind: "bot", level: "random" })];
      const body = { game, players: s.players, seats, public: false };
      const made = await api("POST", `/api/variants/${s.variant.id}/tables`, { body, token: await token() });
      saveSeat(made.table.id, { seat: made.seat, credential: made.credential, invite: made.invite, game });
      location.hash = `#/table/${made.table.id}`;
    } catch (error) {
      s.error = error;
      render();
    }
  };

  const progress = (r, key) =>
    h("div", { class: "studio-progress", id: `studio-progress-${key}` },
      h("div", { class: "bar-track", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": r.games, "aria-valuenow": r.done },
        h("div", { class: "bar-fill", style: `width:${(100 * r.done) / r.games}%` })),
      h("span", {}, t("studio_progress", { done: r.done, games: r.games }), " ", t(`studio_status_${r.status}`)),
      r.status === "running" ? h("button", { type: "button", class: "studio-cancel", onclick: () => cancel(key) }, t("studio_cancel")) : null);

  const runPanel = () =>
    h("fieldset", { class: "studio-section" },
      h("legend", {}, t("studio_runs")),
      s.variant ? null : h("p", { class: "studio-hint" }, t("studio_save_first")),
      h("div", { class: "studio-tools" },
        h("label", {}, t("studio_players"), " ", h("select", { id: "studio-players", onchange: (e) => { s.players = Number(e.target.value); } },
          forms.players.map((n) => h("option", { value: n, selected: n === s.players }, String(n))))),
        h("label", {}, t("studio_bots"), " ", h("select", { id: "studio-bots", onchange: (e) => { s.bots = e.target.value; } },
          BOTS.map((b) => h("option", { value: b, selected: b === s.bots }, t(`studio_bot_${b}`))))),
        h("label", {}, t("studio_games"), " ", h("input", { id: "studio-games", "data-focus": "games", value: s.games, inputmode: "numeric", size: 4, oninput: (e) => { s.games = Number(e.target.value) || 0; } })),
        h("button", { type: "button", id: "studio-run", disabled: !s.variant || s.run?.status === "running", onclick: run }, t("studio_run")),
        h("button", { type: "button", id: "studio-play", disabled: !s.variant, onclick: playTable }, t("studio_play"))),
      s.run ? progress(s.run, "run") : null,
      s.run?.summary ? results(s.run.summary) : null,
      s.run?.status === "done" ? h("button", { type: "button", id: "studio-compare", disabled: s.baseRun?.status === "running", onclick: compare }, t("studio_compare")) : null,
      s.run?.status === "done" && s.earlier.length
        ? h("div", { class: "studio-tools" },
            h("select", { id: "studio-earlier", "aria-label": t("studio_earlier"), onchange: (e) => { s.earlierPick = e.target.value; } },
              s.earlier.map((r) => h("option", { value: r.id, selected: r.id === s.earlierPick }, earlierLabel(r)))),
            h("button", { type: "button", id: "studio-compare-earlier", onclick: compareEarlier }, t("studio_compare_earlier")))
        : null,
      s.baseRun ? progress(s.baseRun, "baseRun") : null,
      s.compared ? comparison(s.compared) : null);

  const results = (summary) => {
    const seats = summary.by_seat.map((e) => ({ ...e, label: t("studio_seat", { n: e.seat + 1 }) }));
    const length = summary.length;
    return h("div", { class: "studio-results", id: "studio-results" },
      rateChart(t("studio_chart_seats"), seats, summary.fair_share),
      summary.by_group?.faction
        ? rateChart(t("studio_chart_factions"), Object.entries(summary.by_group.faction).map(([key, e]) => ({ ...e, label: key })), summary.fair_share)
        : null,
      scoreChart(t("studio_chart_scores"), seats),
      summary.stones && forms.stoneLabel ? stoneChart(t("studio_chart_stones"), summary.stones, forms.stoneLabel) : null,
      h("p", { class: "studio-length" }, t("studio_length", { mean: length.mean.toFixed(1), min: length.min, max: length.max })));
  };

  const comparison = (found) =>
    h("table", { class: "studio-compare", id: "studio-comparison" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, s.baseLabel), h("th", {}, t("studio_version_n", { version: s.run.version })), h("th", {}, ""))),
      h("tbody", {}, found.rows.map((row) =>
        h("tr", { class: row.differs ? "differs" : "" },
          h("th", {}, row.name.replace(/^seat (\d+)$/, (_, n) => t("studio_seat", { n: Number(n) + 1 }))),
          h("td", {}, row.base ? `${(100 * row.base.rate).toFixed(1)}%` : "—"),
          h("td", {}, row.other ? `${(100 * row.other.rate).toFixed(1)}%` : "—"),
          h("td", {}, row.differs ? t("studio_differs") : t("studio_within_noise"))))));

  // ---- start --------------------------------------------------------------------------------

  render();
  (async () => {
    if (!forms) return;
    try {
      if (variantId) {
        s.variant = await api("GET", `/api/variants/${variantId}`, { token: await token() });
        s.content = s.variant.content;
        s.name = s.variant.name;
        s.visibility = s.variant.visibility;
      } else {
        s.content = (await api("GET", `/api/variants/builtin/${game}`)).content;
      }
      await runCheck();
    } catch (error) {
      s.error = error;
      render();
    }
  })();
  return {
    render,
    destroy() {
      alive = false;
      clearTimeout(checkTimer);
      clearTimeout(pollTimer);
    },
  };
}
