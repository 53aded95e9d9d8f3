// The signed-in account of this browser (the HttpOnly session cookie, which no script reads):
// who it is, its CSRF token for writes, and the calls of the account routes. The page asks the
// server at load (GET /api/account); listeners redraw when it changes.
import { api, onNewGuest } from "./api.js";
import * as passkey from "./passkey.js";
import { loadGuest, loadName, saveName } from "./store.js";

export let account = null; // {id, name, display_name, has_password, passkeys, csrf} or null
const listeners = [];

export function onAccount(listener) {
  listeners.push(listener);
}

function set(next) {
  // Only a change redraws (a signed-out page at load stays as it is: no field loses its focus).
  if (JSON.stringify(next) === JSON.stringify(account)) return;
  account = next;
  if (next && !loadName()) saveName(next.display_name);
  for (const listener of listeners) listener(next);
}

export async function refresh() {
  try {
    set(await api("GET", "/api/account"));
  } catch (error) {
    if (error.code !== "unauthorized" && error.code !== "missing") throw error;
    set(null);
  }
  return account;
}

// Signing up or in sends this browser's guest token, if it has one: the account takes the guest
// row, so this device's tables are the account's (a guest made later is linked by the hook below).
async function post(path, body, { guest = false } = {}) {
  const token = guest ? loadGuest()?.token : undefined;
  return api("POST", path, { body, csrf: account?.csrf, token });
}

export async function signIn(name, password) {
  set(await post("/api/account/signin", { name, password }, { guest: true }));
}

export async function signUp(name, password) {
  set(await post("/api/account/signup", { name, password }, { guest: true }));
}

export async function signUpWithPasskey(name) {
  const challenge = await post("/api/account/passkeys/signup-options", { name });
  const credential = await passkey.create(challenge.options);
  const body = { challenge_id: challenge.challenge_id, credential };
  set(await post("/api/account/passkeys/signup", body, { guest: true }));
}

export async function signInWithPasskey() {
  const challenge = await post("/api/account/passkeys/signin-options");
  const credential = await passkey.get(challenge.options);
  const body = { challenge_id: challenge.challenge_id, credential };
  set(await post("/api/account/passkeys/signin", body, { guest: true }));
}

export async function signOut() {
  await post("/api/account/signout");
  set(null);
}

export async function addPasskey(label) {
  const challenge = await post("/api/account/passkeys/options");
  const credential = await passkey.create(challenge.options);
  await post("/api/account/passkeys", { challenge_id: challenge.challenge_id, credential, label });
  await refresh();
}

export async function removePasskey(id) {
  await post(`/api/account/passkeys/${encodeURIComponent(id)}/delete`);
  await refresh();
}

export async function changePassword(current, next) {
  await post("/api/account/password", { current: current || null, new: next });
  await refresh();
}

export async function rename(displayName) {
  await post("/api/account/name", { display_name: displayName });
  await refresh();
}

export async function deleteAccount(confirm) {
  await post("/api/account/delete", { confirm });
  set(null);
}


// The account's seat at a table, played on this device from now on: {seat, credential}.
export const seatHere = (tableId) => post(`/api/account/tables/${encodeURIComponent(tableId)}/seat`);

// The export as a file download (the JSON the server keeps about this person).
export async function download() {
  const data = await api("GET", "/api/account/export");
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "bodoge-account.json";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// A guest made while signed in (a new name in the lobby) is the account's too.
onNewGuest(async (token) => {
  if (account) await api("POST", "/api/account/guest", { token, csrf: account.csrf });
});
