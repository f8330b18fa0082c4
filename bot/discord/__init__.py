"""The Discord adapter: everything that talks to Discord, over the service below it.

The discord.py client and its start-up (`app`), the slash commands and buttons (`commands`), the
command tree's error answers (`tree`), what the bot posts (`announce`, `letters`, `wording`,
`names`), the background rounds of reminders, time losses and owed posts (`scheduler`), the
computer's jobs (`opponent`; `worker` runs them without a gateway) and the endpoints discord.py
talks to (`endpoints`). Nothing outside this package but `bot.__main__` imports it.

Inside it, ``import discord`` is the library: imports are absolute.
"""
