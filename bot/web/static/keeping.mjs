// What the signed-in user keeps about the game shown: their private notes on it and its turns
// (`api/mine`, `api/note`), for a watcher of a game being played, following it by direct
// message (`api/follow`), and for a player, their queued lines (`api/line`, typed as for
// /premove, or built by clicks: lining.mjs). The server answers only with the user's own: no one else's note or line can reach
// this page.

import { app, $, myColour, myTurn, word } from "./state.mjs";
import { call } from "./api.mjs";

/** @typedef {import("./state.mjs").Json} Json */

/** The turn a note written now is on: the turn shown in the history (0 for the start: the whole
 * game), else the turn being played, or the whole game once it is over. */
export function noteTurn() {
  const state = app.state;
  if (!state) return 0;
  if (app.history) return app.history.turn;
  return state.active ? state.turns + 1 : 0;
}

/** Ask the server for the user's notes and follow of the game shown. */
export async function loadMine() {
  const state = app.state;
  if (!state || !app.session) return;
  try {
    const mine = await call("GET", `api/mine?game=${state.id}`);
    if (app.state && app.state.id === state.id) showMine(mine);
  } catch (error) {
    say(/** @type {Error} */ (error).message);
  }
}

/** @param {Json} mine */
function showMine(mine) {
  app.mine = mine;
  app.noteShown = null; // the note box is filled anew for the turn shown
  renderKeeping();
}

/** Queue `line` built by clicks (moves separated by `;`, as /premove takes it); a refusal is
 * thrown, for the builder to say under the board. @param {string} line */
export async function queueLine(line) {
  const state = app.state;
  if (!state) return;
  showMine(await call("POST", "api/line", { game: state.id, line }));
  say(word("web.line_queued"));
}

/** @param {string} path @param {Record<string, unknown>} body */
async function keep(path, body) {
  const state = app.state;
  if (!state) return;
  for (const id of ["note-keep", "follow", "line-queue"]) /** @type {HTMLButtonElement} */ ($(id)).disabled = true;
  try {
    const mine = await call("POST", path, { game: state.id, ...body });
    showMine(mine);
    const queued = path === "api/line" && "line" in body;
    if (queued) /** @type {HTMLTextAreaElement} */ ($("line-text")).value = "";
    say(path === "api/note" ? word("web.note_kept") : queued ? word("web.line_queued") : "");
  } catch (error) {
    say(/** @type {Error} */ (error).message);
    renderKeeping();
  }
}

/** @param {string} sentence */
function say(sentence) {
  const box = $("keeping-message");
  box.textContent = sentence;
  box.hidden = !sentence;
}

/** Draw the panel: the note on the turn shown, the list of the user's notes, Follow. */
export function renderKeeping() {
  const state = app.state;
  const mine = app.mine;
  $("keeping").hidden = !state || !mine;
  if (!state || !mine) return;
  const turn = noteTurn();
  $("note-label").textContent = turn === 0
    ? word("web.note_on_game")
    : word("web.note_on_turn", { turn });
  const box = /** @type {HTMLTextAreaElement} */ ($("note-text"));
  if (app.noteShown !== turn) { // a turn newly shown: its note, if any, to edit
    const found = mine.notes.find((/** @type {Json} */ note) => note.turn === turn);
    box.value = found ? found.text : "";
    app.noteShown = turn;
  }
  /** @type {HTMLButtonElement} */ ($("note-keep")).disabled = false;
  const list = mine.notes.map((/** @type {Json} */ note) => {
    const item = document.createElement("li");
    const where = note.turn === 0 ? word("web.note_whole_game") : word("web.note_turn", { turn: note.turn });
    const label = document.createElement("strong");
    label.textContent = `${where}: `;
    item.append(label, document.createTextNode(note.text));
    return item;
  });
  $("note-list").replaceChildren(...list);
  const follow = /** @type {HTMLButtonElement} */ ($("follow"));
  follow.hidden = mine.following === null || Boolean(myColour());
  follow.disabled = false;
  follow.textContent = mine.following ? word("web.unfollow") : word("web.follow");
  follow.setAttribute("aria-pressed", mine.following ? "true" : "false");
  $("following").textContent = mine.following ? word("web.following") : "";
  renderLines(mine.lines);
}

/** A player's queued lines, each with Withdraw, and the box that queues one on the opponent's
 * turn (hidden for a watcher, and once the game is over). @param {Json | null} lines */
function renderLines(lines) {
  $("lines").hidden = !lines;
  if (!lines) return;
  /** @type {HTMLButtonElement} */ ($("line-queue")).disabled = false;
  const waiting = !myTurn();
  for (const id of ["line-label", "line-text", "line-queue"]) $(id).hidden = !waiting;
  const list = lines.map((/** @type {Json} */ line) => {
    const item = document.createElement("li");
    for (const [move, mine] of line.steps) {
      const step = document.createElement("code");
      step.textContent = move;
      if (mine) step.className = "mine";
      item.append(mine ? " → " : " ", step);
    }
    const withdraw = document.createElement("button");
    withdraw.type = "button";
    withdraw.textContent = word("web.line_withdraw");
    withdraw.addEventListener("click", () => keep("api/line", { withdraw: line.number }));
    item.append(" ", withdraw);
    return item;
  });
  $("line-list").replaceChildren(...list);
}

export function wireKeeping() {
  $("note-keep").addEventListener("click", () => {
    const text = /** @type {HTMLTextAreaElement} */ ($("note-text")).value;
    keep("api/note", { turn: noteTurn(), text });
  });
  $("line-queue").addEventListener("click", () => {
    const line = /** @type {HTMLTextAreaElement} */ ($("line-text")).value;
    keep("api/line", { line });
  });
  $("follow").addEventListener("click", () => {
    keep("api/follow", { follow: !(app.mine && app.mine.following) });
  });
}
