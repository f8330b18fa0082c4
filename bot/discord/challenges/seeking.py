"""`/seek join|cancel|list`: the pool across servers (issue 53, step 5). A seeker's pool game is
played in their direct messages with the bot, so before a seek is stored the bot writes to the
seeker there (that they are in the pool): a seeker Discord refuses to let it write to (closed
direct messages, 50007; no server shared with the bot, 50278) is told at once, privately, what
to do, and no seek is stored. Every answer is private and shows nothing of the servers."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.challenges.commands import EXPIRIES
from bot.discord.host import TIMES, Host, everywhere, game_choices, ls, user_locale, variant_choices
from bot.i18n import text, timestamp
from bot.service.seeks import Paired, check_lapse_seconds
from bot.store.rows import SeekRow
from bot.words.games import game_title

DMS_CLOSED = 50007
"""Discord's "Cannot send messages to this user" (the courier's `DMS_CLOSED`)."""
NO_SHARED_SERVER = 50278
"""Discord's "... due to having no mutual guilds" (the courier's `NO_SHARED_SERVER`)."""
JOIN = ("game", "variant", "time", "rated", "lapse")


def key(sub: str, rest: str) -> app_commands.locale_str:
    return ls(f"command.seek.sub.{sub}.{rest}")


class SeekCog(commands.Cog):
    """Seeking a game with anyone, on any server."""

    seek = everywhere(
        app_commands.Group(name=ls("command.seek.name"), description=ls("command.seek.description"))
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @seek.command(name=key("join", "name"), description=key("join", "description"))
    @app_commands.rename(**{o: key("join", f"option.{o}.name") for o in JOIN})
    @app_commands.describe(**{o: key("join", f"option.{o}.description") for o in JOIN})
    @app_commands.choices(
        time=[app_commands.Choice(name=ls(f"choice.time.{k}"), value=s) for k, s in TIMES],
        lapse=[
            app_commands.Choice(name=ls(f"choice.time.{k}"), value=s)
            for k, s in TIMES
            if k in EXPIRIES
        ],
    )
    async def join(  # noqa: PLR0917 - discord.py passes the options positionally
        self,
        interaction: discord.Interaction,
        game: str,
        variant: str | None = None,
        time: int | None = None,
        rated: bool = True,
        lapse: int | None = None,
    ) -> None:
        """Enter the pool: paired at once with a compatible seeker, or waiting until `lapse`.
        The options are checked before the bot writes to the seeker, and nothing is stored
        when it cannot."""
        locale = user_locale(interaction)
        seeks, user_id = self.bot.service.seeks, interaction.user.id
        self.bot.names.remember(interaction.user)  # the name its pool games show
        game_kind = await seeks.check(
            user_id=user_id, game_kind=game, variant=variant, move_seconds=time, lapse_seconds=lapse
        )
        await interaction.response.defer(ephemeral=True)  # a DM and a pairing: two requests
        title = game_title(locale, game_kind)
        lapses_at = self.bot.service.context.now() + check_lapse_seconds(lapse)
        written = text(locale, "seek.dm", game=title, lapses=timestamp(lapses_at))
        dm = await _write_to(interaction, written)
        if dm is None:
            return
        outcome = await seeks.seek(
            user_id=user_id,
            game_kind=game_kind,
            dm_channel_id=dm.id,
            variant=variant,
            move_seconds=time,
            rated=rated,
            lapse_seconds=lapse,
            locale=locale,
        )
        if isinstance(outcome, Paired):
            answer = text(locale, "seek.paired", game=title, game_id=outcome.started.view.id)
        else:
            answer = text(locale, "seek.waiting", game=title, lapses=timestamp(lapses_at))
        await interaction.followup.send(answer, ephemeral=True)

    @join.autocomplete("game")
    async def join_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    @join.autocomplete("variant")
    async def join_variant(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The variants of the game chosen."""
        return variant_choices(self.bot, interaction, current)

    @seek.command(name=key("cancel", "name"), description=key("cancel", "description"))
    @app_commands.rename(game=key("cancel", "option.game.name"))
    @app_commands.describe(game=key("cancel", "option.game.description"))
    async def cancel(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Leave the pool for one game (every game without `game`)."""
        locale = user_locale(interaction)
        removed = await self.bot.service.seeks.cancel(interaction.user.id, game)
        games = ", ".join(game_title(locale, seek.game_kind) for seek in removed)
        await interaction.response.send_message(
            text(locale, "seek.cancelled", games=games), ephemeral=True
        )

    @cancel.autocomplete("game")
    async def cancel_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    @seek.command(name=key("list", "name"), description=key("list", "description"))
    async def listing(self, interaction: discord.Interaction) -> None:
        """The seeker's seeks waiting in the pool."""
        locale = user_locale(interaction)
        mine = await self.bot.service.seeks.mine(interaction.user.id)
        lines = [_seek_line(locale, seek) for seek in mine]
        content = "\n".join(lines) if lines else text(locale, "seek.none")
        await interaction.response.send_message(content, ephemeral=True)


async def _write_to(interaction: discord.Interaction, content: str) -> discord.DMChannel | None:
    """Tell the seeker, in their direct messages with the bot, that they are in the pool: the
    channel their pool games will be played in. None (the seeker told privately what to do)
    when Discord refuses to let the bot write to them."""
    locale = user_locale(interaction)
    try:
        channel = await interaction.client.create_dm(interaction.user)
        await channel.send(content, allowed_mentions=discord.AllowedMentions.none())
    except discord.Forbidden as error:
        if error.code == DMS_CLOSED:
            refusal = "seek.dms_closed"
        elif error.code == NO_SHARED_SERVER:
            refusal = "seek.no_shared_server"
        else:
            raise
        await interaction.followup.send(text(locale, refusal), ephemeral=True)
        return None
    return channel


def _seek_line(locale: str, seek: SeekRow) -> str:
    """One waiting seek, as `/seek list` shows it."""
    return text(
        locale,
        "seek.line",
        game=game_title(locale, seek.game_kind),
        rated=text(locale, "seek.rated" if seek.rated else "seek.unrated"),
        lapses=timestamp(seek.lapses_at),
    )
