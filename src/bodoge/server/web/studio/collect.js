// The studio's form for Collect!: how many cards of each animal the deck holds (the names are
// the studio's words; the animals, their order and abilities stay bodoge's), and the total the
// two decks share.
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function collectForms({ content, setIn, number }) {
  const animals = () => content().animals.animal;

  const countsPanel = () => {
    const total = animals().reduce((sum, animal) => sum + (Number.isInteger(animal.count) ? animal.count : 0), 0);
    return h("fieldset", { class: "studio-section" },
      h("legend", {}, t("studio_collect_counts")),
      h("p", { class: "studio-hint" }, t("studio_collect_hint")),
      h("div", { class: "studio-stones" }, animals().map((animal, index) =>
        h("label", { class: "studio-stone", "data-animal": animal.key }, `${t(`studio_animal_${animal.key}`)} `,
          h("input", { value: animal.count, "data-focus": `count-${index}`, inputmode: "numeric", size: 2, oninput: (e) => setIn("animals", "animal", index, "count", number(e.target.value)) })))),
      h("p", { class: "studio-counts", id: "studio-counts" }, t("studio_collect_total", { total, deck: Math.floor(total / 2) })));
  };

  return {
    players: [2, 3, 4], // team mode (2 vs 2) is an option of 4-player tables
    panels: () => [countsPanel()],
  };
}
