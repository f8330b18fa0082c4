"""The features of the Discord adapter, at a glance: each brings its commands (cogs, and user
commands: `MENUS`) and its buttons (`feature.py` in its package), and lends buttons to the
others' posts and answers (its `BOARD_BUTTONS`, `ENDING_BUTTONS` and `MEMBER_BUTTONS`,
`bot.discord.posting.slots`). A new button is added to its feature's `BUTTONS`; a new feature is
one more line here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.activity import feature as activity
from bot.discord.analysis import feature as analysis
from bot.discord.challenges import feature as challenges
from bot.discord.days import feature as days
from bot.discord.host import Host
from bot.discord.information import feature as information
from bot.discord.learning import feature as learning
from bot.discord.playing import feature as playing
from bot.discord.posting.slots import ButtonSlots
from bot.discord.puzzles import feature as puzzles
from bot.discord.rankings import feature as rankings
from bot.discord.tournaments import feature as tournaments

FEATURES: tuple[ModuleType, ...] = (
    playing,
    challenges,
    days,
    tournaments,
    analysis,
    rankings,
    information,
    activity,
    learning,
    puzzles,
)
"""Playing, challenges, play over days, tournaments, analysis, rankings, information, the
Activity (the board you click), learning and puzzles."""


def cogs(host: Host) -> list[commands.Cog]:
    """Every feature's cogs, made around `host` (the bot)."""
    return [cog(host) for feature in FEATURES for cog in feature.COGS]


def buttons() -> list[type[discord.ui.DynamicItem[Any]]]:
    """Every feature's persistent buttons (`DynamicItem`s, rebuilt from their custom ids)."""
    return [button for feature in FEATURES for button in feature.BUTTONS]


def button_slots() -> ButtonSlots:
    """The buttons the features lend to each other's posts and answers, in the order of
    `FEATURES` (Rematch before Analyse)."""

    def lent(slot: str) -> tuple[Any, ...]:
        return tuple(button for feature in FEATURES for button in getattr(feature, slot, ()))

    return ButtonSlots(
        board=lent("BOARD_BUTTONS"),
        ending=lent("ENDING_BUTTONS"),
        member=lent("MEMBER_BUTTONS"),
        watch=lent("WATCH_BUTTONS"),
        lobby=lent("LOBBY_BUTTONS"),
    )


Menu = Callable[[], app_commands.ContextMenu]
"""A feature's user or message command, made anew for each tree."""


def menus() -> list[app_commands.ContextMenu]:
    """Every feature's user and message commands (its `MENUS`, each made anew: a command
    belongs to one tree)."""
    makers = (cast(tuple[Menu, ...], getattr(feature, "MENUS", ())) for feature in FEATURES)
    return [menu() for made in makers for menu in made]


Submission = Callable[[discord.Interaction], Awaitable[None] | None]
"""A feature's answer to a modal it sent (its work, or None for a modal not its own)."""


def submission(interaction: discord.Interaction) -> Awaitable[None] | None:
    """The work of a modal's submission, from the feature that sent it (its `MODALS`): a modal
    is sent stopped, so discord.py keeps none, and it is answered from its custom id, after a
    restart too. None for any other interaction (left to discord.py)."""
    for feature in FEATURES:
        for answer in cast(tuple[Submission, ...], getattr(feature, "MODALS", ())):
            work = answer(interaction)
            if work is not None:
                return work
    return None


def declared_commands() -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    """Every slash command as the features declare it, for syncing without running the bot
    (and for checking the commands). Each cog is made around no bot: its commands are only
    read here, never run, and a cog uses its bot only when one runs."""
    unserved = cast(Host, None)
    return [command for cog in cogs(unserved) for command in cog.get_app_commands()]
