"""Where a game can live: how the bot reaches the channel an interaction comes from.

Discord tells where an interaction happens (its `context`: a server, the bot's own direct
messages, or a private channel, i.e. a DM or group DM between people) and where the app is
installed (`authorizing_integration_owners`, read by discord.py's `is_guild_integration()`);
discord.com/developers/docs/interactions/receiving-and-responding#interaction-object and
#interaction-object-interaction-context-types. The bot may post only where it is present: a
server that added it, or its own DM. Elsewhere it can only answer interactions (posting to the
channel is refused, 403 with code 50001), so a game there is reply-only.

A server may forbid external apps: USE_EXTERNAL_APPS (1 << 50) "Allows user-installed apps to
send public responses. When disabled, users will still be allowed to use their apps but the
responses will be ephemeral. This only applies to apps not also installed to the server"
(discord.com/developers/docs/topics/permissions#permissions-object-bitwise-permission-flags).
It is the member's own permission, which the interaction carries (`member.permissions`). No game
can be played in private answers, so none starts there.

discord.py's `is_user_integration()` compares the installer with the person who pressed, so it
is not used to decide whether the bot is present (issue 28).
"""

from __future__ import annotations

import discord

from bot.i18n import text
from bot.service import Reach

EPHEMERAL_ONLY = "reach.ephemeral_only"
"""The catalogue key of the one line that says why no game can start where answers are private."""


def reach_of(interaction: discord.Interaction) -> Reach | None:
    """How a game started by `interaction` reaches its channel: POST where the bot is present
    (a server that added it, its own DM), REPLY where it can only answer (DMs and group DMs
    between people, a server without it), None where its answers would be private only (no
    game may start: say `why_not`)."""
    context = interaction.context
    if context.dm_channel:
        return Reach.POST
    if context.private_channel:
        return Reach.REPLY
    if not context.guild:
        # No context (an interaction from before Discord sent it): where the bot always was.
        return Reach.POST
    if interaction.is_guild_integration():
        return Reach.POST
    if not interaction.permissions.use_external_apps:
        return None
    return Reach.REPLY


def why_not(locale: str) -> str:
    """The one line that tells a player why no game can start here (answers private only)."""
    return text(locale, EPHEMERAL_ONLY)
