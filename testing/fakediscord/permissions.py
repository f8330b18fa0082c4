"""A member's permissions in a channel, computed as Discord documents it
(https://discord.com/developers/docs/topics/permissions#permission-overwrites):

1. the base permissions are those of @everyone (the role with the guild's id) and of each of the
   member's roles, OR-ed; the guild's owner, and anyone whose roles grant Administrator, has every
   permission whatever the overwrites say;
2. then the channel's overwrite for @everyone (deny, then allow);
3. then the overwrites of the member's roles, all denies first and all allows after;
4. last the overwrite for the member themselves.

Without View Channel a member has none of the channel's permissions ("Implicit Permissions").
A thread has no overwrites: it takes its parent channel's, and a private thread is seen only by
its members and by those who may Manage Threads
(https://discord.com/developers/docs/topics/threads#permissions).
"""

from __future__ import annotations

from testing.fakediscord.models import (
    MANAGE_THREADS,
    VIEW_CHANNEL,
    ChannelType,
    FakeChannel,
    FakeGuild,
    FakeMember,
)

ADMINISTRATOR = 1 << 3
EVERY_PERMISSION = (1 << 51) - 1
ROLE, MEMBER = 0, 1
"""The `type` of an overwrite."""


def base_permissions(guild: FakeGuild, member: FakeMember) -> int:
    """The member's guild-wide permissions: @everyone's and their roles', or all of them."""
    if member.user.id == guild.owner_id:
        return EVERY_PERMISSION
    held = {guild.id, *member.roles}
    allowed = 0
    for role in guild.roles:
        if role.id in held:
            allowed |= role.permissions
    return EVERY_PERMISSION if allowed & ADMINISTRATOR else allowed


def channel_permissions(
    guild: FakeGuild, member: FakeMember, channel: FakeChannel, parent: FakeChannel | None
) -> int:
    """The member's permissions in `channel` (a thread's come from its `parent`)."""
    allowed = base_permissions(guild, member)
    if allowed == EVERY_PERMISSION:
        return allowed
    scope = parent if channel.is_thread and parent is not None else channel
    allowed = _overwritten(allowed, scope.overwrites, guild.id, member)
    private = channel.type is ChannelType.PRIVATE_THREAD
    if private and member.user.id not in channel.member_ids and not allowed & MANAGE_THREADS:
        allowed &= ~VIEW_CHANNEL
    return allowed if allowed & VIEW_CHANNEL else 0


def _overwritten(
    allowed: int, overwrites: list[dict[str, str | int]], guild_id: int, member: FakeMember
) -> int:
    by_target = {(int(o["type"]), int(o["id"])): o for o in overwrites}
    everyone = by_target.get((ROLE, guild_id))
    if everyone is not None:
        allowed = (allowed & ~int(everyone["deny"])) | int(everyone["allow"])
    denied = granted = 0
    for role in member.roles:
        overwrite = by_target.get((ROLE, role))
        if overwrite is not None:
            denied |= int(overwrite["deny"])
            granted |= int(overwrite["allow"])
    allowed = (allowed & ~denied) | granted
    own = by_target.get((MEMBER, member.user.id))
    if own is not None:
        allowed = (allowed & ~int(own["deny"])) | int(own["allow"])
    return allowed
