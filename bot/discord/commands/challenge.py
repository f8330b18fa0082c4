"""`/challenge` and its Accept / Decline buttons (which keep working after a restart); a
challenge of the bot itself starts a game against the computer at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import weakref
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.announce import pings
from bot.discord.commands.common import (
    Host,
    action_button,
    answering_errors,
    everywhere,
    game_choices,
    ls,
    public_locale,
    require_game_permissions,
    user_locale,
    variant_choices,
)
from bot.discord.presses import presses_of
from bot.discord.reach import reach_of, why_not
from bot.discord.texts import game_title, mention
from bot.i18n import format_duration, text, timestamp
from bot.service import LEVELS, MATCH_LENGTHS, AcceptResult, Challenge, Reach, Started
from bot.service.deadlines import DAY, HOUR
from bot.service.errors import NoThreadHereError, NoThreadInRepliesError

log = logging.getLogger(__name__)

TIMES = (
    ("1h", HOUR),
    ("6h", 6 * HOUR),
    ("12h", 12 * HOUR),
    ("1d", DAY),
    ("2d", 2 * DAY),
    ("3d", 3 * DAY),
    ("7d", 7 * DAY),
    ("14d", 14 * DAY),
)
OPTIONS = ("game", "opponent", "variant", "time", "thread", "first", "level", "best_of")


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"challenge:(?P<action>accept|decline|block):(?P<id>[0-9]+)",
):
    """Accept, decline, or decline and block a challenge; the custom id carries only the
    action and the id."""

    def __init__(self, action: str, challenge_id: int, label: str = "") -> None:
        custom_id = f"challenge:{action}:{challenge_id}"
        button = action_button(action, custom_id, label)
        if action == "block":
            button.style = discord.ButtonStyle.danger
        super().__init__(button)
        self.action, self.challenge_id = action, challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the press to the cog; errors go privately to the one who pressed."""
        presses = presses_of(interaction)
        if self.action == "block":
            await presses.block_challenger(interaction, self.challenge_id)
            return
        accept = self.action == "accept"
        await presses.challenge(interaction, self.challenge_id, accept=accept)


