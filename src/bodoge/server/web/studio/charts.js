// The balance run's charts, drawn as SVG by the page (no library): win rates with their 95%
// intervals, score ranges, and each stone's winners by place. Each chart scales to its box, so
// it reads at phone width.
import { h } from "../dom.js";
import { t } from "../i18n.js";

const NS = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}, text = null) => {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  if (text !== null) element.textContent = text;
  return element;
};
const pct = (value) => `${(100 * value).toFixed(1)}%`;

// Horizontal bars: rows of {label, rate, low, high, mark}; a dashed line at `fair`.
export function rateChart(title, rows, fair = null) {
  const width = 320;
  const row = 26;
  const left = 90;
  const height = rows.length * row + 24;
  const scale = (value) => left + value * (width - left - 50);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "studio-chart", role: "img", "aria-label": title });
  rows.forEach((entry, i) => {
    const y = 8 + i * row;
    chart.append(
      svg("text", { x: 4, y: y + 14, class: "chart-label" }, entry.label),
      svg("rect", { x: left, y, width: Math.max(1, scale(entry.rate) - left), height: 18, class: entry.mark ? "bar marked" : "bar" }),
      svg("line", { x1: scale(entry.low), x2: scale(entry.high), y1: y + 9, y2: y + 9, class: "whisker" }),
      svg("text", { x: scale(1) + 4, y: y + 14, class: "chart-value" }, pct(entry.rate)),
    );
  });
  if (fair !== null) {
    chart.append(svg("line", { x1: scale(fair), x2: scale(fair), y1: 4, y2: height - 16, class: "fair" }));
  }
  chart.append(svg("text", { x: left, y: height - 2, class: "chart-axis" }, "0%"), svg("text", { x: scale(1) - 20, y: height - 2, class: "chart-axis" }, "100%"));
  return figure(title, chart);
}

// Score ranges per seat: min-max line, p25-p75 box, the median.
export function scoreChart(title, rows) {
  const width = 320;
  const row = 26;
  const left = 90;
  const top = Math.max(1, ...rows.map((entry) => entry.scores.max || 0));
  const scale = (value) => left + (value / top) * (width - left - 20);
  const height = rows.length * row + 24;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "studio-chart", role: "img", "aria-label": title });
  rows.forEach((entry, i) => {
    const y = 8 + i * row;
    const s = entry.scores;
    chart.append(
      svg("text", { x: 4, y: y + 14, class: "chart-label" }, entry.label),
      svg("line", { x1: scale(s.min), x2: scale(s.max), y1: y + 9, y2: y + 9, class: "whisker" }),
      svg("rect", { x: scale(s.p25), y, width: Math.max(1, scale(s.p75) - scale(s.p25)), height: 18, class: "bar" }),
      svg("line", { x1: scale(s.median), x2: scale(s.median), y1: y, y2: y + 18, class: "median" }),
    );
  });
  chart.append(svg("text", { x: left, y: height - 2, class: "chart-axis" }, "0"), svg("text", { x: scale(top) - 16, y: height - 2, class: "chart-axis" }, String(top)));
  return figure(title, chart);
}

// Each stone: a stacked bar of how often the winner of each place (1st, 2nd, ..., shared,
// nobody) won it.
// `label(name)`: the words of a stone's name in the figures ("tile red3", "small c4")
export function stoneChart(title, stones, label = (name) => name) {
  const names = Object.keys(stones);
  const places = [...new Set(names.flatMap((name) => Object.keys(stones[name])))].sort();
  const width = 320;
  const row = 22;
  const left = 100;
  const height = names.length * row + 40;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "studio-chart", role: "img", "aria-label": title });
  names.forEach((name, i) => {
    const y = 6 + i * row;
    const counts = stones[name];
    const total = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
    let x = left;
    chart.append(svg("text", { x: 4, y: y + 13, class: "chart-label", "data-stone": name }, label(name)));
    for (const place of places) {
      const part = ((counts[place] || 0) / total) * (width - left - 10);
      if (part > 0) {
        const bar = svg("rect", { x, y, width: part, height: 16, class: `place place-${place}` });
        bar.append(svg("title", {}, `${placeName(place)}: ${counts[place]}`));
        chart.append(bar);
      }
      x += part;
    }
  });
  let x = 4;
  for (const place of places) {
    chart.append(svg("rect", { x, y: height - 16, width: 10, height: 10, class: `place place-${place}` }), svg("text", { x: x + 13, y: height - 7, class: "chart-axis" }, placeName(place)));
    x += 70;
  }
  return figure(title, chart);
}

function placeName(place) {
  if (place === "shared") return t("studio_place_shared");
  if (place === "none") return t("studio_place_none");
  return t("studio_place_n", { n: place });
}

function figure(title, chart) {
  return h("figure", { class: "studio-figure" }, h("figcaption", {}, title), chart);
}
