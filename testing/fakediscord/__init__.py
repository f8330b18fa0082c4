"""A fake Discord API on loopback for end-to-end tests of the real discord.py client.

One aiohttp server on 127.0.0.1 plays both of Discord's roles: the REST API under ``/api/v10``
and the gateway websocket. Tests build a world (guilds, channels, users with locales), run the
bot against it (`InProcessBot` or `BotProcess`), act as users (slash commands, autocomplete,
buttons) and wait for what the bot does. Modules:

- `server`: `FakeDiscord`, the server and the driver API;
- `gateway`: the websocket (HELLO, IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME);
- `rest`, `responses`: the REST routes, the interaction callback and webhooks;
- `interactions`: handles and results of interactions, the 3-second acknowledgement check;
- `commands`: registered commands, options of slash commands and autocomplete;
- `installs`: contexts and install owners, commands only for installers, what an app may do
  where its bot is absent (a user-installed app in DMs, group DMs, servers without it);
- `modals`: the data of a modal's submission;
- `places`: building the world (servers with or without the bot, DMs and group DMs between
  people, user installs);
- `world`, `models`: the state and its Discord JSON forms;
- `faults`: injected errors (500, 429, ...) and the request log;
- `clock`: the time of Discord's deadlines, real or moved by the test (`ManualClock`);
- `runner`: running the bot in-process or as a subprocess;
- `sample_bot`, `sample_anywhere`: tiny bots used to test the fake itself.

A user-installable app in a test: `add_guild(bot=False)` (a server without the bot),
`add_dm(a, b)` and `add_group_dm(owner, *others)` (private channels between people),
`install_for_user(user)`, then `send_slash_command` there (refused with
`CommandUnavailableError` when the client would not show the command), `press_button` by anyone
in the channel, `send_user_command(user, channel, name, target)` (Apps → `name` on a member),
`submit_modal(handle, values)` for the modal a handle was answered with,
`forbid_external_apps(channel)`.
"""

from testing.fakediscord.clock import WAIT, LoopClock, ManualClock
from testing.fakediscord.faults import Fault, RecordedRequest
from testing.fakediscord.installs import (
    BOT_DM,
    GUILD,
    GUILD_INSTALL,
    PRIVATE_CHANNEL,
    USER_INSTALL,
    CommandUnavailableError,
)
from testing.fakediscord.interactions import InteractionHandle, InteractionResult, ResponseType
from testing.fakediscord.models import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_EXTERNAL_APPS,
    VIEW_CHANNEL,
    ChannelType,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
)
from testing.fakediscord.runner import BotProcess, InProcessBot
from testing.fakediscord.server import FakeDiscord

__all__ = [
    "ATTACH_FILES",
    "BOT_DM",
    "CREATE_PUBLIC_THREADS",
    "GUILD",
    "GUILD_INSTALL",
    "MANAGE_THREADS",
    "PRIVATE_CHANNEL",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "USER_INSTALL",
    "USE_EXTERNAL_APPS",
    "VIEW_CHANNEL",
    "WAIT",
    "BotProcess",
    "ChannelType",
    "CommandUnavailableError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "Fault",
    "InProcessBot",
    "InteractionHandle",
    "InteractionResult",
    "LoopClock",
    "ManualClock",
    "RecordedRequest",
    "ResponseType",
]
