// The studio's Monster Hex board editor: the board's text map (doubled coordinates, as
// bodoge/games/monster_hex/hexgrid.py reads it) drawn as hexes with a ring of off-board places
// around it. A click cycles a place: off-board -> empty -> start -> small stone -> large stone ->
// off-board. Two neighbouring "small stone" hexes make one small stone on the edge between them
// (the file's small_stones pair); the hexes themselves stay placeable.
import { t } from "../i18n.js";

const NS = "http://www.w3.org/2000/svg";
const R = 20;
const CYCLE = ["off", "empty", "start", "small", "large"];
const CHAR = { empty: ".", start: "S", small: ".", large: "L" };
const ROWS = "abcdefghijklmnopqrstuvwxyz";
const DIRS = [[1, -1], [2, 0], [1, 1], [-1, 1], [-2, 0], [-1, -1]]; // doubled (x, y) steps

const svg = (tag, attrs = {}) => {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  return element;
};

// {"x,y": kind} of a board section, small stones marked on their hexes.
export function cellsOf(board, marks = []) {
  const cells = {};
  (board.map || []).forEach((row, y) => {
    [...String(row)].forEach((char, x) => {
      if (char === " ") return;
      cells[`${x},${y}`] = char === "S" ? "start" : char === "L" ? "large" : "empty";
    });
  });
  const named = labels(cells);
  const byLabel = Object.fromEntries(Object.entries(named).map(([key, label]) => [label, key]));
  for (const pair of board.small_stones || []) {
    for (const label of pair) {
      const key = byLabel[String(label).toLowerCase()];
      if (key && cells[key] === "empty") cells[key] = "small";
    }
  }
  for (const key of marks) if (cells[key] === "empty") cells[key] = "small"; // not paired yet
  return cells;
}

// Each hex's label, as hexgrid.labels names it: row letter, then its place in the row.
function labels(cells) {
  const rows = [...new Set(Object.keys(cells).map((key) => Number(key.split(",")[1])))].sort((a, b) => a - b);
  const named = {};
  rows.forEach((y, index) => {
    const inRow = Object.keys(cells)
      .filter((key) => Number(key.split(",")[1]) === y)
      .map((key) => Number(key.split(",")[0]))
      .sort((a, b) => a - b);
    inRow.forEach((x, place) => {
      named[`${x},${y}`] = `${ROWS[index] || "?"}${place + 1}`;
    });
  });
  return named;
}

// The board section with `cells` written back: the map's rows (shifted to start at row 0 and
// column 0, keeping the grid's parity), the small stones paired from their marked hexes, and
// fixed_tiles dropped when the large stones no longer number as many. Returns [section, the
// "small stone" hexes not paired yet (kept by the page until a neighbour pairs them)].
export function withCells(board, cells) {
  const keys = Object.keys(cells).filter((key) => cells[key] !== "off");
  const next = { ...board };
  if (!keys.length) {
    next.map = [];
    next.small_stones = [];
    return [next, []];
  }
  const points = keys.map((key) => key.split(",").map(Number));
  const minY = Math.min(...points.map(([, y]) => y));
  let minX = Math.min(...points.map(([x]) => x));
  if ((minX - minY) % 2) minX -= 1; // shift by (minX, minY) keeps x + y even
  const placed = {};
  for (const [x, y] of points) placed[`${x - minX},${y - minY}`] = cells[`${x},${y}`];
  const maxY = Math.max(...Object.keys(placed).map((key) => Number(key.split(",")[1])));
  const rows = [];
  for (let y = 0; y <= maxY; y++) {
    const xs = Object.keys(placed).filter((key) => Number(key.split(",")[1]) === y).map((key) => Number(key.split(",")[0]));
    const width = xs.length ? Math.max(...xs) + 1 : 0;
    const row = Array(width).fill(" ");
    for (const x of xs) row[x] = CHAR[placed[`${x},${y}`]];
    rows.push(row.join(""));
  }
  next.map = rows;
  const named = labels(placed);
  const pairs = [];
  const used = new Set();
  const marked = Object.keys(placed)
    .filter((key) => placed[key] === "small")
    .sort((a, b) => {
      const [ax, ay] = a.split(",").map(Number);
      const [bx, by] = b.split(",").map(Number);
      return ay - by || ax - bx;
    });
  for (const key of marked) {
    if (used.has(key)) continue;
    const [x, y] = key.split(",").map(Number);
    const other = DIRS.map(([dx, dy]) => `${x + dx},${y + dy}`).find((k) => placed[k] === "small" && !used.has(k));
    if (other) {
      used.add(key).add(other);
      pairs.push([named[key], named[other]]);
    }
  }
  next.small_stones = pairs;
  const large = Object.values(placed).filter((kind) => kind === "large").length;
  if (Array.isArray(next.fixed_tiles) && next.fixed_tiles.length !== large) delete next.fixed_tiles;
  return [next, marked.filter((key) => !used.has(key))];
}

// The editor: an SVG of the board's places; `onChange(board, marks)` at a click.
export function boardEditor(board, marks, onChange) {
  const cells = cellsOf(board, marks);
  const keys = Object.keys(cells).map((key) => key.split(",").map(Number));
  const xs = keys.map(([x]) => x);
  const ys = keys.map(([, y]) => y);
  const [x0, x1] = [Math.min(0, ...xs) - 2, Math.max(10, ...xs) + 2];
  const [y0, y1] = [Math.min(0, ...ys) - 1, Math.max(4, ...ys) + 1];
  const width = (x1 - x0 + 2) * R * 0.87;
  const height = (y1 - y0 + 2) * R * 1.5;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "studio-board",
    role: "img",
    "aria-label": t("studio_board_label"),
  });
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if ((x + y) % 2 !== 0) continue;
      const key = `${x},${y}`;
      const kind = cells[key] || "off";
      const cx = (x - x0 + 1) * R * 0.87;
      const cy = (y - y0 + 1) * R * 1.5;
      const points = [];
      for (let i = 0; i < 6; i++) {
        const angle = (Math.PI / 3) * i + Math.PI / 6;
        points.push(`${(cx + (R - 1) * Math.cos(angle)).toFixed(1)},${(cy + (R - 1) * Math.sin(angle)).toFixed(1)}`);
      }
      const group = svg("g", { class: `studio-hex kind-${kind}`, "data-place": key, "data-kind": kind, tabindex: 0, role: "button" });
      const title = svg("title");
      title.textContent = t(`studio_kind_${kind}`);
      group.append(title, svg("polygon", { points: points.join(" ") }));
      const mark = { start: "S", small: "s", large: "L" }[kind];
      if (mark) {
        const text = svg("text", { x: cx, y: cy + 5, "text-anchor": "middle" });
        text.textContent = mark;
        group.append(text);
      }
      const cycle = () => {
        const next = CYCLE[(CYCLE.indexOf(kind) + 1) % CYCLE.length];
        onChange(...withCells(board, { ...cells, [key]: next }));
      };
      group.addEventListener("click", cycle);
      group.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          cycle();
        }
      });
      root.append(group);
    }
  }
  return root;
}

// What the board holds, for the line under the editor.
export function boardCounts(board) {
  const cells = Object.values(cellsOf(board));
  return {
    placeable: cells.filter((kind) => kind !== "large").length,
    start: cells.filter((kind) => kind === "start").length,
    large: cells.filter((kind) => kind === "large").length,
    small: (board.small_stones || []).length,
  };
}
