// "Your tables": every table of this person on every device (GET /api/me/tables, by this
// browser's guest token or, on a device that only signed in, its session), newest first. One
// list for the lobby (the newest few) and #/tables/mine (all): each table's game, names, status,
// "Your move" and, where the seat's credential lives on another device, "Play here", which moves
// the seat to this browser (POST /api/account/tables/ID/seat).
import { api, games } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import * as session from "./session.js";
import { tableLine } from "./ratings.js";
import { loadGuest, saveSeat, seatAt } from "./store.js";
import { errorText } from "./views.js";

const STATUS = { waiting: "status_waiting", playing: "status_playing", over: "status_over" };

// Whether "Play here" applies: a signed-in person's seat still held, at a table not over,
// whose credential this browser does not have.
const elsewhere = (row) =>
  Boolean(session.account) && row.held && row.status !== "over" && seatAt(row.table_id)?.seat !== row.seat;

export const canList = () => Boolean(loadGuest() || session.account);

export function loadMine() {
  return api("GET", "/api/me/tables", { token: loadGuest()?.token });
}

function playHere(row, list) {
  return async () => {
    try {
      const taken = await session.seatHere(row.table_id);
      saveSeat(row.table_id, { seat: taken.seat, credential: taken.credential, game: row.game });
      location.hash = `#/table/${row.table_id}`;
    } catch (error) {
      list.append(h("li", { class: "error" }, errorText(error)));
    }
  };
}

// The list (a <ul>), filled when the server answers; `limit` keeps the newest few.
export function myTablesList({ limit = Infinity } = {}) {
  const list = h("ul", { class: "table-list my-tables" }, h("li", { class: "meta" }, t("loading")));
  Promise.all([games(), loadMine()])
    .then(([known, rows]) => {
      if (!rows.length) {
        list.replaceChildren(h("li", { class: "meta" }, t("all_tables_empty")));
        return;
      }
      list.replaceChildren(
        ...rows.slice(0, limit).map((row) =>
          tableLine(known, row, [
            h("span", { class: "meta status" }, t(STATUS[row.status])),
            row.waiting ? h("span", { class: "badge your-move" }, t("your_move")) : null,
            elsewhere(row)
              ? h("button", { type: "button", class: "play-here", onclick: playHere(row, list) }, t("account_play_here"))
              : null,
          ]),
        ),
      );
    })
    .catch((error) => list.replaceChildren(h("li", { class: "error" }, errorText(error))));
  return list;
}
