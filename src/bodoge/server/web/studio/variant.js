// #/variant/KEY: a variant's page as a table names it (its `content` option): the name, the
// author and version, what differs from the built-in content, and the game's rules.
import { api } from "../api.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { errorText, homeLink } from "../views.js";

const known = new Map(); // key -> the server's answer (a promise), for the lobby's lines

export function variantInfo(key) {
  if (!known.has(key)) {
    known.set(key, api("GET", `/api/variants/content/${encodeURIComponent(key)}`).catch((error) => {
      known.delete(key);
      throw error;
    }));
  }
  return known.get(key);
}

// The lobby's line for a table with a variant: "Variant: NAME by AUTHOR", a link to its page.
export function variantLine(options) {
  const key = options?.content;
  if (typeof key !== "string" || !key.startsWith("variant:")) return null;
  const line = h("a", { class: "variant-line", href: `#/variant/${key}` }, "…");
  variantInfo(key)
    .then((found) => {
      line.textContent = t("variant_lobby", { name: found.name, author: found.author });
    })
    .catch(() => {
      line.textContent = key.slice(0, 16);
    });
  return line;
}

export function variantPage(main, key) {
  let found = null;
  let failure = null;
  const render = () => {
    main.replaceChildren(
      h(
        "section",
        { class: "panel variant-page" },
        homeLink(),
        failure ? h("p", { class: "notice" }, errorText(failure)) : null,
        found
          ? [
              h("h1", {}, t("variant_title", { name: found.name })),
              h("p", {}, t("variant_by", { author: found.author, version: found.version })),
              h("h2", {}, t("variant_differences")),
              found.differences.length
                ? h("ul", { id: "variant-differences" }, found.differences.map((d) => h("li", {}, d[lang] || d.en)))
                : h("p", {}, t("variant_same")),
              h("p", {}, h("a", { href: `#/rules/${found.game}` }, t("rules"))),
              found.id ? h("p", {}, h("a", { href: `#/studio/${found.game}/${found.id}` }, t("variant_open"))) : null,
            ]
          : failure
            ? null
            : h("p", {}, t("loading")),
      ),
    );
  };
  render();
  variantInfo(key)
    .then((answer) => {
      found = answer;
    })
    .catch((error) => {
      failure = error;
    })
    .finally(render);
  return { render };
}
