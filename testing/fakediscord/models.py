"""The fake's world: users, guilds, channels, threads and messages, and their Discord JSON forms.

Every `payload()` returns the object as Discord's API v10 sends it, with the fields discord.py
reads without a default (for example a member's `flags`, a thread's `thread_metadata`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from testing.fakediscord.ids import iso_now

# Permission bits (Discord's "Permissions" table) that members of a fake guild hold.
MANAGE_CHANNELS = 1 << 4
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
USE_EXTERNAL_APPS = 1 << 50
"""Lets user-installed apps answer publicly in a server that has not installed them too
(developers/topics/permissions#permissions-bitwise-permission-flags); @everyone has it unless a
server takes it away."""
BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
"""The bot's as its invite grants them: no Manage Threads, so it can neither delete nor lock a
thread, not even its own (`FakeDiscord.grant_bot` adds what an admin grants)."""
MEMBER_PERMISSIONS = BOT_PERMISSIONS | USE_EXTERNAL_APPS
"""@everyone's in a new server: the bot's, and Use External Apps, on by default."""

EPHEMERAL = 1 << 6
LOADING = 1 << 7
MAX_UPLOAD_BYTES = 10 * 1024 * 1024

_USER_MENTION = re.compile(r"<@!?([0-9]+)>")


class ChannelType(IntEnum):
    """The channel types the fake knows."""

    TEXT = 0
    DM = 1
    GROUP_DM = 3
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


class MessageType(IntEnum):
    """The message types the fake writes."""

    DEFAULT = 0
    THREAD_CREATED = 18
    CHAT_INPUT_COMMAND = 20


@dataclass(eq=False)
class FakeUser:
    """A Discord user; `locale` is what interactions from this user carry."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True  # False: the user has closed direct messages (or blocked the bot)
    installed_app: bool = False  # True: the user added the app to their apps (a user install)

    @property
    def mention(self) -> str:
        """The user's mention, as the bot would write it."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The user object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class FakeRole:
    """A guild role; every fake guild has @everyone with the id of the guild, and the bot a role
    of its own with the permissions its invite asked for (on Discord a managed role)."""

    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        """The role object."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    """A user's membership in a guild: their roles (which give their permissions, see
    `permissions`) and their nickname in that guild, which is theirs in that guild alone
    (https://discord.com/developers/docs/resources/guild#guild-member-object)."""

    user: FakeUser
    guild_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        """The guild member object (`flags` is required by discord.py)."""
        data: dict[str, Any] = {
            "roles": [str(role) for role in self.roles],
            "joined_at": self.joined_at,
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "communication_disabled_until": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class FakeChannel:
    """A text channel, a thread in one, or a private channel: the bot's DM with `recipient`, or
    a DM or group DM between `people` (the bot is not in those)."""

    id: int
    type: ChannelType
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    recipient: FakeUser | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: str = field(default_factory=iso_now)
    last_message_id: int | None = None
    message_count: int = 0
    member_ids: set[int] = field(default_factory=set)
    overwrites: list[dict[str, str | int]] = field(default_factory=list)
    people: list[FakeUser] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        """Whether this is a thread."""
        return self.type in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        """The channel's mention."""
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The channel object."""
        if self.type in (ChannelType.DM, ChannelType.GROUP_DM):
            return self._dm_payload()
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": int(self.type),
            "guild_id": str(self.guild_id),
            "name": self.name,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
            "last_message_id": _optional_id(self.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if self.is_thread:
            data.update(self._thread_fields())
        else:
            data.update(
                position=self.position,
                permission_overwrites=list(self.overwrites),
                topic=None,
                default_auto_archive_duration=1440,
                default_thread_rate_limit_per_user=0,
            )
        return data

    def _thread_fields(self) -> dict[str, Any]:
        return {
            "owner_id": str(self.owner_id),
            "message_count": self.message_count,
            "total_message_sent": self.message_count,
            "member_count": len(self.member_ids),
            "thread_metadata": {
                "archived": self.archived,
                "locked": self.locked,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": self.created_at,
                "create_timestamp": self.created_at,
                "invitable": True,
            },
        }

    def _dm_payload(self) -> dict[str, Any]:
        people = self.people if self.recipient is None else [self.recipient]
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": int(self.type),
            "last_message_id": _optional_id(self.last_message_id),
            "recipients": [user.payload() for user in people],
            "flags": 0,
        }
        if self.type is ChannelType.GROUP_DM:
            data.update(name=self.name, icon=None, owner_id=str(self.owner_id))
        return data


@dataclass(eq=False)
class FakeGuild:
    """A guild (server) with its roles, channels, threads and members."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    threads: list[FakeChannel] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    joined_at: str = field(default_factory=iso_now)

    @property
    def text_channel(self) -> FakeChannel:
        """The guild's first text channel (`general`, made with the guild)."""
        return self.channels[0]

    def base_payload(self) -> dict[str, Any]:
        """The guild object as REST returns it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [role.payload() for role in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": str(self.text_channel.id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }

    def create_payload(self) -> dict[str, Any]:
        """The GUILD_CREATE event data: the guild with channels, active threads and members."""
        data = self.base_payload()
        data.update(
            unavailable=False,
            large=False,
            member_count=len(self.members),
            joined_at=self.joined_at,
            channels=[channel.payload() for channel in self.channels],
            threads=[thread.payload() for thread in self.threads if not thread.archived],
            members=[member.payload() for member in self.members.values()],
            voice_states=[],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )
        return data

    def interaction_payload(self) -> dict[str, Any]:
        """The partial guild that interactions carry."""
        return {"id": str(self.id), "locale": self.locale, "features": []}


@dataclass(eq=False)
class FakeAttachment:
    """A file the bot uploaded, with the bytes it sent."""

    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    sent_content_type: str = "application/octet-stream"
    description: str | None = None

    @property
    def size(self) -> int:
        """The number of bytes."""
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        """The attachment object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass(eq=False)
class FakeMessage:
    """A message in a channel, as the fake stores it; edits change it in place.

    `pinged` lists the users the message notified when it was created (mentions allowed by
    `allowed_mentions`); edits never notify, as on Discord.
    """

    id: int
    channel: FakeChannel
    author: FakeUser
    seq: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: MessageType = MessageType.DEFAULT
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    nonce: str | None = None  # as the creating request gave it
    nonce_at: float | None = None  # when, on the fake's clock (Discord forgets it later)
    pinged: list[FakeUser] = field(default_factory=list)
    deleted: bool = False
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        """Whether only the interaction's user sees the message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred "thinking..." response not yet filled in."""
        return bool(self.flags & LOADING)

    @property
    def visible(self) -> bool:
        """Whether everyone in the channel sees it: not ephemeral, loading or deleted."""
        return not (self.ephemeral or self.loading or self.deleted)

    def custom_ids(self) -> list[str]:
        """The custom ids of every interactive component, in order."""
        return [component["custom_id"] for component in self.iter_components()]

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component with a custom id (buttons, selects), nested rows flattened."""
        found: list[dict[str, Any]] = []
        stack = list(reversed(self.components))
        while stack:
            component = stack.pop()
            if "custom_id" in component:
                found.append(component)
            stack.extend(reversed(component.get("components", [])))
        return found

    def payload(self) -> dict[str, Any]:
        """The message object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": int(self.type),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [user.payload() for user in self.pinged],
            "mention_roles": [],
            "attachments": [attachment.payload() for attachment in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "nonce": self.nonce,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        return data


def mentioned_ids(content: str) -> list[int]:
    """The ids of users mentioned in `content`, in order, without repeats."""
    seen: dict[int, None] = {}
    for match in _USER_MENTION.finditer(content):
        seen.setdefault(int(match.group(1)), None)
    return list(seen)


def allowed_user_pings(content: str, allowed: dict[str, Any] | None) -> list[int]:
    """Which users mentioned in `content` get notified under the `allowed_mentions` object."""
    ids = mentioned_ids(content)
    if allowed is None:
        return ids
    if "users" in allowed.get("parse", []):
        return ids
    permitted = {int(user) for user in allowed.get("users", [])}
    return [user for user in ids if user in permitted]


def _optional_id(value: int | None) -> str | None:
    return None if value is None else str(value)
