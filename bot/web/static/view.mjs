// What the page shows of the game: the board (the game's own module draws it), the players'
// cards, the status line, the buttons, the offers, the history and the analysis chart.

import { app, $, gameModule, myColour, myTurn, nameFromId, nameOf, word } from "./state.mjs";
import { act, pick, showTurn } from "./game.mjs";
import { getJson } from "./api.mjs";
import { drawChart } from "./chart.mjs";
import { stone, svg } from "./board.mjs";
import { formatSentence, timeLeft } from "./words.mjs";
import { renderKeeping } from "./keeping.mjs";
import { lineClicks, lineShown, renderLine } from "./lining.mjs";

/** @typedef {import("./state.mjs").Json} Json */

/** Load the page's words in `language` and put them on its fixed labels. @param {string} language */
export async function loadWords(language) {
  app.words = await getJson(`api/texts?language=${encodeURIComponent(language)}`);
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-word]")) {
    node.textContent = word(/** @type {HTMLElement} */ (node).dataset.word || "");
  }
}

/** A sentence of the server's (or none) in the message box. @param {string} sentence */
export function showError(sentence) {
  const box = $("message");
  box.replaceChildren(...(sentence ? formatSentence(sentence, nameFromId) : []));
  box.hidden = !sentence;
}

/** A word on how the page is doing ("Signing in…"), or none. @param {string} text */
export function showNotice(text) {
  $("notice").replaceChildren(...formatSentence(text, nameFromId));
  $("notice").hidden = !text;
}

/** Everything a game's module needs to draw its board and answer a click on it. */
export function boardContext() {
  const state = /** @type {Json} */ (app.state);
  const look = /** @type {Json} */ (app.look);
  const line = lineShown(); // a queued line being built: the position after it
  const shown = app.history ? app.history.position : line ? line.position : state.position;
  const interactive = !app.history && (line ? lineClicks() : myTurn());
  const targets = interactive ? app.stack[app.picks.length] || null : null;
  return {
    container: $("board"),
    look: look.games[state.kind] || {},
    theme: look.theme,
    shapes: { stone: look.stone },
    position: shown,
    targets,
    targetsBefore: app.stack[app.picks.length - 1] || null,
    picks: interactive ? app.picks : [],
    interactive,
    mover: line ? line.to_move : state.to_move,
    selected: app.selected,
    result: !state.active && !app.history,
    label: word(`title.${state.kind}`),
    words: {
      roll: word("render.roll"), to_roll: word("render.to_roll"),
      result: state.result && state.result.winner ? word("render.winner") : word("render.draw"),
    },
    /** @param {string} field */
    onPick: (field) => {
      if (!interactive) {
        // A line just begun waits for the server's first targets: a click then says nothing.
        if (!app.history && state.active && !app.line) showError(watchingReason());
        return;
      }
      pick(gameModule().onField(boardContext(), field));
    },
    /** @param {string} face */
    onDie: (face) => { app.selected = face; render(); },
  };
}

function watchingReason() {
  if (!myColour()) return word("web.watching");
  return word("web.not_your_turn", { name: nameOf(/** @type {Json} */ (app.state).to_move) });
}

export function render() {
  const state = app.state;
  $("controls").hidden = !state;
  $("more").hidden = !state || !state.active || !myColour();
  $("history").hidden = !state;
  if (!state) {
    $("status-left").textContent = document.body.dataset.revision === "none" ? word("web.no_game") : "";
    $("status-right").textContent = "";
    for (const id of ["cards", "board", "offers", "chart"]) $(id).replaceChildren();
    renderKeeping();
    renderLine();
    return;
  }
  const module = gameModule();
  module.render(boardContext());
  renderCards(module);
  renderStatus(module);
  renderControls(module);
  renderOffers();
  renderHistory();
  renderChart();
  renderKeeping();
  renderLine();
  tick();
}

/** @param {import("./state.mjs").GameModule} module */
function renderCards(module) {
  const state = /** @type {Json} */ (app.state);
  const line = lineShown();
  const position = app.history ? app.history.position : line ? line.position : state.position;
  const markers = (/** @type {Json} */ (app.look).games[state.kind] || {}).markers || {};
  const cards = state.colours.map((/** @type {string} */ colour) => {
    const info = module.card(position, colour, app.words);
    const card = document.createElement("section");
    card.className = "card";
    card.dataset.colour = colour;
    const moving = state.active && (line ? line.to_move : state.to_move) === colour;
    const winner = state.result && state.result.winner === colour;
    if (moving) card.classList.add("active");
    const name = span("name", nameOf(colour));
    const clock = span("clock", "");
    clock.id = `clock-${colour}`;
    card.append(marker(markers[colour]), name, span("big", info.big), span("label", info.label),
      span("lines", info.lines.join(" \n")), clock);
    if (moving || winner) card.append(span("tag", winner ? word("render.winner") : word("render.to_move")));
    return card;
  });
  $("cards").replaceChildren(...cards);
}

/** @param {string} className @param {string} text */
function span(className, text) {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  return node;
}

/** A player's marker: the stone their card shows in the images, in the colours the game's
 * package gives (`markers`). @param {{ fill: string, rim: string } | undefined} colours */
function marker(colours) {
  const look = /** @type {Json} */ (app.look);
  const root = svg("svg", { class: "marker", viewBox: "0 0 30 30", "aria-hidden": "true" });
  if (colours) stone(root, [15, 15], 26, colours.fill, colours.rim, look.theme.shadow, look.stone);
  return root;
}

