"""Building the fake's world as a test needs it: servers with or without the bot, channels,
users (and who installed the app), DMs and group DMs between people, roles and permissions.

The methods of `FakeDiscord` that change the world; those the bot would hear of it hears as
Discord tells it (a role created, a channel's overwrites changed), and only where it is.
"""

from __future__ import annotations

from collections.abc import Iterable

from testing.fakediscord.gateway import Gateway
from testing.fakediscord.models import (
    USE_EXTERNAL_APPS,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
)
from testing.fakediscord.world import World


class BuildWorld:
    """The world-building methods of `FakeDiscord` (a base class, like `ActAsUsers`)."""

    world: World
    gateway: Gateway

    def add_guild(
        self,
        name: str = "Test Server",
        *,
        locale: str = "en-US",
        shard: tuple[int, int] | None = None,
        bot: bool = True,
    ) -> FakeGuild:
        """A guild with a `general` text channel (`guild.text_channel`); the bot is a member,
        unless not `bot`: a server that has not installed the app, where only users who
        installed it (`install_for_user`) use it. `shard` (shard_id, num_shards) picks an id
        that Discord's sharding puts on that shard."""
        return self.world.add_guild(name, locale=locale, shard=shard, bot=bot)

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        """Another text channel in `guild` (add before the bot connects, or it won't see it)."""
        return self.world.add_text_channel(guild, name)

    def add_user(
        self, name: str, *, locale: str = "en-US", guilds: Iterable[FakeGuild] | None = None
    ) -> FakeUser:
        """A user with a Discord `locale` (e.g. ``"de"``), member of `guilds` (default all)."""
        return self.world.add_user(name, locale=locale, guilds=guilds)

    def add_member(self, guild: FakeGuild, user: FakeUser, *, nick: str | None = None) -> None:
        """Make `user` a member of `guild`, called `nick` there (a nickname is per server)."""
        self.world.add_member(guild, user, nick=nick)

    def remove_member(self, guild: FakeGuild, user: FakeUser) -> None:
        """`user` leaves `guild` (or is kicked). Discord tells a bot of it only through
        GUILD_MEMBER_REMOVE, which needs the privileged GUILD_MEMBERS intent
        (https://discord.com/developers/docs/events/gateway#list-of-intents): a bot with the
        Guilds intent alone hears nothing, and `GET /guilds/{guild}/members/{user}` answers 404,
        code 10007 (Unknown Member), from then on."""
        del guild.members[user.id]
        self.world.changed()

    def set_nickname(self, guild: FakeGuild, user: FakeUser, nick: str | None) -> None:
        """`user`'s nickname in `guild` (None: none). Discord tells a bot of it only through
        GUILD_MEMBER_UPDATE, which needs the privileged GUILD_MEMBERS intent: a bot with the
        Guilds intent alone hears nothing, and sees the new name in the member objects of
        interactions and of `GET /guilds/{guild}/members/{user}`."""
        self.world.member(guild, user).nick = nick
        self.world.changed()

    async def add_role(
        self,
        guild: FakeGuild,
        name: str,
        permissions: int = 0,
        *,
        members: Iterable[FakeUser] = (),
    ) -> FakeRole:
        """A new role granting `permissions`, given to `members`. The bot hears of the role
        (GUILD_ROLE_CREATE, a Guilds event); of the members' new roles it hears nothing (that
        is GUILD_MEMBER_UPDATE again): their interactions carry them."""
        role = self.world.add_role(guild, name, permissions)
        for user in members:
            self.world.member(guild, user).roles.append(role.id)
        await self.gateway.publish(
            "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}
        )
        return role

    async def set_overwrite(
        self, channel: FakeChannel, target: FakeRole | FakeUser, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set `channel`'s permission overwrite for a role (a guild's @everyone is the role with
        the guild's id, `guild.roles[0]`) or a member, as a server admin does; the bot hears of
        it as Discord tells it (CHANNEL_UPDATE)."""
        self.world.set_overwrite(channel, target, allow=allow, deny=deny)
        await self.gateway.publish("CHANNEL_UPDATE", channel.payload())

    def permissions_in(self, channel: FakeChannel, user: FakeUser) -> int:
        """`user`'s permissions in `channel`, as Discord computes them."""
        return self.world.permissions_in(channel, user)

    async def deny_bot(self, channel: FakeChannel, permissions: int) -> None:
        """Deny the bot `permissions` in `channel` (and its threads) by a channel overwrite, as
        a server admin does; the bot hears of it as Discord tells it (CHANNEL_UPDATE)."""
        self.world.deny_bot(channel, permissions)
        await self.gateway.publish("CHANNEL_UPDATE", channel.payload())

    def grant_bot(self, guild: FakeGuild, permissions: int) -> None:
        """Give the bot `permissions` in all of `guild` (a role a server admin adds to it, say
        Manage Threads, which its invite does not ask for)."""
        role = self.world.add_role(guild, "bot extras", permissions)
        self.world.member(guild, self.world.bot_user).roles.append(role.id)
        self.world.changed()

    # -- user installs and private channels ----------------------------------------------------

    def install_for_user(self, user: FakeUser) -> None:
        """`user` adds the app to their apps (a user install): its global commands that allow
        a user install show for them in DMs, group DMs and servers without the bot
        (https://discord.com/developers/docs/resources/application#installation-context)."""
        user.installed_app = True
        self.world.changed()

    def uninstall_for_user(self, user: FakeUser) -> None:
        """`user` removes the app from their apps."""
        user.installed_app = False
        self.world.changed()

    def add_dm(self, first: FakeUser, second: FakeUser) -> FakeChannel:
        """The DM channel between two people (not the bot's DM: see `dm_channel`). The bot is
        not in it: a user-installed app there only answers interactions (context 2,
        PRIVATE_CHANNEL), and every channel route answers 403/50001."""
        return self.world.private_channel([first, second], name=f"{first.name}-{second.name}")

    def add_group_dm(self, owner: FakeUser, *others: FakeUser, name: str = "group") -> FakeChannel:
        """A group DM (channel type 3) that `owner` made with `others` (at least two people in
        all); the bot is not in it, as in `add_dm`."""
        if not others:
            raise ValueError("a group DM needs at least two people")
        return self.world.private_channel([owner, *others], name=name)

    async def forbid_external_apps(self, channel: FakeChannel) -> None:
        """The server denies @everyone Use External Apps in `channel` (a channel overwrite):
        answers of a user-installed app there become ephemeral, whatever it asks for
        (https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags)."""
        guild = self.world.guild_of(channel)
        if guild is None:
            raise ValueError("only a server's channel has permissions to forbid external apps")
        await self.set_overwrite(channel, guild.roles[0], deny=USE_EXTERNAL_APPS)
