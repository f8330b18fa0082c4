// ESLint for the board page (bot/web/static): the recommended rules, for browser modules. The
// vendored Embedded App SDK is built by bot/web/sdk and checked there.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["check/**", "sdk/**", "static/vendor/**"] },
  {
    files: ["static/**/*.mjs"],
    ignores: ["static/vendor/**"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      ...js.configs.recommended.rules,
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: "error",
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
