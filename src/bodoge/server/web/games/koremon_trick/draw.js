// Trick the Monster!: every seat's points, hand size, cards won and face-up Mimics; the trick on
// the table (led Mimics, then each card with the species a Mimic names); the last trick and the
// rule that decided it; this seat's hand. Clicking a card of the hand plays it; a Mimic played
// into a trick with monsters first asks which of them it names (only the species offered).

import {
  fit,
  matching,
  nameLines,
  newEvents,
  offer,
  seatName,
  selectable,
  signed,
  svg,
  text,
  textLines,
  wrapText,
} from "../kit.js";
import {
  animate,
  begin,
  cardFace,
  cardName,
  finish,
} from "../koremon/pyramid.js";
import { word } from "../koremon/words.js";

export { ready } from "../koremon/pyramid.js";

export function draw(root, prompt, ctx) {
  const { view, content, memo, width, narrow } = begin(root, draw, prompt, ctx);
  const plays = new Map(matching(prompt, /^play:([a-z]+)$/).map(({ action, match }) => [match[1], action]));
  const named = matching(prompt, /^play:mimic=([a-z]+)$/).map(({ action, match }) => ({ action, as: match[1] }));
  if (!named.length || !ctx.interactive) memo.naming = false;
  const played = newEvents(ctx, "play").length + newEvents(ctx, "play_mimic").length + newEvents(ctx, "lead_mimic").length;
  const tricks = newEvents(ctx, "trick");
  const parts = [];
  const game = view.game_number - 1;

  const header = [
    content.title[ctx.lang],
    content.games > 1 ? word(ctx.lang, "game_of", { game: view.game_number, games: view.games }) : null,
  ].filter(Boolean);
  parts.push(text(10, 24, header.join(" · "), { class: "koremon-label koremon-strong", "font-size": 20 }));
  parts.push(text(10, 46, word(ctx.lang, "dealer", { name: seatName(ctx, view.dealer) }), { class: "koremon-muted", "font-size": 15 }));

  // The seats.
  const perRow = narrow ? Math.min(2, view.players) : view.players; // on a phone, names read whole
  const panelW = Math.min(240, (width - 8) / perRow - 8);
  view.hand_sizes.forEach((count, seat) => {
    const px = 4 + (seat % perRow) * (panelW + 8);
    const py = 58 + Math.floor(seat / perRow) * 124;
    const active = view.to_move === seat && !view.over;
    parts.push(svg("rect", { x: px, y: py, width: panelW, height: 116, rx: 8, class: active ? "koremon-panel-active" : "koremon-panel", "data-seat": seat }));
    const won = view.won[game] ? view.won[game][seat].length : 0;
    const faceUp = view.face_up[game] ? view.face_up[game][seat] : 0;
    const lines = [
      [fit(seatName(ctx, seat), (panelW - 16) / 16), "koremon-label koremon-strong", 16],
      [word(ctx.lang, "score", { score: signed(view.scores[seat]) }) + (active ? ` · ${word(ctx.lang, "to_move")}` : ""), "koremon-label", 14],
      [`${word(ctx.lang, "hand_count", { count })} · ${word(ctx.lang, "won_count", { count: won })}`, "koremon-muted", 14],
      [word(ctx.lang, "face_up", { count: faceUp }), faceUp ? "koremon-warn" : "koremon-muted", 14],
      // A seat that led a Mimic is known to hold only Mimics until its hand runs out.
      [count > 0 && view.mimic_only.includes(seat) ? word(ctx.lang, "mimic_only") : "", "koremon-muted", 13],
    ];
    lines.forEach(([words, cls, size], i) => {
      if (words) parts.push(text(px + 8, py + 22 + i * 21, words, { class: cls, "font-size": size }));
    });
  });

  // The trick so far, and the last trick with its winner and rule. Once the game is over the
  // last trick takes the trick's place, so the end board shows how the game ended.
  const ended = view.over && !view.trick.length && !view.led_mimics.length && view.last_trick.length > 0;
  const last = ended ? [] : view.last_trick;
  let y = 58 + Math.ceil(view.players / perRow) * 124 + 16;
  parts.push(text(10, y, word(ctx.lang, ended ? "last_trick" : "trick"), { class: "koremon-label koremon-strong", "font-size": 17 }));
  const lastX = narrow ? 10 : 520;
  const lastY = narrow ? y + 176 : y; // below the trick on a phone, beside it on a desktop
  if (last.length) parts.push(text(lastX, lastY, word(ctx.lang, "last_trick"), { class: "koremon-label", "font-size": 17 }));
  y += 12;
  const entries = ended
    ? view.last_trick
    : [...view.led_mimics.map((seat) => ({ seat, card: "mimic", as: null })), ...view.trick];
  // On a phone the cards spread over the width, so the names under them have room.
  const step = narrow ? Math.max(82, (width - 20) / Math.max(entries.length, 1)) : 82;
  const nameSize = Math.max(13, ctx.least);
  entries.forEach((entry, i) => {
    const x = 10 + i * step;
    const face = cardFace(ctx, entry.card, x, y, 76, 100, { "data-trick": i });
    if (played && i === entries.length - 1) animate(face, "koremon-pop", ctx);
    parts.push(face);
    const caption = entry.as === null ? word(ctx.lang, "led") : entry.card === "mimic" ? `= ${cardName(ctx, entry.as)}` : "";
    const winner = ended && entry.seat === view.last_winner;
    // Centred under the card: no wider than twice the room left of its centre.
    const room = Math.min(step, 2 * (x + 38)) - 4;
    nameLines(ctx, entry.seat, narrow ? room / nameSize : 6.2).forEach((line, k) => {
      parts.push(text(x + 38, y + 118 + k * nameSize * 1.15, line, { "text-anchor": "middle", "font-size": nameSize, class: winner ? "koremon-label koremon-strong" : "koremon-label" }));
    });
    if (caption) parts.push(text(x + 38, y + 118 + nameSize * 2.4, caption, { "text-anchor": "middle", "font-size": 12, class: "koremon-muted" }));
  });
  last.forEach((entry, i) => {
    const x = lastX + i * 80;
    const face = cardFace(ctx, entry.card, x, lastY + 12, 60, 80);
    if (tricks.length) animate(face, "koremon-glow", ctx);
    parts.push(face);
    nameLines(ctx, entry.seat, 6.4).forEach((line, k) => {
      parts.push(text(x + 30, lastY + 108 + k * 14, line, { "text-anchor": "middle", "font-size": 12, class: entry.seat === view.last_winner ? "koremon-label koremon-strong" : "koremon-muted" }));
    });
  });
  if (view.last_trick.length) {
    const rule = view.last_rule ? content.rules[String(view.last_rule)][ctx.lang] : "";
    const who = view.last_winner === null ? "—" : word(ctx.lang, "winner", { name: seatName(ctx, view.last_winner) });
    const line = rule ? word(ctx.lang, "trick_rule", { winner: who, rule }) : who;
    const lines = wrapText(line, Math.max(14, ctx.least), (ended ? width : narrow ? width : width - lastX) - 20);
    parts.push(textLines(lines, ended ? 10 : lastX, ended ? y + 182 : lastY + 146, Math.max(14, ctx.least), { class: "koremon-label" }));
    if (ended) y += lines.length * Math.max(14, ctx.least) * 1.25 + 8;
  }
  y = narrow && last.length ? lastY + 184 : y + (ended ? 190 : 166);

  // This seat's hand, one card per kind (×count); playable cards are clickable.
  if (view.hand && (view.hand.length || !view.over)) {
    parts.push(text(10, y, word(ctx.lang, ctx.interactive ? "hand" : "hand_view"), { class: "koremon-label koremon-strong", "font-size": 17 }));
    y += 10;
    const counts = new Map();
    for (const key of view.hand) counts.set(key, (counts.get(key) || 0) + 1);
    const kinds = [...counts.keys()];
    const perLine = narrow ? 5 : 10;
    const step = 96;
    kinds.forEach((key, i) => {
      const x = 10 + (i % perLine) * step;
      const face = cardFace(ctx, key, x, y + Math.floor(i / perLine) * 140, step - 8, 128, { "data-hand": key });
      if (counts.get(key) > 1) {
        face.append(svg("circle", { cx: step - 16, cy: 120, r: 13, fill: "#333" }));
        face.append(text(step - 16, 125, `×${counts.get(key)}`, { "text-anchor": "middle", "font-size": 12, fill: "#fff" }));
      }
      if (ctx.interactive && plays.has(key)) {
        face.classList.add("koremon-playable");
        offer(face, plays.get(key), ctx);
      } else if (ctx.interactive && key === "mimic" && named.length) {
        face.classList.add("koremon-playable");
        selectable(face, word(ctx.lang, "name_mimic"), () => {
          memo.naming = !memo.naming;
          memo.redraw();
        }, memo.naming);
      }
      parts.push(face);
    });
    y += Math.ceil(kinds.length / perLine) * 140 + 6;
  }

  // Naming a Mimic: one card per species the game offers.
  if (memo.naming && named.length) {
    parts.push(text(10, y, word(ctx.lang, "name_mimic"), { class: "koremon-label koremon-strong", "font-size": 17 }));
    y += 10;
    const perName = narrow ? 5 : 10;
    named.forEach(({ action, as }, i) => {
      const face = cardFace(ctx, as, 10 + (i % perName) * 90, y + Math.floor(i / perName) * 116, 80, 104, { "data-name": as, "data-focus-after": "select" });
      face.classList.add("koremon-playable");
      offer(face, action, ctx);
      parts.push(face);
    });
    y += Math.ceil(named.length / perName) * 116 + 4;
  }

  finish(root, width, y, content.title[ctx.lang], parts);
}