/** @param {import("./state.mjs").GameModule} module */
function renderStatus(module) {
  const state = /** @type {Json} */ (app.state);
  const line = lineShown();
  const position = app.history ? app.history.position : line ? line.position : state.position;
  let left = "";
  if (line) {
    left = word("web.line_building");
  } else if (app.history) {
    left = word("history.caption", { turn: app.history.turn, turns: app.history.turns });
  } else if (state.result) {
    left = resultText(state);
  } else if (myTurn()) {
    left = word("web.your_turn");
  } else if (state.to_move) {
    left = word("web.to_move", { name: nameOf(state.to_move) });
  }
  const last = app.history ? app.history.last_move : line ? line.last_move : state.last_move;
  const right = [...module.figures(position, app.words)];
  if (last) right.unshift(`${word("render.last_turn")}: ${last}`);
  $("status-left").textContent = left;
  $("status-left").classList.toggle("result", Boolean(state.result) && !app.history);
  $("status-right").textContent = right.join(" · ");
}

/** @param {Json} state */
function resultText(state) {
  const result = state.result;
  if (!result.winner) return word("render.draw");
  const wins = word("render.wins", { name: nameOf(result.winner) });
  const loser = state.colours.find((/** @type {string} */ c) => c !== result.winner);
  if (result.reason === "resignation") return `${word("render.resigned", { name: nameOf(loser) })} · ${wins}`;
  const scores = result.scores || {};
  return Object.keys(scores).length ? `${wins}  ${scores[result.winner]} : ${scores[loser]}` : wins;
}

/** @param {import("./state.mjs").GameModule} module */
function renderControls(module) {
  const state = /** @type {Json} */ (app.state);
  const mine = lineShown() ? lineClicks() : myTurn() && !app.history;
  // An empty turn that may be sent (Verbindung's pass, V6) is sent only once Pass was chosen:
  // Send waits for a built turn, as it does in Ponte, where pass is a pick of its own.
  const emptyPass = app.picks.length === 0 && app.move !== null;
  const ready = Boolean(app.move) && (!emptyPass || app.passing);
  const send = /** @type {HTMLButtonElement} */ ($("send"));
  send.disabled = app.busy || !mine || !ready;
  const label = lineShown() ? word("web.line_add") : word("web.send");
  send.textContent = ready ? `${label}: ${app.move}` : label;
  /** @type {HTMLButtonElement} */ ($("undo")).disabled = app.busy || !mine || (app.picks.length === 0 && !app.passing);
  const extra = mine && app.picks.length === 0 && !app.passing ? module.buttons(app.stack[0]) : [];
  $("swap").hidden = !extra.includes("swap");
  $("pass").hidden = !extra.includes("pass") && !(mine && emptyPass && !app.passing);
  for (const id of ["swap", "pass", "offer-draw", "take-back", "resign", "resign-sure"]) {
    /** @type {HTMLButtonElement} */ ($(id)).disabled = app.busy;
  }
  $("controls").classList.toggle("watching", !mine);
  const hint = mine ? (module.hint ? module.hint(boardContext(), word) : "")
    : (state.active && !lineShown() ? watchingReason() : "");
  $("hint").replaceChildren(...formatSentence(hint, nameFromId));
}

function renderOffers() {
  const state = /** @type {Json} */ (app.state);
  const mine = myColour();
  const box = $("offers");
  box.replaceChildren();
  if (!state.active) return;
  /** @param {string} asker @param {string} text @param {string} kind @param {string} path */
  const offer = (asker, text, kind, path) => {
    const line = document.createElement("p");
    line.textContent = text;
    box.append(line);
    if (!mine || asker === mine) return; // only the other player answers
    box.append(
      button(`accept-${kind}`, word(`web.accept_${kind}`), () => act(path, { answer: "accept" })),
      button(`decline-${kind}`, word(`web.decline_${kind}`), () => act(path, { answer: "decline" })),
    );
  };
  if (state.draw_offered_by) {
    offer(state.draw_offered_by, word("web.draw_offered", { name: nameOf(state.draw_offered_by) }), "draw", "api/draw");
  }
  if (state.takeback_by) {
    offer(state.takeback_by, word("web.takeback_asked", { name: nameOf(state.takeback_by) }), "takeback", "api/takeback");
  }
}

/** @param {string} id @param {string} label @param {() => void} run */
function button(id, label, run) {
  const node = document.createElement("button");
  node.type = "button";
  node.id = id;
  node.textContent = label;
  node.disabled = app.busy;
  node.addEventListener("click", run);
  return node;
}

function renderHistory() {
  const state = /** @type {Json} */ (app.state);
  const slider = /** @type {HTMLInputElement} */ ($("turn"));
  slider.max = String(state.turns);
  const turn = app.history ? app.history.turn : state.turns;
  slider.value = String(turn);
  // A finished game (an imported record too) is at its end, not live.
  $("turn-label").textContent = app.history || !state.active
    ? word("history.caption", { turn, turns: state.turns })
    : word("web.live");
  $("back").hidden = !app.history;
}

function renderChart() {
  const chart = $("chart");
  const analysis = app.analysis;
  const state = /** @type {Json} */ (app.state);
  if (!analysis || !analysis.chances.length || state.active) { chart.replaceChildren(); return; }
  drawChart(chart, analysis, /** @type {Json} */ (app.look).theme, {
    title: word("web.analysis", { name: nameOf(state.colours[0]) }),
    onTurn: (/** @type {number} */ turn) => showTurn(turn),
  });
}

/** The time left of the player to move, counted down between the server's states. */
export function tick() {
  const state = app.state;
  for (const node of document.querySelectorAll(".clock")) node.textContent = "";
  if (!state || !state.active || state.seconds_left === null || app.history) return;
  const node = document.getElementById(`clock-${state.to_move}`);
  const left = state.seconds_left - (Date.now() / 1000 - app.received);
  if (node) node.textContent = word("web.time_left", { time: timeLeft(left, app.language) });
}
