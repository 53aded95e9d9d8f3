// #/table/ID: one table. The frame is built once (so a typed notation survives updates); each
// websocket update redraws the board and the parts around it from the seat's own prompt. The
// parts live in table/: the heading and invite (turn.js), the seats panel (seats.js, clocks.js),
// the actions under the board (actions.js), the log (log.js), the result and links (result.js).
import { api, game, offers } from "./api.js";
import { TableConnection } from "./connection.js";
import { h, reducedMotion } from "./dom.js";
import { lang, t } from "./i18n.js";
import { saveSeat, seatAt } from "./store.js";
import { actionsPanel } from "./table/actions.js";
import { hintPanel } from "./table/hint.js";
import { logPanel } from "./table/log.js";
import { linksPanel, resultPanel } from "./table/result.js";
import { ratingsPanel } from "./ratings.js";
import { seatsPanel } from "./table/seats.js";
import { invitePanel, turnLine } from "./table/turn.js";
import { drawBoard, drawingModule, homeLink, loadTable, seatNames } from "./views.js";

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
  let connection = null;
  let ticker = null;

  const mySeat = () => (s.prompt ? s.prompt.seat : (mine?.seat ?? null));
  // A bot stands in for this page's seat (after a timeout): its moves are the bot's until the
  // person takes the seat back, so the page offers none.
  const stoodIn = () => Boolean(s.info?.seats.find((seat) => seat.seat === mySeat())?.stand_in);
  const names = () => (s.info ? seatNames(s.info, s.gameInfo, mySeat()) : []);

  // What the parts read and do: the state, the seat, and the page's acts.
  const table = {
    id: tableId,
    mine,
    credential,
    s,
    mySeat,
    stoodIn,
    names,
    choose: (notation) => choose(notation),
    undo: () => undo(),
    takeBack: () => takeBack(),
    rematch: () => rematch(),
    redrawBoard: () => renderBoard(),
  };
  const turn = turnLine(table);
  const invite = invitePanel(table);
  const seats = seatsPanel(table);
  const actions = actionsPanel(table);
  const hint = hintPanel(table);
  const log = logPanel(table);
  const result = resultPanel(table);
  const links = linksPanel(table);
  const ratings = ratingsPanel(table);
  const parts = {
    title: h("h1", {}),
    online: h("span", { class: "online" }),
    home: h("div", {}),
    board: h("div", { class: "board" }),
  };

  // ---- the frame ------------------------------------------------------------------------

  const build = () => {
    parts.play = h("div", { class: "play" }, parts.board, hint.element, actions.element, result.element, ratings.element);
    main.replaceChildren(
      h(
        "div",
        { class: "table-page", "data-table": tableId },
        h("header", { class: "table-head" }, parts.home, parts.title, turn.element, parts.online),
        invite.element,
        h(
          "div",
          { class: "table-layout" },
          parts.play,
          h("aside", { class: "side" }, seats.element, seats.options, log.element, links.element),
        ),
      ),
    );
  };

  // ---- drawing --------------------------------------------------------------------------

  const render = () => {
    parts.home.replaceChildren(homeLink());
    parts.title.textContent = s.gameInfo ? s.gameInfo.title[lang] : t("table");
    parts.online.textContent = s.online ? "" : t("reconnecting");
    parts.online.hidden = s.online || Boolean(s.fatal) || !s.prompt;
    turn.render();
    if (s.fatal) return;
    invite.render();
    seats.render();
    renderBoard();
    hint.render();
    actions.render();
    log.render();
    result.render();
    ratings.render();
    links.render();
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
    hint.mark(parts.board);
  };

  // ---- acting ---------------------------------------------------------------------------

  const showAnswer = (answer) => {
    if (answer.status === "applied" || answer.status === "duplicate") {
      s.refused = null;
    } else {
      s.refused = answer.error || { code: answer.status };
    }
    actions.showRefusal();
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
        seats.render();
        turn.render();
        invite.render();
        actions.render();
        links.render();
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
      links.render();
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
    if (log.started()) s.unseen.push(...fresh); // the first update brings the story so far: no news
    if (update.ply < (s.entries.at(-1)?.ply ?? 0)) {
      s.entries = s.entries.filter((entry) => entry.ply <= update.ply); // undone plies
      log.render();
    } else {
      log.append(fresh);
    }
    if (before !== s.status || seatsChanged || standInsChanged || fresh.length || !s.info) refreshInfo();
    const me = s.info?.seats.find((seat) => seat.seat === mySeat());
    if (s.takeBackQueued && me?.stand_in && fresh.length) takeBack();
    else if (s.takeBackQueued && !me?.stand_in) s.takeBackQueued = false;
    if (s.prompt.over && !s.record) fetchRecord();
    turn.render();
    seats.render();
    renderBoard();
    hint.render();
    actions.render();
    links.render();
    result.render();
    ratings.render();
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
  ticker = setInterval(seats.tick, 1000);

  return {
    render,
    destroy() {
      clearInterval(ticker);
      connection?.close();
      if (s.record) URL.revokeObjectURL(s.record);
    },
  };
}
