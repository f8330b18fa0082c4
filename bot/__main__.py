"""``python -m bot``: load the settings from `.env` and the environment, and say what is missing.

The Discord layer is not part of this version yet; this entry point already checks the
configuration so that an admin can prepare it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from dotenv import find_dotenv, load_dotenv

from bot.settings import Settings, SettingsError

EXIT_CONFIG = 2

NO_TOKEN = """\
No Discord bot token is configured.

  1. Create an application at https://discord.com/developers/applications,
     open its "Bot" page and copy the token.
  2. Set DISCORD_TOKEN=<your token> in .env (copy .env.example to .env
     first if there is none), or export DISCORD_TOKEN in the environment.
  3. Start the bot again with: python -m bot
"""

NOT_YET = """\
Configuration read: database {database}, log level {level}{guild}.
The Discord commands are not part of this version of the bot yet, so it stops here.
"""


def main(env: Mapping[str, str] | None = None) -> int:
    """Check the configuration and explain what is missing; return the exit status."""
    if env is None:
        # Values already in the environment win over the file, as deployments expect.
        load_dotenv(find_dotenv(usecwd=True), override=False)
        env = os.environ
    try:
        settings = Settings.from_env(env)
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return EXIT_CONFIG
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_CONFIG
    guild = f", development server {settings.dev_guild_id}" if settings.dev_guild_id else ""
    print(NOT_YET.format(database=settings.database_path, level=settings.log_level, guild=guild))
    return 1


if __name__ == "__main__":
    sys.exit(main())
