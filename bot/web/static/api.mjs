// The server's API: JSON in and out, the session in the Authorization header.

import { app, word } from "./state.mjs";
import { authenticate } from "./signin.mjs";

/** An answer the server refused: its sentence, code and HTTP status. */
export class Refusal extends Error {
  /** @param {string} message @param {number} status @param {string | undefined} code */
  constructor(message, status, code = undefined) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** @param {string} path */
export async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Refusal(`${path}: ${response.status}`, response.status);
  return response.json();
}

/** Ask the API; a session that ran out is renewed once (Discord asks no one: prompt none).
 * @param {string} method @param {string} path @param {unknown} [body] @returns {Promise<any>} */
export async function call(method, path, body = undefined, again = true) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${app.session}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401 && again) {
    await authenticate();
    return call(method, path, body, false);
  }
  // A refusal that is not the API's own JSON (a proxy's page, say) still gets a sentence.
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Refusal(answer.error || word("web.bad_request"), response.status, answer.code);
  }
  return answer;
}
