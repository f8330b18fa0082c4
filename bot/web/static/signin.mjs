// Signing in, and signing in again: through Discord (discord.mjs), with the sentence of a refusal
// shown in place of "Signing in…" and another try after the wait the server asks for (its
// Retry-After), or after a wait that doubles up to half a minute when it names none.

import { signIn } from "./discord.mjs";
import { app, word } from "./state.mjs";
import { loadWords, showError, showNotice } from "./view.mjs";

export const SIGN_IN_FIRST_WAIT = 1000;
export const SIGN_IN_LONGEST_WAIT = 30000;

/** How long to wait before sign-in attempt `attempt + 1` after a refusal (milliseconds): the
 * server's Retry-After when it gave one, else a doubling wait; never more than half a minute.
 * @param {number} attempt @param {number | null | undefined} retryAfter in seconds */
export function signInWait(attempt, retryAfter) {
  if (retryAfter !== null && retryAfter !== undefined && retryAfter >= 0) {
    return Math.min(SIGN_IN_LONGEST_WAIT, Math.max(250, retryAfter * 1000));
  }
  return Math.min(SIGN_IN_LONGEST_WAIT, SIGN_IN_FIRST_WAIT * 2 ** attempt);
}

/** @type {Promise<void> | null} */
let signing = null;

/** Sign in until Discord and the server agree; one sign-in at a time (two calls that found
 * their session ended wait for the same one). */
export function authenticate() {
  if (!signing) signing = signInUntilDone().finally(() => { signing = null; });
  return signing;
}

async function signInUntilDone() {
  showNotice(word("web.signing_in"));
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await signIn(app.sdk, app.language);
      app.session = answer.session;
      app.me = answer.user;
      if (app.afterSignIn) await app.afterSignIn(); // the game watched from the lobby, again
      if (answer.language !== app.language) {
        app.language = answer.language;
        await loadWords(answer.language);
      }
      document.body.dataset.signedIn = "true";
      delete document.body.dataset.refused;
      showNotice("");
      showError("");
      return;
    } catch (error) {
      // The refusal's own sentence stays in view until the next try succeeds.
      const refusal = /** @type {{ sentence?: string, retryAfter?: number }} */ (error);
      document.body.dataset.refused = "true";
      showNotice("");
      showError(refusal.sentence || word("web.sign_in_failed"));
      await new Promise((resolve) => setTimeout(resolve, signInWait(attempt, refusal.retryAfter)));
    }
  }
}
