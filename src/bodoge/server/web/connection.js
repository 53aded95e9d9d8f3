// One table's connection: the websocket (auth with the seat's credential, or watch), the last
// ply seen, reconnects with backoff from that ply, and moves/undos that wait for their answer.
// Moves go over the socket when it is open, else over HTTP; each has a client key, so resending
// after a lost answer is safe (the server answers "duplicate").
import { api } from "./api.js";

const FIRST_DELAY = 500;
const MAX_DELAY = 10000;
let keyCounter = 0;

function clientKey() {
  keyCounter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `web-${Date.now().toString(36)}-${random}-${keyCounter}`;
}

export class TableConnection {
  // handlers: onUpdate(update), onError(error {code, message}), onFatal(error), onState(open)
  constructor(tableId, credential, handlers) {
    this.tableId = tableId;
    this.credential = credential;
    this.handlers = handlers;
    this.lastPly = 0;
    this.prompt = null;
    this.socket = null;
    this.delay = FIRST_DELAY;
    this.closed = false;
    this.waiting = new Map(); // client key -> {message, resolve}
    this.timer = null;
  }

  start() {
    this.closed = false;
    this.open();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}`);
    this.socket = socket;
    let greeted = false;
    socket.addEventListener("open", () => {
      const hello = this.credential
        ? { type: "auth", credential: this.credential, last_ply: this.lastPly }
        : { type: "watch", last_ply: this.lastPly };
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "update") {
        if (!greeted) {
          greeted = true;
          this.delay = FIRST_DELAY;
          this.handlers.onState?.(true);
          this.resend(); // moves sent before a drop: same keys, so never played twice
        }
        this.lastPly = message.ply;
        this.prompt = message.prompt;
        this.handlers.onUpdate(message);
      } else if (message.type === "answer") {
        this.settle(message.client_key, message);
      } else if (message.type === "error") {
        if (!greeted) {
          this.closed = true; // refused at the door (bad credential, no spectators): no retry
          this.handlers.onFatal?.(message.error);
        } else {
          this.handlers.onError?.(message.error);
        }
      }
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.handlers.onState?.(false);
      if (this.closed) return;
      this.timer = setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, MAX_DELAY);
    });
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  // Send a move (an action's notation, or what the person typed); resolves with the answer.
  move(action) {
    return this.send({ type: "move", action, expected_ply: this.expectedPly() });
  }

  undo() {
    return this.send({ type: "undo", expected_ply: this.expectedPly() });
  }

  expectedPly() {
    return this.prompt ? this.prompt.ply : this.lastPly;
  }

  send(message) {
    const keyed = { ...message, client_key: clientKey() };
    return new Promise((resolve) => {
      this.waiting.set(keyed.client_key, { message: keyed, resolve });
      if (this.isOpen()) {
        this.socket.send(JSON.stringify(keyed));
      } else {
        this.overHttp(keyed);
      }
    });
  }

  resend() {
    for (const { message } of this.waiting.values()) this.socket.send(JSON.stringify(message));
  }

  async overHttp(message) {
    const { type, client_key, ...body } = message;
    const path = `/api/tables/${this.tableId}/${type === "move" ? "moves" : "undo"}`;
    try {
      const answer = await api("POST", path, {
        body: { ...body, client_key },
        credential: this.credential,
        answer: true,
      });
      this.settle(client_key, answer);
    } catch (error) {
      if (error.code === "offline") return; // kept: resent when the socket is back
      this.settle(client_key, { status: error.code, error: { code: error.code, message: error.words } });
    }
  }

  settle(key, answer) {
    const waiting = this.waiting.get(key);
    if (!waiting) return;
    this.waiting.delete(key);
    waiting.resolve(answer);
  }
}
