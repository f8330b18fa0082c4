"""What a kind's renderer makes of a post (issue 45): a draft, and where it goes. The courier
(`bot.discord.posting.courier`) sends every draft the same way, whatever it is about: a renderer
says what the message is, never how it is delivered."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.service import GameView, Reach
from bot.store.outbox import Delivered

Files = Callable[[], Awaitable[list[discord.File]]]
"""The pictures of a message, drawn when it is sent (off the event loop)."""


def pings(*user_ids: int | None) -> discord.AllowedMentions:
    """Allow exactly these users to be pinged (only a new message notifies them)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in user_ids if u is not None]
    )


async def _no_files() -> list[discord.File]:
    return []


@dataclass(frozen=True)
class Draft:
    """A new message: its words, who it pings, its pictures and its buttons. `board`: the
    pictures are a game's board, which an answer may send a moment after its words (Discord
    allows 3 seconds to answer), so that the words ping in time."""

    content: str
    mentions: discord.AllowedMentions = field(default_factory=pings)
    files: Files = _no_files
    buttons: discord.ui.View | None = None
    board: bool = False


@dataclass(frozen=True)
class ChannelPost:
    """A message in a game's (or tournament's) channel. `reply_only`: the bot may not post
    there (a user-installed app in DMs, group DMs and servers without it), so it goes only
    as the answer to (or a follow-up of) a command whose token works."""

    draft: Draft
    channel_id: int
    guild_id: int | None
    reply_only: bool = False


def to_channel(view: GameView, draft: Draft) -> ChannelPost:
    """`draft` in the game's channel (a reply-only game's only as an answer)."""
    return ChannelPost(draft, view.channel_id, view.guild_id, view.reach is Reach.REPLY)


@dataclass(frozen=True)
class DirectMessage:
    """A direct message to a player, in their language. `onlooker_of`: the game a reader who
    does not play in it hears of (a follower), sent only while they may still see it."""

    draft: Draft
    user_id: int
    onlooker_of: GameView | None = None


@dataclass(frozen=True)
class Edit:
    """A change to a message posted before (an edit pings nobody). `buttons` None takes its
    buttons off; `files` None leaves its pictures as they are. `reply_only`: the message is
    an answer where the bot may not edit messages itself (a reply-only game's), so only the
    token of the command it answered can change it, while that works."""

    message: Delivered
    content: str | None = None
    files: Files | None = None
    buttons: discord.ui.View | None = None
    reply_only: bool = False


@dataclass(frozen=True)
class ThreadOpening:
    """A public thread of `parent_id` named `name`, then `opened(thread_id)` (which starts
    what is played there and settles the post in one transaction)."""

    parent_id: int
    guild_id: int
    name: str
    opened: Callable[[int], Awaitable[object]]


Outgoing = ChannelPost | DirectMessage | Edit | ThreadOpening
"""Where a post goes, and what it is."""


def jump_url(view: GameView, message_id: int | None) -> str:
    """The link to a game's message (or to its channel, before one is known)."""
    where = f"https://discord.com/channels/{view.guild_id or '@me'}/{view.channel_id}"
    return where if message_id is None else f"{where}/{message_id}"
