// A queued line built by clicks (issue 54, point 1). On the opponent's turn the waiting player
// presses Queue a line and builds the opponent's expected turn on the board as a turn is built
// (each click checked by the server in the position after the line so far: `api/targets` with
// `line`), adds it, then their own answer, and so on up to the depth limit; where the line
// reaches a roll (Verbindung) the roll is picked from those the server lists. Queue this line
// sends it as `/premove line:` does (keeping.mjs); Undo takes its last move back.

import { app, $, myColour, myTurn, nameOf, word } from "./state.mjs";
import { askTargets, resetTurn } from "./game.mjs";
import { render, showError } from "./view.mjs";
import { queueLine } from "./keeping.mjs";

/** @typedef {import("./state.mjs").Json} Json */

/** The server's answer about the line being built (null: none is being built). */
export function lineShown() {
  return app.line && app.line.found && !app.history ? app.line.found : null;
}

/** Whether the board takes clicks for the line: one is built, and neither full nor at a roll. */
export function lineClicks() {
  const found = lineShown();
  return Boolean(found && !found.full && found.rolls.length === 0);
}

/** Add the turn built on the board to the line. @param {string} move */
export function addToLine(move) {
  if (app.line) askTargets([], [...app.line.moves, move]);
}

/** Draw the line being built under the board (or Queue a line, for a player who waits). */
export function renderLine() {
  const state = app.state;
  const mayStart = Boolean(state && state.active && myColour() && !myTurn() && !app.history);
  const found = lineShown();
  $("line-build").hidden = !mayStart && !found;
  $("line-start").hidden = Boolean(app.line) || !mayStart;
  for (const id of ["line-so-far", "line-tools"]) $(id).hidden = !found;
  if (!found) return;
  const steps = found.line.map((/** @type {[string, boolean]} */ [move, mine], /** @type {number} */ at) => {
    const step = document.createElement("code");
    step.textContent = move;
    if (mine) step.className = "mine"; // the player's answers, after an arrow (as in the list)
    return [document.createTextNode(mine ? " → " : at ? " · " : " "), step];
  });
  const where = found.full ? word("web.line_full")
    : found.to_move ? word("web.line_next", { name: nameOf(found.to_move) }) : word("web.line_ends");
  $("line-so-far").replaceChildren(word("web.line_so_far"), ...steps.flat(), document.createElement("br"), where);
  const rolls = /** @type {HTMLSelectElement} */ ($("line-roll"));
  $("line-roll-field").hidden = found.rolls.length === 0;
  if (found.rolls.length) {
    const blank = new Option(word("web.line_roll_pick", { name: nameOf(found.to_move) }), "");
    rolls.replaceChildren(blank, ...found.rolls.map((/** @type {string} */ roll) => new Option(roll, roll)));
  }
  const last = found.line.length ? found.line[found.line.length - 1] : null;
  /** @type {HTMLButtonElement} */ ($("line-send")).disabled = app.busy || !last || !last[1];
  /** @type {HTMLButtonElement} */ ($("line-back")).disabled = app.busy || found.line.length === 0;
}

export function wireLine() {
  $("line-start").addEventListener("click", () => {
    app.line = { moves: [], found: null };
    askTargets([], []);
  });
  $("line-roll").addEventListener("change", (event) => {
    const roll = /** @type {HTMLSelectElement} */ (event.target).value;
    if (roll) addToLine(roll);
  });
  $("line-back").addEventListener("click", () => {
    if (app.line) askTargets([], app.line.moves.slice(0, -1));
  });
  $("line-cancel").addEventListener("click", () => { resetTurn(); render(); });
  $("line-send").addEventListener("click", async () => {
    if (!app.line) return;
    try {
      await queueLine(app.line.moves.join("; "));
      resetTurn();
      showError("");
    } catch (error) {
      showError(/** @type {Error} */ (error).message); // the use case's refusal, as a sentence
    }
    render();
  });
}
