// Monster Auction: the six monsters on the table, the last reveal, every seat's money, status and
// pyramid, the bid form (one amount per monster, in table order) and the placing of won cards.
// Sealed bids: only this seat's own amounts (view.my_bid) are drawn; the others' appear only in
// the public reveal.

import {
  fit,
  h,
  legible,
  matching,
  newEvents,
  noteKey,
  remember,
  seatName,
  selectable,
  signed,
  svg,
  text,
} from "../kit.js";
import {
  animate,
  begin,
  board,
  cardFace,
  cardName,
  finish,
  pyramidGroup,
  pyramidSize,
} from "../koremon/pyramid.js";
import { word } from "../koremon/words.js";

export { ready } from "../koremon/pyramid.js";

export function draw(root, prompt, ctx) {
  const { view, content, me, memo, width } = begin(root, draw, prompt, ctx);
  const perLine = width < 1000 ? 3 : 6; // table cards in a line
  const bids = matching(prompt, /^bid:(\d+)$/);
  const places = matching(prompt, /^place:([a-z]+)@(\d\.\d)$/);
  const rounds = newEvents(ctx, "round");
  const reveals = newEvents(ctx, "reveal");
  const placed = newEvents(ctx, "place");

  const parts = [];
  let y = 0;
  const header = [
    word(ctx.lang, "round", { round: view.round, rounds: content.rounds }),
    word(ctx.lang, "deck", { count: view.deck_count }),
  ].join(" · ");
  parts.push(text(10, 24, header, { class: "koremon-label koremon-strong", "font-size": 20 }));
  parts.push(text(10, 46, content.payment_rule[ctx.lang], { class: "koremon-muted", "font-size": 15 }));
  y = 58;

  // The six monsters up for auction, with this seat's own written amounts.
  if (view.table.length) {
    parts.push(text(10, y + 18, word(ctx.lang, "table"), { class: "koremon-label", "font-size": 17 }));
    y += 28;
    const current = me !== null && bids.length ? (view.my_bid || []).length : -1;
    view.table.forEach((key, i) => {
      const x = 10 + (i % perLine) * 164;
      const top = y + Math.floor(i / perLine) * 250;
      const face = cardFace(ctx, key, x, top, 150, 190, { "data-table": i });
      if (i === current) face.classList.add("koremon-current");
      if (rounds.length) animate(face, "koremon-flip", ctx);
      parts.push(face);
      parts.push(text(x + 75, top + 212, `${i + 1}`, { "text-anchor": "middle", "font-size": 16, class: "koremon-muted" }));
      const mine = (view.my_bid || [])[i];
      if (mine !== undefined) {
        parts.push(
          text(x + 75, top + 234, word(ctx.lang, "your_bid", { amount: mine }), {
            "text-anchor": "middle",
            "font-size": 17,
            class: "koremon-label koremon-strong",
          }),
        );
      }
    });
    y += Math.ceil(view.table.length / perLine) * 250;
  }

  // The last reveal: every amount is public from here on. A grid per line of cards: the seats'
  // full names down the left, each seat's amount under each card, the winner's in bold on a band
  // (names cut to fit under a card would not tell "Bot 2 (Random)" from "Bot 3 (Random)");
  // "discarded" under a card nobody won.
  if (view.last_reveal) {
    const reveal = view.last_reveal;
    const revealRound = view.table.length ? view.round - 1 : view.round;
    parts.push(
      text(10, y + 18, word(ctx.lang, "last_reveal", { round: revealRound }), { class: "koremon-label", "font-size": 17 }),
    );
    y += 28;
    const bidders = reveal.bids.map((amounts, seat) => (amounts.length ? seat : -1)).filter((seat) => seat >= 0);
    const nameW = width < 1000 ? 150 : 190;
    const colW = (width - 10 - nameW) / perLine;
    const row = 20;
    const under = 140; // "discarded" under a card
    const revealH = under + 10 + bidders.length * row + 14;
    for (let first = 0; first < reveal.cards.length; first += perLine) {
      const top = y + (first / perLine) * revealH;
      const gridTop = top + under + 10;
      bidders.forEach((seat, r) => {
        const rowY = gridTop + r * row;
        parts.push(
          text(10, rowY + 15, fit(seatName(ctx, seat), nameW / 14 - 0.6), {
            "font-size": 14,
            class: "koremon-label",
            "data-reveal-seat": seat,
          }),
        );
      });
      reveal.cards.slice(first, first + perLine).forEach((key, j) => {
        const i = first + j;
        const cx = 10 + nameW + j * colW + colW / 2;
        const winner = reveal.winners[i];
        const face = cardFace(ctx, key, cx - 50, top, 100, 120, { "data-reveal": i });
        const outcome = winner >= 0 ? word(ctx.lang, "winner", { name: seatName(ctx, winner) }) : word(ctx.lang, "discarded");
        face.append(svg("title", { text: `${cardName(ctx, key)}: ${outcome}` }));
        if (reveals.length) animate(face, "koremon-pop", ctx);
        parts.push(face);
        if (winner < 0) {
          parts.push(text(cx, top + under, outcome, { "text-anchor": "middle", "font-size": 15, class: "koremon-muted" }));
        }
        bidders.forEach((seat, r) => {
          const rowY = gridTop + r * row;
          const won = seat === winner;
          const amount = text(cx, rowY + 15, String(reveal.bids[seat][i]), {
            "text-anchor": "middle",
            "font-size": 14,
            class: won ? "koremon-label koremon-strong" : "koremon-muted",
            "data-reveal-bid": `${i}:${seat}`,
          });
          if (won) {
            const band = svg("rect", { x: cx - colW / 2 + 4, y: rowY + 1, width: colW - 8, height: row - 2, rx: 4, class: "koremon-panel-active" });
            parts.push(band);
            if (reveals.length) animate(amount, "koremon-glow", ctx);
          }
          parts.push(amount);
        });
      });
    }
    y += Math.ceil(reveal.cards.length / perLine) * revealH;
  }

  // This seat's won cards still to place: pick one, then a highlighted slot.
  const byCard = new Map();
  for (const { action, match } of places) {
    if (!byCard.has(match[1])) byCard.set(match[1], {});
    byCard.get(match[1])[match[2]] = action;
  }
  if (!byCard.has(memo.placeCard)) memo.placeCard = byCard.size ? [...byCard.keys()][0] : null;
  const toPlace = me !== null ? view.to_place[me] || [] : [];
  if (toPlace.length) {
    parts.push(text(10, y + 18, word(ctx.lang, "to_place"), { class: "koremon-label", "font-size": 17 }));
    y += 28;
    const perPlace = width < 1000 ? 4 : 8;
    toPlace.forEach((key, i) => {
      const top = y + Math.floor(i / perPlace) * 130;
      const face = cardFace(ctx, key, 10 + (i % perPlace) * 110, top, 100, 120, { "data-to-place": key });
      if (byCard.has(key) && ctx.interactive) {
        const label = word(ctx.lang, "choose_slot", { card: cardName(ctx, key) });
        selectable(face, label, () => {
          memo.placeCard = key;
          memo.redraw();
        }, memo.placeCard === key);
      }
      parts.push(face);
    });
    y += Math.ceil(toPlace.length / perPlace) * 130;
  }

  // The table, then the bid form right under the monsters it is for, then the seats.
  const top = board(width, y, content.title[ctx.lang]);
  top.append(...parts);
  root.append(top);
  legible(top);
  if (bids.length && ctx.interactive) root.append(bidForm(root, prompt, ctx, bids));
  parts.length = 0;
  y = 4;

  // Every seat: money, status, score and pyramid (this seat's slots clickable when placing).
  const slot = { w: 52, h: 44 };
  const size = pyramidSize(ctx, slot.w, slot.h);
  const panelW = 324;
  const panelH = size.height + 80;
  const perRow = width < 1000 ? 1 : 3;
  // this seat's panel first, then the others in seat order
  const order = view.money.map((_, seat) => seat).sort((a, b) => (b === me) - (a === me));
  order.forEach((seat, k) => {
    const money = view.money[seat];
    const px = (width - perRow * (panelW + 8)) / 2 + 4 + (k % perRow) * (panelW + 8);
    const py = y + Math.floor(k / perRow) * (panelH + 8);
    const active = (prompt.pending || []).includes(seat);
    parts.push(svg("rect", { x: px, y: py, width: panelW, height: panelH, rx: 8, class: active ? "koremon-panel-active" : "koremon-panel" }));
    const status = content.status[view.status[seat]];
    parts.push(
      text(px + 10, py + 22, seatName(ctx, seat), { class: "koremon-label koremon-strong", "font-size": 17 }),
      text(px + 10, py + 44, [
        word(ctx.lang, "money", { money }),
        status ? status[ctx.lang] : view.status[seat],
        word(ctx.lang, "score", { score: signed(view.scores[seat]) }),
      ].join(" · "), { class: view.status[seat] === "out" ? "koremon-warn" : "koremon-muted", "font-size": 15 }),
    );
    const targets = seat === me && memo.placeCard && ctx.interactive ? byCard.get(memo.placeCard) || {} : {};
    const fresh = placed.filter((event) => event.seat === seat).map((event) => event.slot);
    parts.push(
      pyramidGroup(ctx, view.pyramids[seat], px + (panelW - size.width) / 2, py + 60, slot.w, slot.h, {
        targets,
        fresh,
        label: word(ctx.lang, "pyramid_of", { name: seatName(ctx, seat) }),
      }),
    );
  });
  y += Math.ceil(view.players / perRow) * (panelH + 8);

  finish(root, width, y, word(ctx.lang, "seats"), parts);
}

