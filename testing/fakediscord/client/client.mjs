// The fake Discord client around an Activity: the page Discord shows the Activity in, on the
// Activity's own origin (the SDK accepts messages from `window.location.origin`, src/Discord.ts
// ALLOWED_ORIGINS), speaking the Embedded App SDK's postMessage protocol as its source expects
// (discord/embedded-app-sdk src/Discord.ts, src/schema/, src/__tests__/discordSdk.test.ts):
//
//   [0 HANDSHAKE, {v: 1, encoding: "json", client_id, frame_id, sdk_version}] from the SDK
//     -> [1 FRAME, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v, config, user}}]
//   [1 FRAME, {cmd, args, nonce}] from the SDK -> [1, {cmd, evt: null, nonce, data}] or an
//     error [1, {cmd, evt: "ERROR", nonce, data: {code, message}}] (RPCErrorCodes)
//   [2 CLOSE, {code, message}] either way (1000 is a normal close)
//
// AUTHORIZE is answered with a one-time code minted by the fake Discord for the user this page
// shows; AUTHENTICATE checks the access token with the fake Discord. Any other command is an
// error, so that a surprise fails loudly. What happened is kept in `window.fakeDiscord`.

const params = new URLSearchParams(window.location.search);
const frameId = params.get("frame_id") || "frame-1";
const expectedClient = params.get("client_id");
const user = JSON.parse(params.get("user"));
const INVALID_PAYLOAD = 4000;
const INVALID_COMMAND = 4002;
const INVALID_CLIENTID = 4007;
const INVALID_TOKEN = 4009;

const log = { handshakes: [], commands: [], errors: [], closed: null, ready: 0 };
window.fakeDiscord = log;

const frame = document.getElementById("activity");
const query = new URLSearchParams({
  frame_id: frameId,
  instance_id: params.get("instance_id"),
  platform: params.get("platform") || "desktop",
  channel_id: params.get("channel_id"),
});
if (params.get("guild_id")) query.set("guild_id", params.get("guild_id"));
if (params.get("location_id")) query.set("location_id", params.get("location_id"));
frame.src = `${params.get("activity") || "/"}?${query}`;

function send(message) {
  frame.contentWindow.postMessage(message, window.location.origin);
}

function reply(command, data) {
  send([1, { cmd: command.cmd, evt: null, nonce: command.nonce, data }]);
}

function fail(command, code, message) {
  log.errors.push({ cmd: command.cmd, code, message });
  send([1, { cmd: command.cmd, evt: "ERROR", nonce: command.nonce, data: { code, message } }]);
}

async function ask(path, body) {
  const response = await fetch(`/.fake-discord/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, data: await response.json() };
}

async function command(payload) {
  log.commands.push(payload.cmd);
  const args = payload.args || {};
  switch (payload.cmd) {
    case "AUTHORIZE": {
      if (args.client_id !== expectedClient) return fail(payload, INVALID_CLIENTID, "Invalid client id");
      if (args.response_type !== "code" || !Array.isArray(args.scope)) {
        return fail(payload, INVALID_PAYLOAD, "Invalid authorize arguments");
      }
      const { data } = await ask("code", { user_id: user.id });
      return reply(payload, { code: data.code });
    }
    case "AUTHENTICATE": {
      const { ok, data } = await ask("authenticate", { access_token: args.access_token });
      if (!ok) return fail(payload, INVALID_TOKEN, "Invalid access token");
      return reply(payload, data);
    }
    case "SUBSCRIBE":
    case "UNSUBSCRIBE":
      return reply(payload, { evt: payload.evt });
    case "CAPTURE_LOG":
      return reply(payload, null);
    default:
      return fail(payload, INVALID_COMMAND, `Unknown command ${payload.cmd}`);
  }
}

window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || event.origin !== window.location.origin) return;
  if (!Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === 0) {
    log.handshakes.push(payload);
    if (payload.v !== 1 || payload.frame_id !== frameId) return send([2, { code: 4004, message: "Invalid version" }]);
    if (payload.client_id !== expectedClient) return send([2, { code: 4000, message: "Invalid client id" }]);
    log.ready += 1;
    send([1, {
      cmd: "DISPATCH", evt: "READY", nonce: null,
      data: {
        v: 1,
        config: { api_endpoint: "//discord.com/api", environment: "production", cdn_host: "cdn.discordapp.com" },
        user: { id: user.id, username: user.username, discriminator: "0" },
      },
    }]);
  } else if (opcode === 1) {
    command(payload);
  } else if (opcode === 2) {
    log.closed = payload;
    frame.remove();
  }
});
