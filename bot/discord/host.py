"""The host every feature reaches (`Host`: the bot as its commands and buttons see it) and what
they share: answering a change, errors, locales, choices, where a game may be placed."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, Self, TypeVar, cast

import discord
from discord import app_commands

from bot.discord.posting.scribe import Scribe
from bot.discord.shared.in_progress import handling
from bot.discord.shared.names import Names
from bot.discord.shared.sight import Sight
from bot.discord.shared.tree import report
from bot.i18n import catalogue, lstr, text
from bot.service import LEVELS, GameService, Reach
from bot.service.deadlines import OFFERED_TIMES
from bot.service.errors import NoThreadHereError, NoThreadInRepliesError
from bot.service.owed import answering
from bot.settings import Settings
from bot.words.games import game_title

log = logging.getLogger(__name__)

CHOICES = 25
"""Discord shows at most 25 choices."""

TIMES = OFFERED_TIMES
"""The time controls a challenge, a seek and a tournament offer: each choice's key and its
seconds."""

Declared = TypeVar("Declared")
"""A command's callback (or the command), as the decorators below take and give it back."""


# Where each command may be used. Discord reads a command's `integration_types` (installed to a
# server, 0, or to a user, 1) and `contexts` (a server, 0; the bot's DM, 1; other DMs and group
# DMs, 2), developers/docs/interactions/application-commands#application-command-object, and
# accepts them for global commands only; every command says both, so nothing rests on
# Discord's defaults. A test fails for a command that says neither.


def everywhere(command: Declared) -> Declared:
    """A command offered by either install, in servers, the bot's DM, DMs and group DMs: the
    player's own settings and lists, and a game's commands, which the bot answers through the
    interaction where it cannot post (`bot.discord.shared.reach`)."""
    installs = app_commands.allowed_installs(guilds=True, users=True)
    contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    return installs(contexts(command))


def in_servers(command: Declared) -> Declared:
    """A command of a server's ratings: only where the server installed the bot (a user
    install would offer it in servers without the bot too)."""
    installs = app_commands.allowed_installs(guilds=True, users=False)
    contexts = app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    return installs(contexts(command))


class Wakeable(Protocol):
    """What works in the background and can be told to look for work now (the analyst)."""

    def look(self) -> None:
        """Look for work now."""
        ...


class Delivering(Protocol):
    """What delivers the posts a command's change owed, as its answer (the deliverer)."""

    async def deliver_now(self, post_ids: list[int], via: object) -> bool:
        """Deliver them in order; whether every one went out."""
        ...


class Host(Protocol):
    """The bot as its features see it (`GameBot` is one): the service, the names, who may
    see a game, what draws and delivers the posts, the analyst."""

    @property
    def service(self) -> GameService:
        """The use cases."""
        ...

    @property
    def names(self) -> Names:
        """The players' display names."""
        ...

    @property
    def sight(self) -> Sight:
        """Who may see a game by its number."""
        ...

    @property
    def scribe(self) -> Scribe:
        """What draws the bot's posts (boards, names, languages, the games' words)."""
        ...

    @property
    def deliverer(self) -> Delivering:
        """What delivers the posts the changes owe."""
        ...

    @property
    def analyst(self) -> Wakeable:
        """What reviews the analyses' turns (told of a new one)."""
        ...

    @property
    def user(self) -> discord.ClientUser | None:
        """The bot's own user (the computer's side)."""
        ...

    @property
    def settings(self) -> Settings:
        """The settings the bot runs with."""
        ...


def host_of(interaction: discord.Interaction) -> Host:
    """The bot that received `interaction`, as its features see it: how a button's callback
    reaches the service and the rest (the client of an interaction is the bot itself)."""
    return cast(Host, interaction.client)


Changed = TypeVar("Changed")


async def answer_change(
    host: Host, interaction: discord.Interaction, change: Callable[[], Awaitable[Changed]]
) -> Changed:
    """Make `change` (a use case) and answer `interaction` with the posts it owed, delivered
    at once in the order it owed them (the first that can be its answer as its answer); a
    post that cannot go out now stays owed and is delivered later. The change's refusals
    are raised (answered privately by the caller's error handling)."""
    asker, channel_id = interaction.user.id, interaction.channel_id
    with answering(public_locale(interaction), asker, channel_id) as owing:
        made = await change()
    await host.deliverer.deliver_now(owing.ids, interaction)
    return made