// One amount for the next monster: a number and a slider limited to the amounts the game offers
// (0 to the money left), the game's own label for the chosen amount (with its warning that
// winning would put you out), and the button that sends exactly that bid. A bid that could put
// the seat out is sealed only after the person has read why and pressed again.
function bidForm(root, prompt, ctx, bids) {
  const view = prompt.view;
  const memo = remember(root);
  const amounts = bids.map(({ match }) => Number(match[1]));
  const max = Math.max(...amounts);
  const min = Math.min(...amounts);
  const byAmount = new Map(bids.map(({ action, match }) => [Number(match[1]), action]));
  const written = view.my_bid || [];
  const sum = written.reduce((a, b) => a + b, 0);
  const money = view.money[ctx.seat];
  const index = written.length;
  const key = view.table[index];
  const bidKey = `${view.round}:${index}`;
  if (memo.bidKey !== bidKey || !byAmount.has(memo.amount)) {
    memo.bidKey = bidKey;
    memo.amount = min;
    memo.confirming = false;
  }
  const earlier = written.map((amount, i) => (amount > 0 ? view.table[i] : null)).filter(Boolean);
  const mimicsOk = view.options?.mimics_placeable !== "no";
  const pyramid = view.pyramids[ctx.seat] || {};
  // What winning this monster would do: nothing, or put this seat out (alone, or with the
  // monsters it has bid on this round): the words the person reads before sealing such a bid.
  const danger = !canPlaceAll(ctx.content.pyramid, ctx.content.cards, pyramid, [key], mimicsOk)
    ? word(ctx.lang, "out_warning", { card: cardName(ctx, key) })
    : earlier.length && !canPlaceAll(ctx.content.pyramid, ctx.content.cards, pyramid, [...earlier, key], mimicsOk)
      ? word(ctx.lang, "out_warning_with", { card: cardName(ctx, key), others: earlier.map((k) => cardName(ctx, k)).join(word(ctx.lang, "list_sep")) })
      : null;

  const form = h("form", { class: "koremon-controls koremon-bid", "aria-label": word(ctx.lang, "amount") });
  const title = h("p", { class: "koremon-strong" }, word(ctx.lang, "bidding_on", { number: index + 1, total: view.table.length, card: cardName(ctx, key) }));
  const number = h("input", { type: "number", min, max, step: 1, value: memo.amount, name: "amount", "aria-label": word(ctx.lang, "amount"), inputmode: "numeric", "data-focus-after": "bid" });
  const slider = h("input", { type: "range", min, max, step: 1, value: memo.amount, "aria-label": word(ctx.lang, "amount") });
  const hint = h("p", { class: "koremon-muted" });
  const label = h("p", { "aria-live": "polite" });
  const button = h("button", { type: "submit" });
  const confirm = h("div", { class: "koremon-confirm", role: "alertdialog", "aria-live": "assertive" });

  function update(raw) {
    let amount = Math.floor(Number(raw));
    if (!Number.isFinite(amount)) amount = 0;
    amount = Math.max(min, Math.min(max, amount));
    if (!byAmount.has(amount)) {
      // the nearest amount the game offers (they run from 0 to the money left)
      amount = amounts.reduce((best, v) => (Math.abs(v - amount) < Math.abs(best - amount) ? v : best));
    }
    if (amount !== memo.amount) memo.confirming = false;
    memo.amount = amount;
    number.value = String(amount);
    slider.value = String(amount);
    const action = byAmount.get(amount);
    const risky = Boolean(danger) && amount > 0; // only a positive bid can win
    hint.textContent = `${word(ctx.lang, "written", { sum, money, left: money - sum - amount })} · ${word(ctx.lang, "max_bid", { max })}`;
    const words = action.label[ctx.lang];
    label.textContent = words; // the game's label for the bid (its own warning included)
    label.className = risky ? "koremon-warning" : "";
    button.textContent = word(ctx.lang, "bid_button", { amount });
    button.setAttribute("data-action", action.notation);
    button.setAttribute("aria-label", words);
    confirm.replaceChildren();
    confirm.hidden = !(risky && memo.confirming);
    if (risky && memo.confirming) {
      const yes = h("button", { type: "button", class: "koremon-confirm-bid", "data-action": action.notation }, word(ctx.lang, "bid_anyway", { amount }));
      const no = h("button", { type: "button", class: "koremon-change-bid" }, word(ctx.lang, "change_bid"));
      yes.addEventListener("click", () => send(action));
      no.addEventListener("click", () => {
        memo.confirming = false;
        update(memo.amount);
        number.focus();
      });
      confirm.append(h("p", { class: "koremon-warning" }, `${danger} ${word(ctx.lang, "sure")}`), yes, no);
    }
    return { action, risky };
  }
  function send(action) {
    memo.bidKey = null;
    ctx.choose(action);
  }
  number.addEventListener("input", () => update(number.value));
  slider.addEventListener("input", () => update(slider.value));
  form.addEventListener("keydown", (event) => noteKey(event, "bid"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const { action, risky } = update(number.value);
    if (risky && !memo.confirming) {
      memo.confirming = true; // first the words and a second, deliberate press
      update(memo.amount);
      confirm.querySelector(".koremon-confirm-bid")?.focus();
      return;
    }
    if (!risky) send(action);
  });
  const quick = [min, Math.floor(max / 4), Math.floor(max / 2), max].filter((v, i, all) => v >= min && all.indexOf(v) === i);
  const buttons = quick.map((amount) => {
    const quickButton = h("button", { type: "button", class: "koremon-quick", "data-amount": amount }, String(amount));
    quickButton.addEventListener("click", () => update(amount));
    return quickButton;
  });
  form.append(title, number, slider, ...buttons, button, label, confirm, hint);
  update(memo.amount);
  return form;
}

