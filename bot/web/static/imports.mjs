// A user's imported games (issue 54, point 3): the lobby lists the records they imported, the
// newest first (`api/imports`, theirs alone), and a click opens one read-only in its history:
// the slider, first/previous/next/last and its analysis chart, through the same `api/history`
// and `api/analysis` as any finished game. An imported game has no channel: the page asks for it
// by its number (`api/imported`), which the server answers to its importer alone. A record never
// changes, so the live connection is closed while one is shown and opened again with the lobby.

import { app, $, word } from "./state.mjs";
import { call } from "./api.mjs";
import { showState } from "./game.mjs";
import { showLobby } from "./lobby.mjs";

/** @typedef {import("./state.mjs").Json} Json */

/** Whether an imported game is shown. */
export function inRecord() {
  return document.body.dataset.record === "true";
}

/** Ask the server for the user's imported games and list them (the part stays hidden without). */
export async function loadImports() {
  const answer = await call("GET", "api/imports");
  const imports = /** @type {Json[]} */ (answer.imports);
  $("lobby-imports-part").hidden = !imports.length;
  $("lobby-imports").replaceChildren(...imports.map(importItem));
}

/** @param {Json} record */
function importItem(record) {
  const item = document.createElement("li");
  item.className = `item game-${record.kind}`;
  item.dataset.imported = record.id;
  const text = document.createElement("div");
  text.className = "what";
  const [first, second] = record.players.map((/** @type {Json} */ p) => p.name);
  const winner = record.players.find((/** @type {Json} */ p) => p.colour === record.result);
  const result = winner ? word("render.wins", { name: winner.name }) : word("render.draw");
  const date = new Date(record.imported_at * 1000).toLocaleDateString(app.language, { dateStyle: "medium" });
  text.append(
    line("strong", "", `${word(`title.${record.kind}`)} · ${word(`variant.${record.variant}`)}`),
    line("span", "who", word("web.lobby_vs", { first, second })),
    line("span", "details", [result, word("web.import_date", { date }), record.source].filter(Boolean).join(" · ")),
  );
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = word("web.import_open");
  button.addEventListener("click", () => openImport(record.id).catch((error) => refused(error)));
  item.append(text, button);
  return item;
}

/** @param {string} tag @param {string} className @param {string} content */
function line(tag, className, content) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = content;
  return node;
}

/** @param {Error} error */
function refused(error) {
  const box = $("lobby-message");
  box.textContent = error.message;
  box.dataset.kind = "refusal";
  box.hidden = false;
}

/** Whether the lobby the record was opened from was asked for (kept for the way back). */
let chosenLobby = false;

/** Show imported game `gameId` read-only, at its end: the history steps through it.
 * @param {string} gameId */
export async function openImport(gameId) {
  const answer = await call("GET", `api/imported?game=${encodeURIComponent(gameId)}`);
  const socket = app.socket;
  app.socket = null; // closed without reconnecting: nothing about the record can change
  if (socket) socket.close();
  chosenLobby = app.lobbyChosen;
  app.lobbyChosen = false;
  app.state = null;
  app.history = null;
  document.body.dataset.record = "true";
  document.body.dataset.mode = "game";
  showState(answer.state);
}

/** Leave the record for the lobby (the live connection is opened again). */
export async function closeImport() {
  document.body.dataset.record = "false";
  app.state = null;
  app.history = null;
  app.analysis = null;
  app.mine = null;
  await showLobby(chosenLobby);
}

/** The record's own button back to the lobby. */
export function wireImports() {
  $("record-back").addEventListener("click", () => {
    closeImport().catch((error) => refused(error));
  });
}
