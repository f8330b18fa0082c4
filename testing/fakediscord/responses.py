"""The REST side of interactions: the callback and the webhook routes for followups and edits.

discord.py sends the callback to ``POST /interactions/{id}/{token}/callback?with_response=1``
and everything after it to ``/webhooks/{application_id}/{token}``, without the bot token.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from testing.fakediscord.activities import Activities
from testing.fakediscord.installs import (
    MAX_FOLLOWUPS_USER_INSTALL,
    answers_forced_ephemeral,
    only_user_installed,
)
from testing.fakediscord.interactions import (
    ALLOWED_RESPONSES,
    COMPLETE_AT_CALLBACK,
    TOKEN_LIFETIME,
    InteractionHandle,
    InteractionType,
    ResponseType,
)
from testing.fakediscord.models import EPHEMERAL, LOADING, FakeMessage, MessageType
from testing.fakediscord.web import BODY, ApiError, Body, json_response, no_content
from testing.fakediscord.world import World

Publish = Callable[[str, dict[str, Any]], Awaitable[None]]
MAX_CHOICES = 25


class InteractionRoutes:
    """Every interaction dispatched so far, and the routes through which the bot answers."""

    def __init__(self, world: World, publish: Publish) -> None:
        self.world = world
        self.publish = publish
        self.handles: dict[int, InteractionHandle] = {}

    def register(self, handle: InteractionHandle) -> None:
        """Remember `handle` so its callback and webhook routes find it."""
        self.handles[handle.id] = handle

    def routes(
        self,
    ) -> list[tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]]:
        """(method, path under /api/v10, handler) for the router."""
        message = "/webhooks/{application_id}/{token}/messages/{message_id}"
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{application_id}/{token}", self.followup),
            ("GET", message, self.get_message),
            ("PATCH", message, self.edit_message),
            ("DELETE", message, self.delete_message),
        ]

    # -- the callback ----------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        """Acknowledge an interaction (once, within the deadline) with a message, a deferral,
        an update, autocomplete choices or a modal."""
        handle = self._by_id(request)
        now = self.world.clock.now()
        if handle.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if now - handle.dispatched_at > handle.deadline:
            handle.late_callbacks.append(now)
            self.world.changed()
            raise ApiError(404, 10062, "Unknown interaction")
        body: Body = request[BODY]
        payload = body.payload or {}
        response_type = payload.get("type")
        if response_type not in ALLOWED_RESPONSES[handle.type]:
            raise ApiError(400, 50035, f"Invalid response type {response_type} for {handle.label}")
        data = payload.get("data") or {}
        if response_type == ResponseType.LAUNCH_ACTIVITY:  # no data: the app's Activity opens
            launched = Activities(self.world).launched(handle, handle.user, handle.channel)
        else:
            message = await self._apply(handle, ResponseType(response_type), data, body)
        handle.response_type = response_type
        handle.acknowledged_at = now
        handle.completed = response_type in COMPLETE_AT_CALLBACK
        self.world.changed()
        if response_type == ResponseType.LAUNCH_ACTIVITY:
            return json_response(launched)
        return json_response(_callback_body(handle, response_type, message))

    async def _apply(
        self, handle: InteractionHandle, kind: ResponseType, data: dict[str, Any], body: Body
    ) -> FakeMessage | None:
        if kind is ResponseType.CHANNEL_MESSAGE:
            handle.original = await self._respond(handle, data, body)
        elif kind is ResponseType.DEFERRED_CHANNEL_MESSAGE:
            thinking = {"content": "", "flags": LOADING | (data.get("flags") or 0) & EPHEMERAL}
            handle.original = await self._respond(handle, thinking, Body())
        elif kind is ResponseType.DEFERRED_UPDATE_MESSAGE:
            handle.original = handle.source_message
            return None
        elif kind is ResponseType.UPDATE_MESSAGE:
            handle.original = await self._edit(_source(handle), data, body)
        elif kind is ResponseType.AUTOCOMPLETE_RESULT:
            handle.choices = _checked_choices(data.get("choices"))
            return None
        else:
            handle.modal = data
            return None
        return handle.original

    async def _respond(
        self, handle: InteractionHandle, payload: dict[str, Any], body: Body
    ) -> FakeMessage:
        command = handle.type is InteractionType.APPLICATION_COMMAND
        message = self.world.bot_message(
            handle.channel,
            self._forced_ephemeral(handle, payload),
            body.files,
            webhook_id=self.world.application_id,
            type=MessageType.CHAT_INPUT_COMMAND if command else MessageType.DEFAULT,
            interaction_metadata=_metadata(handle),
        )
        if not message.ephemeral:
            await self.publish("MESSAGE_CREATE", message.payload())
        return message

    async def _edit(self, message: FakeMessage, payload: dict[str, Any], body: Body) -> FakeMessage:
        self.world.edit_message(message, payload, body.files)
        if not message.ephemeral:
            await self.publish("MESSAGE_UPDATE", message.payload())
        return message

    # -- followups and edits through the webhook -------------------------------------------

    async def followup(self, request: web.Request) -> web.Response:
        """A followup message; after a deferral the first one fills in "thinking...".

        The deferral decides whether that message is ephemeral, as on Discord.
        """
        handle = self._by_webhook(request)
        body: Body = request[BODY]
        payload = body.payload or {}
        original = handle.original
        if original is not None and original.loading:
            message = await self._edit(original, payload, body)
        else:
            self._may_follow_up(handle)
            message = self.world.bot_message(
                handle.channel,
                self._forced_ephemeral(handle, payload),
                body.files,
                webhook_id=self.world.application_id,
                interaction_metadata=_metadata(handle),
            )
            handle.followups.append(message)
            if not message.ephemeral:
                await self.publish("MESSAGE_CREATE", message.payload())
        handle.completed = True
        self.world.changed()
        wait = request.query.get("wait", "0").lower() in ("1", "true")
        return json_response(message.payload()) if wait else no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        """The original response (``@original``) or a followup, for as long as the token
        lives: 404 with 10015 "Unknown Webhook" while the interaction has no response, 401
        with 50027 once the token has expired (Get Original Interaction Response,
        developers/interactions/receiving-and-responding; the codes are those of
        developers/topics/opcodes-and-status-codes). A bot back from a crash asks this
        before it posts an answer again."""
        handle = self._by_webhook(request)
        return json_response(_target(handle, request.match_info["message_id"]).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        """Edit the original response (completing a deferral) or a followup."""
        handle = self._by_webhook(request)
        message = _target(handle, request.match_info["message_id"])
        body: Body = request[BODY]
        await self._edit(message, body.payload or {}, body)
        if message is handle.original:
            handle.completed = True
        self.world.changed()
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        """Delete the original response or a followup."""
        handle = self._by_webhook(request)
        message = _target(handle, request.match_info["message_id"])
        message.deleted = True
        self.world.changed()
        await self.publish(
            "MESSAGE_DELETE", {"id": str(message.id), "channel_id": str(message.channel.id)}
        )
        return no_content()

    def _forced_ephemeral(self, handle: InteractionHandle, payload: dict[str, Any]) -> Any:
        """The payload, made ephemeral where a user-installed app may not answer publicly
        (see `installs`)."""
        if not answers_forced_ephemeral(self.world, handle.channel, handle.user, handle.owners):
            return payload
        return {**payload, "flags": (payload.get("flags") or 0) | EPHEMERAL}

    @staticmethod
    def _may_follow_up(handle: InteractionHandle) -> None:
        """Refuse a sixth followup of an interaction that reached the app through a user install
        alone (see `installs`)."""
        limited = only_user_installed(handle.owners)
        if limited and len(handle.followups) >= MAX_FOLLOWUPS_USER_INSTALL:
            raise ApiError(
                400, 40094, "This interaction has hit the maximum number of follow up messages"
            )

    # -- lookups -----------------------------------------------------------------------------

    def _age(self, handle: InteractionHandle) -> float:
        return self.world.clock.now() - handle.dispatched_at

    def _by_id(self, request: web.Request) -> InteractionHandle:
        raw = request.match_info["interaction_id"]
        handle = self.handles.get(int(raw)) if raw.isdigit() else None
        if handle is None or handle.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        return handle

    def _by_webhook(self, request: web.Request) -> InteractionHandle:
        token = request.match_info["token"]
        if request.match_info["application_id"] != str(self.world.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        handle = next((h for h in self.handles.values() if h.token == token), None)
        expired = handle is not None and self._age(handle) > TOKEN_LIFETIME
        if handle is None or expired:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if handle.response_type is None:
            # Followups need an acknowledged interaction.
            raise ApiError(404, 10015, "Unknown Webhook")
        return handle


def _source(handle: InteractionHandle) -> FakeMessage:
    if handle.source_message is None:
        raise ApiError(400, 50035, "This interaction has no message to update")
    return handle.source_message


def _target(handle: InteractionHandle, message_id: str) -> FakeMessage:
    if message_id == "@original":
        if handle.original is None or handle.original.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return handle.original
    for message in [handle.original, *handle.followups]:
        if message is not None and str(message.id) == message_id and not message.deleted:
            return message
    raise ApiError(404, 10008, "Unknown Message")


def _checked_choices(choices: Any) -> list[dict[str, Any]]:
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
        raise ApiError(400, 50035, f"Invalid Form Body: at most {MAX_CHOICES} choices")
    for choice in choices:
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            raise ApiError(400, 50035, f"Invalid Form Body: choice name {choice.get('name')!r}")
    return choices


def _metadata(handle: InteractionHandle) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(handle.id),
        "type": int(handle.type),
        "user": handle.user.payload(),
        "authorizing_integration_owners": dict(handle.owners),
    }
    if handle.source_message is not None:
        data["interacted_message_id"] = str(handle.source_message.id)
    return data


def _callback_body(
    handle: InteractionHandle, response_type: int, message: FakeMessage | None
) -> dict[str, Any]:
    interaction: dict[str, Any] = {
        "id": str(handle.id),
        "type": int(handle.type),
        "response_message_loading": response_type == ResponseType.DEFERRED_CHANNEL_MESSAGE,
        "response_message_ephemeral": bool(message and message.ephemeral),
    }
    resource: dict[str, Any] = {"type": response_type}
    if message is not None:
        interaction["response_message_id"] = str(message.id)
        resource["message"] = message.payload()
    return {"interaction": interaction, "resource": resource}
