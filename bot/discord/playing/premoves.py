"""`/premove [line] [withdraw]`: conditional moves (issue 54, point 1). On the opponent's turn a
player queues a line (their move, then the player's answer, several turns deep, in `/move`'s
notation), lists their lines (no option), or withdraws one (`withdraw:N`) or all
(`withdraw:0`). Make move pressed by the player who waits opens the same as a form
(`line_modal`), answered from its custom id after a restart as Make move's own is
(`line_submission`). Every answer is private: a line is its owner's alone."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import unseen
from bot.discord.host import Host, answering_errors, everywhere, host_of, ls, user_locale
from bot.discord.playing.places import place_of
from bot.discord.shared.move_box import MOVE_FIELD, TITLE, cut, labelled, submitted_move
from bot.i18n import text
from bot.service import GameView
from bot.service.premoves import LINE_PLIES
from bot.words.premoves import lines_text, queued_text, withdrawn_text

QUEUED = re.compile(r"premove:(?P<game>[0-9]+)")
"""The custom id of a form that queues a line."""

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
        """Queue a line in this channel's game (in the bot's DMs, else in the player's pool
        game waiting for their opponent), withdraw lines, or (no option) list them;
        privately."""
        channel_id = await place_of(self.bot, interaction, their_turn=True)

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


# The form ------------------------------------------------------------------------------------


def line_modal(view: GameView, locale: str) -> discord.ui.Modal:
    """The form Make move opens for the player who waits: how a line is written, the game's
    notation, and one field for the line."""
    title = text(locale, "premove.form_title", game_id=view.id)
    modal = discord.ui.Modal(title=cut(title, TITLE), custom_id=f"premove:{view.id}")
    hint = [text(locale, "premove.form_hint"), text(locale, view.kind.notation_key)]
    modal.add_item(discord.ui.TextDisplay("\n".join(hint)))
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=MOVE_FIELD, style=discord.TextStyle.paragraph, max_length=TYPED
    )
    modal.add_item(labelled(text(locale, "premove.form_field"), None, field))
    modal.stop()  # sent stopped: discord.py keeps no copy; `line_submission` answers it
    return modal


async def submit_line(
    host: Host, interaction: discord.Interaction, game_id: int, line: str
) -> None:
    """A line submitted in the form: queued in the game as `/premove line:` queues it."""
    view = await host.service.queries.game(game_id)
    queued = await host.service.premoves.queue(view.channel_id, interaction.user.id, line)
    content = queued_text(queued.view.id, queued.line, user_locale(interaction))
    await interaction.response.send_message(
        content, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


def line_submission(interaction: discord.Interaction) -> Awaitable[None] | None:
    """The work of a line form's submission (None for any other interaction)."""
    box = submitted_move(interaction, QUEUED)
    if box is None:
        return None
    found, line = box
    game_id, host = int(found["game"]), host_of(interaction)

    async def work() -> None:
        await submit_line(host, interaction, game_id, line)

    return answering_errors(interaction, unseen.first(host, interaction, work, game_id=game_id))
