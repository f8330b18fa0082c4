// What the page knows, in one object that only the page's modules share (never a global of the
// window): the signed-in user, the words, the look, the game shown and the turn being built.

/**
 * @typedef {Record<string, any>} Json
 * @typedef {{ render: Function, buttons: Function, onField: Function, card: Function,
 *   figures: Function, hint?: Function, diceLeft?: Function }} GameModule
 */

export const app = {
  /** @type {Record<string, string>} */ words: {},
  /** @type {Json | null} */ look: null,
  /** @type {any} */ sdk: null,
  /** @type {string | null} */ session: null,
  /** @type {Json | null} */ me: null,
  language: "en",
  /** @type {Json | null} */ state: null,
  received: 0,
  /** @type {string[]} */ picks: [],
  /** @type {Json[]} */ stack: [],
  /** @type {string | null} */ move: null,
  /** @type {string | null} */ selected: null,
  passing: false,
  busy: false,
  /** @type {{ moves: string[], found: Json | null } | null} */ line: null, // a line being built
  /** @type {Json | null} */ history: null,
  /** @type {Json | null} */ analysis: null,
  /** @type {Json | null} */ mine: null,
  /** @type {number | null} */ noteShown: null,
  /** @type {WebSocket | null} */ socket: null,
  retry: 0,
  /** @type {Json | null} */ lobby: null, // the lobby's lists, as the server last sent them
  lobbyChosen: false, // the player asked for the lobby (a game starting here does not replace it)
  /** @type {string | null} */ watching: null, // the game watched from the lobby (its channel's)
  /** @type {(() => Promise<void>) | null} */ afterSignIn: null, // keys a new session on it
};

/** @type {Record<string, GameModule>} each game's board by key, loaded from `api/look` */
export const games = {};

/** @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The catalogue's message `key` with its `{names}` filled in (the key itself when missing). */
export function word(key, params = /** @type {Record<string, unknown>} */ ({})) {
  const template = app.words[key] || key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** The colour the signed-in user plays in the game shown (null for a watcher). */
export function myColour() {
  if (!app.state || !app.me) return null;
  const me = app.me;
  const player = app.state.players.find((/** @type {Json} */ p) => p.id === me.id);
  return player ? player.colour : null;
}

export function myTurn() {
  return Boolean(app.state && app.state.active && app.state.to_move && app.state.to_move === myColour());
}

/** @param {string} colour */
export function nameOf(colour) {
  const player = app.state && app.state.players.find((/** @type {Json} */ p) => p.colour === colour);
  return player ? player.name : word(`colour.${colour}`);
}

/** @param {string} id */
export function nameFromId(id) {
  const player = app.state && app.state.players.find((/** @type {Json} */ p) => p.id === id);
  return player ? player.name : "?";
}

/** The board of the game shown (a game without one of its own shows its moves as buttons). */
export function gameModule() {
  return (app.state && games[app.state.kind]) || games.generic;
}
