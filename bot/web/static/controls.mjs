// The page's fixed buttons: Send, Undo, Swap, Pass, the offers under More, and the history.

import { app, $, gameModule } from "./state.mjs";
import { act, askTargets, pick, showTurn } from "./game.mjs";
import { render, tick } from "./view.mjs";
import { wireKeeping } from "./keeping.mjs";
import { addToLine, wireLine } from "./lining.mjs";

/** @param {string} id @param {() => void} run */
function on(id, run) {
  $(id).addEventListener("click", run);
}

export function wire() {
  on("send", () => {
    if (app.move && app.line) addToLine(app.move); // a turn of a queued line being built
    else if (app.move) act("api/move", { move: app.move });
  });
  on("undo", () => {
    if (app.passing) { app.passing = false; render(); } else pick({ undo: true });
  });
  on("swap", () => askTargets(["swap"]));
  on("pass", () => {
    // Ponte's pass is a pick the server checks (P5, P6); an empty turn needs only choosing.
    if (gameModule().buttons(app.stack[0]).includes("pass")) askTargets(["pass"]);
    else { app.passing = true; render(); }
  });
  on("offer-draw", () => act("api/draw"));
  on("take-back", () => act("api/takeback"));
  on("resign", () => { $("resign-sure").hidden = false; });
  on("resign-sure", () => { $("resign-sure").hidden = true; act("api/resign"); });
  const shownTurn = () => (app.history ? app.history.turn : app.state ? app.state.turns : 0);
  on("first", () => showTurn(0));
  on("previous", () => showTurn(shownTurn() - 1));
  on("next", () => showTurn(app.history ? app.history.turn + 1 : null));
  on("last", () => showTurn(null));
  on("back", () => showTurn(null));
  $("turn").addEventListener("change", (event) => {
    showTurn(Number(/** @type {HTMLInputElement} */ (event.target).value));
  });
  wireKeeping();
  wireLine();
  setInterval(tick, 1000);
}
