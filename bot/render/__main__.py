"""``python -m bot.render``: see `bot.render.cli`."""

import sys

from bot.render.cli import main

sys.exit(main())
