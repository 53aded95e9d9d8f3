// #/ the lobby (the games, a form to create a table, the open tables) and #/join/ID/INVITE.
import { api, clockKinds, games, guestToken, offers } from "./api.js";
import { canList, myTablesList } from "./mytables.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { loadName, saveName, saveSeat, seatAt } from "./store.js";
import { choiceLabel, errorText, homeLink, levelName, optionLabel, optionsList } from "./views.js";
import { variantLine } from "./studio/variant.js";

const CLOCK_KINDS = ["none", "realtime", "turn"];

function nameField(onChange) {
  return h(
    "label",
    { class: "name-field" },
    h("span", {}, t("your_name")),
    h("input", {
      type: "text",
      name: "display-name",
      maxlength: 40,
      autocomplete: "nickname",
      value: loadName(),
      oninput: (event) => {
        saveName(event.target.value.trim());
        onChange?.();
      },
    }),
  );
}

export function lobbyPage(main) {
  const state = {
    games: null,
    rules: false,
    tables: null,
    tablesError: null,
    clockKinds: CLOCK_KINDS,
    form: null, // the create form's choices, kept across re-renders (language switch)
    error: null,
    busy: false,
  };

  const render = () => {
    if (!state.games) {
      main.replaceChildren(h("p", { class: "panel" }, state.error ? errorText(state.error) : t("loading")));
      return;
    }
    sections = {
      you: h("section", { class: "panel you" }, h("h1", {}, t("lobby")), nameField()),
      games: gamesSection(),
      create: createSection(),
      tables: tablesSection(),
      mine: mineSection() || h("div", {}),
    };
    main.replaceChildren(h("div", { class: "lobby" }, Object.values(sections)));
  };

  // Answers that arrive later (rules, open tables) redraw only their own section, so they never
  // take the focus or a half-typed field from the form.
  let sections = null;
  const redraw = (name, build) => {
    if (!sections) return render();
    const fresh = build() || h("div", {});
    sections[name].replaceWith(fresh);
    sections[name] = fresh;
  };

  const gamesSection = () =>
    h(
      "section",
      { class: "panel games", "aria-labelledby": "games-title" },
      h("h2", { id: "games-title" }, t("games")),
      h(
        "ul",
        { class: "game-list" },
        state.games.map((g) =>
          h(
            "li",
            { class: "game-card", "data-game": g.id },
            h("h3", {}, g.title[lang]),
            h("p", {}, g.summary[lang]),
            h("p", { class: "meta" }, t("players_range", { min: g.players[0], max: g.players[1] })),
            h(
              "div",
              { class: "row" },
              h(
                "button",
                {
                  type: "button",
                  class: "new-table",
                  onclick: () => {
                    chooseGame(g.id);
                    render();
                    document.getElementById("create-game")?.focus();
                  },
                },
                t("new_table"),
              ),
              state.rules ? h("a", { href: `#/rules/${g.id}`, class: "rules-link" }, t("rules")) : null,
              g.studio ? h("a", { href: `#/studio/${g.id}`, class: "studio-link" }, t("studio_title")) : null,
            ),
          ),
        ),
      ),
    );

  const chooseGame = (gameId) => {
    const g = state.games.find((x) => x.id === gameId);
    const old = state.form;
    const players = g.players[0];
    state.form = {
      game: g.id,
      players,
      options: Object.fromEntries(g.options.map((o) => [o.key, o.default])),
      seats: Array.from({ length: g.players[1] }, (_, i) => ({
        kind: i === 0 ? "me" : "open",
        level: "easy",
      })),
      clock: old?.clock || { kind: "none", bank: 600, increment: 5, per_move: 60 },
      timeoutLevel: old?.timeoutLevel || "easy",
      public: old ? old.public : true,
      spectators: old ? old.spectators : true,
      rated: old ? Boolean(old.rated) : false,
      hints: old ? old.hints : false,
    };
  };

  const createSection = () => {
    const f = state.form;
    const g = state.games.find((x) => x.id === f.game);
    const levels = Object.keys(g.bots);
    const levelSelect = (value, onchange, attrs = {}) =>
      h(
        "select",
        { onchange, ...attrs },
        levels.map((level) => h("option", { value: level, selected: level === value }, levelName(g, level))),
      );
    const seatRows = f.seats.slice(0, f.players).map((seat, i) =>
      h(
        "div",
        { class: "seat-row", "data-seat": i },
        h("label", { for: `seat-${i}` }, t("seat_n", { n: i + 1 })),
        h(
          "select",
          {
            id: `seat-${i}`,
            class: "seat-kind",
            onchange: (event) => {
              const kind = event.target.value;
              if (kind === "me") f.seats.forEach((s) => s.kind === "me" && (s.kind = "open"));
              seat.kind = kind;
              render();
              document.getElementById(`seat-${i}`)?.focus();
            },
          },
          ["me", "open", "bot"].map((kind) =>
            h("option", { value: kind, selected: seat.kind === kind }, t(`seat_${kind}`)),
          ),
        ),
        seat.kind === "bot"
          ? levelSelect(seat.level, (event) => (seat.level = event.target.value), {
              class: "seat-level",
              "aria-label": t("bot_level_for", { n: i + 1 }),
            })
          : null,
      ),
    );
    const optionRows = g.options.map((option) => optionField(option, f));
    const clock = f.clock;
    const number = (key, label, min) =>
      h(
        "label",
        { class: "inline" },
        h("span", {}, label),
        h("input", {
          type: "number",
          min,
          class: `clock-${key}`,
          value: clock[key],
          oninput: (event) => (clock[key] = Number(event.target.value)),
        }),
      );
    return h(
      "section",
      { class: "panel create", "aria-labelledby": "create-title" },
      h("h2", { id: "create-title" }, t("create_table")),
      h(
        "form",
        { class: "create-form", onsubmit: (event) => (event.preventDefault(), create()) },
        h(
          "label",
          {},
          h("span", {}, t("game")),
          h(
            "select",
            {
              id: "create-game",
              name: "game",
              onchange: (event) => {
                chooseGame(event.target.value);
                render();
                document.getElementById("create-game")?.focus();
              },
            },
            state.games.map((x) => h("option", { value: x.id, selected: x.id === f.game }, x.title[lang])),
          ),
        ),
        h(
          "label",
          {},
          h("span", {}, t("player_count")),
          h(
            "select",
            {
              name: "players",
              onchange: (event) => {
                f.players = Number(event.target.value);
                render();
              },
            },
            range(g.players[0], g.players[1]).map((n) => h("option", { value: n, selected: n === f.players }, n)),
          ),
        ),
        h("fieldset", { class: "seats" }, h("legend", {}, t("seats")), seatRows),
        optionRows.length
          ? h("fieldset", { class: "options" }, h("legend", {}, t("options")), optionRows)
          : h("p", { class: "meta" }, t("no_options")),
        h(
          "fieldset",
          { class: "clock" },
          h("legend", {}, t("clock")),
          h(
            "select",
            {
              name: "clock",
              "aria-label": t("clock"),
              onchange: (event) => {
                clock.kind = event.target.value;
                render();
              },
            },
            state.clockKinds.map((kind) =>
              h("option", { value: kind, selected: clock.kind === kind }, t(`clock_${kind}`)),
            ),
          ),
          state.clockKinds.length === 1 ? h("span", { class: "meta" }, t("no_clocks")) : null,
          clock.kind === "realtime"
            ? [number("bank", t("clock_bank"), 1), number("increment", t("clock_increment"), 0)]
            : null,
          clock.kind === "turn" ? number("per_move", t("clock_per_move"), 1) : null,
          clock.kind !== "none"
            ? h(
                "label",
                { class: "inline" },
                h("span", {}, t("timeout_level")),
                levelSelect(f.timeoutLevel, (event) => (f.timeoutLevel = event.target.value), {
                  class: "timeout-level",
                }),
              )
            : null,
        ),
        h(
          "fieldset",
          { class: "who" },
          h("legend", {}, t("who_may_come")),
          checkbox("public", t("public_table"), f),
          checkbox("spectators", t("allow_spectators"), f),
          checkbox("rated", t("rated_table"), f),
          checkbox("hints", t("hints_option"), f),
        ),
        state.error ? h("p", { class: "error", role: "alert" }, errorText(state.error)) : null,
        h("button", { type: "submit", class: "primary create-submit", disabled: state.busy }, t("create")),
      ),
    );
  };

  const create = async () => {
    const f = state.form;
    const name = loadName();
    if (!name) {
      state.error = { message: { en: t("need_name", {}, "en"), ja: t("need_name", {}, "ja") } };
      render();
      main.querySelector(".name-field input")?.focus();
      return;
    }
    const seats = f.seats.slice(0, f.players).map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: s.kind }));
    const body = {
      game: f.game,
      players: f.players,
      options: f.options,
      seats,
      public: f.public,
      spectators: f.spectators,
    };
    if (f.rated) body.rated = true; // the server refuses bot seats at a rated table
    if (f.hints) body.hints = true; // casual tables with a bot (words/analysis.js)
    if (f.clock.kind === "realtime") {
      body.clock = { kind: "realtime", bank: f.clock.bank, increment: f.clock.increment };
      body.timeout_level = f.timeoutLevel;
    } else if (f.clock.kind === "turn") {
      body.clock = { kind: "turn", per_move: f.clock.per_move };
      body.timeout_level = f.timeoutLevel;
    }
    state.busy = true;
    state.error = null;
    render();
    try {
      const token = await guestToken(name);
      const made = await api("POST", "/api/tables", { body, token });
      saveSeat(made.table.id, { seat: made.seat, credential: made.credential, invite: made.invite, game: f.game });
      location.hash = `#/table/${made.table.id}`;
    } catch (error) {
      state.error = error;
      state.busy = false;
      render();
    }
  };

  const tablesSection = () =>
    h(
      "section",
      { class: "panel open-tables", "aria-labelledby": "open-title" },
      h(
        "div",
        { class: "row" },
        h("h2", { id: "open-title" }, t("open_tables")),
        h("button", { type: "button", class: "refresh", onclick: refresh }, t("refresh")),
      ),
      state.tablesError
        ? h("p", { class: "error" }, errorText(state.tablesError))
        : state.tables === null
        ? h("p", {}, t("loading"))
        : state.tables.length === 0
          ? h("p", { class: "meta" }, t("no_open_tables"))
          : h("ul", { class: "table-list" }, state.tables.map(tableItem)),
    );

  const tableItem = (table) => {
    const g = state.games.find((x) => x.id === table.game);
    const taken = table.seats.filter((s) => s.kind !== "open").length;
    const people = table.seats.filter((s) => s.kind === "human").map((s) => s.name);
    const mine = seatAt(table.id);
    return h(
      "li",
      { "data-table": table.id },
      h("strong", {}, g ? g.title[lang] : table.game),
      " ",
      table.rated ? h("span", { class: "badge rated" }, t("rated_badge")) : null,
      h("span", { class: "meta" }, t("seats_taken", { taken, total: table.players })),
      variantLine(table.options), // a table with a variant: its name and author
      people.length ? h("span", { class: "meta" }, " · ", people.join(t("list_sep"))) : null,
      " ",
      mine
        ? h("a", { href: `#/table/${table.id}` }, t("back_to_table"))
        : h("button", { type: "button", class: "join", onclick: () => join(table.id) }, t("join")),
      " ",
      table.spectators ? h("a", { href: `#/table/${table.id}`, class: "watch" }, t("watch")) : null,
    );
  };

  const join = async (tableId) => {
    try {
      await joinTable(tableId, null);
      location.hash = `#/table/${tableId}`;
    } catch (error) {
      state.error = error;
      render();
    }
  };

  // "Your tables" on every device (mytables.js): the newest ten, and a link to all of them.
  const mineSection = () => {
    if (!canList()) return null;
    return h(
      "section",
      { class: "panel mine" },
      h("h2", {}, t("my_tables")),
      myTablesList({ limit: 10 }),
      h("a", { href: "#/tables/mine" }, t("nav_all_tables")),
    );
  };

  const refresh = async () => {
    try {
      state.tablesError = null;
      state.tables = await api("GET", "/api/tables");
    } catch (error) {
      state.tablesError = error;
    }
    redraw("tables", tablesSection);
  };

  render();
  // What the server offers (rules pages, clock kinds) is known before the form is drawn, so no
  // late redraw takes a field from someone filling it in.
  Promise.all([games(), offers("rules"), clockKinds()])
    .then(async ([found, rules, kinds]) => {
      state.games = found;
      state.rules = rules;
      if (kinds) state.clockKinds = CLOCK_KINDS.filter((kind) => kinds.includes(kind));
      chooseGame(found[0].id);
      render();
      await refresh();
    })
    .catch((error) => {
      state.error = error;
      render();
    });
  return { render };
}

