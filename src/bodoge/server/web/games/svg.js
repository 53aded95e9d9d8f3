// svg("rect", {x: 0, y: 0, width: 10, height: 10, class: "cell"}, [children]): an SVG element.
// Children are elements or strings (text nodes); attributes named on* become listeners.
const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, children = []) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// A clickable SVG element offering one action: focusable, labelled, Enter/Space like a click.
export function actionable(element, action, lang, choose) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", action.label[lang] || action.notation);
  element.setAttribute("data-action", action.notation);
  element.addEventListener("click", () => choose(action));
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(action);
    }
  });
  return element;
}
