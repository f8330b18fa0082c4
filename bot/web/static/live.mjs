// The live connection: a WebSocket the server sends each new state of the channel's game over.
// The page says which state it shows (`key`), so the server sends only what is newer; a closed
// connection is opened again at once, then every second at most, so that a page is back within
// a second of a restarted server.

import { app, word } from "./state.mjs";
import { authenticate } from "./signin.mjs";
import { showError, showNotice } from "./view.mjs";
import { showNoGame, showState } from "./game.mjs";
import { inLobby, lobbyChanged, refreshLobby } from "./lobby.mjs";

const PING_SECONDS = 25;
export const LONGEST_RETRY_WAIT = 1000;

/** Milliseconds before reconnection attempt `attempt + 1` (0, the first, comes soon). A wait
 * of a second costs a server nothing; a longer one is what keeps a page away after a restart.
 * @param {number} attempt */
export function retryWait(attempt) {
  return Math.min(LONGEST_RETRY_WAIT, 250 * 2 ** attempt);
}

/** The state a page shows, as the server compares it (what it need not send again).
 * @param {import("./state.mjs").Json | null} state */
export function stateKey(state) {
  if (!state) return null;
  return JSON.stringify([state.id, state.revision, state.draw_offered_by, state.takeback_by, state.active]);
}

/** Open the live connection anew (a new session, or the lobby shown or left): the old one is
 * closed without reconnecting. */
export function restartLive() {
  const old = app.socket;
  app.socket = null;
  if (old) old.close();
  openLive();
}

export function openLive() {
  const url = new URL("api/live", window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  const socket = new WebSocket(url);
  app.socket = socket;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let pinger;
  let answered = true;
  socket.addEventListener("open", () => {
    performance.mark("board:live");
    app.retry = 0;
    document.body.dataset.live = "true";
    showNotice("");
    const lobby = inLobby();
    socket.send(JSON.stringify({ t: "hello", session: app.session, key: stateKey(app.state), lobby }));
    if (lobby) refreshLobby(); // what changed while it was away
    pinger = setInterval(() => {
      if (!answered) { socket.close(); return; } // no pong: the connection is gone
      answered = false;
      socket.send(JSON.stringify({ t: "ping", session: app.session }));
    }, PING_SECONDS * 1000);
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.t === "pong") answered = true;
    else if (message.t === "state") showState(message.state);
    else if (message.t === "none") showNoGame();
    else if (message.t === "lobby") lobbyChanged();
    else if (message.t === "error") showError(message.error);
  });
  socket.addEventListener("close", async (event) => {
    clearInterval(pinger);
    document.body.dataset.live = "false";
    if (app.socket !== socket) return;
    if (event.code === 4001) await authenticate(); // the session ended: a new one first
    showNotice(word("web.reconnecting"));
    const wait = retryWait(app.retry);
    app.retry += 1;
    setTimeout(openLive, wait);
  });
}
