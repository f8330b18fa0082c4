"""A tiny user-installable bot that exercises the fake's install rules (tests only).

Its commands are synced globally with discord.py's `allowed_installs` and `allowed_contexts`;
each records what discord.py made of the interaction (`Seen`), so a test can check that the
fake's payloads parse as Discord's do. `/where` answers with a persistent Move button that
opens a modal (a text input and a select in labels); the modal's answer is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

ANYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
BOTH_INSTALLS = app_commands.AppInstallationType(guild=True, user=True)


@dataclass(frozen=True)
class Seen:
    """What discord.py made of one interaction."""

    user_id: int
    context: tuple[bool, bool, bool]  # (guild, the bot's DM, a private channel)
    guild_integration: bool
    user_integration: bool
    owners: dict[int, int]
    app_permissions: int


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"anywhere:move"):
    """A persistent button that opens the move modal."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Move", custom_id="anywhere:move"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> MoveButton:
        """The button again (it carries nothing)."""
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Note who pressed, then open the modal."""
        _note(interaction)
        await interaction.response.send_modal(MoveModal())


class MoveModal(discord.ui.Modal, title="Your move"):
    """A move typed in, or picked from the suggestions."""

    typed: discord.ui.Label[Any] = discord.ui.Label(
        text="Move", component=discord.ui.TextInput(custom_id="typed", required=False)
    )
    picked: discord.ui.Label[Any] = discord.ui.Label(
        text="Suggestions",
        component=discord.ui.Select(
            custom_id="picked",
            required=False,
            options=[discord.SelectOption(label=m, value=m) for m in ("a1", "b2")],
        ),
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Answer publicly with the move and who made it."""
        _note(interaction)
        assert isinstance(self.typed.component, discord.ui.TextInput)
        assert isinstance(self.picked.component, discord.ui.Select)
        move = self.typed.component.value or "/".join(self.picked.component.values)
        await interaction.response.send_message(f"{interaction.user.name} played {move}")


def _note(interaction: discord.Interaction[Any]) -> None:
    client = interaction.client
    assert isinstance(client, AnywhereBot)
    context = interaction.context
    client.seen.append(
        Seen(
            interaction.user.id,
            (bool(context.guild), bool(context.dm_channel), bool(context.private_channel)),
            interaction.is_guild_integration(),
            interaction.is_user_integration(),
            {int(k): int(v) for k, v in interaction._integration_owners.items()},
            interaction.app_permissions.value,
        )
    )


def build_tree(client: discord.Client) -> app_commands.CommandTree[Any]:
    """The sample's global commands."""
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)

    @tree.command(description="Says where it was used")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def where(interaction: discord.Interaction[Any]) -> None:
        _note(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(MoveButton())
        await interaction.response.send_message("here", view=view)

    @tree.command(description="Only where the app is installed to the server")
    @app_commands.allowed_installs(guilds=True, users=False)
    async def serveronly(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("server")

    @tree.command(description="Thinks, then answers with several followups")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def chatty(interaction: discord.Interaction[Any], count: int) -> None:
        await interaction.response.send_message("first")
        codes = []
        for number in range(count):
            try:
                await interaction.followup.send(f"followup {number + 1}")
            except discord.HTTPException as error:
                codes.append(error.code)
        assert isinstance(interaction.client, AnywhereBot)
        interaction.client.codes.extend(codes)

    @tree.command(description="Tries to post in the channel itself")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def post(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        try:
            await channel.send("posted")
            outcome = "posted"
        except discord.Forbidden as error:
            outcome = f"refused {error.status}/{error.code}"
        await interaction.edit_original_response(content=f"{outcome}, {interaction.user.mention}")

    return tree


class AnywhereBot(discord.Client):
    """The sample client: syncs its commands globally at start."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.1)
        self.tree = build_tree(self)
        self.seen: list[Seen] = []
        self.codes: list[int] = []

    async def setup_hook(self) -> None:
        """Register the persistent button; sync globally."""
        self.add_dynamic_items(MoveButton)
        await self.tree.sync()
