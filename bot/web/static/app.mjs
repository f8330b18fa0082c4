// The board you click: signs in through Discord, shows the channel's game live, and builds a
// turn by clicks that the server checks at every step (`api/targets`) and plays as `/move` does.

import { connect, signIn } from "./discord.mjs";
import { drawChart } from "./chart.mjs";
import { formatSentence, timeLeft } from "./words.mjs";
import * as ponte from "./games/ponte.mjs";
import * as verbindung from "./games/verbindung.mjs";
import * as generic from "./games/generic.mjs";

const GAMES = { ponte, verbindung };
const PING_SECONDS = 25;
const $ = (id) => document.getElementById(id);

const app = {
  words: {}, look: null, sdk: null, session: null, me: null, language: "en",
  state: null, picks: [], stack: [], move: null, selected: null,
  history: null, analysis: null, socket: null, retry: 0, passing: false, busy: false,
};
window.activity = app; // for a person looking at the page with the browser's tools

function word(key, params = {}) {
  const template = app.words[key] || key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? params[name] : `{${name}}`));
}

// -- starting -------------------------------------------------------------------------------

async function start() {
  app.language = (navigator.language || "en").slice(0, 2);
  // Everything the page needs before it signs in, at once.
  const needed = Promise.all([getJson("api/config"), getJson("api/look")]);
  await loadWords(app.language);
  showNotice(word("web.connecting"));
  try {
    const [config, look] = await needed;
    app.look = look;
    applyTheme(look.theme);
    app.sdk = await connect(config.client_id);
    performance.mark("board:sdk-ready");
    await authenticate();
    performance.mark("board:signed-in");
  } catch (error) {
    showError(error.message || String(error));
    return;
  }
  openLive();
}

async function loadWords(language) {
  app.words = await getJson(`api/texts?language=${encodeURIComponent(language)}`);
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = word(node.dataset.word);
}

async function authenticate() {
  showNotice(word("web.signing_in"));
  const answer = await signIn(app.sdk, app.language);
  app.session = answer.session;
  app.me = answer.user;
  if (answer.language !== app.language) {
    app.language = answer.language;
    await loadWords(answer.language);
  }
  document.body.dataset.signedIn = "true";
  showNotice("");
}

async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

function applyTheme(theme) {
  for (const [name, colour] of Object.entries(theme)) {
    document.documentElement.style.setProperty(`--${name.replace(/_/g, "-")}`, colour);
  }
}

// -- the API --------------------------------------------------------------------------------

/** Ask the API; a session that ran out is renewed once (Discord asks no one: prompt none). */
async function call(method, path, body = undefined, again = true) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${app.session}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401 && again) {
    await authenticate();
    return call(method, path, body, false);
  }
  const answer = await response.json();
  if (!response.ok) {
    const error = new Error(answer.error || String(response.status));
    error.code = answer.code;
    error.status = response.status;
    throw error;
  }
  return answer;
}

// -- live -----------------------------------------------------------------------------------

