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
- `world`, `models`: the state and its Discord JSON forms;
- `faults`: injected errors (500, 429, ...) and the request log;
- `clock`: the time of Discord's deadlines, real or moved by the test (`ManualClock`);
- `runner`: running the bot in-process or as a subprocess;
- `sample_bot`: a tiny bot used to test the fake itself.
"""

from testing.fakediscord.clock import LoopClock, ManualClock
from testing.fakediscord.faults import Fault, RecordedRequest
from testing.fakediscord.interactions import InteractionHandle, InteractionResult, ResponseType
from testing.fakediscord.models import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
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
    "CREATE_PUBLIC_THREADS",
    "MANAGE_THREADS",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "VIEW_CHANNEL",
    "BotProcess",
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
