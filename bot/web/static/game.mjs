// The game shown and the turn being built: a new state from the server, the clicks that build a
// turn (each checked by the server, `api/targets`), and the requests that play it.

import { app, gameModule, myColour, word } from "./state.mjs";
import { call } from "./api.mjs";
import { boardContext, render, showError, showNotice } from "./view.mjs";
import { inLobby, showLobby } from "./lobby.mjs";
import { loadMine } from "./keeping.mjs";

/** Show `state`, the channel's game as the server sent it. @param {import("./state.mjs").Json} state */
export function showState(state) {
  const previous = app.state;
  app.state = state;
  app.received = Date.now() / 1000;
  showNotice("");
  const moved = !previous || previous.id !== state.id || previous.revision !== state.revision;
  if (moved) {
    // A line being built was built on the position before: it is dropped, and the player told.
    if (app.line && app.line.moves.length) showError(word("web.line_stale"));
    resetTurn();
    if (app.history !== null && previous && previous.id !== state.id) app.history = null;
    if (!state.active) loadAnalysis(); else app.analysis = null;
  }
  // Another game, or this one ended (no follow any more): the user's notes and follow anew.
  if (!previous || previous.id !== state.id || previous.active !== state.active) {
    app.mine = null;
    loadMine();
  } else if (moved && myColour()) {
    loadMine(); // a player's queued lines: played, or dropped, by the move
  }
  document.body.dataset.revision = String(state.revision);
  document.body.dataset.game = state.id;
  // A game started here takes the place of the lobby the page fell back on, not of one asked for.
  if (inLobby() && !app.lobbyChosen) document.body.dataset.mode = "game";
  render();
  if (!previous) performance.mark("board:drawn"); // the first board (bench/web/page.py)
}

/** The channel has no game: the lobby takes its place. */
export function showNoGame() {
  app.state = null;
  document.body.dataset.revision = "none";
  render();
  showLobby(app.lobbyChosen).catch((error) => showError(/** @type {Error} */ (error).message));
}

/** A turn built anew: no picks, and no line being built (a move makes its position stale). */
export function resetTurn() {
  const state = app.state;
  app.line = null;
  app.picks = [];
  app.stack = state && state.targets ? [state.targets.targets] : [];
  app.move = state && state.targets ? state.targets.move : null;
  app.selected = null;
  app.passing = false;
}

/** Apply what a click on the board does to the turn being built (the game's `onField`).
 * @param {{ hint?: string, undo?: boolean, replace?: string, pick?: string } | null} change */
export async function pick(change) {
  if (!change) return;
  if (change.hint) { showError(word(`web.${change.hint}`)); return; }
  let picks = app.picks;
  if (change.undo) picks = picks.slice(0, -1);
  else if (change.replace) picks = [...picks.slice(0, -1), change.replace];
  else if (change.pick) picks = [...picks, change.pick];
  await askTargets(picks);
}

/** Ask the server what may follow `picks` (after the moves of `line`, a queued line being
 * built: lining.mjs); a refused pick is explained and changes nothing.
 * @param {string[]} picks @param {string[] | null} line */
export async function askTargets(picks, line = app.line ? app.line.moves : null) {
  const state = app.state;
  if (!state) return;
  try {
    const asked = { game: state.id, revision: state.revision, picks, ...(line ? { line } : {}) };
    const answer = await call("POST", "api/targets", asked);
    if (app.state !== state || (line && !app.line)) return; // moved on, or the line cancelled
    if (line && app.line) {
      if (line !== app.line.moves) app.passing = false; // a turn added or taken back: a new one
      app.line = { moves: line, found: answer };
    }
    app.picks = picks;
    app.stack = [...app.stack.slice(0, picks.length), answer.targets];
    app.move = answer.move;
    const module = gameModule();
    const left = module.diceLeft ? module.diceLeft(boardContext()) : [];
    if (!left.includes(app.selected)) app.selected = left.length === 1 || new Set(left).size === 1 ? left[0] || null : null;
    showError("");
  } catch (error) {
    if (app.line && !app.line.found) app.line = null; // a line that could not even start
    await refused(error);
  }
  render();
}

/** @param {any} error */
async function refused(error) {
  showError(error.message);
  if (error.status === 409 || error.status === 404) await reload(); // stale: show where it stands
}

async function reload() {
  try {
    const answer = await call("GET", "api/game");
    if (answer.state) showState(answer.state); else showNoGame();
  } catch (error) {
    showError(/** @type {Error} */ (error).message);
  }
}

/** Play something (a move, an offer, an answer) on the game shown; every button waits meanwhile.
 * @param {string} path @param {Record<string, unknown>} body */
export async function act(path, body = {}) {
  const state = app.state;
  if (!state) return;
  setBusy(true);
  try {
    const answer = await call("POST", path, { game: state.id, revision: state.revision, ...body });
    if (answer.state) showState(answer.state);
    showError("");
  } catch (error) {
    await refused(error);
  } finally {
    setBusy(false);
  }
}

/** While a request is under way every button of the game waits; afterwards `render` decides
 * each one again (every button it draws takes `app.busy` into account). @param {boolean} busy */
function setBusy(busy) {
  app.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  render();
}

/** Show the position after `turn` (null: the game as it stands). @param {number | null} turn */
export async function showTurn(turn) {
  const state = app.state;
  if (!state) return;
  if (turn === null || turn >= state.turns) { app.history = null; render(); return; }
  try {
    app.history = await call("GET", `api/history?game=${state.id}&turn=${Math.max(0, turn)}`);
  } catch (error) {
    showError(/** @type {Error} */ (error).message);
  }
  render();
}

async function loadAnalysis() {
  const state = app.state;
  if (!state) return;
  try {
    const answer = await call("GET", `api/analysis?game=${state.id}`);
    if (app.state === state) { app.analysis = answer.analysis; render(); }
  } catch {
    app.analysis = null;
  }
}
