"""The Discord adapter: everything that talks to Discord, over the service below it.

The discord.py client and its start-up (`app`); one package per feature (`playing`,
`challenges`, `days`, `tournaments`, `analysis`, `rankings`, `information`, `activity`,
`learning`, `puzzles`), none importing another, gathered in `features`, with the table of how
each kind of post is drawn in `kinds`; a reply-only game's loss on time, which every command and
button of a game shows first (`unseen`); the host every feature reaches and what they share
(`host`); how a post is drafted, drawn and sent (`posting`); and below them all, names, sight,
where a game can live, the command tree's error answers and the endpoints discord.py talks to
(`shared`). Nothing outside this package but the command line (`bot.__main__`, `bot.cli`) imports
it.

Inside it, ``import discord`` is the library: imports are absolute.
"""
