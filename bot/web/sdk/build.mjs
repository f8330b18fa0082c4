// Builds the Activity's copy of Discord's Embedded App SDK (pinned in package.json and
// package-lock.json) into one minified ES module, ../static/vendor/discord-sdk.mjs, which is
// committed: the bot serves it as a static file and never needs Node.
//
//   npm ci && npm run build    rebuild it (after changing the pinned versions)
//   npm ci && npm run check    rebuild it aside and fail unless it equals the committed file
//                              (.ci/run does this where npm is present)
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const shipped = new URL("../static/vendor/discord-sdk.mjs", import.meta.url);
const sdk = JSON.parse(
  readFileSync(new URL("node_modules/@discord/embedded-app-sdk/package.json", import.meta.url)),
);
const banner =
  `/*! ${sdk.name} ${sdk.version} (${sdk.license}), bundled with its dependencies by esbuild:` +
  " zod, decimal.js-light, eventemitter3, lodash.transform, uuid (MIT) and big-integer" +
  " (Unlicense); versions in bot/web/sdk/package-lock.json. */";

const result = await build({
  entryPoints: [new URL("entry.mjs", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  minify: true,
  platform: "browser",
  target: "es2020",
  legalComments: "none",
  banner: { js: banner },
  write: false,
  outfile: shipped.pathname,
});
const built = result.outputFiles[0].contents;

if (process.argv[2] === "--check") {
  const committed = readFileSync(shipped);
  if (Buffer.compare(Buffer.from(built), committed) !== 0) {
    console.error("bot/web/static/vendor/discord-sdk.mjs is not what the pinned sources build:");
    console.error("run `npm ci && npm run build` in bot/web/sdk and commit the result");
    process.exit(1);
  }
  console.log(`discord-sdk.mjs matches its pinned sources (${built.length} bytes)`);
} else {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(shipped, built);
  console.log(`wrote ${shipped.pathname} (${built.length} bytes)`);
}
