"""The fake Discord's state: everything it knows, and waiting for it to change."""

from __future__ import annotations

import asyncio
import mimetypes
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

from testing.fakediscord.activities import ActivityState
from testing.fakediscord.clock import WAIT, Clock, LoopClock
from testing.fakediscord.faults import Faults, RecordedRequest
from testing.fakediscord.ids import Snowflakes, bot_token_prefix, iso_now, new_token
from testing.fakediscord.models import (
    BOT_PERMISSIONS,
    EPHEMERAL,
    LOADING,
    MAX_UPLOAD_BYTES,
    MEMBER_PERMISSIONS,
    ChannelType,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    allowed_user_pings,
)
from testing.fakediscord.permissions import MEMBER, ROLE, channel_permissions
from testing.fakediscord.web import ApiError, UploadedFile, unknown

T = TypeVar("T")
FIXED_FLAGS = EPHEMERAL | LOADING


NONCE_SECONDS = 120.0
"""How long the fake keeps a message's nonce for `enforce_nonce`, on its clock. Discord says only
"the past few minutes" (resources/message#create-message); the fake takes the shortest reading,
two minutes, so that a bot which trusts a nonce for longer than Discord keeps it fails here."""


class World:
    """The application, its bot user, guilds, channels, messages, commands and logs.

    Every change calls `changed()`, which wakes whoever waits in `wait_until`; nothing polls.
    """

    def __init__(self, *, token: str | None = None, clock: Clock | None = None) -> None:
        self.clock: Clock = clock or LoopClock()  # Discord's deadlines; ids keep the wall clock
        self.ids = Snowflakes()
        self.application_id = self.ids.next()
        # As Discord's: the first part is the bot's user id in base64, so a bot can tell its
        # own id before it logs in.
        self.token = token or new_token(bot_token_prefix(self.application_id))
        self.owner = FakeUser(self.ids.next(), "owner")
        self.bot_user = FakeUser(self.application_id, "fakebot", bot=True)
        self.users: dict[int, FakeUser] = {self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {None: []}
        self.command_syncs: list[int | None] = []
        self.requests: list[RecordedRequest] = []
        self.unknown_routes: list[RecordedRequest] = []
        self.faults = Faults()
        self.activities = ActivityState()  # the app's Activity: codes, tokens, instances
        self.base_url = ""
        self._message_seq = 0
        self._changed = asyncio.Event()

    # -- waiting -------------------------------------------------------------------------------

    def changed(self) -> None:
        """Wake every waiter so it checks its condition again."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(
        self,
        check: Callable[[], T | None],
        *,
        timeout: float = WAIT,
        what: str,
        watch: Awaitable[Any] | None = None,
    ) -> T:
        """Wait until `check()` returns something true (a message, True, a non-empty list)
        and return it.

        Raises `AssertionError` naming `what` after `timeout` seconds, or as soon as `watch`
        (e.g. the bot's task or process) finishes first.
        """
        watched = None if watch is None else asyncio.ensure_future(watch)
        # A coroutine wrapped here is ours to cancel; a task or future passed in is not.
        owned = watched is not None and watched is not watch
        deadline = asyncio.get_running_loop().time() + timeout
        try:
            while True:
                result = check()
                if result:
                    return result
                remaining = deadline - asyncio.get_running_loop().time()
                if remaining <= 0:
                    raise AssertionError(f"timed out after {timeout:.1f} s waiting for {what}")
                await self._wait_for_change(remaining, watched, what)
        finally:
            if owned and watched is not None:
                watched.cancel()

    async def _wait_for_change(
        self, remaining: float, watched: asyncio.Future[Any] | None, what: str
    ) -> None:
        changed = asyncio.ensure_future(self._changed.wait())
        waiting = {changed} if watched is None else {changed, watched}
        try:
            await asyncio.wait(waiting, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
        finally:
            changed.cancel()
        if watched is not None and watched.done():
            outcome = (
                "cancelled" if watched.cancelled() else watched.exception() or watched.result()
            )
            raise AssertionError(f"gave up waiting for {what}: the bot stopped ({outcome!r})")

    # -- building the world --------------------------------------------------------------------

    def add_guild(
        self,
        name: str,
        *,
        locale: str = "en-US",
        shard: tuple[int, int] | None = None,
        bot: bool = True,
    ) -> FakeGuild:
        """A guild with an @everyone role, a `general` text channel, and the bot as member
        (unless not `bot`: a server that has not installed the app); with `shard` (shard_id,
        num_shards), its id is one of that shard's."""
        guild_id = self.ids.next()
        if shard is not None:
            shard_id, count = shard
            guild_id += ((shard_id - (guild_id >> 22)) % count) << 22  # a later millisecond
        guild = FakeGuild(guild_id, name, owner_id=self.owner.id, locale=locale)
        guild.roles.append(FakeRole(guild.id, "@everyone", MEMBER_PERMISSIONS))
        self.guilds[guild.id] = guild
        self.add_text_channel(guild, "general")
        if bot:
            bot_role = self.add_role(guild, self.bot_user.name, BOT_PERMISSIONS)
            self.add_member(guild, self.bot_user).roles.append(bot_role.id)
        self.add_member(guild, self.owner)
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        """A new role of `guild` that grants `permissions` server-wide (none by default: a role
        that channel overwrites single out)."""
        role = FakeRole(self.ids.next(), name, permissions, position=len(guild.roles))
        guild.roles.append(role)
        self.changed()
        return role

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        """A new text channel in `guild`."""
        channel = FakeChannel(
            self.ids.next(), ChannelType.TEXT, name, guild.id, position=len(guild.channels)
        )
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_user(
        self, name: str, *, locale: str = "en-US", guilds: Iterable[FakeGuild] | None = None
    ) -> FakeUser:
        """A new user, member of `guilds` (default: every guild so far)."""
        user = FakeUser(self.ids.next(), name, locale=locale)
        self.users[user.id] = user
        for guild in self.guilds.values() if guilds is None else guilds:
            self.add_member(guild, user)
        return user

    def add_member(
        self, guild: FakeGuild, user: FakeUser, *, nick: str | None = None
    ) -> FakeMember:
        """Make `user` a member of `guild` (with @everyone's permissions), called `nick` there."""
        self.users[user.id] = user
        member = FakeMember(user, guild.id, nick=nick)
        guild.members[user.id] = member
        self.changed()
        return member

    # -- lookups that answer like Discord ------------------------------------------------------

    def channel(self, channel_id: int | str) -> FakeChannel:
        """The channel or thread; `ApiError` 10003 if unknown."""
        try:
            return self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise unknown("Channel", 10003) from None

    def message(self, channel: FakeChannel, message_id: int | str) -> FakeMessage:
        """A message of `channel`; `ApiError` 10008 if unknown or deleted."""
        found = self.messages.get(_as_int(message_id))
        if found is None or found.deleted or found.channel is not channel:
            raise unknown("Message", 10008)
        return found

    def guild(self, guild_id: int | str) -> FakeGuild:
        """The guild; `ApiError` 10004 if unknown."""
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise unknown("Guild", 10004) from None

    def user(self, user_id: int | str) -> FakeUser:
        """The user; `ApiError` 10013 if unknown."""
        try:
            return self.users[int(user_id)]
        except (KeyError, ValueError):
            raise unknown("User", 10013) from None

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        """The guild a channel or thread belongs to (None for DMs)."""
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def member(self, guild: FakeGuild, user: FakeUser) -> FakeMember:
        """`user`'s membership of `guild`; `ApiError` 10007 if not a member."""
        try:
            return guild.members[user.id]
        except KeyError:
            raise unknown("Member", 10007) from None

    def permissions_in(self, channel: FakeChannel, user: FakeUser) -> int:
        """`user`'s permissions in `channel`, as Discord computes them from the guild's roles and
        the channel's overwrites (see `permissions`): 0 for a user who is no member. In a DM
        a user may do what a member of a server usually may."""
        guild = self.guild_of(channel)
        if guild is None:
            return MEMBER_PERMISSIONS
        member = guild.members.get(user.id)
        if member is None:
            return 0
        parent = None if channel.parent_id is None else self.channels[channel.parent_id]
        return channel_permissions(guild, member, channel, parent)

    def bot_permissions_in(self, channel: FakeChannel) -> int:
        """The bot's permissions in `channel` (its role's, as the channel's overwrites leave
        them)."""
        return self.permissions_in(channel, self.bot_user)

    def set_overwrite(
        self, channel: FakeChannel, target: FakeRole | FakeUser, *, allow: int = 0, deny: int = 0
    ) -> None:
        """The channel's overwrite for a role (or @everyone: the role with the guild's id) or a
        member, replacing any it had, as a server admin sets one."""
        kind = ROLE if isinstance(target, FakeRole) else MEMBER
        channel.overwrites = [o for o in channel.overwrites if int(o["id"]) != target.id]
        channel.overwrites.append(
            {"id": str(target.id), "type": kind, "allow": str(allow), "deny": str(deny)}
        )
        self.changed()

    def deny_bot(self, channel: FakeChannel, permissions: int) -> None:
        """A channel overwrite that denies the bot `permissions` (as a server admin sets one)."""
        self.set_overwrite(channel, self.bot_user, deny=permissions)

    # -- channels, threads, messages -----------------------------------------------------------

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and `user`, made on first use."""
        for channel in self.channels.values():
            if channel.type is ChannelType.DM and channel.recipient is user:
                return channel
        channel = FakeChannel(self.ids.next(), ChannelType.DM, user.name, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def private_channel(self, people: list[FakeUser], *, name: str) -> FakeChannel:
        """A DM between two people or a group DM (the first person owns it); the bot is in
        neither."""
        kind = ChannelType.DM if len(people) == 2 else ChannelType.GROUP_DM
        channel = FakeChannel(self.ids.next(), kind, name, owner_id=people[0].id, people=people)
        for user in people:
            self.users[user.id] = user
        self.channels[channel.id] = channel
        self.changed()
        return channel

    def create_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        kind: ChannelType,
        owner: FakeUser,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> FakeChannel:
        """A thread in `parent`; a thread started from a message takes the message's id."""
        if parent.type is not ChannelType.TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        thread = FakeChannel(
            thread_id or self.ids.next(),
            kind,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=auto_archive_duration,
            member_ids={owner.id},
        )
        guild = self.guild_of(parent)
        if guild is not None:
            guild.threads.append(thread)
        self.channels[thread.id] = thread
        self.changed()
        return thread

    def delete_channel(self, channel: FakeChannel) -> dict[str, Any]:
        """Remove a channel or thread (and with it its threads); return its last payload."""
        data = channel.payload()
        guild = self.guild_of(channel)
        for thread in [c for c in self.channels.values() if c.parent_id == channel.id]:
            self.delete_channel(thread)
        if guild is not None:
            guild.threads = [t for t in guild.threads if t is not channel]
            guild.channels = [c for c in guild.channels if c is not channel]
        del self.channels[channel.id]
        self.changed()
        return data

    def nonced_message(self, channel: FakeChannel, payload: dict[str, Any]) -> FakeMessage | None:
        """The bot's message in `channel` created with this payload's nonce within the last
        `NONCE_SECONDS`, if the payload asks Discord to enforce it. Discord's documentation
        (resources/message#create-message, `enforce_nonce`): "If true and nonce is present, it
        will be checked for uniqueness in the past few minutes. If another message was created
        by the same author with the same nonce, that message will be returned and no new
        message will be created." Older nonces are forgotten: the same payload posts again."""
        nonce = payload.get("nonce")
        if not payload.get("enforce_nonce") or nonce is None:
            return None
        since = self.clock.now() - NONCE_SECONDS
        for message in self.messages.values():
            if (
                message.channel is channel
                and message.nonce == str(nonce)
                and message.nonce_at is not None
                and message.nonce_at >= since
                and not message.deleted
            ):
                return message
        return None

    def post_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        payload: dict[str, Any],
        files: tuple[UploadedFile, ...] = (),
        **fields: Any,
    ) -> FakeMessage:
        """Store a new message from a create payload; `fields` set FakeMessage attributes."""
        self._message_seq += 1
        message = FakeMessage(self.ids.next(), channel, author, self._message_seq, **fields)
        self.apply_message_payload(message, payload, files)
        message.pinged = [
            self.users[user_id]
            for user_id in allowed_user_pings(message.content, message.allowed_mentions)
            if user_id in self.users
        ]
        has_body = message.content or message.embeds or message.attachments or message.components
        if not (has_body or message.loading):
            raise ApiError(400, 50006, "Cannot send an empty message")
        self.messages[message.id] = message
        channel.last_message_id = message.id
        channel.message_count += 1
        self.changed()
        return message

    def edit_message(
        self, message: FakeMessage, payload: dict[str, Any], files: tuple[UploadedFile, ...] = ()
    ) -> FakeMessage:
        """Apply an edit payload; mentions added by an edit notify nobody, as on Discord."""
        self.apply_message_payload(message, payload, files, editing=True)
        message.edited_timestamp = iso_now()
        message.edits += 1
        self.changed()
        return message

    def apply_message_payload(
        self,
        message: FakeMessage,
        payload: dict[str, Any],
        files: tuple[UploadedFile, ...],
        *,
        editing: bool = False,
    ) -> None:
        """Copy the message fields of a create or edit payload onto `message`."""
        for key in ("content", "embeds", "components", "allowed_mentions"):
            if key in payload:
                setattr(message, key, payload[key] if payload[key] is not None else _empty(key))
        flags = payload.get("flags")
        if flags is not None:
            # Ephemerality is fixed when a message is created; an edit changes only other flags.
            message.flags = (
                (flags & ~FIXED_FLAGS) | (message.flags & EPHEMERAL) if editing else flags
            )
        if editing:
            message.flags &= ~LOADING
        elif payload.get("nonce") is not None:
            message.nonce = str(payload["nonce"])
            message.nonce_at = self.clock.now()
        message.attachments = self._attachments(message, payload, files, editing)

    def _attachments(
        self,
        message: FakeMessage,
        payload: dict[str, Any],
        files: tuple[UploadedFile, ...],
        editing: bool,
    ) -> list[FakeAttachment]:
        if sum(len(upload.data) for upload in files) > MAX_UPLOAD_BYTES:
            raise ApiError(413, 40005, "Request entity too large")
        by_index = {upload.index: upload for upload in files}
        described = {int(a["id"]): a for a in payload.get("attachments") or [] if "id" in a}
        kept: list[FakeAttachment] = []
        if editing:
            if "attachments" in payload:
                kept = [a for a in message.attachments if a.id in described]
            else:
                kept = list(message.attachments)
        new = [
            self._store_file(message, upload, described.get(index))
            for index, upload in sorted(by_index.items())
        ]
        return kept + new

    def _store_file(
        self, message: FakeMessage, upload: UploadedFile, described: dict[str, Any] | None
    ) -> FakeAttachment:
        filename = (described or {}).get("filename") or upload.filename
        attachment_id = self.ids.next()
        # Discord sniffs the type; discord.py always sends application/octet-stream.
        guessed = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        attachment = FakeAttachment(
            attachment_id,
            filename,
            upload.data,
            guessed,
            f"{self.base_url}/attachments/{message.channel.id}/{attachment_id}/{filename}",
            sent_content_type=upload.content_type,
            description=(described or {}).get("description"),
        )
        self.attachments[attachment_id] = attachment
        return attachment

    def user_file(self, channel_id: int, filename: str, data: bytes) -> FakeAttachment:
        """A file a user attaches to a slash command's attachment option: Discord uploads it
        to its CDN first and sends the interaction its attachment object (served here like the
        bot's own files)."""
        attachment_id = self.ids.next()
        guessed = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        url = f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}"
        attachment = FakeAttachment(attachment_id, filename, data, guessed, url)
        self.attachments[attachment_id] = attachment
        return attachment

    def next_message_seq(self) -> int:
        """The sequence number the next message will get (to wait for messages after now)."""
        return self._message_seq + 1

    def bot_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: tuple[UploadedFile, ...] = (),
        **fields: Any,
    ) -> FakeMessage:
        """A message by the bot user."""
        return self.post_message(channel, self.bot_user, payload, files, **fields)


def _empty(key: str) -> Any:
    return "" if key == "content" else None if key == "allowed_mentions" else []


def _as_int(value: int | str) -> int:
    try:
        return int(value)
    except ValueError:
        raise unknown("Message", 10008) from None
