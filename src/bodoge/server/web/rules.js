// #/rules/GAME: the game's rules page, as the server renders it from docs/games/ (both languages).
import { api, game } from "./api.js";
import { h } from "./dom.js";
import { homeLink } from "./views.js";
import { lang, t } from "./i18n.js";

export function rulesPage(main, gameId) {
  let rules = null;
  let info = null;
  let failure = null;
  const render = () => {
    const body = h("div", { class: "rules-text" });
    if (rules) {
      body.innerHTML = rules[lang] || rules.en; // the server's own rendered docs
      // the docs page opens with the game's name, which the page's own heading already says
      const first = body.firstElementChild;
      if (first && first.tagName === "H1") first.remove();
    }
    main.replaceChildren(
      h(
        "section",
        { class: "panel rules" },
        homeLink(),
        h("h1", {}, info ? info.title[lang] : gameId, " — ", t("rules")),
        failure ? h("p", { class: "notice" }, failureText(failure)) : null,
        rules ? body : failure ? null : h("p", {}, t("loading")),
      ),
    );
  };
  render();
  Promise.all([game(gameId), api("GET", `/api/games/${gameId}/rules`)])
    .then(([found, text]) => {
      info = found;
      rules = text;
    })
    .catch((error) => {
      failure = error;
    })
    .finally(render);
  return { render };
}

function failureText(error) {
  return error.code === "missing" ? t("rules_missing") : error.words[lang];
}
