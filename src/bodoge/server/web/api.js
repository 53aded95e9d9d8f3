// HTTP to the server's /api: JSON in and out, refusals as ApiError with the server's message in
// both languages. A route this server does not have (an older server) is code "missing".
import { loadGuest, saveGuest } from "./store.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message.en);
    this.status = status;
    this.code = code;
    this.words = message; // {en, ja}
  }
}

const MISSING = {
  en: "this server does not offer that",
  ja: "このサーバーはその機能に対応していません",
};
const OFFLINE = {
  en: "the server cannot be reached",
  ja: "サーバーに接続できません",
};

// answer: a move's or an undo's refusal is its answer ({status, error, prompt}), not an error.
// csrf: the session's token, for a write authenticated by the account's cookie (session.js).
export async function api(method, path, { body, token, credential, answer, csrf } = {}) {
  const headers = {};
  if (csrf) headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (credential) headers["X-Seat-Credential"] = credential;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "offline", OFFLINE);
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (response.ok) return data;
  if (answer && data && typeof data === "object" && data.status) return data;
  if (data && typeof data === "object" && data.error) {
    throw new ApiError(response.status, data.error.code, data.error.message);
  }
  if (response.status === 404 || response.status === 405) {
    throw new ApiError(response.status, "missing", MISSING);
  }
  throw new ApiError(response.status, "internal", { en: String(data), ja: String(data) });
}

// The guest token for this display name (a new guest when the name changed).
export async function guestToken(name) {
  const guest = loadGuest();
  if (guest && guest.name === name) return guest.token;
  const made = await api("POST", "/api/guests", { body: { name } });
  saveGuest({ token: made.token, name });
  await newGuestHook?.(made.token); // signed in: the account takes the new guest (session.js)
  return made.token;
}

let newGuestHook = null;
export function onNewGuest(hook) {
  newGuestHook = hook;
}

let gamesCache = null;
export async function games() {
  gamesCache ??= api("GET", "/api/games").catch((error) => {
    gamesCache = null;
    throw error;
  });
  return gamesCache;
}

export async function game(id) {
  return (await games()).find((g) => g.id === id) || null;
}

// The routes this server has, from its OpenAPI description: the page offers a control (rules,
// replays, rematch, taking a seat back) only when the server has the route behind it.
const FEATURES = {
  rules: /^\/api\/games\/\{[^}]+\}\/rules$/,
  replay: /^\/api\/tables\/\{[^}]+\}\/replay\/\{[^}]+\}$/,
  rematch: /^\/api\/tables\/\{[^}]+\}\/rematch$/,
  return: /^\/api\/tables\/\{[^}]+\}\/return$/,
};
let schemaCache = null;
const schema = () => (schemaCache ??= api("GET", "/openapi.json").catch(() => ({})));

export async function offers(feature) {
  const paths = Object.keys((await schema()).paths || {});
  return paths.some((path) => FEATURES[feature].test(path));
}

// The clock kinds a new table may have: every "kind" value the schema of TableIn.clock allows
// (through its $refs, anyOf and oneOf). Null when the schema does not say.
export async function clockKinds() {
  const whole = await schema();
  const found = new Set();
  const seen = new Set();
  const walk = (node) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (node.$ref) walk(whole.components?.schemas?.[node.$ref.split("/").pop()]);
    for (const part of [...(node.anyOf || []), ...(node.oneOf || []), ...(node.allOf || [])]) walk(part);
    const kind = node.properties?.kind;
    if (kind) {
      if (kind.const !== undefined) found.add(kind.const);
      for (const value of kind.enum || []) found.add(value);
    }
  };
  walk(whole.components?.schemas?.TableIn?.properties?.clock);
  return found.size ? [...found] : null;
}
