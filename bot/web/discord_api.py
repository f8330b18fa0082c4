"""The web board's calls to Discord's REST API: the only place the web adapter talks to Discord.

The server trusts only Discord ("assume any data coming from the Discord client could be
falsified", developers/docs/activities/development-guides/networking): the page hands over the
one-time code the SDK's `authorize` gave it and the instance it runs in, and the server asks
Discord who the user is and where that instance runs.

- `exchange(code)`: `POST /oauth2/token` with the client secret (developers/docs/topics/oauth2
  #authorization-code-grant; activities/how-activities-work, the Activity's authorization).
- `me(token)`: `GET /users/@me` with that bearer token (developers/docs/resources/user
  #get-current-user): the user's id, name and language.
- `instance(id)`: `GET /applications/{app}/activity-instances/{id}` with the bot's token
  (developers/docs/resources/application#get-application-activity-instance): its channel and
  the users in it; 404 for an instance that does not exist (or has ended).
- `name(guild, user)`: a player's name as their server shows it (`GET /guilds/{g}/members/{u}`,
  else `GET /users/{u}`), kept for a while.
- `guild(g)`, `guild_channels(g)`, `member(g, u)`, `channel(c)`: a server's roles, its channels
  with their permission overwrites, a member's roles and a thread's parent, with the bot's token
  (developers/docs/resources/guild, .../resources/channel#get-channel): what the lobby's sight
  (`bot.web.sight`) computes who may see which channel from.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

import aiohttp

DISCORD_API = "https://discord.com/api/v10"
NAME_SECONDS = 600.0
"""How long a player's name is kept before it is asked again."""
TIMEOUT = aiohttp.ClientTimeout(total=10)
MAX_NAMES = 5000

log = logging.getLogger(__name__)


class DiscordRefusedError(Exception):
    """Discord refused what the page claimed: a bad or used code, an unknown instance, a token
    it does not know (`status` is Discord's HTTP status; 0: Discord could not be reached)."""

    def __init__(self, what: str, status: int) -> None:
        super().__init__(f"{what}: HTTP {status}")
        self.status = status

    @property
    def busy(self) -> bool:
        """Whether Discord could not answer (unreachable, rate-limited, failing) rather than
        refused what it was asked: the same request may succeed a little later."""
        return self.status in {0, 429} or self.status >= 500


@dataclass(frozen=True, slots=True)
class DiscordUser:
    """The user an access token belongs to."""

    id: int
    name: str
    locale: str | None


@dataclass(frozen=True, slots=True)
class Instance:
    """A running Activity instance: where it runs and who is in it."""

    instance_id: str
    channel_id: int
    guild_id: int | None
    users: frozenset[int]


