"""Activities in the fake Discord: the OAuth2 code exchange, the bearer user, Activity instances,
the `LAUNCH_ACTIVITY` answer and the Entry Point command, as Discord's documentation says them.

- The Embedded App SDK's `authorize` gives the Activity a one-time code
  (developers/docs/activities/how-activities-work, "Authorizing & authenticating users"); the
  fake Discord client mints one per `AUTHORIZE` for the user it shows (`mint_code`).
- ``POST /oauth2/token`` exchanges it, once and within 10 minutes, with the app's client id and
  secret (developers/docs/topics/oauth2#authorization-code-grant-access-token-response); a bad
  client is 401 ``invalid_client``, a bad or used code 400 ``invalid_grant`` (RFC 6749 §5.2,
  the errors Discord's token endpoint answers with).
- ``GET /users/@me`` with ``Authorization: Bearer <token>`` is that user (developers/docs/
  resources/user#get-current-user: with the `identify` scope, without the email).
- ``GET /applications/{app}/activity-instances/{instance_id}`` with the bot's token
  (developers/docs/resources/application#get-application-activity-instance): the instance's
  `location` (`kind` ``gc`` for a server channel, ``pc`` for a DM or group DM, with `channel_id`
  and `guild_id`) and its `users`; 404 for an instance that does not exist or has ended.
- Callback type 12 `LAUNCH_ACTIVITY` answers a command, a component or a modal "only for apps
  with Activities enabled" (developers/docs/interactions/receiving-and-responding
  #interaction-response-object-interaction-callback-type); with `with_response` the result names
  the instance (`activity_instance_id`, `resource.activity_instance.id`). The instance is the
  channel's running one, which the user joins, or a new one (developers/docs/activities/
  development-guides/multiplayer-experience: everyone in a location shares one instance; an
  instance ends when its last user leaves, and the next launch gets a new id).
- Enabling Activities creates the Entry Point command, type 4 `PRIMARY_ENTRY_POINT`, named
  `launch`, handler 2 `DISCORD_LAUNCH_ACTIVITY` (developers/docs/interactions/
  application-commands#entry-point-commands); a global bulk overwrite that leaves it out is
  refused with 50240, and changes nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from testing.fakediscord.web import BODY, ApiError, json_response

if TYPE_CHECKING:
    from testing.fakediscord.models import FakeChannel, FakeUser
    from testing.fakediscord.world import World

LAUNCH_ACTIVITY = 12
PRIMARY_ENTRY_POINT = 4
DISCORD_LAUNCH_ACTIVITY = 2
CODE_SECONDS = 600.0
"""A code's life: Discord's authorization codes expire after 10 minutes."""
TOKEN_SECONDS = 604800
ENTRY_POINT_REMOVED = 50240
ENTRY_POINT_MESSAGE = (
    "You cannot remove this app's Entry Point command in a bulk update operation. Please"
    " include the Entry Point command in your update request or delete it separately."
)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Instance:
    """A running Activity instance in one channel."""

    instance_id: str
    launch_id: str
    channel: FakeChannel
    users: set[int] = field(default_factory=set)

    def payload(self, application_id: int) -> dict[str, Any]:
        """The activity instance object of developers/docs/resources/application."""
        channel = self.channel
        guild = channel.guild_id
        location: dict[str, Any] = {
            "id": f"{'gc' if guild else 'pc'}-{channel.id}",
            "kind": "gc" if guild else "pc",
            "channel_id": str(channel.id),
        }
        if guild is not None:
            location["guild_id"] = str(guild)
        return {
            "application_id": str(application_id),
            "instance_id": self.instance_id,
            "launch_id": self.launch_id,
            "location": location,
            "users": sorted(str(user) for user in self.users),
        }


@dataclass
class ActivityState:
    """What the fake knows of the app's Activity: whether it is enabled, its client secret,
    codes and access tokens, and the running instances."""

    enabled: bool = False
    client_secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    codes: dict[str, tuple[int, float]] = field(default_factory=dict)  # code -> user, expiry
    tokens: dict[str, int] = field(default_factory=dict)  # access token -> user
    instances: dict[str, Instance] = field(default_factory=dict)
    exchanges: list[str] = field(default_factory=list)  # each code exchanged, in order


class Activities:
    """The routes and the actions of Activities, on the shared `World`."""

    def __init__(self, world: World) -> None:
        self.world = world

    @property
    def state(self) -> ActivityState:
        """The world's Activity state."""
        return self.world.activities

    def routes(self) -> list[tuple[str, str, Handler]]:
        """(method, path under /api/v10, handler)."""
        app = "/applications/{application_id}"
        return [
            ("POST", "/oauth2/token", self.token),
            ("GET", f"{app}/activity-instances/{{instance_id}}", self.instance),
        ]

    # -- the world's side ----------------------------------------------------------------------

    def enable(self) -> dict[str, Any]:
        """Turn Activities on for the app, as the Developer Portal does: Discord creates the
        Entry Point command (named `launch`, Discord launches the Activity itself)."""
        self.state.enabled = True
        commands = self.world.commands.setdefault(None, [])
        found = next((c for c in commands if c.get("type") == PRIMARY_ENTRY_POINT), None)
        if found is None:
            found = {
                "id": str(self.world.ids.next()),
                "application_id": str(self.world.application_id),
                "version": str(self.world.ids.next()),
                "type": PRIMARY_ENTRY_POINT,
                "name": "launch",
                "description": "",
                "name_localizations": None,
                "description_localizations": None,
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                "integration_types": [0, 1],
                "contexts": [0, 1, 2],
                "handler": DISCORD_LAUNCH_ACTIVITY,
            }
            commands.append(found)
        self.world.changed()
        return found

    def mint_code(self, user: FakeUser) -> str:
        """A one-time code for `user` (what the client's `AUTHORIZE` answers with)."""
        code = secrets.token_urlsafe(18)
        self.state.codes[code] = (user.id, self.world.clock.now() + CODE_SECONDS)
        return code

    def user_of(self, access_token: str) -> FakeUser | None:
        """Whom an access token belongs to."""
        user = self.state.tokens.get(access_token)
        return None if user is None else self.world.users.get(user)

    def launch(self, user: FakeUser, channel: FakeChannel) -> Instance:
        """`user` opens the Activity in `channel`: they join its running instance, or one
        starts."""
        if not self.state.enabled:
            raise ApiError(400, 50035, "Invalid Form Body: this application has no Activity")
        running = next((i for i in self.state.instances.values() if i.channel is channel), None)
        if running is None:
            instance_id = f"i-{self.world.ids.next()}-gc-{channel.id}"
            running = Instance(instance_id, str(self.world.ids.next()), channel)
            self.state.instances[instance_id] = running
        running.users.add(user.id)
        self.world.changed()
        return running

    def leave(self, user: FakeUser, instance: Instance) -> None:
        """`user` closes the Activity; the instance ends with its last user."""
        instance.users.discard(user.id)
        if not instance.users:
            self.state.instances.pop(instance.instance_id, None)
        self.world.changed()

    def check_bulk_overwrite(self, payload: list[dict[str, Any]], scope: int | None) -> None:
        """Refuse a global bulk overwrite that would remove the Entry Point command (50240)."""
        if scope is not None:
            return
        existing = self.world.commands.get(None, [])
        has_entry = any(c.get("type") == PRIMARY_ENTRY_POINT for c in existing)
        keeps = any(c.get("type") == PRIMARY_ENTRY_POINT for c in payload)
        if has_entry and not keeps:
            raise ApiError(400, ENTRY_POINT_REMOVED, ENTRY_POINT_MESSAGE)

    # -- routes --------------------------------------------------------------------------------

    async def token(self, request: web.Request) -> web.Response:
        """The authorization code grant (form-encoded, as OAuth2 requires)."""
        form = request[BODY].payload or {}
        client, secret = form.get("client_id"), form.get("client_secret")
        if client != str(self.world.application_id) or secret != self.state.client_secret:
            return _oauth_error(401, "invalid_client")
        if form.get("grant_type") != "authorization_code":
            return _oauth_error(400, "unsupported_grant_type")
        code = str(form.get("code") or "")
        found = self.state.codes.pop(code, None)  # one use only, even when it fails below
        if found is None or found[1] < self.world.clock.now():
            return _oauth_error(400, "invalid_grant")
        self.state.exchanges.append(code)
        access = secrets.token_urlsafe(24)
        self.state.tokens[access] = found[0]
        self.world.changed()
        return json_response(
            {
                "access_token": access,
                "token_type": "Bearer",
                "expires_in": TOKEN_SECONDS,
                "refresh_token": secrets.token_urlsafe(24),
                "scope": "identify",
            }
        )

    async def bearer_user(self, request: web.Request) -> web.Response:
        """``GET /users/@me`` with a bearer token: its user (with their locale)."""
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        user = self.user_of(token)
        if user is None:
            raise ApiError(401, 0, "401: Unauthorized")
        return json_response({**user.payload(), "locale": user.locale, "mfa_enabled": False})

    async def instance(self, request: web.Request) -> web.Response:
        """An instance of the app's Activity, with the bot's token (the middleware checked)."""
        if request.match_info["application_id"] != str(self.world.application_id):
            raise ApiError(403, 50001, "Missing Access")
        found = self.state.instances.get(request.match_info["instance_id"])
        if found is None:
            raise ApiError(404, 10087, "Unknown Activity Instance")  # a 404, as documented
        return json_response(found.payload(self.world.application_id))

    def launched(self, handle: Any, user: FakeUser, channel: FakeChannel) -> dict[str, Any]:
        """Answer a `LAUNCH_ACTIVITY` callback: the user joins (or starts) the channel's
        instance; the result of `with_response` names it."""
        instance = self.launch(user, channel)
        handle.activity_instance_id = instance.instance_id
        return {
            "interaction": {
                "id": str(handle.id),
                "type": int(handle.type),
                "activity_instance_id": instance.instance_id,
                "response_message_loading": False,
                "response_message_ephemeral": False,
            },
            "resource": {
                "type": LAUNCH_ACTIVITY,
                "activity_instance": {"id": instance.instance_id},
            },
        }


def _oauth_error(status: int, error: str) -> web.Response:
    return json_response({"error": error, "error_description": error.replace("_", " ")}, status)


def bearer(request: web.Request) -> bool:
    """Whether a request is authorised by an OAuth2 bearer token rather than the bot's."""
    return request.headers.get("Authorization", "").startswith("Bearer ")
