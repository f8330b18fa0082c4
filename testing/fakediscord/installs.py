"""Where the app is, and who installed it: the rules Discord applies to a user-installable app.

An app is installed to a server (the bot is a member: a guild install) or by a user to their own
apps (a user install). Discord documents what follows from that, and the fake applies it here:

- An interaction's `context` says where it happened: GUILD (0), BOT_DM (1), PRIVATE_CHANNEL (2),
  "Group DMs and DMs other than the app's bot user"
  (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-context-types).
- Its `authorizing_integration_owners` says through which install it reached the app: key "0"
  (GUILD_INSTALL) holds the server's id, or "0" in the bot's DM; key "1" (USER_INSTALL) the id of
  the user who installed it. A key is present only if the app is installed that way, the context
  supports that install and, for a command, the command's `integration_types` includes it
  (.../receiving-and-responding#interaction-object-authorizing-integration-owners-object). A
  button or modal on a message carries the owners of the interaction that made the message, so
  "1" names the installer, not the user who pressed.
- A user-installed app is "visible only to the authorizing user" and "forced to respect the
  user's permissions in the surface where the app is being used": without Send Messages there,
  no public answer (https://discord.com/developers/docs/resources/application#installation-context).
- A command declares `integration_types` and `contexts`, "only for globally-scoped commands"
  (https://discord.com/developers/docs/interactions/application-commands#contexts);
  PRIVATE_CHANNEL is only meaningful with USER_INSTALL. An app's global commands reach the bot's
  DM "if that app has a bot that shares a mutual guild with the user"
  (.../application-commands#registering-a-command).
- "Apps are limited to 5 followup messages per interaction if it was initiated from a
  user-installed app and isn't installed in the server (meaning the authorizing integration
  owners object only contains USER_INSTALL)" (.../receiving-and-responding#create-followup-message);
  the sixth gets 40094, "This interaction has hit the maximum number of follow up messages"
  (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes).
- Use External Apps "allows user-installed apps to send public responses. When disabled, users
  will still be allowed to use their apps but the responses will be ephemeral. This only applies
  to apps not also installed to the server"
  (https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags).
- `app_permissions` "includes ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE permissions for
  (G)DMs with other users, and additionally includes USE_EXTERNAL_EMOJIS for DMs with the app's
  bot user" (.../receiving-and-responding#interaction-object-interaction-structure).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from testing.fakediscord.models import (
    ATTACH_FILES,
    EMBED_LINKS,
    SEND_MESSAGES,
    USE_EXTERNAL_APPS,
    ChannelType,
    FakeChannel,
    FakeUser,
)

if TYPE_CHECKING:
    from testing.fakediscord.world import World

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""Interaction context types."""
GUILD_INSTALL, USER_INSTALL = 0, 1
"""Application integration types (installation contexts)."""
ALL_CONTEXTS = (GUILD, BOT_DM, PRIVATE_CHANNEL)
MAX_FOLLOWUPS_USER_INSTALL = 5
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
PRIVATE_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE
BOT_DM_APP_PERMISSIONS = PRIVATE_APP_PERMISSIONS | USE_EXTERNAL_EMOJIS
Owners = dict[str, str]


class CommandUnavailableError(LookupError):
    """A test invoked a command the Discord client would not offer that user there."""


def bot_present(world: World, channel: FakeChannel) -> bool:
    """Whether the bot is in `channel`: a member of its server, or the bot's own DM."""
    guild = world.guild_of(channel)
    if guild is not None:
        return world.bot_user.id in guild.members
    return channel.recipient is not None


def context_of(world: World, channel: FakeChannel) -> int:
    """The interaction context type of an interaction in `channel`."""
    if channel.guild_id is not None:
        return GUILD
    return BOT_DM if channel.recipient is not None else PRIVATE_CHANNEL


def in_private_channel(channel: FakeChannel, user: FakeUser) -> bool:
    """Whether `user` is in the DM or group DM `channel` (always true outside private ones)."""
    if channel.type not in (ChannelType.DM, ChannelType.GROUP_DM):
        return True
    return user is channel.recipient or user in channel.people


def shares_a_server_with_the_bot(world: World, user: FakeUser) -> bool:
    """Whether `user` and the bot are members of one server."""
    bot = world.bot_user.id
    return any(user.id in g.members and bot in g.members for g in world.guilds.values())


def command_owners(
    world: World, command: dict[str, Any], user: FakeUser, channel: FakeChannel
) -> Owners:
    """The `authorizing_integration_owners` of `user` invoking `command` in `channel`;
    `CommandUnavailableError` if the Discord client would not show them the command there."""
    context = context_of(world, channel)
    contexts = command.get("contexts")
    kinds = command.get("integration_types") or [GUILD_INSTALL]
    owners: Owners = {}
    if context in (ALL_CONTEXTS if contexts is None else contexts):
        if GUILD_INSTALL in kinds and _guild_install_reaches(world, user, channel, context):
            owners[str(GUILD_INSTALL)] = str(channel.guild_id or 0)
        if USER_INSTALL in kinds and user.installed_app:
            owners[str(USER_INSTALL)] = str(user.id)
    if not owners:
        raise CommandUnavailableError(
            f"{user.name} cannot use /{command['name']} in #{channel.name}: context {context}, "
            f"the command's contexts {contexts} and integration_types {kinds}, the bot "
            f"{'is' if bot_present(world, channel) else 'is not'} there, the user "
            f"{'installed' if user.installed_app else 'did not install'} the app"
        )
    return owners


def _guild_install_reaches(
    world: World, user: FakeUser, channel: FakeChannel, context: int
) -> bool:
    if context == PRIVATE_CHANNEL or not bot_present(world, channel):
        return False
    return context == GUILD or shares_a_server_with_the_bot(world, user)


def message_owners(world: World, channel: FakeChannel, metadata: dict[str, Any] | None) -> Owners:
    """The owners a button or select on a message carries: those of the interaction that made
    it, or for a message the bot posted itself, the guild install where it posted."""
    if metadata is not None:
        return dict(metadata["authorizing_integration_owners"])
    return {str(GUILD_INSTALL): str(channel.guild_id or 0)}


def app_permissions(world: World, channel: FakeChannel, user: FakeUser) -> int:
    """What the app may do where an interaction happens: the bot's own permissions where it is a
    member, the documented set in DMs, and in a server without the bot what the user may do
    of that set (a user install acts with the user's permissions)."""
    if channel.guild_id is None:
        return BOT_DM_APP_PERMISSIONS if channel.recipient is not None else PRIVATE_APP_PERMISSIONS
    if bot_present(world, channel):
        return world.bot_permissions_in(channel)
    return world.permissions_in(channel, user) & PRIVATE_APP_PERMISSIONS


def only_user_installed(owners: Owners) -> bool:
    """Whether the interaction reached the app through a user install alone."""
    return str(GUILD_INSTALL) not in owners


def answers_forced_ephemeral(
    world: World, channel: FakeChannel, user: FakeUser, owners: Owners
) -> bool:
    """Whether every answer to this interaction is ephemeral whatever the app asks: a user-only
    install in a server whose channel denies the user Use External Apps or Send Messages."""
    if channel.guild_id is None or not only_user_installed(owners):
        return False
    allowed = world.permissions_in(channel, user)
    return not (allowed & USE_EXTERNAL_APPS and allowed & SEND_MESSAGES)
