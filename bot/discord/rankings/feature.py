"""What rankings add to the bot: their commands and their buttons."""

from bot.discord.rankings.commands import LeaderboardButton, RankingCog

COGS = (RankingCog,)
BUTTONS = (LeaderboardButton,)
