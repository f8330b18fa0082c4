"""How every owed post reaches Discord (issue 45): rebuilt from the database, drawn by its
kind's renderer (the table of kinds, `bot.discord.kinds`), then sent the one way its draft says.

- A channel post goes as the answer to the command that owed it when there is one for that
  channel, else to the channel with the post's id as its nonce, which Discord enforces for a few
  minutes: a post repeated after a crash between sending and settling appears once. Before a
  repeat, a post that went out as a command's answer is looked for with the command's token.
  Where the bot may not post (a reply-only game) it is an answer or a follow-up of a command
  whose token still works, or nothing (the game shows at its next press).
- A command's answer that never reached Discord (a crash between the request and the
  callback; issue 52, point 7) is posted in its channel, naming and pinging its asker where it
  pings nobody, and its token is dropped (edits go to the channel's message); where the bot may
  only answer it is kept for its asker and follows their next interaction there (`show_kept`).
- A direct message goes with its nonce too; closed direct messages are noted, not retried.
- An edit (a sign-up's list, an analysis's progress, an offer's buttons taken off) is the same
  however often it is made; it goes through the command it answers while its token works.
- A thread is looked for by its name before one is opened, so a crash between opening it and
  settling the post opens no second one.

Posts to one channel go one at a time (the channel's lock), so a channel reads them in order.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import weakref
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

import aiohttp
import discord
from discord.utils import escape_markdown

from bot.discord.posting.answering import Sent, answer_with_draft
from bot.discord.posting.drafts import (
    ChannelPost,
    DirectMessage,
    Draft,
    Edit,
    Outgoing,
    ThreadOpening,
    pings,
)
from bot.discord.posting.originals import answer_expiry, never_answered, original_response
from bot.discord.posting.scribe import Scribe
from bot.discord.shared.sight import Sight
from bot.i18n import text
from bot.runtime.deliverer import PostRefusedError, PostUnsureError
from bot.service import GameService
from bot.service.context import TO, is_pool_place
from bot.service.owed import PostData, PostKind
from bot.store.outbox import Delivered, OutboxRow

log = logging.getLogger(__name__)

P = TypeVar("P")
P_contra = TypeVar("P_contra", contravariant=True)

DMS_CLOSED = 50007
"""Discord's code for "Cannot send messages to this user"."""
NO_SHARED_SERVER = 50278
"""Discord's code for "Cannot send messages to this user due to having no mutual guilds"
(discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes)."""
REFUSED_DMS = frozenset({DMS_CLOSED, NO_SHARED_SERVER})
"""The refusals that say the user cannot be written to: noted once, not retried."""
MENTION = re.compile(r"<@([0-9]+)>")
"""A user mention in a message's text."""
GONE = frozenset({403, 404})
"""An edit Discord refuses for good: the message is gone, or the bot may no longer edit it."""


class Renderer(Protocol[P_contra]):
    """How a kind of post is drawn: from what it shows to where it goes and what it says."""

    async def __call__(self, scribe: Scribe, shown: P_contra, locale: str, /) -> Outgoing:
        """The post, drawn in `locale` (the language its place reads)."""
        ...


class Kind:
    """A kind of post as the Discord adapter knows it: the service's kind and its renderer."""

    def __init__(self, post: PostKind[P], render: Renderer[P]) -> None:
        self.post: PostKind[Any] = post
        self.render: Renderer[Any] = render


