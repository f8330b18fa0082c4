// The one entry of the Activity's copy of Discord's Embedded App SDK: what the page uses, and no
// more, so that esbuild leaves the rest out. `npm run build` writes ../static/vendor/discord-sdk.mjs
// (committed, so that the bot needs no Node); `npm run check` rebuilds it aside and compares.
export { DiscordSDK, Events, RPCCloseCodes } from "@discord/embedded-app-sdk";
