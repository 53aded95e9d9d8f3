// The studio's form for the four Koremon games' shared card list: each species' names in both
// languages, rank (1-5), points (what a won card scores in Trick the Monster) and count, and
// the Mimics' count and points. The first column names each species in both languages as the
// list names it. The player counts are each game's (its GameInfo).
import { h } from "../dom.js";
import { t } from "../i18n.js";

const PLAYERS = {
  koremon_auction: [3, 4, 5, 6],
  koremon_hunt: [3, 4, 5, 6, 7, 8],
  koremon_trick: [3, 4, 5, 6],
  koremon_evolution: [2, 3, 4, 5],
};

// A species as the designer named it, both languages (its key, which never changes, is the
// row's tooltip and data-species): the names as typed, the key where a name is left blank.
function speciesNames(item) {
  const en = String(item.en ?? "").trim() || item.key;
  const ja = String(item.ja ?? "").trim() || item.key;
  return [h("span", { lang: "en" }, en), h("br"), h("span", { lang: "ja" }, ja)];
}

export function koremonForms(game) {
  return ({ content, change, number }) => {
    const setSpecies = (index, key, value) => {
      const species = content().species.map((item, i) => (i === index ? { ...item, [key]: value } : item));
      change({ ...content(), species });
    };
    const setMimic = (key, value) => change({ ...content(), mimic: { ...content().mimic, [key]: value } });
    const cell = (value, focus, label, oninput, size = 2) =>
      h("input", { value, "data-focus": focus, "aria-label": label, size, inputmode: size <= 3 ? "numeric" : "text", oninput });

    const speciesPanel = () =>
      h("fieldset", { class: "studio-section" },
        h("legend", {}, t("studio_cards")),
        h("p", { class: "studio-hint" }, t("studio_cards_hint")),
        h("table", { class: "studio-cards" },
          h("thead", {}, h("tr", {}, ["studio_card_key", "studio_card_en", "studio_card_ja", "studio_rank", "studio_card_points", "studio_card_count"].map((w) => h("th", {}, t(w))))),
          h("tbody", {}, content().species.map((item, index) =>
            h("tr", { "data-species": item.key },
              h("td", { class: "unit-key studio-card-names", title: item.key }, ...speciesNames(item)),
              h("td", {}, cell(item.en, `en-${index}`, t("studio_card_en"), (e) => setSpecies(index, "en", e.target.value), 12)),
              h("td", {}, cell(item.ja, `ja-${index}`, t("studio_card_ja"), (e) => setSpecies(index, "ja", e.target.value), 12)),
              h("td", {}, cell(item.rank, `rank-${index}`, t("studio_rank"), (e) => setSpecies(index, "rank", number(e.target.value)))),
              h("td", {}, cell(item.points, `points-${index}`, t("studio_card_points"), (e) => setSpecies(index, "points", number(e.target.value)))),
              h("td", {}, cell(item.count, `count-${index}`, t("studio_card_count"), (e) => setSpecies(index, "count", number(e.target.value)))))))));

    const mimicPanel = () => {
      const mimic = content().mimic;
      return h("fieldset", { class: "studio-section" },
        h("legend", {}, t("studio_mimics")),
        h("label", {}, `${t("studio_card_count")} `,
          cell(mimic.count, "mimic-count", t("studio_mimic_count"), (e) => setMimic("count", number(e.target.value)))),
        " ",
        h("label", {}, `${t("studio_card_points")} `,
          cell(mimic.points, "mimic-points", t("studio_mimic_points"), (e) => setMimic("points", number(e.target.value)))));
    };

    return { players: PLAYERS[game], panels: () => [speciesPanel(), mimicPanel()] };
  };
}
