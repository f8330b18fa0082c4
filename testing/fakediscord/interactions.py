"""Interactions the fake sends to the bot, and what the bot answered to each.

A test gets an `InteractionHandle` for every interaction it dispatches. Awaiting the handle gives
the `InteractionResult`: the acknowledgement (callback type and latency) and the messages the
bot answered with. Discord gives a bot 3 seconds to acknowledge; the fake enforces the same
deadline: a later callback gets Discord's 404 "Unknown interaction" (10062), and the handle's
waits fail with a message that says so. The deadline runs on the fake's clock (`clock`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from testing.fakediscord.clock import WAIT
from testing.fakediscord.ids import new_token
from testing.fakediscord.installs import Owners, app_permissions, context_of, message_owners
from testing.fakediscord.models import (
    MAX_UPLOAD_BYTES,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
)

if TYPE_CHECKING:
    from testing.fakediscord.world import World

ACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token works for followups, edits and reading the original response
("Interaction tokens are valid for 15 minutes", developers/interactions/receiving-and-responding);
after that its webhook routes answer 401, code 50027 "Invalid Webhook Token"."""


class InteractionType(IntEnum):
    """Interaction types the fake sends."""

    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class ResponseType(IntEnum):
    """Interaction callback types."""

    PONG = 1
    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9
    LAUNCH_ACTIVITY = 12  # only for apps with Activities enabled (`activities`)


# Callback types allowed per interaction type, as Discord checks them.
ALLOWED_RESPONSES = {
    InteractionType.APPLICATION_COMMAND: {4, 5, 9, 12},
    InteractionType.MESSAGE_COMPONENT: {4, 5, 6, 7, 9, 12},
    InteractionType.AUTOCOMPLETE: {8},
    # "Not available for MODAL_SUBMIT and PING interactions" (the modal callback); updating a
    # message needs a modal opened from one (_source refuses otherwise).
    InteractionType.MODAL_SUBMIT: {4, 5, 6, 7, 12},
}
# After these callbacks the response is complete; after a deferral it completes with the first
# edit of the original response or the first followup.
COMPLETE_AT_CALLBACK = {1, 4, 7, 8, 9, 12}


@dataclass(frozen=True)
class InteractionResult:
    """The bot's answer to one interaction, once complete.

    `messages` are the original response (if the callback made or edited a message) and the
    followups, in order; they are the live stored messages, so later edits show.
    """

    interaction_id: int
    response_type: int
    ack_seconds: float
    messages: tuple[FakeMessage, ...]
    choices: tuple[dict[str, Any], ...] | None = None
    modal: dict[str, Any] | None = None

    @property
    def message(self) -> FakeMessage:
        """The first message of the answer; `AssertionError` if there is none."""
        if not self.messages:
            raise AssertionError(f"the bot answered with type {self.response_type}, no message")
        return self.messages[0]

    @property
    def content(self) -> str:
        """The text of the first message."""
        return self.message.content

    @property
    def ephemeral(self) -> bool:
        """Whether the first message is visible only to the user."""
        return self.message.ephemeral

    @property
    def attachments(self) -> list[FakeAttachment]:
        """The files of every message of the answer."""
        return [attachment for message in self.messages for attachment in message.attachments]


