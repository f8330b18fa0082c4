"""`/premove [line] [withdraw]`: conditional moves (issue 54, point 1). On the opponent's turn a
player queues a line (their move, then the player's answer, several turns deep, in `/move`'s
notation), lists their lines (no option), or withdraws one (`withdraw:N`) or all
(`withdraw:0`). Every answer is private: a line is its owner's alone."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import unseen
from bot.discord.host import Host, everywhere, ls, user_locale
from bot.service.premoves import LINE_PLIES
from bot.words.premoves import lines_text, queued_text, withdrawn_text

ALL = 0
"""The `withdraw` number that withdraws every line."""
TYPED = 1000
"""The longest line one may type (Discord's limit on an option is 6000; a line of
`LINE_PLIES` Verbindung moves fits well inside this)."""
assert LINE_PLIES * 45 <= TYPED  # the longest Verbindung move text is about 40 characters


class PremoveCog(commands.Cog):
    """Queued lines of conditional moves."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.premove.name"), description=ls("command.premove.description")
    )
    @app_commands.rename(
        line=ls("command.premove.option.line.name"),
        withdraw=ls("command.premove.option.withdraw.name"),
    )
    @app_commands.describe(
        line=ls("command.premove.option.line.description"),
        withdraw=ls("command.premove.option.withdraw.description"),
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def premove(
        self,
        interaction: discord.Interaction,
        line: app_commands.Range[str, 1, TYPED] | None = None,
        withdraw: app_commands.Range[int, 0] | None = None,
    ) -> None:
        """Queue a line in this channel's game, withdraw lines, or (no option) list them;
        privately."""
        channel_id = interaction.channel_id or 0

        async def work() -> None:
            await self._answer(interaction, channel_id, line, withdraw)

        await unseen.first(self.bot, interaction, work, channel_id=channel_id)

    async def _answer(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        line: str | None,
        withdraw: int | None,
    ) -> None:
        premoves, user_id = self.bot.service.premoves, interaction.user.id
        locale = user_locale(interaction)
        if withdraw is not None:
            number = None if withdraw == ALL else withdraw
            done = await premoves.withdraw(channel_id, user_id, number)
            content = withdrawn_text(done.view.id, done.count, locale)
            if line is not None:  # withdrawn first, so a line can take an old one's place
                queued = await premoves.queue(channel_id, user_id, line)
                content += "\n" + queued_text(queued.view.id, queued.line, locale)
        elif line is not None:
            queued = await premoves.queue(channel_id, user_id, line)
            content = queued_text(queued.view.id, queued.line, locale)
        else:
            found = await premoves.of(channel_id, user_id)
            content = lines_text(found.view.id, found.lines, locale)
        await interaction.response.send_message(
            content, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