class Courier:
    """Delivers owed posts through the bot's client (see the module's docstring)."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        scribe: Scribe,
        kinds: Mapping[str, Kind],
        sight: Sight,
    ) -> None:
        self.client = client
        self.service = service
        self.scribe = scribe
        self.sight = sight  # a letter to a game's onlooker goes only while they may see it
        self.kinds = kinds
        self._order: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def in_order(self, channel_id: int) -> asyncio.Lock:
        """The lock the posts to one channel are sent under, one at a time."""
        lock = self._order.get(channel_id)
        if lock is None:
            lock = self._order[channel_id] = asyncio.Lock()
        return lock

    async def deliver(self, row: OutboxRow, via: object | None = None) -> None:
        """Rebuild, draw and send post `row` (as the answer to `via`, a command, where it
        can be); settle it. Raises `PostRefusedError` or `PostUnsureError`."""
        kind = self.kinds.get(row.kind)
        if kind is None:
            raise LookupError(f"no renderer for posts of kind {row.kind!r}")
        shown = await self.service.outbox.rebuild(kind.post, row)
        if shown is None:  # a later change made it pointless
            await self.service.outbox.delivered(row.id)
            return
        outgoing = await kind.render(self.scribe, shown, await self._locale(row))
        interaction = via if isinstance(via, discord.Interaction) else None
        try:
            await self._send(row, outgoing, interaction)
        except discord.HTTPException as error:
            raise PostRefusedError(f"{error.status} {error.code}: {error.text}") from error
        except (aiohttp.ClientError, TimeoutError, OSError) as error:
            raise PostUnsureError(repr(error)) from error

    async def _locale(self, row: OutboxRow) -> str:
        """The language of the place a post goes to: its server's, else the one the command
        that owed it (or one before it) read (a direct message's channel has no server). A
        pool game's copy (issue 53) is in the language of the player it goes to."""
        to = PostData(row).maybe_word(TO)
        if to is not None:
            return await self.scribe.letter_locale(int(to), None)
        if row.guild_id is not None:
            return self.scribe.locale_of(row.guild_id)
        return await self.service.outbox.locale_of(row) or self.scribe.locale_of(None)

    async def _send(
        self, row: OutboxRow, outgoing: Outgoing, interaction: discord.Interaction | None
    ) -> None:
        if isinstance(outgoing, ChannelPost) and is_pool_place(outgoing.channel_id):
            outgoing = await self._to_player(row, outgoing)
        if isinstance(outgoing, ChannelPost):
            async with self.in_order(outgoing.channel_id):
                await self._post(row, outgoing, interaction)
        elif isinstance(outgoing, DirectMessage):
            await self._letter(row, outgoing)
        elif isinstance(outgoing, Edit):
            async with self.in_order(outgoing.message.channel_id or 0):
                await self._edit(row, outgoing, interaction)
        else:
            await self._thread(row, outgoing)

    async def _to_player(self, row: OutboxRow, post: ChannelPost) -> ChannelPost:
        """A pool game's post (issue 53) in the direct messages of the player it is owed to
        (each player's copy is a post of its own): sent there as a channel post, so that it
        answers a press or command there, carries its nonce and is settled with its message."""
        user_id = PostData(row).number(TO)
        channel = await self.client.create_dm(discord.Object(user_id))
        draft = post.draft
        content = await self._named(draft.content)
        shown = Draft(content, draft.mentions, draft.files, draft.buttons, draft.board)
        return ChannelPost(shown, channel.id, None)

    async def _named(self, content: str) -> str:
        """`content` with each user mention written as that user's Discord display name: in
        a DM, a client that shares no server with the one mentioned cannot show who it is."""
        found = {int(user_id) for user_id in MENTION.findall(content)}
        for user_id in found:
            name = await self.scribe.names.get(user_id, None)
            content = content.replace(f"<@{user_id}>", f"**{escape_markdown(name)}**")
        return content

    # Channel posts -----------------------------------------------------------------------------

    async def _post(
        self, row: OutboxRow, post: ChannelPost, interaction: discord.Interaction | None
    ) -> None:
        if post.reply_only:
            await self._reply(row, post, interaction)
            return
        draft = post.draft
        if interaction is not None and _answers_here(interaction, post.channel_id):
            # Kept with the post before it goes: after a crash, its answer is looked for.
            await self.service.outbox.answering(
                row.id, interaction.token, answer_expiry(interaction), interaction.user.id
            )
            try:
                await answer_with_draft(interaction, draft, sent=self._settle(row, post))
            except discord.HTTPException as error:
                # The change is stored whatever happens here; say so in the channel instead.
                log.warning("could not answer with post %s: %s", row.id, error)
                locale = self.scribe.locale_of(post.guild_id)
                notice = text(locale, "error.post_failed")
                draft = Draft(
                    f"{draft.content}\n{notice}", draft.mentions, draft.files, draft.buttons
                )
            else:
                return
        if await self._answered_before(row):
            return
        if await self._lapsed(row):
            return
        if interaction is None:
            draft = self._for_the_asker(row, draft, post.guild_id)
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        message = await self._send_new(row, channel, draft)
        # Not its command's answer (if it was to be one): the token never edits this message.
        await self.service.outbox.posted_instead(row.id, post.channel_id, message.id)

    def _for_the_asker(self, row: OutboxRow, draft: Draft, guild_id: int | None) -> Draft:
        """A post its command was to answer, which the command never did (a crash, Discord's
        3 seconds missed): where it pings nobody (an analysis, say) it names and pings its
        asker, who saw no answer; a game's post pings and names its players already."""
        asker = row.answer_user_id
        if asker is None or row.answer_token is None or draft.mentions.users:
            return draft  # not tried as its command's answer, or pings its players
        line = text(self.scribe.locale_of(guild_id), "error.answer_late", user=f"<@{asker}>")
        return Draft(f"{line}\n{draft.content}", pings(asker), draft.files, draft.buttons)

    async def _lapsed(self, row: OutboxRow) -> bool:
        """Whether the post may have gone out before a crash longer ago than Discord keeps its
        nonce: then it is given up rather than risk it twice."""
        if not self.service.outbox.nonce_lapsed(row):
            return False
        await self.service.outbox.gave_up(row, "it may have gone out before a crash")
        return True

    async def _send_new(
        self, row: OutboxRow, channel: discord.abc.Messageable, draft: Draft
    ) -> discord.Message:
        """A new message with the post's nonce (Discord makes one message of a nonce sent again
        while it keeps it), its attempt noted right before the request goes."""
        await self.service.outbox.trying(row.id)
        return await channel.send(
            draft.content,
            files=await draft.files(),
            allowed_mentions=draft.mentions,
            nonce=f"post-{row.id}",
            view=draft.buttons or discord.utils.MISSING,
        )

    def _settle(self, row: OutboxRow, post: ChannelPost) -> Sent:
        async def settle(message_id: int | None) -> None:
            await self.service.outbox.delivered(row.id, post.channel_id, message_id)

        return settle

    async def _answered_before(self, row: OutboxRow) -> bool:
        """Whether post `row` went out as the answer to its command after all (Discord
        accepted it, the process died before it heard so): then it is settled with the
        answer's message instead of being posted again."""
        token, expires = row.answer_token, row.answer_expires_at
        if row.tried_at is None or token is None or expires is None:
            return False
        if _now() >= expires:
            return False  # too late to ask: the nonce's time decides
        message_id = await original_response(self.client, token)
        if message_id is None:
            return False
        log.info("post %s had arrived as message %s before a restart", row.id, message_id)
        await self.service.outbox.delivered(row.id, None, message_id)
        return True

    async def _reply(
        self, row: OutboxRow, post: ChannelPost, interaction: discord.Interaction | None
    ) -> None:
        """A post where the bot may only answer: through `interaction`, else as a follow-up of
        the command the subject's last post answered, while its token works; else nothing is
        said (the subject shows at its next press)."""
        if interaction is not None:
            await self.service.outbox.answering(
                row.id, interaction.token, answer_expiry(interaction), interaction.user.id
            )
            await answer_with_draft(interaction, post.draft, sent=self._settle(row, post))
            return
        if row.tried_at is not None:  # a follow-up has no nonce: never risk a second one
            if await self._never_arrived(row) and await self.service.outbox.keep(
                row, post.channel_id
            ):
                return
            await self.service.outbox.gave_up(row, "a follow-up may have gone out already")
            return
        latest = await self.service.outbox.latest_answer(row.subject, row.subject_id, _now())
        if latest is None or latest.answer_token is None:
            # Its command's answer never went (a crash before it was tried): its asker sees
            # it at their next command there.
            if await self.service.outbox.keep(row, post.channel_id):
                return
            log.info("post %s: no command to answer; shown at the next press", row.id)
            await self.service.outbox.delivered(row.id)
            return
        webhook = self._webhook(latest.answer_token)
        draft = post.draft
        await self.service.outbox.trying(row.id)
        message = await webhook.send(
            draft.content,
            files=await draft.files(),
            allowed_mentions=draft.mentions,
            view=draft.buttons or discord.utils.MISSING,
            wait=True,
        )
        await self.service.outbox.answering(
            row.id, latest.answer_token, latest.answer_expires_at or 0
        )
        await self.service.outbox.delivered(row.id, post.channel_id, message.id)

    async def _never_arrived(self, row: OutboxRow) -> bool:
        """Whether post `row`, tried as (or after) its command's answer, surely never reached
        Discord: Discord says that command was never acknowledged (a crash between its request
        and its callback), while its token can still be asked."""
        token, expires = row.answer_token, row.answer_expires_at
        if token is None or expires is None or _now() >= expires:
            return False
        return await never_answered(self.client, token)

    async def show_kept(self, row: OutboxRow, interaction: discord.Interaction) -> None:
        """Show kept answer `row` (see `Outbox.keep`) to its asker as a follow-up of their
        `interaction` there, answered already: as it shows now (an analysis's result once
        done). Put back if Discord refuses it."""
        channel_id = row.kept_in
        if channel_id is None or not await self.service.outbox.take_kept(row):
            return
        try:
            kind = self.kinds[row.kind]
            shown = await self.service.outbox.rebuild(kind.post, row)
            outgoing = None
            if shown is not None:  # else a later change made it pointless
                outgoing = await kind.render(self.scribe, shown, await self._locale(row))
            if not isinstance(outgoing, ChannelPost):
                return
            draft = outgoing.draft
            message = await interaction.followup.send(
                draft.content,
                files=await draft.files(),
                allowed_mentions=draft.mentions,
                view=draft.buttons or discord.utils.MISSING,
                wait=True,
            )
        except BaseException:
            await asyncio.shield(self.service.outbox.put_back(row.id, channel_id))
            raise
        log.info("post %s: its answer, kept since a restart, shown as %s", row.id, message.id)
        await self.service.outbox.shown_kept(
            row.id, channel_id, message.id, interaction.token, answer_expiry(interaction)
        )

    def _webhook(self, token: str) -> discord.Webhook:
        """The webhook of the interaction with `token` (its follow-ups and edits)."""
        application_id = self.client.application_id
        if application_id is None:
            raise RuntimeError("the client has not logged in: no application id")
        return discord.Webhook.partial(application_id, token, client=self.client)

    # Direct messages -------------------------------------------------------------------------

    async def _letter(self, row: OutboxRow, letter: DirectMessage) -> None:
        if await self._lapsed(row):
            return
        game = letter.onlooker_of
        if game is not None and not await self.sight.member_may_see(letter.user_id, game):
            log.info("user %s no longer sees game %s: not told of it", letter.user_id, game.id)
            await self.service.follows.lost_sight(letter.user_id, game.id, row.id)
            return
        try:
            channel = await self.client.create_dm(discord.Object(letter.user_id))
            message = await self._send_new(row, channel, letter.draft)
        except discord.Forbidden as error:
            if error.code not in REFUSED_DMS:
                raise
            log.info(
                "user %s takes no direct messages (%s); not writing again",
                letter.user_id,
                error.code,
            )
            await self.service.notifications.dms_closed(letter.user_id, row.id)
            return
        await self.service.outbox.delivered(row.id, channel.id, message.id)

    # Edits -------------------------------------------------------------------------------------

    async def _edit(
        self, row: OutboxRow, edit: Edit, interaction: discord.Interaction | None
    ) -> None:
        message = edit.message
        changes: dict[str, Any] = {"view": edit.buttons}
        if edit.content is not None:
            changes["content"] = edit.content
        if edit.files is not None:
            changes["attachments"] = await edit.files()
        if interaction is not None and _pressed_on(interaction, message.message_id):
            await interaction.response.edit_message(**changes)
        elif interaction is not None and _deferred_on(interaction, message.message_id):
            await interaction.edit_original_response(**changes)
        else:
            try:
                edited = await self._edit_message(message, changes, reply_only=edit.reply_only)
            except discord.HTTPException as error:
                if error.status not in GONE:
                    raise
                edited = False
            if not edited and edit.reply_only:  # expected: an answer's token lasts 15 minutes
                log.info("post %s: its message's token no longer works; left as it is", row.id)
                await self.service.outbox.delivered(row.id)
                return
            if not edited:
                await self.service.outbox.gave_up(row, "its message cannot be edited")
                return
        await self.service.outbox.delivered(row.id, message.channel_id, message.message_id)

    async def _edit_message(
        self, message: Delivered, changes: dict[str, Any], *, reply_only: bool = False
    ) -> bool:
        """Edit `message` through the command it answered while its token works, else in its
        channel (never where the bot may only answer: Discord refuses it there); False when
        neither can be (a reply-only answer past its 15 minutes)."""
        message_id, token, expires = (
            message.message_id,
            message.answer_token,
            message.answer_expires_at,
        )
        if message_id is None:
            return False
        if token is not None and expires is not None and _now() < expires:
            await self._webhook(token).edit_message(message_id, **changes)
            return True
        if message.channel_id is None or reply_only:
            return False
        channel = self.client.get_partial_messageable(message.channel_id)
        await channel.get_partial_message(message_id).edit(**changes)
        return True

    # Threads -----------------------------------------------------------------------------------

    async def _thread(self, row: OutboxRow, opening: ThreadOpening) -> None:
        """Open the thread (or find the one a crash left open) and start what it is for."""
        thread = self._open_thread(opening)
        if thread is None:
            parent = self.client.get_channel(opening.parent_id) or await self.client.fetch_channel(
                opening.parent_id
            )
            if not isinstance(parent, discord.TextChannel):
                await self.service.outbox.gave_up(row, "its channel is no text channel")
                return
            thread = await parent.create_thread(
                name=opening.name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,  # a week: asynchronous games are slow
            )
        await opening.opened(thread.id)

    def _open_thread(self, opening: ThreadOpening) -> discord.Thread | None:
        """The bot's active thread of that name in that channel, if a crash left one (the
        server's active threads come with the server, at every connection)."""
        guild = self.client.get_guild(opening.guild_id)
        me = self.client.user
        if guild is None or me is None:
            return None
        name = opening.name[:100]
        return next(
            (
                thread
                for thread in guild.threads
                if thread.parent_id == opening.parent_id
                and thread.name == name
                and thread.owner_id == me.id
                and not thread.archived
            ),
            None,
        )


def _now() -> int:
    """The real time in epoch seconds: a command's token works for 15 real minutes (whatever
    clock the games keep)."""
    return int(time.time())


def _answers_here(interaction: discord.Interaction, channel_id: int) -> bool:
    """Whether a post to `channel_id` can be the answer to `interaction`: not answered yet,
    and in the same channel (a game started in a new thread is posted there instead)."""
    return not interaction.response.is_done() and interaction.channel_id == channel_id


def _deferred_on(interaction: discord.Interaction, message_id: int | None) -> bool:
    """Whether `interaction` is a press of a button on message `message_id` that deferred its
    update (it did work first, such as opening a thread): its message is its original
    response, edited through its token."""
    message = interaction.message
    deferred = interaction.response.type is discord.InteractionResponseType.deferred_message_update
    return deferred and message is not None and message.id == message_id


def _pressed_on(interaction: discord.Interaction, message_id: int | None) -> bool:
    """Whether `interaction` is an unanswered press of a button on message `message_id`."""
    message = interaction.message
    return not interaction.response.is_done() and message is not None and message.id == message_id
