// Monster Evolution: the fifteen monsters by rank from 5 up to the Dragon, each either in the
// supply or held by a seat (its name beside it); the two dice (click them to roll); each seat's
// monster and rank. After a roll that lets a seat choose, the supply's monsters of that rank are
// the clickable choices.

import {
  matching,
  nameLines,
  newEvents,
  offer,
  seatName,
  signed,
  svg,
  text,
} from "../kit.js";
import {
  animate,
  begin,
  cardFace,
  cardName,
  dieFace,
  finish,
  rankName,
} from "../koremon/pyramid.js";
import { word } from "../koremon/words.js";

export { ready } from "../koremon/pyramid.js";

const TOKEN_COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00"];

export function draw(root, prompt, ctx) {
  const { view, content, width, narrow } = begin(root, draw, prompt, ctx);
  const roll = matching(prompt, /^roll$/)[0];
  const takes = new Map(matching(prompt, /^take:([a-z]+)$/).map(({ action, match }) => [match[1], action]));
  const rolled = newEvents(ctx, "roll");
  const changed = [...newEvents(ctx, "evolve"), ...newEvents(ctx, "devolve")].map((event) => event.to);
  const parts = [];
  const holder = new Map(view.holds.map((key, seat) => [key, seat]));

  parts.push(text(10, 24, content.title[ctx.lang], { class: "koremon-label koremon-strong", "font-size": 20 }));
  const meaning = content.dice.meaning[ctx.lang];
  // the rule in two lines on a desktop (cut at the semicolon), three on a phone
  const lines = narrow ? [...meaning.split(/[;、]\s*/), content.goal[ctx.lang]] : [meaning, content.goal[ctx.lang]];
  lines.forEach((line, i) => parts.push(text(10, 46 + i * 18, line, { class: "koremon-muted", "font-size": 14 })));
  const top = 46 + lines.length * 18 + 14;

  // Rank columns, rank 5 on the left up to the Dragon on the right.
  const columns = [...content.ranks].sort((a, b) => b.rank - a.rank);
  const colW = (width - 10) / columns.length;
  const card = { w: narrow ? colW - 8 : colW - 70, h: 66 };
  let bottom = 0;
  columns.forEach((rank, c) => {
    const x = 10 + c * colW;
    const choosing = view.choosing_rank === rank.rank;
    parts.push(text(x, top, rankName(ctx, rank.rank), { class: choosing ? "koremon-label koremon-strong" : "koremon-label", "font-size": 16 }));
    rank.species.forEach((key, i) => {
      const y = top + 12 + i * (card.h + 10);
      const seat = holder.get(key);
      const face = cardFace(ctx, key, x, y, card.w, card.h, { "data-species": key });
      if (seat === undefined && !view.supply.includes(key)) face.setAttribute("opacity", "0.35");
      if (changed.includes(key)) animate(face, "koremon-pop", ctx);
      if (ctx.interactive && takes.has(key)) {
        face.classList.add("koremon-playable");
        offer(face, takes.get(key), ctx);
      }
      parts.push(face);
      if (seat !== undefined) {
        // the holder's token: beside the card with its name, or on its corner on a phone
        const tx = narrow ? x + card.w - 8 : x + card.w + 14;
        const ty = narrow ? y + card.h - 8 : y + 20;
        parts.push(svg("circle", { cx: tx, cy: ty, r: 10, fill: TOKEN_COLOURS[seat % TOKEN_COLOURS.length], class: "koremon-token", "data-holder": seat }));
        if (!narrow) {
          nameLines(ctx, seat, 6).forEach((line, k) => {
            parts.push(text(x + card.w + 4, y + 46 + k * 13, line, { "font-size": 11, class: "koremon-label" }));
          });
        }
      }
      bottom = Math.max(bottom, y + card.h);
    });
  });

  // The dice and, beside them, each seat's monster.
  const y = bottom + 30;
  const dice = svg("g", { class: "koremon-dice", "data-dice": (view.dice || []).join(",") });
  const values = view.dice && view.dice.length ? view.dice : [0, 0];
  // one target for both dice (the gap between them too)
  dice.append(svg("rect", { x: 4, y: y - 6, width: 154, height: 78, rx: 10, fill: "transparent", class: "koremon-outline" }));
  values.forEach((value, i) => {
    const die = dieFace(10 + i * 80, y, 66, value);
    if (rolled.length) animate(die, "koremon-roll", ctx);
    dice.append(die);
  });
  if (roll && ctx.interactive) offer(dice, roll.action, ctx);
  parts.push(dice);
  const total = view.dice && view.dice.length ? view.dice[0] + view.dice[1] : null;
  parts.push(text(10, y + 92, roll ? word(ctx.lang, "roll_dice") : total === null ? word(ctx.lang, "die") : `= ${total}`, { "font-size": 15, class: roll ? "koremon-label koremon-strong" : "koremon-muted" }));
  if (takes.size) {
    parts.push(text(10, y + 114, word(ctx.lang, "choose_take", { rank: view.choosing_rank }), { "font-size": 15, class: "koremon-label koremon-strong" }));
  }
  const listX = narrow ? 10 : 250;
  const listY = narrow ? y + (takes.size ? 134 : 112) : y;
  view.holds.forEach((key, seat) => {
    const sy = listY + seat * 28;
    const active = view.turn === seat && !view.over;
    const info = (content.cards || []).find((item) => item.key === key);
    parts.push(svg("circle", { cx: listX + 9, cy: sy + 10, r: 9, fill: TOKEN_COLOURS[seat % TOKEN_COLOURS.length], class: "koremon-token" }));
    const holds = word(ctx.lang, "holds", { name: seatName(ctx, seat), card: cardName(ctx, key), rank: rankName(ctx, info ? info.rank : 0) });
    const words = `${holds} · ${word(ctx.lang, "score", { score: signed(view.scores[seat]) })}`;
    parts.push(text(listX + 26, sy + 15, words + (active ? ` · ${word(ctx.lang, "to_move")}` : ""), { "font-size": 15, class: active ? "koremon-label koremon-strong" : "koremon-label", "data-seat": seat }));
  });
  const height = Math.max(y + 130, listY + view.holds.length * 28 + 10);

  finish(root, width, height, content.title[ctx.lang], parts);
}
