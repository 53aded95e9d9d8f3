// #/table/ID: one table. The frame is built once (so a typed notation survives updates); each
// websocket update redraws the board and the parts around it from the seat's own prompt.
import { api, game, offers } from "./api.js";
import { TableConnection } from "./connection.js";
import { h, reducedMotion } from "./dom.js";
import { lang, t } from "./i18n.js";
import { saveSeat, seatAt } from "./store.js";
import {
  drawBoard,
  drawingModule,
  errorText,
  homeLink,
  loadTable,
  logItems,
  optionsList,
  resultView,
  seatNames,
} from "./views.js";

export function tablePage(main, tableId) {
  const mine = seatAt(tableId);
  const credential = mine?.credential || null;
  const s = {
    info: null, // GET /api/tables/{id}: seats, status
    gameInfo: null,
    content: null,
    module: null,
    prompt: null,
    status: null,
    connected: [],
    entries: [],
    unseen: [], // entries since the last draw (ctx.events)
    clocks: null,
    clockAt: 0,
    rematch: null,
    refused: null, // the last refused move's error
    fatal: null,
    online: false,
    record: null,
    rematchMissing: false,
    offers: { rematch: false, return: false },
    takeBackQueued: false, // refused too_early: asked again at the next update
  };
  const parts = {};
  let connection = null;
  let ticker = null;

  const mySeat = () => (s.prompt ? s.prompt.seat : (mine?.seat ?? null));
  // A bot stands in for this page's seat (after a timeout): its moves are the bot's until the
  // person takes the seat back, so the page offers none.
  const stoodIn = () => Boolean(s.info?.seats.find((seat) => seat.seat === mySeat())?.stand_in);
  const names = () => (s.info ? seatNames(s.info, s.gameInfo, mySeat()) : []);

  // ---- the frame ------------------------------------------------------------------------

  const build = () => {
    parts.title = h("h1", {});
    parts.turn = h("p", { class: "turn", "aria-live": "polite" });
    parts.online = h("span", { class: "online" });
    parts.waiting = h("div", { class: "waiting" });
    parts.board = h("div", { class: "board" });
    parts.refused = h("p", { class: "error refused", role: "alert" });
    parts.undo = h("div", { class: "undo-area" });
    parts.moves = h("details", { class: "all-moves" });
    parts.notation = h("input", {
      type: "text",
      class: "notation-input",
      autocomplete: "off",
      spellcheck: "false",
    });
    parts.notationLabel = h("span", {});
    parts.notationButton = h("button", { type: "submit" });
    parts.form = h(
      "form",
      {
        class: "notation-form",
        onsubmit: (event) => {
          event.preventDefault();
          const text = parts.notation.value.trim();
          if (text) choose(text).then((ok) => ok && (parts.notation.value = ""));
        },
      },
      h("label", {}, parts.notationLabel, parts.notation),
      parts.notationButton,
    );
    parts.result = h("div", { class: "result-area" });
    parts.seats = h("ul", { class: "seats" });
    parts.options = h("section", { class: "panel options-panel" });
    parts.logTitle = h("h2", {});
    parts.log = h("ol", { class: "log", "aria-live": "polite" });
    parts.links = h("div", { class: "links" });
    parts.home = h("div", {});
    main.replaceChildren(
      h(
        "div",
        { class: "table-page", "data-table": tableId },
        h("header", { class: "table-head" }, parts.home, parts.title, parts.turn, parts.online),
        parts.waiting,
        h(
          "div",
          { class: "table-layout" },
          (parts.play = h(
            "div",
            { class: "play" },
            parts.board,
            h("div", { class: "controls" }, parts.refused, parts.undo, parts.moves, parts.form),
            parts.result,
          )),
          h(
            "aside",
            { class: "side" },
            h("section", { class: "panel" }, parts.seatsTitle = h("h2", {}), parts.seats),
            parts.options,
            h("section", { class: "panel" }, parts.logTitle, parts.log),
            parts.links,
          ),
        ),
      ),
    );
  };

  // ---- drawing --------------------------------------------------------------------------

  const render = () => {
    parts.home.replaceChildren(homeLink());
    parts.title.textContent = s.gameInfo ? s.gameInfo.title[lang] : t("table");
    parts.seatsTitle.textContent = t("seats");
    parts.logTitle.textContent = t("log");
    parts.notationLabel.textContent = t("notation");
    parts.notationButton.textContent = t("send");
    parts.notation.placeholder = t("notation_hint");
    parts.online.textContent = s.online ? "" : t("reconnecting");
    parts.online.hidden = s.online || Boolean(s.fatal) || !s.prompt;
    if (s.fatal) {
      parts.turn.textContent = errorText(s.fatal);
      parts.turn.className = "turn error";
      return;
    }
    renderTurn();
    renderWaiting();
    renderSeats();
    renderBoard();
    renderControls();
    renderLog(false);
    parts.refused.textContent = s.refused ? errorText(s.refused) : "";
    parts.refused.hidden = !s.refused;
    parts.result.replaceChildren(s.prompt?.over ? resultView(s.prompt.result, names(), s.module) : "");
    renderLinks();
  };

  const renderTurn = () => {
    const p = s.prompt;
    parts.turn.className = "turn";
    parts.turn.dataset.ply = p ? p.ply : "";
    if (!p) parts.turn.textContent = t("loading");
    else if (p.over) parts.turn.textContent = t("game_over");
    else if (s.status === "waiting") parts.turn.textContent = t("waiting_players");
    else if (p.seat !== null && p.pending.includes(p.seat) && stoodIn()) parts.turn.textContent = t("stand_in_you");
    else if (p.seat !== null && p.pending.includes(p.seat)) {
      parts.turn.textContent = t("your_turn");
      parts.turn.className = "turn mine";
    } else {
      const who = p.pending.map((seat) => names()[seat]).join(t("list_sep"));
      parts.turn.textContent = t("waiting_for", { names: who });
    }
    if (p && p.seat === null) parts.turn.append(" ", h("span", { class: "badge" }, t("spectating")));
  };

  const renderWaiting = () => {
    parts.waiting.replaceChildren();
    if (s.status !== "waiting") return;
    const open = s.info?.seats.some((seat) => seat.kind === "open");
    const invite = mine?.invite;
    if (invite) {
      const link = `${location.origin}${location.pathname}#/join/${tableId}/${invite}`;
      const field = h("input", { type: "text", readonly: true, class: "invite-link", value: link, "aria-label": t("invite_link") });
      const copied = h("span", { class: "meta", "aria-live": "polite" });
      parts.waiting.append(
        h(
          "section",
          { class: "panel invite" },
          h("h2", {}, t("invite_title")),
          h("p", {}, t("invite_help")),
          h(
            "div",
            { class: "row" },
            field,
            h(
              "button",
              {
                type: "button",
                class: "copy-invite",
                onclick: async () => {
                  field.select();
                  try {
                    await navigator.clipboard.writeText(link);
                  } catch {
                    document.execCommand?.("copy");
                  }
                  copied.textContent = t("copied");
                },
              },
              t("copy"),
            ),
            copied,
          ),
        ),
      );
    } else if (!credential && open && s.info.public) {
      parts.waiting.append(
        h("section", { class: "panel" }, h("button", { type: "button", class: "primary", onclick: () => (location.hash = "#/") }, t("join_from_lobby"))),
      );
    }
  };

  // The options the table was created with, named as the lobby names them.
  const renderOptions = () => {
    const list = s.info && s.gameInfo ? optionsList(s.gameInfo, s.info.options) : null;
    parts.options.replaceChildren(...(list ? [h("h2", {}, t("options")), list] : []));
    parts.options.hidden = !list;
  };

  const renderSeats = () => {
    renderOptions();
    if (!s.info) return;
    const n = names();
    parts.seats.replaceChildren(
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
          h("span", { class: "name" }, n[seat.seat]),
          seat.kind === "bot" ? h("span", { class: "badge bot" }, t("bot")) : null,
          seat.stand_in ? h("span", { class: "badge stand-in" }, t("stand_in")) : null,
          clock ? clockElement(clock) : null,
        );
      }),
    );
    if (s.info.clock && s.info.clock.kind !== "none") {
      parts.seats.append(h("li", { class: "meta clock-kind" }, clockKindText(s.info.clock)));
    }
    const me = s.info.seats.find((seat) => seat.seat === mySeat());
    if (me?.stand_in && credential && s.status === "playing") {
      parts.seats.append(
        h(
          "li",
          {},
          h("p", { class: "meta" }, s.takeBackQueued ? t("take_back_queued") : t("stand_in_you")),
          s.offers.return
            ? h("button", { type: "button", class: "take-back", onclick: takeBack }, t("take_back"))
            : null,
        ),
      );
    }
  };

  // A seat's time left: counted down here between updates while it runs, set again by each.
  const secondsLeft = (clock) => {
    let left = clock.remaining;
    if (clock.running) left -= (Date.now() - s.clockAt) / 1000;
    return Math.max(0, Math.ceil(left));
  };

  const clockText = (clock) => {
    const left = secondsLeft(clock);
    const two = (n) => String(n).padStart(2, "0");
    const [days, hours, minutes, seconds] = [
      Math.floor(left / 86400),
      Math.floor((left % 86400) / 3600),
      Math.floor((left % 3600) / 60),
      left % 60,
    ];
    if (days) return t("clock_days", { d: days, hms: `${two(hours)}:${two(minutes)}` });
    if (hours) return `${hours}:${two(minutes)}:${two(seconds)}`;
    return `${minutes}:${two(seconds)}`;
  };

  const clockElement = (clock) => {
    const left = secondsLeft(clock);
    const state = [clock.running ? "running" : "", left <= 0 ? "out" : ""].filter(Boolean).join(" ");
    return h(
      "span",
      {
        class: `seat-clock ${state}`.trim(),
        "data-seat": clock.seat,
        "data-running": String(clock.running),
        title: t("time_left"),
        "aria-label": `${t("time_left")} ${clockText(clock)}`,
      },
      clockText(clock),
    );
  };

  // Only the running clocks' numbers change each second, so nothing else in the list (the
  // take-back button, a focus) is redrawn under the person's hand.
  const tick = () => {
    for (const clock of s.clocks || []) {
      if (!clock.running) continue;
      const old = parts.seats.querySelector(`.seat-clock[data-seat="${clock.seat}"]`);
      old?.replaceWith(clockElement(clock));
    }
  };

  const clockKindText = (clock) =>
    clock.kind === "realtime"
      ? t("clock_is_realtime", { bank: duration(clock.bank), increment: duration(clock.increment) })
      : t("clock_is_turn", { per_move: duration(clock.per_move) });

  const duration = (seconds) => {
    const units = [
      [86400, "unit_days"],
      [3600, "unit_hours"],
      [60, "unit_minutes"],
    ];
    for (const [size, key] of units) {
      if (seconds >= size && seconds % size === 0) return t(key, { n: seconds / size });
    }
    return t("unit_seconds", { n: seconds });
  };

  const ctx = (events) => ({
    lang,
    t,
    title: s.gameInfo?.title[lang] ?? null, // the game's name, for the drawing's label
    content: s.content,
    names: names(),
    seat: mySeat(),
    choose: (action) => choose(action.notation),
    interactive: Boolean(credential) && mySeat() !== null && !s.prompt.over && !stoodIn(),
    events,
    reducedMotion: reducedMotion(),
  });

  const renderBoard = () => {
    if (!s.prompt || s.content === null) return;
    const prompt = stoodIn() ? { ...s.prompt, actions: [] } : s.prompt;
    drawBoard(parts.board, s.module, prompt, ctx(s.unseen));
    s.unseen = [];
  };

  const renderControls = () => {
    const p = s.prompt;
    const actions = stoodIn() ? [] : p?.actions || [];
    parts.undo.replaceChildren(
      p?.can_undo ? h("button", { type: "button", class: "undo", onclick: undo }, t("undo")) : "",
    );
    const hadFocus = parts.moves.contains(document.activeElement);
    const wasOpen = parts.moves.dataset.touched ? parts.moves.open : !s.module;
    parts.moves.replaceChildren(
      h("summary", { onclick: () => (parts.moves.dataset.touched = "1") }, t("all_moves", { n: actions.length })),
      h(
        "ul",
        { class: "move-list" },
        actions.map((action) =>
          h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                "data-action": action.notation,
                title: action.notation,
                onclick: () => choose(action.notation),
              },
              action.label[lang] || action.notation,
            ),
          ),
        ),
      ),
    );
    parts.moves.open = wasOpen;
    parts.moves.hidden = !credential || !p || p.seat === null || p.over || stoodIn();
    parts.form.hidden = parts.moves.hidden;
    if (hadFocus) (parts.moves.querySelector("button") || parts.moves.querySelector("summary")).focus();
  };

  const renderLog = (freshOnly) => {
    const n = names();
    if (!freshOnly) {
      parts.log.replaceChildren(...logItems(s.entries, n, false));
    }
    parts.log.scrollTop = parts.log.scrollHeight;
  };

  let seenFirst = false; // the first update brings the story so far: no highlight for it
  const appendLog = (entries) => {
    parts.log.append(...logItems(entries, names(), seenFirst && !reducedMotion()));
    seenFirst = true;
    parts.log.scrollTop = parts.log.scrollHeight;
  };

  const renderLinks = () => {
    const p = s.prompt;
    const items = [];
    if (p?.over) {
      const record = h("a", { class: "record", download: `bodoge-${tableId}.txt`, href: s.record || "#" }, t("download_record"));
      if (!s.record) record.setAttribute("aria-disabled", "true");
      items.push(record);
      if (credential && s.offers.rematch && !s.rematchMissing) {
        items.push(
          h("button", { type: "button", class: "rematch", onclick: rematch }, s.rematch ? t("join_rematch") : t("rematch")),
        );
      }
      if (credential && (s.rematchMissing || !s.offers.rematch)) {
        items.push(h("span", { class: "meta" }, t("rematch_missing")));
      }
    }
    if (s.prompt) {
      const seatQuery = mySeat() !== null ? `?as=${mySeat()}` : "";
      items.push(h("a", { class: "replay-link", href: `#/replay/${tableId}${seatQuery}` }, t("replay")));
    }
    parts.links.replaceChildren(...(items.length ? [h("section", { class: "panel links" }, items)] : []));
  };

  // ---- acting ---------------------------------------------------------------------------

  const showAnswer = (answer) => {
    if (answer.status === "applied" || answer.status === "duplicate") {
      s.refused = null;
    } else {
      s.refused = answer.error || { code: answer.status };
    }
    parts.refused.textContent = s.refused ? errorText(s.refused) : "";
    parts.refused.hidden = !s.refused;
    return !s.refused;
  };

  const choose = async (notation) => {
    if (!connection) return false;
    return showAnswer(await connection.move(notation));
  };

  const undo = async () => showAnswer(await connection.undo());

  // Taking the seat back: before the stand-in has made the decision that timed out the server
  // says too_early; the page says so and asks again at the next update (that decision's).
  const takeBack = async () => {
    try {
      await api("POST", `/api/tables/${tableId}/return`, { credential });
      s.takeBackQueued = false;
      s.refused = null;
      await refreshInfo();
    } catch (error) {
      s.takeBackQueued = error.code === "too_early";
      s.refused = error.code === "no_stand_in" ? null : error;
      if (error.code === "no_stand_in") await refreshInfo();
    }
    render();
  };

  const rematch = async () => {
    try {
      const made = await api("POST", `/api/tables/${tableId}/rematch`, { credential });
      const newId = made.table?.id || made.table;
      saveSeat(newId, { seat: made.seat, credential: made.credential, game: s.info.game });
      location.hash = `#/table/${newId}`;
    } catch (error) {
      if (error.code === "missing") s.rematchMissing = true;
      else s.refused = error;
      render();
    }
  };

  // ---- the server -----------------------------------------------------------------------

  let infoLoading = null;
  let infoAgain = false;
  const refreshInfo = async () => {
    if (infoLoading) {
      infoAgain = true;
      return infoLoading;
    }
    infoLoading = api("GET", `/api/tables/${tableId}`)
      .then((info) => {
        s.info = info;
        if (info.rematch) s.rematch = info.rematch;
        if (info.clocks && !s.clocks) {
          s.clocks = info.clocks;
          s.clockAt = Date.now();
        }
        renderSeats();
        renderTurn();
        renderWaiting();
        renderControls();
        renderLinks();
      })
      .catch(() => {})
      .finally(() => {
        infoLoading = null;
        if (infoAgain) {
          infoAgain = false;
          refreshInfo();
        }
      });
    return infoLoading;
  };

  const fetchRecord = async () => {
    try {
      const text = await api("GET", `/api/tables/${tableId}/record`, { credential });
      s.record = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      renderLinks();
    } catch {
      // a record refused (spectators not allowed): no link
    }
  };

  const onUpdate = (update) => {
    const before = s.status;
    const seatsChanged = String(update.connected) !== String(s.connected);
    s.status = update.status;
    s.connected = update.connected || [];
    s.prompt = update.prompt;
    if (update.clocks) {
      s.clocks = update.clocks;
      s.clockAt = Date.now();
    }
    if (update.rematch) s.rematch = update.rematch;
    let standInsChanged = false;
    if (update.stand_ins && s.info) {
      s.info.seats.forEach((seat, i) => {
        const now = update.stand_ins[i] ?? null;
        if ((seat.stand_in ?? null) !== now) standInsChanged = true;
        seat.stand_in = now;
      });
    }
    const fresh = (update.events || []).filter((entry) => !s.entries.some((e) => e.ply === entry.ply));
    s.entries.push(...fresh);
    if (seenFirst) s.unseen.push(...fresh); // the first update brings the story so far: no news
    if (update.ply < (s.entries.at(-1)?.ply ?? 0)) {
      s.entries = s.entries.filter((entry) => entry.ply <= update.ply); // undone plies
      renderLog(false);
    } else {
      appendLog(fresh);
    }
    if (before !== s.status || seatsChanged || standInsChanged || fresh.length || !s.info) refreshInfo();
    const me = s.info?.seats.find((seat) => seat.seat === mySeat());
    if (s.takeBackQueued && me?.stand_in && fresh.length) takeBack();
    else if (s.takeBackQueued && !me?.stand_in) s.takeBackQueued = false;
    if (s.prompt.over && !s.record) fetchRecord();
    parts.turn.dataset.ply = update.ply;
    renderTurn();
    renderSeats();
    renderBoard();
    renderControls();
    renderLinks();
    parts.result.replaceChildren(s.prompt.over ? resultView(s.prompt.result, names(), s.module) : "");
    parts.online.hidden = true;
    main.querySelector(".table-page").dataset.ply = update.ply;
  };

  build();
  render();
  loadTable(tableId)
    .then(async ([info, content]) => {
      s.info = info;
      s.status = info.status;
      s.rematch = info.rematch || null;
      s.content = content;
      if (info.clocks) {
        s.clocks = info.clocks;
        s.clockAt = Date.now();
      }
      [s.gameInfo, s.module, s.offers.rematch, s.offers.return] = await Promise.all([
        game(info.game),
        drawingModule(info.game),
        offers("rematch"),
        offers("return"),
      ]);
      if (mine && !mine.game) saveSeat(tableId, { game: info.game });
      parts.play.classList.toggle("no-drawing", !s.module); // the move list first, then the view
      render();
      connection = new TableConnection(tableId, credential, {
        onUpdate,
        onError: (error) => {
          s.refused = error;
          render();
        },
        onFatal: (error) => {
          s.fatal = error;
          render();
        },
        onState: (open) => {
          s.online = open;
          parts.online.textContent = open ? "" : t("reconnecting");
          parts.online.hidden = open;
        },
      });
      connection.start();
    })
    .catch((error) => {
      s.fatal = error;
      render();
    });
  ticker = setInterval(tick, 1000);

  return {
    render,
    destroy() {
      clearInterval(ticker);
      connection?.close();
      if (s.record) URL.revokeObjectURL(s.record);
    },
  };
}
