// The lobby (issue 53, step 4): in a channel without a game, or when the player asks for it, the
// page lists the server's open challenges (take one with a click), the live games the player may
// see (watch one: the session then keys on that game's channel), the player's own games (play
// one), and a form that posts an open challenge (with a rating window and how long it waits, as
// `/challenge`'s), challenges a member or plays the computer. The server decides what is listed
// and checks every click; the live connection says when the server's challenges or games changed
// (`{"t": "lobby"}`) and the lobby asks for its list again.

import { app, $, word } from "./state.mjs";
import { call } from "./api.mjs";
import { restartLive } from "./live.mjs";
import { formatSentence, timeLeft } from "./words.mjs";
import { loadImports } from "./imports.mjs";

/** @typedef {import("./state.mjs").Json} Json */

/** Whether the lobby is shown. */
export function inLobby() {
  return document.body.dataset.mode === "lobby";
}

/** Show the lobby: `chosen` when the player asked for it (a game starting in the channel then
 * does not take its place), not when the channel simply has no game. @param {boolean} chosen */
export async function showLobby(chosen) {
  app.lobbyChosen = chosen;
  const keyed = app.watching !== null;
  app.watching = null;
  if (keyed) await useSession(await call("POST", "api/lobby/home"));
  const wasLobby = inLobby();
  document.body.dataset.mode = "lobby";
  $("lobby-back").hidden = !chosen;
  if (!wasLobby || keyed) restartLive(); // its hello says it shows the lobby, then asks for it
  else await refreshLobby();
}

/** Leave the lobby for the channel's game (the live connection then shows it). */
export function leaveLobby() {
  app.lobbyChosen = false;
  document.body.dataset.mode = "game";
  restartLive();
}

let loading = false;
let again = false;
/** @type {ReturnType<typeof setTimeout> | null} */
let soon = null;

/** The server's challenges or games changed: ask for the lists a moment later, once for the
 * changes that come together (a game's start ends a challenge too). */
export function lobbyChanged() {
  if (soon !== null) return;
  soon = setTimeout(() => { soon = null; refreshLobby(); }, 200);
}

/** Ask the server for the lobby's lists again (once more after the answer, if asked meanwhile). */
export async function refreshLobby() {
  if (!inLobby()) return;
  if (loading) { again = true; return; }
  loading = true;
  try {
    do {
      again = false;
      const [lobby] = await Promise.all([call("GET", "api/lobby"), loadImports()]);
      app.lobby = lobby;
      drawLobby();
    } while (again && inLobby());
  } catch (error) {
    lobbyMessage(/** @type {Error} */ (error).message);
  } finally {
    loading = false;
  }
}

/** Watch (or play) game `gameId` of this server: a session keyed on its channel, then the live
 * connection shows it. @param {string} gameId */
export async function watchGame(gameId) {
  await useSession(await call("POST", "api/lobby/watch", { game: gameId }));
  app.watching = gameId;
  app.lobbyChosen = false;
  app.state = null;
  document.body.dataset.mode = "game";
  restartLive();
}

/** After signing in again (a session keyed on the Activity's channel), key on the game watched.
 * A game gone meanwhile leaves the page on the Activity's channel. */
export async function rekey() {
  const watched = app.watching;
  if (watched === null) return;
  try {
    await useSession(await call("POST", "api/lobby/watch", { game: watched }, false));
  } catch {
    app.watching = null;
  }
}

/** @param {Json} answer */
async function useSession(answer) {
  app.session = answer.session;
}

// Drawing -------------------------------------------------------------------------------------

function drawLobby() {
  const lobby = /** @type {Json} */ (app.lobby);
  $("lobby-back").hidden = !app.lobbyChosen;
  $("lobby-server").hidden = !lobby.server;
  if (!lobby.server) { lobbyMessage(word("web.lobby_no_server")); return; }
  fill("lobby-challenges", lobby.challenges, challengeItem, "web.lobby_no_challenges");
  fill("lobby-games", lobby.games, (game) => gameItem(game, "web.lobby_watch", "watch"), "web.lobby_no_games");
  fill("lobby-mine", lobby.mine, (game) => gameItem(game, "web.lobby_play", "play"), "web.lobby_no_mine");
  drawForm(lobby);
}

