// Hunt the Monster!: the ring of six cards round the deck with the Winhart piece, the die (click
// it to roll), this seat's pyramid (click a highlighted slot to place the card taken) and every
// other seat's pyramid. Everything but the deck's order is public.

import {
  matching,
  newEvents,
  offer,
  seatName,
  shortName,
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
  dieFace,
  finish,
  pyramidGroup,
  pyramidSize,
} from "../koremon/pyramid.js";
import { word } from "../koremon/words.js";

export { ready } from "../koremon/pyramid.js";

const CARD = { w: 96, h: 124 };

export function draw(root, prompt, ctx) {
  const { view, content, me, width, narrow } = begin(root, draw, prompt, ctx);
  const roll = matching(prompt, /^roll$/)[0];
  const places = matching(prompt, /^place:(\d\.\d)$/);
  const rolled = newEvents(ctx, "roll");
  const refills = newEvents(ctx, "refill").map((event) => event.position);
  const renewed = newEvents(ctx, "renew").length > 0;
  const placed = newEvents(ctx, "place");
  const parts = [];

  // The heading and what the piece and the die mean, each wrapped to the width; the ring,
  // clockwise from the top, round the deck, below them.
  const ended = view.end ? ` · ${content.ends[view.end][ctx.lang]}` : "";
  const heading = wrapText(`${content.title[ctx.lang]} · ${word(ctx.lang, "deck", { count: view.deck_count })}${ended}`, 20, width - 20);
  const meaningSize = Math.max(13, ctx.least);
  const meaning = wrapText(content.die.meaning[ctx.lang], meaningSize, width - 20);
  const shift = (heading.length - 1) * 25 + (meaning.length - 1) * meaningSize * 1.25;
  parts.push(textLines(heading, 10, 24, 20, { class: "koremon-label koremon-strong" }));
  const centre = { x: 250, y: 312 + shift };
  const radius = 165;
  const positions = content.ring.positions;
  const taken = view.phase === "place" ? view.piece : null;
  positions.forEach((position, i) => {
    const angle = (Math.PI * 2 * i) / positions.length - Math.PI / 2;
    const cx = centre.x + radius * Math.cos(angle);
    const cy = centre.y + 20 + radius * Math.sin(angle);
    const key = view.ring[i];
    const face = key
      ? cardFace(ctx, key, cx - CARD.w / 2, cy - CARD.h / 2, CARD.w, CARD.h, { "data-ring": position })
      : svg("g", { transform: `translate(${cx - CARD.w / 2},${cy - CARD.h / 2})`, "data-ring": position }, [
          svg("rect", { width: CARD.w, height: CARD.h, rx: 8, class: "koremon-slot" }),
        ]);
    if (taken === position) face.classList.add("koremon-current");
    if (renewed || refills.includes(position)) animate(face, "koremon-flip", ctx);
    parts.push(face);
    parts.push(text(cx, cy - CARD.h / 2 - 6, String(position), { "text-anchor": "middle", "font-size": 14, class: "koremon-muted" }));
    if (view.piece === position) {
      const px = centre.x + (radius - CARD.w * 0.78) * Math.cos(angle);
      const py = centre.y + 20 + (radius - CARD.w * 0.78) * Math.sin(angle);
      const piece = svg("g", { class: "koremon-winhart", "data-piece": position }, [
        svg("circle", { cx: px, cy: py, r: 17, class: "koremon-piece" }),
        text(px, py + 6, content.ring.piece[ctx.lang].slice(0, 1), { "text-anchor": "middle", "font-size": 17, fill: "#fff" }),
        svg("title", { text: content.ring.piece[ctx.lang] }),
      ]);
      if (rolled.length) animate(piece, "koremon-glow", ctx);
      parts.push(piece);
    }
  });
  // What the piece and the die mean.
  const legendY = 48 + (heading.length - 1) * 25;
  parts.push(svg("circle", { cx: 22, cy: legendY, r: 9, class: "koremon-piece" }));
  parts.push(text(38, legendY + 6, `${content.ring.piece[ctx.lang]}${view.die ? ` · ${word(ctx.lang, "last_roll", { die: view.die })}` : ""}`, { class: "koremon-label", "font-size": 15 }));
  parts.push(textLines(meaning, 10, legendY + 28, meaningSize, { class: "koremon-muted" }));
  // The deck in the middle and the die beside it: clicking the die rolls.
  parts.push(cardFace(ctx, null, centre.x - 40, centre.y - 20, 60, 80));
  parts.push(text(centre.x - 10, centre.y + 78, String(view.deck_count), { "text-anchor": "middle", "font-size": 15, class: "koremon-muted" }));
  const die = dieFace(centre.x + 30, centre.y, 44, view.die, content.die.meaning[ctx.lang]);
  if (rolled.length) animate(die, "koremon-roll", ctx);
  if (roll && ctx.interactive) offer(die, roll.action, ctx);
  parts.push(die);
  parts.push(text(centre.x + 52, centre.y + 62, word(ctx.lang, roll ? "roll" : "die"), { "text-anchor": "middle", "font-size": 14, class: roll ? "koremon-label koremon-strong" : "koremon-muted" }));

  // This seat's pyramid, larger, on the right (a spectator sees the first seat's there).
  const mainSeat = me ?? 0;
  const big = { w: 82, h: 62 };
  const bigSize = pyramidSize(ctx, big.w, big.h);
  const targets = {};
  if (ctx.interactive) for (const { action, match } of places) targets[match[1]] = action;
  const bx = narrow ? (width - bigSize.width) / 2 : 520;
  const by = narrow ? 600 + shift : 60; // the pyramid's heading: beside the ring, or below it
  const instruction = places.length && view.ring[view.piece - 1]
    ? word(ctx.lang, "take_slot", { card: cardName(ctx, view.ring[view.piece - 1]) })
    : me !== null ? word(ctx.lang, "your_pyramid") : word(ctx.lang, "pyramid_of", { name: seatName(ctx, mainSeat) });
  const hx = narrow ? 10 : bx;
  const said = wrapText(instruction, 17, width - hx - 10);
  const py = by + (said.length - 1) * 21; // below the instruction's last line
  parts.push(textLines(said, hx, by, 17, { class: "koremon-label koremon-strong" }));
  parts.push(text(hx, py + 24, seatLine(ctx, view, mainSeat), { class: "koremon-muted", "font-size": 15 }));
  parts.push(
    pyramidGroup(ctx, view.pyramids[mainSeat], bx, py + 40, big.w, big.h, {
      targets,
      fresh: placed.filter((event) => event.seat === mainSeat).map((event) => event.slot),
      label: word(ctx.lang, "pyramid_of", { name: seatName(ctx, mainSeat) }),
    }),
  );
  let y = narrow ? py + 40 + bigSize.height + 20 : Math.max(py + 40 + bigSize.height, 562 + shift) + 16;

  // The other seats' pyramids, four to a row.
  const small = { w: 40, h: 34 };
  const smallSize = pyramidSize(ctx, small.w, small.h);
  const panelW = 242;
  const panelH = smallSize.height + 62;
  const others = view.pyramids.map((_, seat) => seat).filter((seat) => seat !== mainSeat);
  const perRow = narrow ? 2 : 4;
  others.forEach((seat, k) => {
    const px = 4 + (k % perRow) * (panelW + 8);
    const py = y + Math.floor(k / perRow) * (panelH + 8);
    const active = (prompt.pending || []).includes(seat);
    parts.push(svg("rect", { x: px, y: py, width: panelW, height: panelH, rx: 8, class: active ? "koremon-panel-active" : "koremon-panel" }));
    parts.push(text(px + 8, py + 20, shortName(ctx, seat, 14), { class: "koremon-label koremon-strong", "font-size": 15 }));
    parts.push(text(px + 8, py + 40, seatLine(ctx, view, seat), { class: "koremon-muted", "font-size": 13 }));
    parts.push(
      pyramidGroup(ctx, view.pyramids[seat], px + (panelW - smallSize.width) / 2, py + 52, small.w, small.h, {
        fresh: placed.filter((event) => event.seat === seat).map((event) => event.slot),
        label: word(ctx.lang, "pyramid_of", { name: seatName(ctx, seat) }),
      }),
    );
  });
  y += Math.ceil(others.length / perRow) * (panelH + 8);

  finish(root, width, y, content.title[ctx.lang], parts);
}

function seatLine(ctx, view, seat) {
  const count = Object.keys(view.pyramids[seat]).length;
  const turn = view.turn === seat && !view.over ? ` · ${word(ctx.lang, "to_move")}` : "";
  return `${word(ctx.lang, "score", { score: signed(view.scores[seat]) })} · ${word(ctx.lang, "cards", { count })}${turn}`;
}