def challenge_buttons(challenge_id: int, locale: str) -> discord.ui.View:
    """The Accept, Decline and Decline and block buttons of a challenge message."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("accept", challenge_id, text(locale, "button.accept")))
    view.add_item(ChallengeButton("decline", challenge_id, text(locale, "button.decline")))
    view.add_item(ChallengeButton("block", challenge_id, text(locale, "button.decline_block")))
    return view


class ChallengeCog(commands.Cog):
    """Challenging another user to a game."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        # One Accept at a time per challenge: a double click must not open a second thread.
        self._accepting: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    @app_commands.command(
        name=ls("command.challenge.name"), description=ls("command.challenge.description")
    )
    @app_commands.rename(**{o: ls(f"command.challenge.option.{o}.name") for o in OPTIONS})
    @app_commands.describe(**{o: ls(f"command.challenge.option.{o}.description") for o in OPTIONS})
    @app_commands.choices(
        first=[
            app_commands.Choice(name=ls(f"choice.first.{v}"), value=v)
            for v in ("random", "me", "opponent")
        ],
        level=[app_commands.Choice(name=ls(f"choice.level.{v}"), value=v) for v in LEVELS],
    )
    @app_commands.choices(
        time=[app_commands.Choice(name=ls(f"choice.time.{key}"), value=s) for key, s in TIMES],
        best_of=[
            app_commands.Choice(name=ls(f"choice.best_of.{n}"), value=n) for n in MATCH_LENGTHS
        ],
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def challenge(  # noqa: PLR0917 - discord.py passes the options positionally
        self,
        interaction: discord.Interaction,
        game: str,
        opponent: discord.User,
        variant: str | None = None,
        time: app_commands.Choice[int] | None = None,
        thread: bool = False,
        first: app_commands.Choice[str] | None = None,
        level: app_commands.Choice[str] | None = None,
        best_of: app_commands.Choice[int] | None = None,
    ) -> None:
        """Post a challenge with Accept and Decline buttons for the opponent; against the bot
        itself, start the game at once."""
        computer = self.bot.service.challenges.is_computer_player(opponent.id)
        reach = reach_of(interaction)
        if reach is None:  # every answer here would be private: no game can be played
            await interaction.response.send_message(
                why_not(user_locale(interaction)), ephemeral=True
            )
            return
        check_place(interaction, reach, thread=thread)
        self.bot.names.remember(interaction.user)
        self.bot.names.remember(opponent)
        who_first = None if first is None or first.value == "random" else first.value == "me"
        options: dict[str, Any] = {
            "game_kind": game,
            "guild_id": interaction.guild_id,
            "variant": variant,
            "move_seconds": None if time is None else time.value,
            "best_of": None if best_of is None else best_of.value,
            "reach": reach,
        }
        if computer:
            level_name = None if level is None else level.value
            options.update(player_id=interaction.user.id, player_first=who_first, level=level_name)
            await self._versus_computer(interaction, thread, options)
            return
        made = await self.bot.service.challenges.challenge(
            channel_id=interaction.channel_id or 0,
            challenger_id=interaction.user.id,
            opponent_id=opponent.id,
            opponent_is_bot=opponent.bot,
            level=None if level is None else level.value,
            challenger_first=who_first,
            wants_thread=thread,
            request_id=interaction.id,  # one challenge, should Discord deliver this twice
            **options,
        )
        await self._post_challenge(interaction, made, opponent.id)

    @challenge.autocomplete("game")
    async def challenge_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    @challenge.autocomplete("variant")
    async def challenge_variant(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The variants of the game chosen."""
        return variant_choices(self.bot, interaction, current)

    async def _post_challenge(
        self, interaction: discord.Interaction, made: Challenge, opponent_id: int
    ) -> None:
        locale = public_locale(interaction)
        try:
            callback = await interaction.response.send_message(
                self.challenge_text(made, locale),
                view=challenge_buttons(made.id, locale),
                allowed_mentions=pings(opponent_id),
            )
        except discord.HTTPException:
            # Nobody saw it, so nobody could answer it: withdraw it rather than let it block
            # the same challenge for two days.
            await self.bot.service.challenges.cancel(made.id, interaction.user.id)
            raise
        if isinstance(callback.resource, discord.InteractionMessage):  # to edit it on expiry
            await self.bot.service.challenges.set_challenge_message(made.id, callback.resource.id)

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A press on a finished game's Rematch button (errors go privately to the presser)."""
        await answering_errors(interaction, self._rematch(interaction, game_id))

    async def _rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        # The game's reach decides, not this channel's permissions: a reply-only game's
        # rematch is answered through this press (the challenge, or the computer's start).
        finished = await self.bot.service.queries.game(game_id)
        if finished.reach is Reach.REPLY and reach_of(interaction) is None:
            # The server forbids external apps now: every answer would be private.
            await interaction.response.send_message(
                why_not(user_locale(interaction)), ephemeral=True
            )
            return
        check_place(interaction, finished.reach, thread=False)
        self.bot.names.remember(interaction.user)
        made = await self.bot.service.rematches.rematch(
            game_id, interaction.user.id, request_id=interaction.id
        )
        if isinstance(made, Challenge):
            await self._post_challenge(interaction, made, made.opponent_id)
            return
        # The channel's lock: the start is posted before the computer's first move.
        async with self.bot.announcer.in_order(made.view.channel_id):
            await self.bot.announcer.started(made, interaction)

    # Against the computer ----------------------------------------------------------------------

    async def _versus_computer(
        self, interaction: discord.Interaction, thread: bool, options: dict[str, Any]
    ) -> None:
        """Start the game at once (the computer needs no Accept), here or in a new thread,
        opened only once the options are known to be good. The start is posted before the
        computer's first move (the channel's lock is held)."""
        channel_id, parent_id = interaction.channel_id or 0, None
        opened: discord.Thread | None = None
        if thread:
            # Every option and the player's limit of computer games are checked before a
            # thread is made for the game.
            checked = {k: v for k, v in options.items() if k not in ("player_first", "reach")}
            await self.bot.service.computer.check_computer_game(**checked)
            await interaction.response.defer()  # opening a thread takes a request of its own
            computer = self.bot.user.id if self.bot.user else 0
            opened = await self._thread(
                interaction, options["game_kind"], interaction.user.id, computer
            )
            channel_id, parent_id = opened.id, interaction.channel_id
        announcer = self.bot.announcer
        async with announcer.in_order(channel_id):
            try:
                started = await self.bot.service.computer.start_computer_game(
                    channel_id=channel_id, parent_channel_id=parent_id, **options
                )
            except Exception:
                if opened is not None:
                    await close_unused(opened, interaction)
                raise
            if opened is None:
                await announcer.started(started, interaction)
                return
            await self._point_to_thread(interaction, opened, started.view.id)
            await self._post_start(interaction, started)

    async def _point_to_thread(
        self, interaction: discord.Interaction, thread: discord.Thread, game_id: int
    ) -> None:
        opened = text(public_locale(interaction), "challenge.thread_opened", thread=thread.mention)
        try:
            await interaction.followup.send(opened, allowed_mentions=pings())
        except discord.HTTPException:  # the game is stored and must start all the same
            log.warning("could not point to the thread of computer game %s", game_id)

    def challenge_text(self, made: Challenge, locale: str) -> str:
        """The challenge as the channel reads it (with the rules of a match, for one)."""
        posted = text(
            locale,
            "challenge.posted",
            challenger=mention(made.challenger_id),
            opponent=mention(made.opponent_id),
            game=game_title(locale, made.game_kind),
            variant=text(locale, f"variant.{made.variant}"),
            time=format_duration(locale, made.move_seconds),
            expires=timestamp(made.expires_at),
        )
        if made.best_of > 1:
            posted += "\n" + text(locale, "challenge.best_of")
        return posted + "\n" + self._first_mover(made, locale)

    def _first_mover(self, made: Challenge, locale: str) -> str:
        """Who makes the first move (of a match: of its first game), with the colour: the
        opponent decides knowing it, and a rematch exchanges it."""
        first = made.challenger_id if made.challenger_first else made.opponent_id
        colour = self.bot.service.registry.kind(made.game_kind).colours[0].value
        key = "challenge.first_match" if made.best_of > 1 else "challenge.first"
        return text(locale, key, player=mention(first), colour=text(locale, f"colour.{colour}"))

    async def accept(self, interaction: discord.Interaction, challenge_id: int) -> None:
        """The opponent accepts: open the thread if one was asked for, start, post the board.
        Presses of one challenge go one at a time, so a second one (a double click) is told
        the challenge was accepted, and opens no thread."""
        lock = self._accepting.get(challenge_id)
        if lock is None:
            lock = self._accepting[challenge_id] = asyncio.Lock()
        if lock.locked():  # another press is opening a thread: wait inside the 3 seconds
            await interaction.response.defer()
        async with lock:
            challenge, result, thread = await self._accepted(interaction, challenge_id)
        locale = public_locale(interaction)
        accepted = text(
            locale,
            "challenge.accepted",
            opponent=mention(challenge.opponent_id),
            challenger=mention(challenge.challenger_id),
        )
        if thread is not None:
            accepted += "\n" + text(locale, "challenge.thread_opened", thread=thread.mention)
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(content=accepted, view=None)
            else:  # a reply-only game: the press is answered by updating the challenge
                await interaction.response.edit_message(content=accepted, view=None)
        except discord.HTTPException:  # the challenge message is gone; the game starts anyway
            log.info("could not update the message of challenge %s", challenge_id)
        started = Started(result.view, result.post_id)
        if challenge.reach is Reach.REPLY:
            # No channel to post to: the start is a follow-up of the press, a new message, so
            # that it pings the first mover (an edit notifies nobody).
            async with self.bot.announcer.in_order(result.view.channel_id):
                await self.bot.announcer.started(started, interaction)
            return
        await self._post_start(interaction, started)

    async def _accepted(
        self, interaction: discord.Interaction, challenge_id: int
    ) -> tuple[Challenge, AcceptResult, discord.Thread | None]:
        """Check, open the thread if one was asked for, and accept: the challenge, the game
        started, its thread. A thread the game cannot start in after all (the challenge was
        withdrawn meanwhile) is closed again."""
        challenge = await self.bot.service.challenges.check_accept(
            challenge_id, interaction.user.id
        )
        # The channel may have changed since the challenge: refuse before anything is made.
        check_place(interaction, challenge.reach, thread=challenge.wants_thread)
        if challenge.reach is Reach.POST and not interaction.response.is_done():
            await interaction.response.defer()
        self.bot.names.remember(interaction.user)
        thread = None
        if challenge.wants_thread:
            thread = await self._thread(
                interaction, challenge.game_kind, challenge.challenger_id, challenge.opponent_id
            )
        try:
            result = await self.bot.service.challenges.accept(
                challenge_id,
                interaction.user.id,
                channel_id=thread.id if thread else None,
                parent_channel_id=interaction.channel_id if thread else None,
            )
        except Exception:
            if thread is not None:  # a withdrawal or another process got there first
                await close_unused(thread, interaction)
            raise
        return challenge, result, thread

    async def _post_start(self, interaction: discord.Interaction, started: Started) -> None:
        """Post the game's start. The game exists whatever happens here: if Discord refuses
        the post, the player hears so privately and the outbox posts it later."""
        try:
            await self.bot.announcer.started(started)
        except discord.HTTPException as error:
            log.warning("could not post the start of game %s: %s", started.view.id, error)
            owed = text(user_locale(interaction), "error.start_post_owed")
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(owed, ephemeral=True)

    async def decline(self, interaction: discord.Interaction, challenge_id: int) -> None:
        """The opponent declines, or the challenger withdraws the challenge."""
        closed = await self.bot.service.challenges.turn_down(challenge_id, interaction.user.id)
        content = self._closed_text(interaction, closed)
        if interaction.user.id == closed.challenger_id:
            # A withdrawal notifies nobody (issue 27: challenge and withdraw made a ping loop):
            # the challenge itself says so, edited, and an edit notifies no one.
            await interaction.response.edit_message(
                content=content, view=None, allowed_mentions=pings()
            )
            return
        await self._tell_challenger(interaction, closed, content)

    async def block_challenger(self, interaction: discord.Interaction, challenge_id: int) -> None:
        """The opponent declines and blocks the challenger. Everyone else sees a decline, the
        challenger too; the one who blocked is told privately what the block does."""
        closed = await self.bot.service.challenges.decline_and_block(
            challenge_id, interaction.user.id
        )
        await self._tell_challenger(interaction, closed, self._closed_text(interaction, closed))
        blocked = text(
            user_locale(interaction), "block.blocked", player=mention(closed.challenger_id)
        )
        await interaction.followup.send(blocked, ephemeral=True)

    @staticmethod
    def _closed_text(interaction: discord.Interaction, closed: Challenge) -> str:
        return text(
            public_locale(interaction),
            f"challenge.{closed.status}",
            opponent=mention(closed.opponent_id),
            challenger=mention(closed.challenger_id),
        )

    @staticmethod
    async def _tell_challenger(
        interaction: discord.Interaction, closed: Challenge, content: str
    ) -> None:
        # An edit notifies nobody: the challenge loses its buttons, and a new message tells the
        # challenger, who may be waiting for an answer.
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(content, allowed_mentions=pings(closed.challenger_id))

    async def _thread(
        self, interaction: discord.Interaction, game_kind: str, first_id: int, second_id: int
    ) -> discord.Thread:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise NoThreadHereError("threads need a text channel")
        names = await self.bot.names.many([first_id, second_id], interaction.guild_id)
        locale = public_locale(interaction)
        name = text(
            locale,
            "challenge.thread_name",
            game=game_title(locale, game_kind),
            first=names[first_id],
            second=names[second_id],
        )
        return await channel.create_thread(
            name=name[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,  # a week: asynchronous games are slow
        )


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
