"""A tiny bot that exercises the fake Discord as the real bot will (tests only).

``python -m testing.fakediscord.sample_bot`` reads the bot's own settings (`bot.settings`) from the
environment, points discord.py at ``DISCORD_API_BASE`` and ``DISCORD_GATEWAY_URL`` through
`bot.discord.shared.endpoints`, syncs its commands to ``DEV_GUILD_ID`` at start, and stops
cleanly on SIGTERM. No privileged intents.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import sys
from typing import Any

import discord
from discord import app_commands
from PIL import Image

from bot.discord.shared.endpoints import use_endpoints
from bot.settings import Settings, SettingsError

log = logging.getLogger("sample_bot")

FRUITS = ("apple", "apricot", "banana", "blueberry", "cherry", "grape", "lemon", "mango")
# Localised names and descriptions, as the real bot's Translator will give them.
TRANSLATIONS = {
    "picture": {"de": "bild", "fr": "image", "nl": "afbeelding"},
    "Sends a small picture": {
        "de": "Schickt ein kleines Bild",
        "fr": "Envoie une petite image",
        "nl": "Stuurt een kleine afbeelding",
    },
}


class SampleTranslator(app_commands.Translator):
    """Looks names and descriptions up in `TRANSLATIONS`."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The translation of `string` into `locale`, or None to keep the default."""
        return TRANSLATIONS.get(string.message, {}).get(locale.value)


class AcceptButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sample:accept:(?P<offer>[0-9]+)"
):
    """A persistent Accept button whose custom id carries the offer number."""

    def __init__(self, offer: int) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label="Accept", style=discord.ButtonStyle.success, custom_id=f"sample:accept:{offer}"
        )
        super().__init__(button)
        self.offer = offer

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
    ) -> AcceptButton:
        """Rebuild the button from its custom id (works after a restart)."""
        return cls(int(match["offer"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Say who accepted which offer."""
        await interaction.response.send_message(
            f"{interaction.user.name} accepted offer {self.offer}"
        )


class DeclineButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sample:decline:(?P<offer>[0-9]+)"
):
    """A persistent Decline button that turns the offer message into a refusal (an update)."""

    def __init__(self, offer: int) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label="Decline", style=discord.ButtonStyle.danger, custom_id=f"sample:decline:{offer}"
        )
        super().__init__(button)
        self.offer = offer

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
    ) -> DeclineButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["offer"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Replace the offer and its buttons with the refusal."""
        text = f"offer {self.offer} declined by {interaction.user.name}"
        await interaction.response.edit_message(content=text, view=None)


def small_png() -> bytes:
    """A 4x4 PNG."""
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


def build_tree(client: discord.Client) -> app_commands.CommandTree[Any]:
    """The sample's commands."""
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
    _add_basic_commands(tree)
    _add_channel_commands(tree)
    tree.add_command(_game_group())
    return tree


def _add_basic_commands(tree: app_commands.CommandTree[Any]) -> None:
    @tree.command(description="Repeats a fruit")
    @app_commands.describe(fruit="The fruit to repeat")
    async def echo(interaction: discord.Interaction[Any], fruit: str) -> None:
        await interaction.response.send_message(fruit)

    @echo.autocomplete("fruit")
    async def complete_fruit(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        matches = [fruit for fruit in FRUITS if fruit.startswith(current.lower())]
        return [app_commands.Choice(name=fruit, value=fruit) for fruit in matches[:25]]

    @tree.command(description="Tells you a secret")
    async def secret(interaction: discord.Interaction[Any]) -> None:
        text = f"secret for {interaction.locale.value} in {interaction.guild_locale}"
        await interaction.response.send_message(text, ephemeral=True)

    @tree.command(name=app_commands.locale_str("picture"), description="Sends a small picture")
    async def picture(interaction: discord.Interaction[Any]) -> None:
        file = discord.File(io.BytesIO(small_png()), filename="picture.png")
        await interaction.response.send_message("a picture", file=file)

    @tree.command(description="Offers something to accept")
    async def offer(interaction: discord.Interaction[Any], number: int) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AcceptButton(number))
        view.add_item(DeclineButton(number))
        await interaction.response.send_message(f"offer {number}", view=view)

    @tree.command(description="Thinks, then fills in its answer with a picture")
    async def render(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        file = discord.File(io.BytesIO(small_png()), filename="board.png")
        await interaction.edit_original_response(content="rendered", attachments=[file])
        original = await interaction.original_response()
        await interaction.followup.send(f"original {original.id}", ephemeral=True)

    @tree.command(description="Answers only when the test lets it")
    async def slow(interaction: discord.Interaction[Any]) -> None:
        assert isinstance(interaction.client, SampleBot)
        # The behaviour under test: a handler as slow as the test makes it (it moves the
        # fake's clock past Discord's 3 seconds meanwhile).
        await interaction.client.slow_answers.wait()
        await interaction.response.send_message("done")


def _add_channel_commands(tree: app_commands.CommandTree[Any]) -> None:
    @tree.command(description="Posts a message in this channel")
    async def announce(interaction: discord.Interaction[Any], text: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel | discord.Thread)
        try:
            await channel.send(text)
        except discord.HTTPException as error:
            log.warning("could not post: %s", error)
            await interaction.followup.send(f"could not post: {error.status}", ephemeral=True)
            return
        await interaction.followup.send("posted", ephemeral=True)

    @tree.command(description="Sends you a direct message")
    async def whisper(interaction: discord.Interaction[Any], text: str) -> None:
        await interaction.user.send(text)
        await interaction.response.send_message("sent", ephemeral=True)


def _game_group() -> app_commands.Group:
    game = app_commands.Group(name="game", description="Games")

    @game.command(name="start", description="Challenges someone")
    async def start(
        interaction: discord.Interaction[Any], opponent: discord.Member, thread: bool = False
    ) -> None:
        text = f"{interaction.user.mention} challenges {opponent.mention}"
        mentions = discord.AllowedMentions(users=[opponent])
        channel = interaction.channel
        if not thread or not isinstance(channel, discord.TextChannel):
            await interaction.response.send_message(text, allowed_mentions=mentions)
            return
        await interaction.response.defer()
        name = f"{interaction.user.name} vs {opponent.name}"
        created = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await created.send(text, allowed_mentions=mentions)
        await interaction.followup.send(f"game on in {created.mention}")

    return game


class SampleBot(discord.Client):
    """The sample client: default intents (no privileged ones), a short wait for guilds at READY
    (discord.py waits `guild_ready_timeout` after the last GUILD_CREATE before `on_ready`)."""

    def __init__(
        self,
        dev_guild_id: int | None,
        *,
        intents: discord.Intents | None = None,
        guild_ready_timeout: float = 0.1,
    ) -> None:
        super().__init__(
            intents=intents or discord.Intents.default(), guild_ready_timeout=guild_ready_timeout
        )
        self.dev_guild_id = dev_guild_id
        self.tree = build_tree(self)
        self.slow_answers = asyncio.Event()

    def let_slow_answer(self) -> None:
        """Let `/slow` answer (every call so far and from now on)."""
        self.slow_answers.set()

    async def setup_hook(self) -> None:
        """Register the persistent button and sync the commands to the development guild."""
        await self.tree.set_translator(SampleTranslator())
        self.add_dynamic_items(AcceptButton, DeclineButton)
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)


async def run(settings: Settings) -> int:
    """Run until SIGTERM or SIGINT; return the exit status."""
    assert settings.token is not None
    client = SampleBot(settings.dev_guild_id)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    runner = asyncio.create_task(client.start(settings.token))
    stopper = asyncio.create_task(stop.wait())
    await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
    stopper.cancel()
    await client.close()
    try:
        await runner
    except discord.DiscordException:
        log.exception("the bot stopped with an error")
        return 1
    return 0


def main() -> int:
    """Read the settings, point discord.py at the configured endpoints, run."""
    try:
        settings = Settings.from_env(os.environ)
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if settings.token is None:
        print("DISCORD_TOKEN is not set", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level_number, format="%(levelname)s %(name)s: %(message)s"
    )
    use_endpoints(settings.api_base, settings.gateway_url)
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