/** @param {string} id @param {Json[]} items @param {(item: Json) => HTMLElement} draw @param {string} none */
function fill(id, items, draw, none) {
  const list = $(id);
  if (!items.length) {
    const empty = document.createElement("li");
    empty.className = "empty";
    empty.textContent = word(none);
    list.replaceChildren(empty);
    return;
  }
  list.replaceChildren(...items.map(draw));
}

/** @param {Json} challenge */
function challengeItem(challenge) {
  const who = challenge.mine ? word("web.lobby_yours") : word("web.lobby_by", { name: challenge.challenger.name });
  const details = [perMove(challenge.move_seconds)];
  if (challenge.best_of > 1) details.push(word("web.lobby_best_of", { count: challenge.best_of }));
  if (challenge.rating_window !== null) details.push(word("web.lobby_window", { window: challenge.rating_window }));
  details.push(word("web.time_left", { time: timeLeft(challenge.expires_in, app.language) }));
  const action = challenge.mine ? "web.lobby_withdraw" : "web.lobby_take";
  const item = entry(challenge, who, details, action, () => take(challenge.id));
  item.dataset.challenge = challenge.id;
  return item;
}

/** @param {Json} game @param {string} action @param {string} kind */
function gameItem(game, action, kind) {
  const [first, second] = game.players.map((/** @type {Json} */ p) => p.name);
  const who = word("web.lobby_vs", { first, second });
  const details = [perMove(game.move_seconds)];
  if (game.computer_level) details.push(word(`choice.level.${game.computer_level}`));
  const item = entry(game, who, details, action, () => open(game.id));
  item.dataset.game = game.id;
  item.dataset.kind = kind;
  return item;
}

/** One line of a list: the game and its board, who, the details, the channel, and its button.
 * @param {Json} thing @param {string} who @param {string[]} details @param {string} action
 * @param {() => Promise<void>} onClick */
function entry(thing, who, details, action, onClick) {
  const item = document.createElement("li");
  item.className = `item game-${thing.kind}`;
  const text = document.createElement("div");
  text.className = "what";
  const title = document.createElement("strong");
  title.textContent = `${word(`title.${thing.kind}`)} · ${word(`variant.${thing.variant}`)}`;
  const line = document.createElement("span");
  line.className = "who";
  line.textContent = who;
  const more = document.createElement("span");
  more.className = "details";
  more.textContent = [...details, thing.channel ? `#${thing.channel}` : ""].filter(Boolean).join(" · ");
  text.append(title, line, more);
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = word(action);
  if (action === "web.lobby_take" || action === "web.lobby_play") button.className = "primary";
  button.addEventListener("click", () => busy(onClick));
  item.append(text, button);
  return item;
}

/** @param {number} seconds */
function perMove(seconds) {
  return word("web.lobby_per_move", { time: timeLeft(seconds, app.language) });
}

/** The form's choices, from what the server offers (drawn once; a new game's variants follow).
 * @param {Json} lobby */
function drawForm(lobby) {
  const form = /** @type {HTMLFormElement} */ ($("lobby-form"));
  form.hidden = !lobby.can_post;
  $("lobby-cannot-post").hidden = lobby.can_post;
  const options = lobby.options;
  const game = /** @type {HTMLSelectElement} */ ($("lobby-game"));
  if (!game.options.length) {
    choices(game, options.games.map((/** @type {Json} */ g) => [g.key, word(`title.${g.key}`)]));
    choices(/** @type {HTMLSelectElement} */ ($("lobby-time")),
      options.times.map((/** @type {string} */ t) => [t, word(`choice.time.${t}`)]), "3d");
    choices(/** @type {HTMLSelectElement} */ ($("lobby-level")),
      options.levels.map((/** @type {string} */ l) => [l, word(`choice.level.${l}`)]), "normal");
    choices(/** @type {HTMLSelectElement} */ ($("lobby-window")), [
      ["", word("web.lobby_any_rating")],
      ...options.rating_windows.map((/** @type {number} */ n) => [String(n), word(`choice.rating_window.${n}`)]),
    ]);
    choices(/** @type {HTMLSelectElement} */ ($("lobby-expires")),
      options.expiries.map((/** @type {Json} */ e) => [String(e.seconds), word(`choice.expires.${e.key}`)]),
      String(options.default_expires));
    game.addEventListener("change", () => drawVariants());
    $("lobby-against").addEventListener("change", () => drawLevel());
  }
  drawVariants();
  const against = /** @type {HTMLSelectElement} */ ($("lobby-against"));
  const chosen = against.value;
  choices(against, [
    ["anyone", word("web.lobby_anyone")],
    ["computer", word("web.lobby_computer")],
    ...lobby.people.map((/** @type {Json} */ p) => [p.id, p.name]),
  ], chosen || "anyone");
  drawLevel();
}