function optionField(option, form) {
  const id = `option-${option.key}`;
  let input;
  if (option.kind === "bool") {
    input = h("input", {
      id,
      type: "checkbox",
      checked: Boolean(form.options[option.key]),
      onchange: (event) => (form.options[option.key] = event.target.checked),
    });
  } else if (option.kind === "int") {
    const [low, high] = option.range || [];
    input = h("input", {
      id,
      type: "number",
      min: low,
      max: high,
      value: form.options[option.key],
      oninput: (event) => (form.options[option.key] = Number(event.target.value)),
    });
  } else {
    input = h(
      "select",
      { id, onchange: (event) => (form.options[option.key] = event.target.value) },
      (option.choices || []).map((choice) =>
        h("option", { value: choice, selected: form.options[option.key] === choice }, choiceLabel(option, choice)),
      ),
    );
  }
  return h(
    "div",
    { class: "option-row", "data-option": option.key },
    h("label", { for: id }, optionLabel(option)),
    input,
    h("p", { class: "help", id: `${id}-help` }, option.help[lang]),
  );
}

function checkbox(key, label, form) {
  return h(
    "label",
    { class: "check" },
    h("input", {
      type: "checkbox",
      name: key,
      checked: form[key],
      onchange: (event) => (form[key] = event.target.checked),
    }),
    h("span", {}, label),
  );
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

async function joinTable(tableId, invite) {
  const name = loadName();
  if (!name) throw { message: { en: t("need_name", {}, "en"), ja: t("need_name", {}, "ja") } };
  const token = await guestToken(name);
  const joined = await api("POST", `/api/tables/${tableId}/join`, { body: { invite }, token });
  const info = await api("GET", `/api/tables/${tableId}`);
  saveSeat(tableId, { seat: joined.seat, credential: joined.credential, game: info.game });
}

// #/join/ID/INVITE: the invite link. Join with the display name, then go to the table.
export function joinPage(main, tableId, invite) {
  if (seatAt(tableId)) {
    location.replace(`#/table/${tableId}`);
    return { render() {} };
  }
  const state = { info: null, game: null, error: null, busy: false };
  const about = h("div", { class: "about" });
  const drawAbout = () => {
    const g = state.game;
    about.replaceChildren(
      g ? h("p", {}, h("strong", {}, g.title[lang]), " — ", g.summary[lang]) : "",
      g && state.info ? optionsList(g, state.info.options) : "",
      state.info
        ? h(
            "p",
            { class: "meta" },
            t("seats_taken", {
              taken: state.info.seats.filter((seat) => seat.kind !== "open").length,
              total: state.info.players,
            }),
          )
        : "",
    );
  };
  const render = () => {
    drawAbout();
    main.replaceChildren(
      h(
        "section",
        { class: "panel join-page" },
        homeLink(),
        h("h1", {}, t("join_title")),
        about,
        h(
          "form",
          { class: "join-form", onsubmit: (event) => (event.preventDefault(), join()) },
          nameField(),
          state.error ? h("p", { class: "error", role: "alert" }, errorText(state.error)) : null,
          h("button", { type: "submit", class: "primary join-submit", disabled: state.busy }, t("join")),
        ),
      ),
    );
  };
  const join = async () => {
    state.busy = true;
    state.error = null;
    render();
    try {
      await joinTable(tableId, invite);
      location.hash = `#/table/${tableId}`;
    } catch (error) {
      state.error = error;
      state.busy = false;
      render();
      main.querySelector(".name-field input")?.focus();
    }
  };
  render();
  Promise.all([api("GET", `/api/tables/${tableId}`), games()])
    .then(([info, found]) => {
      state.info = info;
      state.game = found.find((g) => g.id === info.game);
    })
    .then(drawAbout) // only the description: the form keeps what is being typed
    .catch((error) => {
      state.error = error;
      render();
    });
  return { render };
}
