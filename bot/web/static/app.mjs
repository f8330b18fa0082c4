// The board you click: signs in through Discord, shows the channel's game live, and builds a
// turn by clicks that the server checks at every step (`api/targets`) and plays as `/move` does.
// Each concern has its module: state.mjs (what the page knows), signin.mjs, live.mjs, game.mjs
// (the game shown and the turn built), view.mjs (drawing), controls.mjs (the fixed buttons),
// lobby.mjs (the lobby: a server's challenges and games, shown where the channel has no game),
// imports.mjs (the user's imported games, listed in the lobby and opened read-only).

import { connect, insideDiscord } from "./discord.mjs";
import { app, games, word } from "./state.mjs";
import { getJson } from "./api.mjs";
import { authenticate } from "./signin.mjs";
import { openLive } from "./live.mjs";
import { loadWords, showError, showNotice } from "./view.mjs";
import { wire } from "./controls.mjs";
import { wireLobby } from "./lobby.mjs";
import { wireImports } from "./imports.mjs";
import * as generic from "./games/generic.mjs";

async function start() {
  app.language = (navigator.language || "en").slice(0, 2);
  // Everything the page needs before it signs in, at once.
  const needed = Promise.all([getJson("api/config"), getJson("api/look").then(loadGames)]);
  await loadWords(app.language);
  if (!insideDiscord()) {
    // Opened as a web page: the SDK has no Discord client to talk to.
    document.body.dataset.outside = "true";
    showNotice(word("web.outside_discord"));
    return;
  }
  showNotice(word("web.connecting"));
  try {
    const [config] = await needed;
    app.sdk = await connect(config.client_id);
    performance.mark("board:sdk-ready");
  } catch (error) {
    showNotice("");
    showError(/** @type {Error} */ (error).message || String(error));
    return;
  }
  await authenticate();
  performance.mark("board:signed-in");
  openLive();
}

/** The look of every game, and the module of each that draws a board of its own (the server
 * names them: a new game needs no change here). @param {import("./state.mjs").Json} look */
async function loadGames(look) {
  app.look = look;
  games.generic = generic;
  const found = Object.entries(look.games).filter(([, game]) => game.module);
  const modules = await Promise.all(found.map(([, game]) => import(`./${game.module}`)));
  found.forEach(([key], index) => { games[key] = modules[index]; });
}

wire();
wireLobby();
wireImports();
start();
