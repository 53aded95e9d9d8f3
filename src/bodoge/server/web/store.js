// What the browser remembers (localStorage): the display name, the guest token, and the seat
// credential of each table this browser sits at (so a reload continues the game).
const KEY = "bodoge.";

function read(name, fallback) {
  try {
    const text = localStorage.getItem(KEY + name);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

function write(name, value) {
  try {
    localStorage.setItem(KEY + name, JSON.stringify(value));
  } catch {
    // storage full or disabled: the page still works, it just forgets on reload
  }
}

export const loadName = () => read("name", "");
export const saveName = (name) => write("name", name);
export const loadGuest = () => read("guest", null); // {token, name}
export const saveGuest = (guest) => write("guest", guest);
export const loadLang = () => read("lang", null);
export const saveLang = (lang) => write("lang", lang);

export function seatAt(tableId) {
  return read("seats", {})[tableId] || null; // {seat, credential, invite}
}

export function saveSeat(tableId, seat) {
  const seats = read("seats", {});
  seats[tableId] = { ...(seats[tableId] || {}), ...seat };
  write("seats", seats);
}
