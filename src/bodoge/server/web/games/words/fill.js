// A template's placeholders filled in: "{name}" is the value; "{n:card|cards}" is the count with
// the noun it takes ("1 card", "3 cards", "−1 pt"), so English counts agree with their nouns.
export function fill(template, params = {}) {
  return template.replace(/\{(\w+)(?::([^|{}]+)\|([^{}]+))?\}/g, (_, name, one, many) => {
    const value = String(params[name] ?? "");
    if (one === undefined) return value;
    const count = Math.abs(Number(value.replace("−", "-")));
    return `${value} ${count === 1 ? one : many}`;
  });
}
