// The studio's forms for Monster Hex: the boards on the hex drawing (a click changes a hex),
// each unit's rank and six edge powers, the stone tiles' points; and the names of the stones in
// a balance run's figures.
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { boardCounts, boardEditor } from "./board.js";

const RANKS = ["S", "A", "B", "C"];

export function monsterHexForms({ content, change, setIn, number, render }) {
  let board = "board_2p"; // the board being edited
  let marks = {}; // board section -> "small stone" hexes not paired yet

  const boardPanel = () => {
    const section = content()[board];
    return h("fieldset", { class: "studio-section" },
      h("legend", {}, t("studio_boards")),
      h("div", { class: "studio-tabs" }, ["board_2p", "board_3p", "board_4p"].map((key) =>
        h("button", { type: "button", class: key === board ? "on" : "", "data-board": key, onclick: () => { board = key; render(); } }, t(`studio_${key}`)))),
      h("p", { class: "studio-hint" }, t("studio_board_hint")),
      boardEditor(section, marks[board] || [], (next, unpaired) => {
        marks = { ...marks, [board]: unpaired };
        change({ ...content(), [board]: next });
      }),
      h("p", { class: "studio-counts", id: "studio-counts" }, t("studio_counts", boardCounts(section))));
  };

  const unitsPanel = () =>
    h("fieldset", { class: "studio-section" },
      h("legend", {}, t("studio_units")),
      h("p", { class: "studio-hint" }, t("studio_units_hint")),
      h("div", { class: "studio-units" }, content().units.unit.map((unit, index) =>
        h("div", { class: "studio-unit", "data-unit": unit.key },
          h("span", { class: "unit-key" }, unit.key, " ", unit[lang] || unit.en || ""),
          h("select", { "aria-label": t("studio_rank"), "data-field": "rank", onchange: (e) => setIn("units", "unit", index, "rank", e.target.value) },
            RANKS.map((r) => h("option", { value: r, selected: r === unit.rank }, r))),
          h("span", { class: "unit-edges" }, unit.edges.map((power, edge) =>
            h("input", {
              class: "edge", "data-edge": edge, "data-focus": `edge-${index}-${edge}`, value: power, inputmode: "numeric", size: 1, "aria-label": t("studio_edge", { n: edge + 1 }),
              oninput: (e) => {
                const edges = [...unit.edges];
                edges[edge] = number(e.target.value);
                setIn("units", "unit", index, "edges", edges);
              },
            })))))));

  // a stone tile is named by its faction's colour and its number among that colour's tiles
  // ("Red 2"), the words a designer reads, not its key in the file ("red3")
  const stoneName = (tile, index) => {
    const faction = content().units.faction?.find((f) => f.key === tile.color);
    const nth = content().stones.tile.slice(0, index + 1).filter((x) => x.color === tile.color).length;
    return t("studio_stone_tile", { colour: faction?.[lang] || faction?.en || tile.color, n: nth });
  };

  const stonesPanel = () =>
    h("fieldset", { class: "studio-section" },
      h("legend", {}, t("studio_stones")),
      h("div", { class: "studio-stones" }, content().stones.tile.map((tile, index) =>
        h("label", { class: "studio-stone", "data-tile": tile.key }, `${stoneName(tile, index)} `,
          h("input", { value: tile.value, "data-focus": `tile-${index}`, inputmode: "numeric", size: 2, oninput: (e) => setIn("stones", "tile", index, "value", number(e.target.value)) })))));

  return {
    players: [2, 3, 4],
    panels: () => [boardPanel(), unitsPanel(), stonesPanel()],
    // a stone in the run's figures: "tile red3" (a stone tile) or "small c4" (a small stone site)
    stoneLabel: (name) => {
      const [kind, key] = name.split(" ");
      const tiles = content().stones.tile;
      const index = tiles.findIndex((tile) => tile.key === key);
      if (kind === "tile" && index >= 0) return stoneName(tiles[index], index);
      return kind === "small" ? t("studio_small_stone", { site: key }) : name;
    },
  };
}
