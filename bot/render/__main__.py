"""``python -m bot.render``: draw a game record's final position or its replay (`bot.games.cli`).

The tool lives with the games, which it looks up in their registry; this entry point keeps the
documented command (import-linter's contracts exempt it, as an application's entry point)."""

import sys

from bot.games.cli import main

sys.exit(main())