// Whether every card of `cards` (keys) fits `pyramid` ({slot label: key}), in some order
// (RULINGS §3: a seat that wins cards it cannot all place is out). A monster goes in its rank's
// row, one of each species; a Mimic (when the table allows) anywhere; a slot is open once the
// slots under it are filled. `geometry` and `cardList` are the table's content.
export function canPlaceAll(geometry, cardList, pyramid, cards, mimicsOk) {
  const info = new Map(cardList.map((card) => [card.key, card]));
  const filled = new Set(Object.keys(pyramid));
  const species = new Set(Object.values(pyramid));
  const open = (slot) => !filled.has(slot.label) && slot.supports.every((below) => filled.has(below));
  const fits = (rest) => {
    if (!rest.length) return true;
    return rest.some((key, i) => {
      const card = info.get(key);
      if (!card || (card.mimic ? !mimicsOk : species.has(key))) return false;
      const others = [...rest.slice(0, i), ...rest.slice(i + 1)];
      return geometry.slots.some((slot) => {
        if (!open(slot) || (!card.mimic && slot.row !== card.rank)) return false;
        filled.add(slot.label);
        if (!card.mimic) species.add(key);
        const ok = fits(others);
        filled.delete(slot.label);
        if (!card.mimic) species.delete(key);
        return ok;
      });
    });
  };
  return fits(cards);
}
