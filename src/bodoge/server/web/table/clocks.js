// The seats' clocks on the table page: each seat's time left from the last update (the running
// one counted down here between updates), a clock that ran out marked, and the clock's settings.
import { h } from "../dom.js";
import { t } from "../i18n.js";

// A seat's time left in whole seconds: `clock` as the last update had it, at `since` (ms).
function secondsLeft(clock, since) {
  let left = clock.remaining;
  if (clock.running) left -= (Date.now() - since) / 1000;
  return Math.max(0, Math.ceil(left));
}

function clockText(left) {
  const two = (n) => String(n).padStart(2, "0");
  const [days, hours, minutes, seconds] = [
    Math.floor(left / 86400),
    Math.floor((left % 86400) / 3600),
    Math.floor((left % 3600) / 60),
    left % 60,
  ];
  if (days) return t("clock_days", { d: days, hms: `${two(hours)}:${two(minutes)}` });
  if (hours) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}

// One seat's clock as the seats panel shows it.
export function clockElement(clock, since) {
  const left = secondsLeft(clock, since);
  const state = [clock.running ? "running" : "", left <= 0 ? "out" : ""].filter(Boolean).join(" ");
  return h(
    "span",
    {
      class: `seat-clock ${state}`.trim(),
      "data-seat": clock.seat,
      "data-running": String(clock.running),
      title: t("time_left"),
      "aria-label": `${t("time_left")} ${clockText(left)}`,
    },
    clockText(left),
  );
}

// Only the running clocks' numbers change each second, so nothing else in the list (the
// take-back button, a focus) is redrawn under the person's hand.
export function tickClocks(list, clocks, since) {
  for (const clock of clocks || []) {
    if (!clock.running) continue;
    list.querySelector(`.seat-clock[data-seat="${clock.seat}"]`)?.replaceWith(clockElement(clock, since));
  }
}

// The clock's settings in words ("1 minute and 5 seconds a move", ...).
export function clockKindText(clock) {
  return clock.kind === "realtime"
    ? t("clock_is_realtime", { bank: duration(clock.bank), increment: duration(clock.increment) })
    : t("clock_is_turn", { per_move: duration(clock.per_move) });
}

function duration(seconds) {
  const units = [
    [86400, "unit_days"],
    [3600, "unit_hours"],
    [60, "unit_minutes"],
  ];
  for (const [size, key] of units) {
    if (seconds >= size && seconds % size === 0) return t(key, { n: seconds / size });
  }
  return t("unit_seconds", { n: seconds });
}