function openLive() {
  const url = new URL("api/live", window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  const socket = new WebSocket(url);
  app.socket = socket;
  let pinger = null;
  let answered = true;
  socket.addEventListener("open", () => {
    performance.mark("board:live");
    app.retry = 0;
    document.body.dataset.live = "true";
    socket.send(JSON.stringify({ t: "hello", session: app.session, key: stateKey(app.state) }));
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
    else if (message.t === "error") showError(message.error);
  });
  socket.addEventListener("close", async (event) => {
    clearInterval(pinger);
    document.body.dataset.live = "false";
    if (app.socket !== socket) return;
    if (event.code === 4001) {
      try { await authenticate(); } catch (error) { showError(error.message); }
    }
    showNotice(word("web.reconnecting"));
    const wait = Math.min(10000, 500 * 2 ** app.retry);
    app.retry += 1;
    setTimeout(openLive, wait);
  });
}

function stateKey(state) {
  if (!state) return null;
  return JSON.stringify([state.id, state.revision, state.draw_offered_by, state.takeback_by, state.active]);
}

// -- the game -------------------------------------------------------------------------------

function showState(state) {
  const previous = app.state;
  app.state = state;
  app.received = Date.now() / 1000;
  showNotice("");
  const moved = !previous || previous.id !== state.id || previous.revision !== state.revision;
  if (moved) {
    resetTurn();
    if (app.history !== null && previous && previous.id !== state.id) app.history = null;
    if (!state.active) loadAnalysis(); else app.analysis = null;
  }
  document.body.dataset.revision = String(state.revision);
  document.body.dataset.game = state.id;
  render();
  if (!previous) performance.mark("board:drawn"); // the first board (bench/web/page.py)
}

function showNoGame() {
  app.state = null;
  document.body.dataset.revision = "none";
  $("status-left").textContent = word("web.no_game");
  $("status-right").textContent = "";
  $("cards").replaceChildren();
  $("board").replaceChildren();
  render();
}

function resetTurn() {
  const state = app.state;
  app.picks = [];
  app.stack = state && state.targets ? [state.targets.targets] : [];
  app.move = state && state.targets ? state.targets.move : null;
  app.selected = null;
  app.passing = false;
}

function myColour() {
  if (!app.state || !app.me) return null;
  const player = app.state.players.find((p) => p.id === app.me.id);
  return player ? player.colour : null;
}

function myTurn() {
  return Boolean(app.state && app.state.active && app.state.to_move && app.state.to_move === myColour());
}

function gameModule() {
  return (app.state && GAMES[app.state.kind]) || generic;
}

function nameOf(colour) {
  const player = app.state && app.state.players.find((p) => p.colour === colour);
  return player ? player.name : word(`colour.${colour}`);
}

async function pick(change) {
  if (!change) return;
  if (change.hint) { showError(word(`web.${change.hint}`)); return; }
  let picks = app.picks;
  if (change.undo) picks = picks.slice(0, -1);
  else if (change.replace) picks = [...picks.slice(0, -1), change.replace];
  else picks = [...picks, change.pick];
  await askTargets(picks);
}

async function askTargets(picks) {
  const state = app.state;
  try {
    const answer = await call("POST", "api/targets", { game: state.id, revision: state.revision, picks });
    if (app.state !== state) return; // the game moved on meanwhile: its new state is shown
    app.picks = picks;
    app.stack = [...app.stack.slice(0, picks.length), answer.targets];
    app.move = answer.move;
    const left = gameModule().diceLeft ? gameModule().diceLeft(boardContext()) : [];
    if (!left.includes(app.selected)) app.selected = left.length === 1 || new Set(left).size === 1 ? left[0] || null : null;
    showError("");
  } catch (error) {
    await refused(error);
  }
  render();
}

async function refused(error) {
  showError(error.message);
  if (error.status === 409 || error.status === 404) await reload(); // stale: show where it stands
}

async function reload() {
  try {
    const answer = await call("GET", "api/game");
    if (answer.state) showState(answer.state); else showNoGame();
  } catch (error) {
    showError(error.message);
  }
}

async function act(path, body = {}) {
  const state = app.state;
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
 * each one again (every button it draws takes `app.busy` into account). */
function setBusy(busy) {
  app.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  for (const button of document.querySelectorAll("#controls button, #more button, #offers button")) {
    if (busy) button.disabled = true;
  }
  if (!busy) render();
}

// -- history and analysis -------------------------------------------------------------------

async function showTurn(turn) {
  const state = app.state;
  if (!state) return;
  if (turn === null || turn >= state.turns) { app.history = null; render(); return; }
  try {
    const position = await call("GET", `api/history?game=${state.id}&turn=${Math.max(0, turn)}`);
    app.history = position;
  } catch (error) {
    showError(error.message);
  }
  render();
}

async function loadAnalysis() {
  const state = app.state;
  try {
    const answer = await call("GET", `api/analysis?game=${state.id}`);
    if (app.state === state) { app.analysis = answer.analysis; render(); }
  } catch (error) {
    app.analysis = null;
  }
}

// -- drawing --------------------------------------------------------------------------------

function boardContext() {
  const state = app.state;
  const shown = app.history ? app.history.position : state.position;
  const interactive = !app.history && myTurn();
  const targets = interactive ? app.stack[app.picks.length] || null : null;
  return {
    container: $("board"),
    look: app.look.games[state.kind] || {},
    theme: app.look.theme,
    position: shown,
    targets,
    targetsBefore: app.stack[app.picks.length - 1] || null,
    picks: interactive ? app.picks : [],
    interactive,
    mover: state.to_move,
    selected: app.selected,
    result: !state.active && !app.history,
    label: word(`title.${state.kind}`),
    words: {
      roll: word("render.roll"), to_roll: word("render.to_roll"),
      result: state.result && state.result.winner ? word("render.winner") : word("render.draw"),
    },
    onPick: (field) => {
      if (!interactive) { if (!app.history && state.active) showError(watchingReason()); return; }
      pick(gameModule().onField(boardContext(), field));
    },
    onDie: (face) => { app.selected = face; render(); },
  };
}

function watchingReason() {
  if (!myColour()) return word("web.watching");
  return word("web.not_your_turn", { name: nameOf(app.state.to_move) });
}

function render() {
  const state = app.state;
  $("controls").hidden = !state;
  $("more").hidden = !state || !state.active || !myColour();
  $("history").hidden = !state;
  if (!state) { $("offers").replaceChildren(); $("chart").replaceChildren(); return; }
  const module = gameModule();
  module.render(boardContext());
  renderCards(module);
  renderStatus(module);
  renderControls(module);
  renderOffers();
  renderHistory();
  renderChart();
  tick();
}

function renderCards(module) {
  const state = app.state;
  const position = app.history ? app.history.position : state.position;
  const cards = state.colours.map((colour) => {
    const info = module.card(position, colour, app.words);
    const card = document.createElement("section");
    card.className = "card";
    card.dataset.colour = colour;
    const moving = state.active && state.to_move === colour;
    const winner = state.result && state.result.winner === colour;
    if (moving) card.classList.add("active");
    const marker = document.createElement("span");
    marker.className = `marker ${state.kind}-${colour}`;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = nameOf(colour);
    const big = document.createElement("span");
    big.className = "big";
    big.textContent = info.big;
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = info.label;
    const lines = document.createElement("span");
    lines.className = "lines";
    lines.textContent = info.lines.join(" \n");
    const clock = document.createElement("span");
    clock.className = "clock";
    clock.id = `clock-${colour}`;
    card.append(marker, name, big, label, lines, clock);
    if (moving || winner) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = winner ? word("render.winner") : word("render.to_move");
      card.append(tag);
    }
    return card;
  });
  $("cards").replaceChildren(...cards);
}

function renderStatus(module) {
  const state = app.state;
  const position = app.history ? app.history.position : state.position;
  let left = "";
  if (app.history) {
    left = word("history.caption", { turn: app.history.turn, turns: app.history.turns });
  } else if (state.result) {
    left = resultText(state);
  } else if (myTurn()) {
    left = word("web.your_turn");
  } else if (state.to_move) {
    left = word("web.to_move", { name: nameOf(state.to_move) });
  }
  const last = app.history ? app.history.last_move : state.last_move;
  const right = [...module.figures(position, app.words)];
  if (last) right.unshift(`${word("render.last_turn")}: ${last}`);
  $("status-left").textContent = left;
  $("status-left").classList.toggle("result", Boolean(state.result) && !app.history);
  $("status-right").textContent = right.join(" · ");
}

function resultText(state) {
  const result = state.result;
  if (!result.winner) return word("render.draw");
  const wins = word("render.wins", { name: nameOf(result.winner) });
  if (result.reason === "resignation") {
    const loser = state.colours.find((c) => c !== result.winner);
    return `${word("render.resigned", { name: nameOf(loser) })} · ${wins}`;
  }
  const scores = result.scores || {};
  const points = Object.keys(scores).length ? `  ${scores[result.winner]} : ${scores[state.colours.find((c) => c !== result.winner)]}` : "";
  return wins + points;
}

function renderControls(module) {
  const state = app.state;
  const mine = myTurn() && !app.history;
  // An empty turn that may be sent (Verbindung's pass, V6) is sent only once Pass was chosen:
  // Send waits for a built turn, as it does in Ponte, where pass is a pick of its own.
  const emptyPass = app.picks.length === 0 && app.move !== null;
  const ready = Boolean(app.move) && (!emptyPass || app.passing);
  $("send").disabled = app.busy || !mine || !ready;
  $("send").textContent = ready ? `${word("web.send")}: ${app.move}` : word("web.send");
  $("undo").disabled = app.busy || !mine || (app.picks.length === 0 && !app.passing);
  const extra = mine && app.picks.length === 0 && !app.passing ? module.buttons(app.stack[0]) : [];
  $("swap").hidden = !extra.includes("swap");
  $("pass").hidden = !extra.includes("pass") && !(mine && emptyPass && !app.passing);
  for (const id of ["swap", "pass", "offer-draw", "take-back", "resign", "resign-sure"]) $(id).disabled = app.busy;
  $("controls").classList.toggle("watching", !mine);
  const hint = mine ? (module.hint ? module.hint(boardContext(), word) : "") : (state.active ? watchingReason() : "");
  $("hint").replaceChildren(...formatSentence(hint, nameFromId));
}

function renderOffers() {
  const state = app.state;
  const mine = myColour();
  const box = $("offers");
  box.replaceChildren();
  if (!state.active) return;
  const offer = (text, accept, decline) => {
    const line = document.createElement("p");
    line.textContent = text;
    box.append(line);
    if (accept) box.append(button(accept.id, accept.label, accept.run));
    if (decline) box.append(button(decline.id, decline.label, decline.run));
  };
  if (state.draw_offered_by) {
    const theirs = mine && state.draw_offered_by !== mine;
    offer(word("web.draw_offered", { name: nameOf(state.draw_offered_by) }),
      theirs && { id: "accept-draw", label: word("web.accept_draw"), run: () => act("api/draw", { answer: "accept" }) },
      theirs && { id: "decline-draw", label: word("web.decline_draw"), run: () => act("api/draw", { answer: "decline" }) });
  }
  if (state.takeback_by) {
    const theirs = mine && state.takeback_by !== mine;
    offer(word("web.takeback_asked", { name: nameOf(state.takeback_by) }),
      theirs && { id: "accept-takeback", label: word("web.accept_takeback"), run: () => act("api/takeback", { answer: "accept" }) },
      theirs && { id: "decline-takeback", label: word("web.decline_takeback"), run: () => act("api/takeback", { answer: "decline" }) });
  }
}

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
  const state = app.state;
  const slider = $("turn");
  slider.max = String(state.turns);
  const turn = app.history ? app.history.turn : state.turns;
  slider.value = String(turn);
  $("turn-label").textContent = app.history
    ? word("history.caption", { turn, turns: state.turns })
    : word("web.live");
  $("back").hidden = !app.history;
}