class DiscordApi:
    """Discord's REST API for the web board, over one HTTP session (open while entered)."""

    def __init__(
        self, *, application_id: int, client_secret: str, bot_token: str, api_base: str | None
    ) -> None:
        self.application_id = application_id
        self._secret = client_secret
        self._bot = bot_token
        self.base = (api_base or DISCORD_API).rstrip("/")
        self._http: aiohttp.ClientSession | None = None
        self._names: dict[tuple[int | None, int], tuple[float, str]] = {}
        self._bot_id: int | None = None

    def __repr__(self) -> str:  # never the secrets
        return f"<DiscordApi {self.application_id} at {self.base}>"

    async def __aenter__(self) -> DiscordApi:
        self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    @property
    def http(self) -> aiohttp.ClientSession:
        """The open HTTP session."""
        assert self._http is not None, "use DiscordApi in `async with`"
        return self._http

    async def exchange(self, code: str) -> str:
        """The access token for a one-time `code` of the SDK's `authorize`; raise
        `DiscordRefusedError`. Activities send no redirect URI (the example servers of
        discord/embedded-app-sdk-examples do not), though the portal must list one."""
        form = {
            "client_id": str(self.application_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        data = await self._call("POST", "/oauth2/token", "the code", data=form)
        token = data.get("access_token")
        if not isinstance(token, str) or not token:
            raise DiscordRefusedError("the code", 502)
        return token

    async def me(self, access_token: str) -> DiscordUser:
        """Who `access_token` belongs to; raise `DiscordRefusedError`."""
        auth = {"Authorization": f"Bearer {access_token}"}
        data = await self._call("GET", "/users/@me", "the token", headers=auth)
        return DiscordUser(int(data["id"]), _display(data), data.get("locale"))

    async def instance(self, instance_id: str) -> Instance:
        """Where Activity instance `instance_id` runs and who is in it; raise
        `DiscordRefusedError` (404: no such instance)."""
        path = f"/applications/{self.application_id}/activity-instances/{instance_id}"
        data = await self._call("GET", path, "the instance", headers=self._bot_auth)
        location = data.get("location") or {}
        guild = location.get("guild_id")
        return Instance(
            str(data["instance_id"]),
            int(location["channel_id"]),
            int(guild) if guild else None,
            frozenset(int(user) for user in data.get("users") or ()),
        )

    async def name(self, guild_id: int | None, user_id: int) -> str:
        """`user_id`'s name in server `guild_id` (their nickname there, else their display
        name); a short fallback when Discord cannot say."""
        key = (guild_id, user_id)
        kept = self._names.get(key)
        if kept is not None and kept[0] > time.monotonic():
            return kept[1]
        name = await self._fetch_name(guild_id, user_id)
        if len(self._names) >= MAX_NAMES:
            self._names.clear()
        self._names[key] = (time.monotonic() + NAME_SECONDS, name)
        return name

    async def _fetch_name(self, guild_id: int | None, user_id: int) -> str:
        try:
            if guild_id:  # not None, nor the pool's 0 (issue 53): no server, the global name
                path = f"/guilds/{guild_id}/members/{user_id}"
                member = await self._call("GET", path, "a member", headers=self._bot_auth)
                return str(member.get("nick") or _display(member.get("user") or {}))
            user = await self._call("GET", f"/users/{user_id}", "a user", headers=self._bot_auth)
            return _display(user)
        except (DiscordRefusedError, KeyError, ValueError):
            return f"#{str(user_id)[-4:]}"

    async def bot_id(self) -> int:
        """The bot user's id (`GET /users/@me` with the bot's token, asked once): an older
        application's id may differ from its bot's."""
        if self._bot_id is None:
            me = await self._call("GET", "/users/@me", "the bot", headers=self._bot_auth)
            self._bot_id = int(me["id"])
        return self._bot_id

    async def guild(self, guild_id: int) -> dict[str, Any]:
        """Server `guild_id` (its owner and roles); raise `DiscordRefusedError`."""
        return await self._call("GET", f"/guilds/{guild_id}", "a server", headers=self._bot_auth)

    async def guild_channels(self, guild_id: int) -> list[dict[str, Any]]:
        """Server `guild_id`'s channels with their permission overwrites (no threads)."""
        path = f"/guilds/{guild_id}/channels"
        found = await self._fetch("GET", path, "a server's channels", headers=self._bot_auth)
        if not isinstance(found, list):
            raise DiscordRefusedError("a server's channels", 502)
        return [channel for channel in found if isinstance(channel, dict)]

    async def member(self, guild_id: int, user_id: int) -> dict[str, Any]:
        """Member `user_id` of server `guild_id` (their roles); raise `DiscordRefusedError`."""
        path = f"/guilds/{guild_id}/members/{user_id}"
        return await self._call("GET", path, "a member", headers=self._bot_auth)

    async def channel(self, channel_id: int) -> dict[str, Any]:
        """Channel (or thread) `channel_id`; raise `DiscordRefusedError`."""
        path = f"/channels/{channel_id}"
        return await self._call("GET", path, "a channel", headers=self._bot_auth)

    @property
    def _bot_auth(self) -> dict[str, str]:
        return {"Authorization": f"Bot {self._bot}"}

    async def _call(self, method: str, path: str, what: str, **options: Any) -> dict[str, Any]:
        """Discord's JSON object; raise `DiscordRefusedError`."""
        data = await self._fetch(method, path, what, **options)
        if not isinstance(data, dict):
            raise DiscordRefusedError(what, 502)
        return data

    async def _fetch(self, method: str, path: str, what: str, **options: Any) -> object:
        """Discord's JSON answer, whatever it is; raise `DiscordRefusedError`."""
        try:
            async with self.http.request(method, self.base + path, **options) as response:
                if response.status >= 400:
                    raise DiscordRefusedError(what, response.status)
                data = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("Discord could not be asked about %s: %s", what, error)
            raise DiscordRefusedError(what, 0) from None
        return data


def _display(user: dict[str, Any]) -> str:
    """A user's display name: their global name, else their username."""
    return str(user.get("global_name") or user.get("username") or "?")
