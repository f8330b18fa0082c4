// Signing in through Discord, as developers/docs/activities/how-activities-work describes it:
// the SDK's handshake with the Discord client (`ready`), `authorize` for a one-time code, the
// server's exchange of that code (with the client secret, which only the server knows), and
// `authenticate` with the access token. The server trusts only Discord: it asks Discord who the
// user is and which channel the instance runs in, and hands back a session for that channel.
// Every URL is relative: Discord's proxy serves the page and its API from the app's own domain.

import { DiscordSDK } from "./vendor/discord-sdk.mjs";

export const SCOPES = ["identify"];

/** Whether the page runs inside a Discord client: Discord opens an Activity with its frame in
 * the query, which the SDK needs (a page opened in a browser has none). */
export function insideDiscord() {
  return new URLSearchParams(window.location.search).has("frame_id");
}

/** The SDK, once the Discord client answered its handshake. @param {string} clientId */
export async function connect(clientId) {
  // The SDK would otherwise send every console line to the client (CAPTURE_LOG).
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  return sdk;
}

/** A session for this Activity instance: {session, user, language, expires_at}. Throws an
 * Error with the server's sentence (`sentence`, when it gave one) and the seconds it asked to
 * wait (`retryAfter`, from Retry-After), or the SDK's or the network's own error.
 * @param {any} sdk @param {string} language */
export async function signIn(sdk, language) {
  const { code } = await sdk.commands.authorize({
    client_id: sdk.clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: SCOPES,
  });
  const response = await fetch("api/session", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": language },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const refusal = Object.assign(new Error(answer.error || `api/session: ${response.status}`), {
      sentence: answer.error, // the server's own, in the user's language
      status: response.status,
      retryAfter: retryAfter(response.headers.get("Retry-After")),
    });
    throw refusal;
  }
  await sdk.commands.authenticate({ access_token: answer.access_token });
  return answer;
}

/** Retry-After's seconds (a number of seconds or an HTTP date), or null. @param {string | null} value */
function retryAfter(value) {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}
