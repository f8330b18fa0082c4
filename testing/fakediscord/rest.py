"""The REST routes a bot uses apart from interactions: login, commands, channels, messages,
threads, DMs, guilds and members. Paths are relative to ``/api/v10``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from testing.fakediscord.activities import Activities, bearer
from testing.fakediscord.commands import bulk_overwrite, check_commands, invalid_form_body
from testing.fakediscord.installs import bot_present, shares_a_server_with_the_bot
from testing.fakediscord.models import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    MANAGE_CHANNELS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    ChannelType,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
)
from testing.fakediscord.responses import Publish
from testing.fakediscord.web import BODY, ApiError, Body, json_response, no_content
from testing.fakediscord.world import World

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
THREAD_TYPES = {int(ChannelType.PUBLIC_THREAD), int(ChannelType.PRIVATE_THREAD)}
CREATOR_MAY_EDIT = ("name", "archived", "auto_archive_duration")
"""What a thread's creator may change without Manage Threads; `locked` needs it always
(developers/topics/threads#permissions)."""


class RestRoutes:
    """Handlers for the non-interaction REST API, on the shared `World`."""

    def __init__(self, world: World, publish: Publish, gateway_url: Callable[[], str]) -> None:
        self.world = world
        self.publish = publish
        self.gateway_url = gateway_url

    def routes(self) -> list[tuple[str, str, Handler]]:
        """(method, path under /api/v10, handler); literal paths come before patterns."""
        app = "/applications/{application_id}"
        message = "/channels/{channel_id}/messages/{message_id}"
        return [
            ("GET", "/users/@me", self.me),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/applications/@me", self.application),
            ("GET", "/gateway", self.gateway),
            ("GET", "/gateway/bot", self.gateway),
            ("GET", f"{app}/commands", self.get_commands),
            ("PUT", f"{app}/commands", self.put_commands),
            ("GET", f"{app}/guilds/{{guild_id}}/commands", self.get_commands),
            ("PUT", f"{app}/guilds/{{guild_id}}/commands", self.put_commands),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("PATCH", "/channels/{channel_id}", self.edit_channel),
            ("DELETE", "/channels/{channel_id}", self.delete_channel),
            ("GET", "/channels/{channel_id}/messages", self.history),
            ("POST", "/channels/{channel_id}/messages", self.send_message),
            ("GET", message, self.get_message),
            ("PATCH", message, self.edit_message),
            ("DELETE", message, self.delete_message),
            ("POST", f"{message}/threads", self.thread_from_message),
            ("POST", "/channels/{channel_id}/threads", self.thread_without_message),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.leave_thread),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]

    # -- login ---------------------------------------------------------------------------------

    async def me(self, request: web.Request) -> web.Response:
        """The bot user (discord.py's login call), or with a bearer token its OAuth2 user."""
        if bearer(request):
            return await Activities(self.world).bearer_user(request)
        data = self.world.bot_user.payload()
        data.update(verified=True, mfa_enabled=False, email=None, locale="en-US")
        return json_response(data)

    async def application(self, request: web.Request) -> web.Response:
        """The application (discord.py calls this right after login)."""
        world = self.world
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot_user.name,
                "icon": None,
                "description": "A fake application",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.owner.payload(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "bot": world.bot_user.payload(),
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        """Where to connect (only `AutoShardedClient` asks)."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        url = self.gateway_url()
        return json_response({"url": url, "shards": 1, "session_start_limit": limit})

    # -- commands ------------------------------------------------------------------------------

    async def get_commands(self, request: web.Request) -> web.Response:
        """The registered global or guild commands."""
        return json_response(self.world.commands.get(self._command_scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite, checked as Discord checks names, descriptions and locales."""
        scope = self._command_scope(request)
        payload = request[BODY].payload
        problems = check_commands(payload)
        if problems:
            raise invalid_form_body(problems)
        world = self.world
        Activities(world).check_bulk_overwrite(payload, scope)
        world.commands[scope] = bulk_overwrite(
            world.commands.get(scope, []),
            payload,
            application_id=world.application_id,
            guild_id=scope,
            new_id=world.ids.next,
        )
        world.command_syncs.append(scope)
        world.changed()
        return json_response(world.commands[scope])

    def _command_scope(self, request: web.Request) -> int | None:
        if request.match_info["application_id"] != str(self.world.application_id):
            raise ApiError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        return None if guild_id is None else self._guild(request).id

    # -- channels and messages -----------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        """A channel, thread or DM channel."""
        return json_response(self._channel(request).payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        """Rename a channel (Manage Channels), or rename, archive or lock a thread, as
        developers/topics/threads#permissions says: the thread's creator may rename and archive
        it, locking it (or changing what its creator may not) needs Manage Threads."""
        channel = self._channel(request)
        payload = request[BODY].payload or {}
        if channel.is_thread:
            self._may_edit_thread(channel, payload)
        else:
            self._require(channel, MANAGE_CHANNELS)
        channel.name = payload.get("name", channel.name)
        if channel.is_thread:
            channel.archived = payload.get("archived", channel.archived)
            channel.locked = payload.get("locked", channel.locked)
        self.world.changed()
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.publish(event, channel.payload())
        return json_response(channel.payload())

    def _may_edit_thread(self, thread: FakeChannel, payload: dict[str, Any]) -> None:
        self._require(thread, 0)
        if self.world.bot_permissions_in(thread) & MANAGE_THREADS:
            return
        # Only what changes counts: the same value again asks for nothing.
        changed = {key for key, value in payload.items() if getattr(thread, key, None) != value}
        creator = thread.owner_id == self.world.bot_user.id
        if changed - set(CREATOR_MAY_EDIT) or (changed and not creator):
            raise ApiError(403, 50013, "Missing Permissions")

    async def delete_channel(self, request: web.Request) -> web.Response:
        """Delete a channel or a thread: Manage Channels, or for a thread Manage Threads, even
        the bot's own (developers/resources/channel#deleteclose-channel); 403/50013 without."""
        channel = self._channel(request)
        self._require(channel, MANAGE_THREADS if channel.is_thread else MANAGE_CHANNELS)
        data = self.world.delete_channel(channel)
        await self.publish("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", data)
        return json_response(data)

    async def history(self, request: web.Request) -> web.Response:
        """Messages, newest first, with `limit`, `before` and `after` as Discord reads them."""
        channel = self._channel(request)
        limit = min(int(request.query.get("limit", "50")), 100)
        before = int(request.query.get("before", 2**63))
        after = int(request.query.get("after", 0))
        found = [
            m
            for m in self.world.messages.values()
            if m.channel is channel and m.visible and after < m.id < before
        ]
        found.sort(key=lambda m: m.id, reverse=True)
        return json_response([m.payload() for m in found[:limit]])

    async def send_message(self, request: web.Request) -> web.Response:
        """Post a message (JSON, or multipart with `payload_json` and `files[n]`)."""
        channel = self._writable(self._channel(request))
        body: Body = request[BODY]
        if channel.recipient is not None:
            self._may_write_to(channel.recipient)
        send = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        self._require(channel, send | (ATTACH_FILES if body.files else 0))
        payload = body.payload or {}
        repeated = self.world.nonced_message(channel, payload)
        if repeated is not None:  # `enforce_nonce`: Discord returns the first, creates nothing
            return json_response(repeated.payload())
        message = self.world.bot_message(channel, payload, body.files)
        await self.publish("MESSAGE_CREATE", message.payload())
        return json_response(message.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        """One message."""
        return json_response(self._message(request).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        """Edit a message of the bot's."""
        message = self._message(request)
        if message.author is not self.world.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body: Body = request[BODY]
        self._require(message.channel, ATTACH_FILES if body.files else 0)
        self.world.edit_message(message, body.payload or {}, body.files)
        await self.publish("MESSAGE_UPDATE", message.payload())
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        """Delete a message."""
        message = self._message(request)
        message.deleted = True
        self.world.changed()
        await self.publish(
            "MESSAGE_DELETE", {"id": str(message.id), "channel_id": str(message.channel.id)}
        )
        return no_content()

    # -- threads and DMs -----------------------------------------------------------------------

    async def thread_without_message(self, request: web.Request) -> web.Response:
        """Start a thread in a text channel (private unless `type` says otherwise)."""
        parent = self._channel(request)
        payload = request[BODY].payload or {}
        kind = payload.get("type", int(ChannelType.PRIVATE_THREAD))
        if kind not in THREAD_TYPES:
            raise ApiError(400, 50035, f"Invalid Form Body: thread type {kind}")
        return await self._new_thread(parent, payload, ChannelType(kind))

    async def thread_from_message(self, request: web.Request) -> web.Response:
        """Start a public thread from a message; the thread gets the message's id."""
        message = self._message(request)
        payload = request[BODY].payload or {}
        thread_id = message.id
        if thread_id in self.world.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        return await self._new_thread(
            message.channel, payload, ChannelType.PUBLIC_THREAD, thread_id=thread_id
        )

    async def _new_thread(
        self,
        parent: FakeChannel,
        payload: dict[str, Any],
        kind: ChannelType,
        *,
        thread_id: int | None = None,
    ) -> web.Response:
        public = kind is ChannelType.PUBLIC_THREAD
        self._require(parent, CREATE_PUBLIC_THREADS if public else CREATE_PRIVATE_THREADS)
        name = payload.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, f"Invalid Form Body: thread name {name!r}")
        thread = self.world.create_thread(
            parent,
            name,
            kind=kind,
            owner=self.world.bot_user,
            thread_id=thread_id,
            auto_archive_duration=payload.get("auto_archive_duration", 1440),
        )
        data = thread.payload()
        await self.publish("THREAD_CREATE", {**data, "newly_created": True})
        return json_response(data, status=201)

    async def join_thread(self, request: web.Request) -> web.Response:
        """Add the bot (``@me``) or a user to a thread."""
        thread = self._thread(request)
        thread.member_ids.add(self._member_id(request))
        self.world.changed()
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        """Remove the bot or a user from a thread."""
        thread = self._thread(request)
        thread.member_ids.discard(self._member_id(request))
        self.world.changed()
        return no_content()

    def _may_write_to(self, user: FakeUser) -> None:
        """A DM reaches a user who shares a server with the bot and keeps DMs open: else 403
        with 50278 "Cannot send messages to this user due to having no mutual guilds" (a user
        who only installed the app) or 50007 "Cannot send messages to this user"
        (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes).
        Opening the DM channel works either way."""
        if not shares_a_server_with_the_bot(self.world, user):
            raise ApiError(
                403, 50278, "Cannot send messages to this user due to having no mutual guilds"
            )
        if not user.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")

    async def open_dm(self, request: web.Request) -> web.Response:
        """The DM channel with a user."""
        payload = request[BODY].payload or {}
        user = self.world.user(payload.get("recipient_id", ""))
        return json_response(self.world.dm_channel(user).payload())

    # -- users, guilds, members ----------------------------------------------------------------

    async def get_user(self, request: web.Request) -> web.Response:
        """A user."""
        return json_response(self.world.user(request.match_info["user_id"]).payload())

    async def get_guild(self, request: web.Request) -> web.Response:
        """A guild."""
        return json_response(self._guild(request).base_payload())

    async def guild_channels(self, request: web.Request) -> web.Response:
        """A guild's channels (threads are not channels here, as on Discord)."""
        guild = self._guild(request)
        return json_response([channel.payload() for channel in guild.channels])

    async def get_member(self, request: web.Request) -> web.Response:
        """A member of a guild."""
        guild = self._guild(request)
        user = self.world.user(request.match_info["user_id"])
        return json_response(self.world.member(guild, user).payload())

    # -- lookups -------------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> FakeChannel:
        """The channel of the path. Where the bot is not (a server without it, a DM or group DM
        between people) every channel route answers 403/50001 "Missing Access": an app there
        only answers interactions, through their own routes (the 50001 of
        developers/topics/opcodes-and-status-codes#json-json-error-codes)."""
        channel = self.world.channel(request.match_info["channel_id"])
        if not bot_present(self.world, channel):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def _guild(self, request: web.Request) -> FakeGuild:
        """The server of the path; 403/50001 if the bot is not a member."""
        guild = self.world.guild(request.match_info["guild_id"])
        if self.world.bot_user.id not in guild.members:
            raise ApiError(403, 50001, "Missing Access")
        return guild

    def _thread(self, request: web.Request) -> FakeChannel:
        channel = self._channel(request)
        if not channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _message(self, request: web.Request) -> FakeMessage:
        return self.world.message(self._channel(request), request.match_info["message_id"])

    def _member_id(self, request: web.Request) -> int:
        raw = request.match_info["user_id"]
        return self.world.bot_user.id if raw == "@me" else self.world.user(raw).id

    def _require(self, channel: FakeChannel, needed: int) -> None:
        """Discord's 403s: 50001 without access to the channel, 50013 without a permission
        the action needs."""
        allowed = self.world.bot_permissions_in(channel)
        if not allowed & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        if needed & ~allowed:
            raise ApiError(403, 50013, "Missing Permissions")

    @staticmethod
    def _writable(channel: FakeChannel) -> FakeChannel:
        if channel.is_thread and (channel.archived or channel.locked):
            raise ApiError(400, 50083, "Thread is archived")
        return channel