@dataclass(eq=False)
class InteractionHandle:
    """One dispatched interaction and everything the bot did with it so far."""

    world: World = field(repr=False)
    id: int
    token: str
    type: InteractionType
    label: str
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any] = field(repr=False)
    deadline: float = ACK_DEADLINE
    source_message: FakeMessage | None = None
    dispatched_at: float = 0.0
    response_type: int | None = None
    acknowledged_at: float | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    late_callbacks: list[float] = field(default_factory=list)
    completed: bool = False
    owners: Owners = field(default_factory=dict)  # its authorizing_integration_owners
    activity_instance_id: str | None = None  # the instance a LAUNCH_ACTIVITY answer opened

    @property
    def ack_seconds(self) -> float | None:
        """Seconds from dispatch to the accepted callback (None if not acknowledged)."""
        if self.acknowledged_at is None:
            return None
        return self.acknowledged_at - self.dispatched_at

    @property
    def messages(self) -> list[FakeMessage]:
        """The original response (once it is more than "thinking...") and the followups."""
        first = [] if self.original is None or self.original.loading else [self.original]
        return first + self.followups

    def late_report(self, now: float) -> str | None:
        """Why this interaction broke the deadline, or None if it did not (yet)."""
        if self.acknowledged_at is not None:
            return None
        if self.late_callbacks:
            late = self.late_callbacks[0] - self.dispatched_at
            return f"{self.label} was acknowledged after {late:.2f} s (limit {self.deadline:.1f} s)"
        if now - self.dispatched_at >= self.deadline:
            return f"{self.label} was never acknowledged (limit {self.deadline:.1f} s)"
        return None

    async def acknowledged(self) -> int:
        """Wait for the callback; return its type. `AssertionError` once the deadline has
        passed on the fake's clock."""
        clock = self.world.clock
        due = self.dispatched_at + self.deadline
        try:
            await self.world.wait_until(
                lambda: (
                    self.response_type is not None
                    or bool(self.late_callbacks)
                    or clock.now() >= due
                ),
                timeout=clock.real_wait(max(due - clock.now(), 0.0)),
                what=f"the acknowledgement of {self.label}",
            )
        except AssertionError:
            raise AssertionError(self._ack_failure(clock.now())) from None
        if self.response_type is None:
            raise AssertionError(self._ack_failure(clock.now()))
        return self.response_type

    def _ack_failure(self, now: float) -> str:
        report = self.late_report(now) or f"{self.label} was not acknowledged in time"
        return f"{report}; Discord would show 'This interaction failed' (error 10062)"

    async def result(self, timeout: float = WAIT) -> InteractionResult:
        """Wait until the answer is complete. `AssertionError` if it is late or never comes."""
        await self.acknowledged()
        what = f"{self.label} to be completed after callback type {self.response_type}"
        await self.world.wait_until(lambda: self.completed, timeout=timeout, what=what)
        return self.snapshot()

    def __await__(self) -> Generator[Any, None, InteractionResult]:
        return self.result().__await__()

    async def wait_for_messages(self, count: int, timeout: float = WAIT) -> list[FakeMessage]:
        """Wait until the answer has at least `count` messages (original and followups)."""
        what = f"{count} message(s) answering {self.label}"
        await self.world.wait_until(lambda: len(self.messages) >= count, timeout=timeout, what=what)
        return self.messages

    def snapshot(self) -> InteractionResult:
        """The answer so far."""
        if self.response_type is None or self.ack_seconds is None:
            raise AssertionError(f"{self.label} has not been acknowledged")
        return InteractionResult(
            self.id,
            self.response_type,
            self.ack_seconds,
            tuple(self.messages),
            None if self.choices is None else tuple(self.choices),
            self.modal,
        )


def envelope(
    handle: InteractionHandle,
    data: dict[str, Any],
    *,
    locale: str,
    message: FakeMessage | None = None,
) -> dict[str, Any]:
    """The INTERACTION_CREATE event data for `handle`, with what discord.py requires.

    discord.py reads `attachment_size_limit` and the member's `flags` without defaults, and the
    id must be a recent snowflake (interaction expiry is derived from it).
    """
    world, user, channel = handle.world, handle.user, handle.channel
    payload: dict[str, Any] = {
        "id": str(handle.id),
        "application_id": str(world.application_id),
        "type": int(handle.type),
        "data": data,
        "token": handle.token,
        "version": 1,
        "locale": locale,
        "channel": _interaction_channel(channel, world.permissions_in(channel, user)),
        "channel_id": str(channel.id),
        "entitlements": [],
        "attachment_size_limit": MAX_UPLOAD_BYTES,
    }
    guild = world.guild_of(channel)
    if guild is None:
        payload["user"] = user.payload()
    else:
        payload.update(_guild_fields(world, guild, user, channel))
    payload.update(
        app_permissions=str(app_permissions(world, channel, user)),
        authorizing_integration_owners=dict(handle.owners),
        context=context_of(world, channel),
    )
    if message is not None:
        payload["message"] = message.payload()
    return payload


def _guild_fields(
    world: World, guild: FakeGuild, user: FakeUser, channel: FakeChannel
) -> dict[str, Any]:
    member_data = world.member(guild, user).payload()
    # "Total permissions of the member in the channel, including overwrites" (the interaction
    # object's member), as Discord computes them.
    member_data["permissions"] = str(world.permissions_in(channel, user))
    return {
        "guild_id": str(guild.id),
        "guild": guild.interaction_payload(),
        "guild_locale": guild.locale,
        "member": member_data,
    }


def _interaction_channel(channel: FakeChannel, permissions: int) -> dict[str, Any]:
    data = channel.payload()
    data["permissions"] = str(permissions)  # interactions carry the user's, in the channel
    return data


def new_handle(
    world: World,
    kind: InteractionType,
    label: str,
    user: FakeUser,
    channel: FakeChannel,
    *,
    deadline: float,
    owners: Owners | None = None,
    source_message: FakeMessage | None = None,
) -> InteractionHandle:
    """A handle with a fresh id and token (every interaction has its own, a button pressed
    twice too), its payload still to be filled in; `owners` default to the guild install where
    the interaction happens."""
    return InteractionHandle(
        world,
        world.ids.next(),
        new_token("interaction"),
        kind,
        label,
        user,
        channel,
        payload={},
        deadline=deadline,
        source_message=source_message,
        owners=message_owners(world, channel, None) if owners is None else owners,
    )
