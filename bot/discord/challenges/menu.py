"""Apps → Challenge on a member (a user command, issue 53): the challenge form (`form`, which
the Challenge button under a member's `/stats` opens too), and its submission, which is
`/challenge` with that member as the opponent: the same use case, the same answers and
refusals."""

from __future__ import annotations

from collections.abc import Awaitable

import discord
from discord import app_commands

from bot.discord.challenges.commands import Asked, make_challenge
from bot.discord.challenges.form import Filled, open_form, read_form
from bot.discord.host import Host, answering_errors, everywhere, host_of, ls
from bot.service.errors import OpponentIsBotError, SelfChallengeError


def challenge_menu() -> app_commands.ContextMenu:
    """The user command, offered where `/challenge` is (either install, every context)."""
    menu = app_commands.ContextMenu(
        name=ls("menu.challenge"), callback=open_from_menu, type=discord.AppCommandType.user
    )
    return everywhere(menu)


async def open_from_menu(
    interaction: discord.Interaction, member: discord.Member | discord.User
) -> None:
    """Open the form for `member`; yourself and other bots are refused at once, with
    `/challenge`'s words (the tree's error handler answers privately)."""
    host = host_of(interaction)
    if member.id == interaction.user.id:
        raise SelfChallengeError("you cannot challenge yourself")
    if member.bot and not host.service.challenges.is_computer_player(member.id):
        raise OpponentIsBotError("bots cannot be challenged")
    host.names.remember(member)
    await open_form(host, interaction, member.id, member.display_name)


def submission(interaction: discord.Interaction) -> Awaitable[None] | None:
    """The work of a submitted challenge form (None for any other interaction)."""
    filled = read_form(interaction)
    if filled is None:
        return None
    work = challenge_from_form(host_of(interaction), interaction, filled)
    return answering_errors(interaction, work)


async def challenge_from_form(host: Host, interaction: discord.Interaction, filled: Filled) -> None:
    """`/challenge` with the form's options and its member as the opponent."""
    client = interaction.client
    opponent = client.get_user(filled.member_id) or await client.fetch_user(filled.member_id)
    asked = Asked(
        game=filled.game,
        opponent=opponent,
        variant=filled.variant,
        time=filled.time,
        thread=filled.thread,
        first=filled.first,
        best_of=filled.best_of,
    )
    await make_challenge(host, interaction, asked)