def game_choices(
    host: Host, interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    """The games this bot offers whose name fits what the user `typed`, named in their
    language (a `game` option's autocomplete: the games come from the bot's registry, so a new
    game needs no change here)."""
    locale, typed = user_locale(interaction), typed.strip().lower()
    named = ((text(locale, kind.title_key), kind.key) for kind in host.service.registry)
    fits = [(name, key) for name, key in named if typed in name.lower() or key.startswith(typed)]
    return [app_commands.Choice(name=name, value=key) for name, key in fits][:CHOICES]


def level_choices(
    host: Host, interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    """The computer's levels that fit what the user `typed`, strongest first, each named with
    its rating in the game chosen in the same command ("Hard, about 1750"); by name alone
    before a game is chosen (a level's strength differs from game to game)."""
    locale, typed = user_locale(interaction), typed.strip().lower()
    chosen = str(getattr(interaction.namespace, "game", None))
    registry = host.service.registry
    ratings = registry.kind(chosen).LEVEL_RATINGS if chosen in registry else {}
    # LEVELS runs from the easiest: its reverse orders levels no rating tells apart.
    levels = sorted(reversed(LEVELS), key=lambda level: -ratings.get(level, 0))
    choices = []
    for level in levels:
        name = text(locale, f"choice.level.{level}")
        if level in ratings:
            name = text(locale, "choice.level_rated", level=name, rating=ratings[level])
        if typed in name.lower() or level.startswith(typed):
            choices.append(app_commands.Choice(name=name, value=level))
    return choices[:CHOICES]


def variant_choices(
    host: Host, interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    """The variants of the game chosen in the same command (else of every game that has more
    than one) that fit what the user `typed`, named in their language."""
    locale, typed = user_locale(interaction), typed.strip().lower()
    chosen = str(getattr(interaction.namespace, "game", None))
    registry = host.service.registry
    kinds = [registry.kind(chosen)] if chosen in registry else list(registry)
    offered = dict.fromkeys(
        variant
        for kind in kinds
        if len(kinds) == 1 or len(kind.variants) > 1
        for variant in kind.variants
    )
    messages = catalogue()
    choices = []
    for variant in offered:
        key = f"choice.variant.{variant}"
        name = messages.text(locale, key) if messages.has(key) else variant
        # A board is named by its size, with a multiplication sign a keyboard types as an x.
        if _plain(typed) in _plain(name) or variant.startswith(typed):
            choices.append(app_commands.Choice(name=name, value=variant))
    return choices[:CHOICES]


def _plain(name: str) -> str:
    return name.lower().replace("\N{MULTIPLICATION SIGN}", "x")


def user_locale(interaction: discord.Interaction) -> str:
    """The language of the user who acted (for private answers)."""
    return str(interaction.locale)


def public_locale(interaction: discord.Interaction) -> str:
    """The language of the server (for messages everyone reads)."""
    return str(interaction.guild_locale or interaction.locale)


def ls(key: str) -> app_commands.locale_str:
    """A translatable command, option or choice text: English by default, the key for others."""
    return lstr(key)


GAME_PERMISSIONS = ("view_channel", "send_messages", "attach_files")
"""What the bot needs where a game is played: it posts boards there itself (a start, the
computer's moves, reminders, losses on time), not only as answers to commands."""
THREAD_GAME_PERMISSIONS = ("view_channel", "create_public_threads", "send_messages_in_threads")


def require_game_permissions(interaction: discord.Interaction, *, new_thread: bool) -> None:
    """Raise `BotMissingPermissions` naming every permission the bot lacks in this channel to
    host a game here (or in a new thread of it), as `interaction.app_permissions` tells.

    In the bot's own DM it may post, yet `app_permissions` there holds only "ATTACH_FILES |
    EMBED_LINKS | MENTION_EVERYONE ... and additionally USE_EXTERNAL_EMOJIS for DMs with the
    app's bot user" (discord.com/developers/docs/interactions/receiving-and-responding
    #interaction-object-interaction-structure): no View Channel or Send Messages to check."""
    if interaction.context.dm_channel:
        return
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = list(THREAD_GAME_PERMISSIONS if new_thread else GAME_PERMISSIONS)
    if in_thread and not new_thread:
        needed[needed.index("send_messages")] = "send_messages_in_threads"
    if new_thread:
        needed.append("attach_files")  # a thread takes its parent's attach permission
    have = interaction.app_permissions
    missing = [name for name in needed if not getattr(have, name)]
    if missing:
        raise app_commands.BotMissingPermissions(missing)


def check_place(interaction: discord.Interaction, reach: Reach, *, thread: bool) -> None:
    """Refuse a game (or its thread) the place cannot host. Where the bot only answers
    (`Reach.REPLY`) it needs no permission of the channel, which it neither reads nor posts
    to, and may open no thread there (a channel route: 403, code 50001)."""
    if reach is Reach.REPLY:
        if thread:
            raise NoThreadInRepliesError("the bot only answers here")
        return
    if thread and not isinstance(interaction.channel, discord.TextChannel):
        raise NoThreadHereError("threads need a text channel")
    require_game_permissions(interaction, new_thread=thread)


def plain_button(
    custom_id: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary
) -> discord.ui.Button[Any]:
    """A button with a persistent custom id, grey unless `style` says otherwise."""
    return discord.ui.Button(label=label, style=style, custom_id=custom_id)


def action_button(action: str, custom_id: str, label: str) -> discord.ui.Button[Any]:
    """An Accept-style (green) or Decline-style (grey) button with a persistent custom id."""
    style = discord.ButtonStyle.success if action == "accept" else discord.ButtonStyle.secondary
    return discord.ui.Button(label=label or action, style=style, custom_id=custom_id)


def step_button(custom_id: str, label: str, *, disabled: bool) -> discord.ui.Button[Any]:
    """A grey button that turns a page or steps through a game (◀, ▶), disabled at an end."""
    return discord.ui.Button(
        label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id, disabled=disabled
    )


async def answering_errors(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a button's work, counted as in progress until it is done (a stop lets it finish,
    as the command tree's commands); any failure is answered privately (and logged by
    `report`), as the command tree does for commands: buttons do not pass through its error
    handler."""
    handling(interaction)
    try:
        await work
    except Exception as error:
        await report(interaction, error)


class PersistentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A button that keeps working after a restart: discord.py rebuilds it from its custom id
    by its class's `template` (a `DynamicItem`). A subclass names its template, reads its
    custom id (`read`) and says what a press does (`press`), which runs as a button's work does
    (`answering_errors`). This base's own template matches nothing: it is never registered."""

    @classmethod
    def read(cls, match: re.Match[str]) -> Self:
        """The button whose custom id matched the template."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls.read(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        """The press, counted as in progress; a failure goes privately to the one who pressed."""
        await answering_errors(interaction, self.press(host_of(interaction), interaction))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """What pressing the button does."""
        raise NotImplementedError


# Threads of games ---------------------------------------------------------------------------


async def open_thread(
    host: Host, interaction: discord.Interaction, game_kind: str, first_id: int, second_id: int
) -> discord.Thread:
    """A public thread of this channel for a game between the two players."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise NoThreadHereError("threads need a text channel")
    names = await host.names.many([first_id, second_id], interaction.guild_id)
    name = thread_name(public_locale(interaction), game_kind, names[first_id], names[second_id])
    return await channel.create_thread(
        name=name,
        type=discord.ChannelType.public_thread,
        auto_archive_duration=10080,  # a week: asynchronous games are slow
    )


def thread_name(locale: str, game_kind: str, first: str, second: str) -> str:
    """The name of a game's thread (Discord allows 100 characters): the courier finds the
    thread a crash left open by its name (a challenge's, `bot.discord.challenges.posts`)."""
    game = game_title(locale, game_kind)
    return text(locale, "challenge.thread_name", game=game, first=first, second=second)[:100]


async def close_unused(thread: discord.Thread, interaction: discord.Interaction) -> None:
    """Close a thread no game will be played in, after a race the checks before its opening
    could not see. Deleting it would need Manage Threads, which the bot's invite does not ask
    for: a server should not have to let a game bot delete and lock every thread for this.
    Its creator may archive it, which takes it off the channel's list; it is locked too where
    the bot has Manage Threads anyway. A failure is only logged: the player hears the reason."""
    try:
        if interaction.app_permissions.manage_threads:
            await thread.edit(archived=True, locked=True)
        else:
            await thread.edit(archived=True)  # locking needs Manage Threads
    except discord.HTTPException as error:
        log.warning("could not archive the unused thread %s: %s", thread.id, error)