function renderChart() {
  const chart = $("chart");
  const analysis = app.analysis;
  if (!analysis || !analysis.chances.length || app.state.active) { chart.replaceChildren(); return; }
  drawChart(chart, analysis, app.look.theme, {
    title: word("web.analysis", { name: nameOf(app.state.colours[0]) }),
    onTurn: (turn) => showTurn(turn),
  });
}

function tick() {
  const state = app.state;
  for (const node of document.querySelectorAll(".clock")) node.textContent = "";
  if (!state || !state.active || state.seconds_left === null || app.history) return;
  const node = $(`clock-${state.to_move}`);
  const left = state.seconds_left - (Date.now() / 1000 - app.received);
  if (node) node.textContent = word("web.time_left", { time: timeLeft(left, app.language) });
}

// -- messages -------------------------------------------------------------------------------

function showError(sentence) {
  const box = $("message");
  box.replaceChildren(...(sentence ? formatSentence(sentence, nameFromId) : []));
  box.hidden = !sentence;
}

function nameFromId(id) {
  const player = app.state && app.state.players.find((p) => p.id === id);
  return player ? player.name : "?";
}

function showNotice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

// -- the buttons ----------------------------------------------------------------------------

function wire() {
  $("send").addEventListener("click", () => {
    if (app.move) act("api/move", { move: app.move });
  });
  $("undo").addEventListener("click", () => {
    if (app.passing) { app.passing = false; render(); } else pick({ undo: true });
  });
  $("swap").addEventListener("click", () => askTargets(["swap"]));
  $("pass").addEventListener("click", () => {
    // Ponte's pass is a pick the server checks (P5, P6); an empty turn needs only choosing.
    if (gameModule().buttons(app.stack[0]).includes("pass")) askTargets(["pass"]);
    else { app.passing = true; render(); }
  });
  $("offer-draw").addEventListener("click", () => act("api/draw"));
  $("take-back").addEventListener("click", () => act("api/takeback"));
  $("resign").addEventListener("click", () => {
    $("resign-sure").hidden = false;
  });
  $("resign-sure").addEventListener("click", () => {
    $("resign-sure").hidden = true;
    act("api/resign");
  });
  $("first").addEventListener("click", () => showTurn(0));
  $("previous").addEventListener("click", () => showTurn((app.history ? app.history.turn : app.state.turns) - 1));
  $("next").addEventListener("click", () => showTurn(app.history ? app.history.turn + 1 : null));
  $("last").addEventListener("click", () => showTurn(null));
  $("back").addEventListener("click", () => showTurn(null));
  $("turn").addEventListener("change", (event) => showTurn(Number(event.target.value)));
  setInterval(tick, 1000);
}

wire();
start();
