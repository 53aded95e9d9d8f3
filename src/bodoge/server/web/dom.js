// A tiny element builder: h("button", {class: "x", onclick: fn, "data-action": "a"}, "text", child).
// Attributes named on* become listeners; text and nodes are children; null/false are skipped.
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      element.className = value;
    } else if (name === "value" || name === "checked" || name === "selected") {
      element[name] = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Buttons made of other elements (role="button") answer Enter and Space like real buttons.
export function pressable(element, handler) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.addEventListener("click", handler);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handler(event);
    }
  });
  return element;
}

export const reducedMotion = () =>
  window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// A number as the page writes it: a negative one with the minus sign ("−7"), as in print.
export function signed(value) {
  return typeof value === "number" && value < 0 ? `−${-value}` : String(value);
}