function drawVariants() {
  const lobby = /** @type {Json} */ (app.lobby);
  const key = /** @type {HTMLSelectElement} */ ($("lobby-game")).value;
  const game = lobby.options.games.find((/** @type {Json} */ g) => g.key === key);
  const variant = /** @type {HTMLSelectElement} */ ($("lobby-variant"));
  const chosen = variant.value;
  choices(variant, (game ? game.variants : []).map((/** @type {string} */ v) => [v, word(`variant.${v}`)]), chosen);
}

/** The level for a game against the computer; the rating window and the wait for an open
 * challenge (as `/challenge`, which takes them only without an opponent). */
function drawLevel() {
  const against = /** @type {HTMLSelectElement} */ ($("lobby-against")).value;
  $("lobby-level-field").hidden = against !== "computer";
  $("lobby-window-field").hidden = against !== "anyone";
  $("lobby-expires-field").hidden = against !== "anyone";
}

/** Fill a select, keeping `chosen` when it is still offered.
 * @param {HTMLSelectElement} select @param {string[][]} pairs @param {string} [chosen] */
function choices(select, pairs, chosen = "") {
  const keep = pairs.some(([value]) => value === chosen) ? chosen : (pairs[0] || [""])[0];
  select.replaceChildren(...pairs.map(([value, label]) => new Option(label, value, false, value === keep)));
  select.value = keep;
}

// Acting --------------------------------------------------------------------------------------

/** @param {string} challengeId */
async function take(challengeId) {
  const answer = await call("POST", "api/lobby/take", { challenge: challengeId });
  if (answer.game) await watchGame(answer.game);
  else await refreshLobby();
}

/** @param {string} gameId */
async function open(gameId) {
  await watchGame(gameId);
}

/** @param {SubmitEvent} event */
async function post(event) {
  event.preventDefault();
  const value = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id)).value;
  const against = value("lobby-against");
  const toAnyone = against === "anyone";
  await busy(async () => {
    const answer = await call("POST", "api/lobby/post", {
      game: value("lobby-game"),
      variant: value("lobby-variant") || null,
      time: value("lobby-time"),
      against,
      level: against === "computer" ? value("lobby-level") : null,
      rating_window: toAnyone && value("lobby-window") ? Number(value("lobby-window")) : null,
      expires: toAnyone ? Number(value("lobby-expires")) : null,
    });
    if (answer.game) { await watchGame(answer.game); return; }
    await refreshLobby();
    lobbyMessage(word("web.lobby_posted"), "done");
  });
}

/** Run a click's work with every lobby button waiting; a refusal's sentence is shown.
 * @param {() => Promise<void>} work */
async function busy(work) {
  const lobby = $("lobby");
  lobby.classList.add("busy");
  lobbyMessage("");
  try {
    await work();
  } catch (error) {
    lobbyMessage(/** @type {Error} */ (error).message);
  } finally {
    lobby.classList.remove("busy");
  }
}

/** A sentence in the lobby's message box (a refusal, unless `kind` says otherwise).
 * @param {string} sentence @param {string} [kind] */
function lobbyMessage(sentence, kind = "refusal") {
  const box = $("lobby-message");
  box.replaceChildren(...(sentence ? formatSentence(sentence, nameInLobby) : []));
  box.dataset.kind = kind;
  box.hidden = !sentence;
}

/** @param {string} id */
function nameInLobby(id) {
  const lobby = app.lobby;
  if (!lobby || !lobby.server) return "?";
  const people = [
    ...lobby.people,
    ...lobby.challenges.map((/** @type {Json} */ c) => c.challenger),
    ...[...lobby.games, ...lobby.mine].flatMap((/** @type {Json} */ g) => g.players),
  ];
  const found = people.find((p) => p.id === id);
  return found ? found.name : "?";
}

/** The lobby's fixed buttons and its form. */
export function wireLobby() {
  $("lobby-form").addEventListener("submit", (event) => post(/** @type {SubmitEvent} */ (event)));
  $("to-lobby").addEventListener("click", () => busy(() => showLobby(true)));
  $("lobby-back").addEventListener("click", () => leaveLobby());
  app.afterSignIn = rekey;
}
