"""What the bot posts: board images (rendered off the event loop), a game's start and moves, and
the scheduler's notices. One mention per message, of the one who must act.

A start or a move is posted by one method whoever made it (`started`, `moved`): as the answer to
the interaction of the one who acted (a command or a button), else in the game's channel (the
computer's move, a post the outbox owes). `make` takes the channel's lock around the change and
its post, so a channel reads its moves in the order they were made."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

import discord

from bot.discord.analysing import AnalyseButton
from bot.discord.answering import answer_with_board
from bot.discord.moving import move_buttons
from bot.discord.names import Names
from bot.discord.originals import answer_expiry, original_response
from bot.discord.presses import presses_of
from bot.discord.texts import TurnTexts, mention
from bot.discord.wording import caption, is_last_post, score_line
from bot.games import SomeGame
from bot.i18n import render_labels, text, timestamp
from bot.service import (
    ChallengeExpired,
    GameService,
    GameView,
    MatchUpdate,
    MoveResult,
    Notice,
    Reach,
    Reminder,
    Replay,
    Started,
    TimeLoss,
)

log = logging.getLogger(__name__)

DEFAULT_LOCALE = "en"
REPLIES_KEPT = 1024
"""Reply-only games against the computer whose last answered interaction is kept (its token
carries the computer's next move as a follow-up for 15 minutes)."""

Made = TypeVar("Made", Started, MoveResult)
"""What a change posts: a game started, or a move made."""


def pings(*user_ids: int | None) -> discord.AllowedMentions:
    """Allow exactly these users to be pinged."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in user_ids if u is not None]
    )


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rematch:(?P<game>[0-9]+)"
):
    """The Rematch button under a game's last post; its custom id carries only the game, so
    it keeps working after a restart."""

    def __init__(self, game_id: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "Rematch",
            style=discord.ButtonStyle.primary,
            custom_id=f"rematch:{game_id}",
        )
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Ask for the rematch (refusals go privately to the one who pressed)."""
        await presses_of(interaction).rematch(interaction, self.game_id)


def rematch_buttons(game_id: int, locale: str) -> discord.ui.View:
    """The Rematch and Analyse buttons for the last post of game `game_id`."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, text(locale, "button.rematch")))
    view.add_item(AnalyseButton(game_id, text(locale, "button.analyse")))
    return view


class Announcer:
    """Builds and sends the bot's public messages through `client`, with the players' names."""

    def __init__(self, client: discord.Client, service: GameService, names: Names) -> None:
        self.client = client
        self.service = service
        self.names = names
        self._order: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.texts = TurnTexts(self.is_computer)
        # A reply-only game against the computer: the interaction its player's last move was
        # answered through, which the computer's move follows up (no channel to post it to).
        self._replies: OrderedDict[int, discord.Interaction] = OrderedDict()

    def in_order(self, channel_id: int) -> asyncio.Lock:
        """The lock a change to a channel's game and its post are made under, so that a
        channel reads its moves in the order they were made (a person's move and the
        computer's answer to it, say)."""
        lock = self._order.get(channel_id)
        if lock is None:
            lock = self._order[channel_id] = asyncio.Lock()
        return lock

    def is_computer(self, user_id: int | None) -> bool:
        """Whether `user_id` is the bot itself, which plays the computer's side."""
        user = self.client.user
        return user is not None and user_id == user.id

    def to_ping(self, user_id: int | None) -> int | None:
        """The user to mention as the one to move: nobody when that is the computer."""
        return None if self.is_computer(user_id) else user_id

    def pings_after(self, result: MoveResult) -> discord.AllowedMentions:
        """The mentions a move's post may notify: the people `result.to_notify` names."""
        return pings(*(user for user in result.to_notify if not self.is_computer(user)))

    def locale_of(self, guild_id: int | None) -> str:
        """The server's language for public messages (English outside a server)."""
        guild = None if guild_id is None else self.client.get_guild(guild_id)
        return DEFAULT_LOCALE if guild is None else str(guild.preferred_locale)

    # Images --------------------------------------------------------------------------------

    async def board(
        self,
        view: GameView,
        locale: str,
        *,
        position: SomeGame | None = None,
        caption: str | None = None,
    ) -> discord.File:
        """The position (the game's own, or an earlier `position` of it) as a PNG attachment,
        rendered in a worker thread, under `caption` or else the match's score."""
        players, score = await self._players(view, locale)
        shown = view.game if position is None else position
        png = await asyncio.to_thread(
            view.kind.png, shown, players, labels=render_labels(locale), caption=caption or score
        )
        return discord.File(io.BytesIO(png), filename=f"game-{view.id}-{view.revision}.png")

    async def replay(self, view: GameView, locale: str) -> discord.File:
        """The whole game as an animated GIF attachment."""
        players, shown = await self._players(view, locale)
        data = await asyncio.to_thread(
            view.kind.replay, view.game, players, labels=render_labels(locale), caption=shown
        )
        return discord.File(io.BytesIO(data), filename=f"game-{view.id}-replay.gif")

    async def _players(self, view: GameView, locale: str) -> tuple[dict[str, str], str | None]:
        """Each colour's player by name, and the caption of a match game's images."""
        names = await self.names.many(list(view.players.values()), view.guild_id)
        players = {colour: names[user] for colour, user in view.players.items()}
        return players, None if view.match is None else caption(view.match, names, locale)

    @staticmethod
    def rematch_for(view: GameView, locale: str) -> discord.ui.View | None:
        """The Rematch button for a finished game's last post; none while its match goes on
        (the next game starts by itself)."""
        return rematch_buttons(view.id, locale) if is_last_post(view.match) else None

    def move_buttons(self, view: GameView, locale: str) -> discord.ui.View | None:
        """Make move (while a person is to move) and ⋯ More under a turn message."""
        return move_buttons(view, locale, computer=self.is_computer(view.to_move_id))

    # Sending -------------------------------------------------------------------------------

    def channel(self, view_or_id: GameView | int) -> discord.PartialMessageable:
        """A channel (or thread) to send to, without needing it in the cache."""
        if isinstance(view_or_id, GameView):
            view = view_or_id
            return self.client.get_partial_messageable(view.channel_id, guild_id=view.guild_id)
        return self.client.get_partial_messageable(view_or_id)

    async def game_over_files(self, view: GameView, locale: str) -> list[discord.File]:
        """The final image and the replay animation."""
        return [await self.board(view, locale), await self.replay(view, locale)]

    async def post(
        self,
        view: GameView,
        content: str,
        files: list[discord.File],
        mentions: discord.AllowedMentions,
        post_id: int | None,
        *,
        buttons: discord.ui.View | None = None,
    ) -> None:
        """Post an owed message to the game's channel and settle it in the outbox; if Discord
        refuses, the outbox tries again later. The post's id is its nonce, which Discord
        enforces: a post repeated after a crash between sending and settling appears once."""
        # Without a post (nothing owed) a fresh nonce, as discord.py would choose by itself.
        nonce = f"post-{post_id}" if post_id is not None else secrets.randbits(64)
        try:
            message = await self.channel(view).send(
                content,
                files=files,
                allowed_mentions=mentions,
                nonce=nonce,
                view=buttons or discord.utils.MISSING,
            )
        except discord.HTTPException:
            await self.service.outbox.failed(post_id)
            raise
        await self.service.outbox.delivered(post_id, message.id)

    async def deliver(self, owed: Started | MoveResult | Replay | Notice) -> None:
        """Post what the outbox still owes a channel (see `GameService.owed_posts`; what it
        owes a player, `Letters` sends). A post sent to answer a command is first looked for
        as that command's answer: it may have arrived just before a crash."""
        if isinstance(owed, Started | MoveResult) and await self._arrived(owed):
            return
        if isinstance(owed, Started):
            await self.started(owed)
        elif isinstance(owed, MoveResult):
            await self.moved(owed)
        elif isinstance(owed, Replay):
            await self.replayed(owed.view, owed.post_id)
        else:
            await self.notice(owed)

    async def _arrived(self, owed: Started | MoveResult) -> bool:
        """Whether owed post `owed` went out as the answer to its command after all (Discord
        accepted it, the process died before it heard so): then it is settled with the
        answer's message instead of being posted again. Past the token's 15 minutes nobody
        can tell: it is posted again, better twice than never."""
        answer, post_id = owed.answer, owed.post_id
        if answer is None or post_id is None:
            return False
        if discord.utils.utcnow().timestamp() >= answer.expires_at:
            log.info("post %s: too late to look for its answer; posting it", post_id)
            return False
        message_id = await original_response(self.client, answer.token)
        if message_id is None:
            return False
        log.info("post %s had arrived as message %s before a restart", post_id, message_id)
        await self.service.outbox.delivered(post_id, message_id)
        return True

    async def make(
        self,
        channel_id: int,
        change: Callable[[], Awaitable[Made | None]],
        interaction: discord.Interaction | None = None,
    ) -> Made | None:
        """Make `change` (a use case that starts a game or moves in one) and post what it made,
        both under the channel's lock; None (nothing posted) when it made nothing. The change's
        refusals are raised; a post that fails is logged and stays owed (the outbox posts it)."""
        async with self.in_order(channel_id):
            made = await change()
            try:
                if isinstance(made, Started):
                    await self.started(made, interaction)
                elif made is not None:
                    await self.moved(made, interaction)
            except Exception:  # the change is stored; the outbox posts what is still owed
                assert made is not None
                log.exception("could not post the news of game %s; it stays owed", made.view.id)
            return made

    async def started(
        self, started: Started, interaction: discord.Interaction | None = None
    ) -> None:
        """Post a new game (who plays what, the board, a mention of the first player) as the
        answer to `interaction`, or in the game's channel."""
        view = started.view
        locale = self._public_locale(view, interaction)
        content = self.texts.started_text(view, locale)
        mentions = pings(self.to_ping(view.to_move_id))
        post_id = started.post_id
        buttons = self.move_buttons(view, locale)
        await self._answer(
            interaction,
            view,
            content,
            mentions=mentions,
            post_id=post_id,
            locale=locale,
            buttons=buttons,
        )

    async def moved(
        self, result: MoveResult, interaction: discord.Interaction | None = None
    ) -> None:
        """Post a move (or a resignation) as the answer to `interaction` (the command or button
        of the one who moved), or in the game's channel (the computer's move, a move the outbox
        owes): what was played, the board, the mentions; at the end the Rematch button, then
        the replay and the start of the match's next game (each owed on its own)."""
        view = result.view
        locale = self._public_locale(view, interaction)
        content = self.texts.turn_text(result, locale)
        if result.ending is None:
            buttons = self.move_buttons(view, locale)
        else:
            buttons = self.rematch_for(view, locale)
        await self._answer(
            interaction,
            view,
            content,
            mentions=self.pings_after(result),
            post_id=result.post_id,
            locale=locale,
            buttons=buttons,
        )
        if view.reach is Reach.REPLY:  # the answer went through this interaction, or none
            remembered = self._replies.pop(view.id, None) if result.ending else None
            interaction = interaction or remembered
        await self.replay_after(view, result.replay_post_id, locale, interaction)
        await self.follow(result.match, interaction)

    async def replay_after(
        self,
        view: GameView,
        post_id: int | None,
        locale: str,
        interaction: discord.Interaction | None = None,
    ) -> None:
        """After the post of a game's end, its replay (owed as post `post_id`; None: none is
        owed); if Discord refuses, the outbox posts it later. A reply-only game's replay is a
        follow-up of `interaction`, the one its end answered (nothing is owed there)."""
        if view.reach is Reach.REPLY and view.ending is not None and interaction is not None:
            await self._replay_reply(view, locale, interaction)
            return
        if post_id is None:
            return
        try:
            await self.replayed(view, post_id, locale)
        except discord.HTTPException:
            log.exception("could not post the replay of game %s; it stays owed", view.id)

    async def replayed(self, view: GameView, post_id: int, locale: str | None = None) -> None:
        """Post a finished game's replay (an animated GIF) to its channel and settle post
        `post_id`: a post of its own, with the post's nonce like every owed post, so that one
        repeated after a crash appears once. Raises what the post raises (it stays owed)."""
        locale = locale or self.locale_of(view.guild_id)
        file = await self.replay(view, locale)
        await self.post(view, self.texts.replay_text(view, locale), [file], pings(), post_id)

    async def _replay_reply(
        self, view: GameView, locale: str, interaction: discord.Interaction
    ) -> None:
        try:
            file = await self.replay(view, locale)
            await interaction.followup.send(
                self.texts.replay_text(view, locale), file=file, allowed_mentions=pings()
            )
        except discord.HTTPException as error:  # the game is over all the same
            log.warning("could not follow up game %s with its replay: %s", view.id, error)

    async def follow(
        self, update: MatchUpdate | None, interaction: discord.Interaction | None = None
    ) -> None:
        """After the end of a match game, post the start of the next one (owed since then); if
        Discord refuses, the outbox posts it later. In a reply-only game it follows up
        `interaction`."""
        if update is None or update.next_game is None:
            return
        try:
            await self.started(update.next_game, interaction)
        except discord.HTTPException:
            log.exception("could not post the next game of a match; it stays owed")

    async def _answer(
        self,
        interaction: discord.Interaction | None,
        view: GameView,
        content: str,
        *,
        mentions: discord.AllowedMentions,
        post_id: int | None,
        locale: str,
        buttons: discord.ui.View | None = None,
    ) -> None:
        """Answer `interaction` with `content` and the board, settling post `post_id` as soon
        as the answer is out; without an interaction, or when Discord refuses the answer, post
        it to the channel instead (with a notice that the answer was lost). Raises what the
        channel post raises: the post then stays owed. A reply-only game has no channel to
        post to: see `_reply`."""
        if view.reach is Reach.REPLY:
            await self._reply(interaction, view, content, mentions, locale=locale, buttons=buttons)
            return
        if interaction is not None:
            # Kept with the post before it goes: after a crash, its answer is looked for.
            await self.service.outbox.answering(
                post_id, interaction.token, answer_expiry(interaction)
            )
            try:
                await answer_with_board(
                    interaction,
                    content,
                    self.board(view, locale),
                    mentions,
                    buttons=buttons,
                    sent=partial(self.service.outbox.delivered, post_id),
                )
            except discord.HTTPException as error:
                # The change is stored whatever happens here; say so in the channel instead.
                log.warning("could not answer in game %s: %s", view.id, error)
                content = f"{content}\n{text(locale, 'error.post_failed')}"
            else:
                return
        files = [await self.board(view, locale)]
        await self.post(view, content, files, mentions, post_id, buttons=buttons)

    async def _reply(
        self,
        interaction: discord.Interaction | None,
        view: GameView,
        content: str,
        mentions: discord.AllowedMentions,
        *,
        locale: str,
        buttons: discord.ui.View | None,
    ) -> None:
        """Answer in a reply-only game, where the bot may not post (403, code 50001): through
        `interaction`, else (the computer's move) as a follow-up of the interaction the game's
        last answer went through. Without one (after a restart, or 15 minutes on) nothing is
        said: the game is stored, and its board shows at the next command or press."""
        interaction = interaction or self._replies.get(view.id)
        if interaction is None:
            log.info("game %s: no interaction to answer; shown at the next press", view.id)
            return
        if view.is_active and view.computer_level is not None:
            self._replies[view.id] = interaction
            self._replies.move_to_end(view.id)
            while len(self._replies) > REPLIES_KEPT:
                self._replies.popitem(last=False)
        try:
            await answer_with_board(
                interaction, content, self.board(view, locale), mentions, buttons=buttons
            )
        except discord.HTTPException as error:  # the change is stored whatever happens here
            log.warning("could not answer in reply-only game %s: %s", view.id, error)

    def _public_locale(self, view: GameView, interaction: discord.Interaction | None) -> str:
        """The language everyone in the game's channel reads."""
        if interaction is not None:
            return str(interaction.guild_locale or interaction.locale)
        return self.locale_of(view.guild_id)

    async def notice(self, notice: Notice) -> None:
        """Announce what the scheduler found due."""
        if isinstance(notice, Reminder):
            await self._reminder(notice)
        elif isinstance(notice, TimeLoss):
            await self._time_loss(notice)
        elif isinstance(notice, ChallengeExpired):
            await self._expired(notice)

    async def _reminder(self, notice: Reminder) -> None:
        view = notice.view
        locale = self.locale_of(view.guild_id)
        key = "reminder.half" if notice.stage == 1 else "reminder.last"
        content = text(
            locale,
            key,
            player=mention(notice.user_id),
            channel=f"<#{view.channel_id}>",
            deadline=timestamp(notice.deadline),
        )
        if view.match is not None:
            content = f"{score_line(view.match, locale)}\n{content}"
        await self.post(view, content, [], pings(notice.user_id), notice.post_id)

    async def _time_loss(self, notice: TimeLoss) -> None:
        view = notice.view
        locale = self.locale_of(view.guild_id)
        content = self.texts.final_text(view, notice.ending, locale)
        files = await self.game_over_files(view, locale)
        # Nobody moved: both players hear that the clock decided it.
        players = [user for user in view.players.values() if not self.is_computer(user)]
        buttons = self.rematch_for(view, locale)
        await self.post(view, content, files, pings(*players), notice.post_id, buttons=buttons)
        await self.follow(notice.match)

    async def _expired(self, notice: ChallengeExpired) -> None:
        challenge = notice.challenge
        locale = self.locale_of(challenge.guild_id)
        content = text(
            locale,
            "challenge.expired",
            challenger=mention(challenge.challenger_id),
            opponent=mention(challenge.opponent_id),
        )
        channel = self.channel(challenge.channel_id)
        if challenge.message_id is not None:
            try:
                await channel.get_partial_message(challenge.message_id).edit(
                    content=content, view=None, allowed_mentions=pings()
                )
                return
            except discord.HTTPException:
                log.info("challenge message %s is gone; posting instead", challenge.message_id)
        await channel.send(content, allowed_mentions=pings())
