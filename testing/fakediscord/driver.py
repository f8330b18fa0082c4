"""Acting as Discord users: slash commands, autocomplete, buttons and selects.

Each action builds the interaction Discord would send, dispatches it over the gateway and returns
an `InteractionHandle`; awaiting the handle gives the bot's answer (see `interactions`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from testing.fakediscord.commands import (
    CHAT_INPUT,
    USER_COMMAND,
    find_command,
    interaction_data,
    user_command_data,
)
from testing.fakediscord.gateway import Gateway
from testing.fakediscord.installs import (
    Owners,
    command_owners,
    in_private_channel,
    message_owners,
)
from testing.fakediscord.interactions import (
    InteractionHandle,
    InteractionType,
    envelope,
    new_handle,
)
from testing.fakediscord.modals import submission_data
from testing.fakediscord.models import VIEW_CHANNEL, FakeChannel, FakeMember, FakeMessage, FakeUser
from testing.fakediscord.responses import InteractionRoutes
from testing.fakediscord.world import World


class ActAsUsers:
    """The user actions of `FakeDiscord` (a base class, so tests call them on the fake)."""

    world: World
    gateway: Gateway
    interactions: InteractionRoutes
    ack_deadline: float

    async def send_slash_command(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        locale: str | None = None,
        modified_client: bool = False,
    ) -> InteractionHandle:
        """Invoke ``/name`` (``"group sub"`` for subcommands) as `user` in `channel`.

        Options are plain values checked against the synced command (`ValueError` for unknown
        or missing options, and for values outside an option's choices or bounds, which
        Discord's client does not send: a `modified_client` sends them all the same);
        `FakeUser` values become user options with resolved data.
        `locale` defaults to the user's. Await the handle for the bot's answer.

        Only a command the Discord client would offer `user` there is sent (`installs`): in a
        server with the bot or the bot's DM, a command installed to servers; in a DM or group
        DM between people or a server without the bot, only for a user who installed the app
        (`install_for_user`) and a global command whose `integration_types` include 1 and
        whose `contexts` include the place's. Otherwise `CommandUnavailableError`.
        """
        self._must_see(user, channel)
        path = name.split()
        command, owners = self._command(user, channel, path[0])
        data = interaction_data(
            command,
            path,
            options or {},
            member_of=self._member_lookup(channel),
            modified_client=modified_client,
        )
        handle = new_handle(
            self.world,
            InteractionType.APPLICATION_COMMAND,
            f"/{name}",
            user,
            channel,
            deadline=self.ack_deadline,
            owners=owners,
        )
        return await self._dispatch(handle, data, locale)

    async def send_user_command(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        target: FakeUser,
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Invoke the user command `name` (Apps → `name` in a member's or user's menu) as
        `user` in `channel`, on `target`; the data carries `target_id` and the target resolved
        (`commands.user_command_data`). Offered as a slash command is (`installs`): otherwise
        `CommandUnavailableError`. Await the handle for the bot's answer."""
        self._must_see(user, channel)
        command, owners = self._command(user, channel, name, kind=USER_COMMAND)
        data = user_command_data(command, target, self._member_lookup(channel))
        handle = new_handle(
            self.world,
            InteractionType.APPLICATION_COMMAND,
            f"Apps → {name} on {target.name}",
            user,
            channel,
            deadline=self.ack_deadline,
            owners=owners,
        )
        return await self._dispatch(handle, data, locale)

    async def send_autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Type into option `focused` of ``/name``; `options[focused]` is the text so far.

        ``(await handle).choices`` are the choices the bot offered.
        """
        self._must_see(user, channel)
        path = name.split()
        command, owners = self._command(user, channel, path[0])
        data = interaction_data(command, path, options, focused=focused)
        handle = new_handle(
            self.world,
            InteractionType.AUTOCOMPLETE,
            f"autocomplete of /{name} {focused}",
            user,
            channel,
            deadline=self.ack_deadline,
            owners=owners,
        )
        return await self._dispatch(handle, data, locale)

    async def press_button(
        self, user: FakeUser, message: FakeMessage, custom_id: str, *, locale: str | None = None
    ) -> InteractionHandle:
        """Click the button `custom_id` on `message` (`LookupError` if it has no such button).

        Anyone who sees the message may, whether they installed the app or not; each press is
        a new interaction with a fresh token, carrying the install owners of the interaction
        that made the message (`installs.message_owners`)."""
        component = self._component(message, custom_id, kind=2)
        data = {"custom_id": component["custom_id"], "component_type": 2}
        return await self._component_interaction(user, message, data, locale)

    async def select_options(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str],
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Pick `values` in the string select `custom_id` on `message`."""
        self._component(message, custom_id, kind=3)
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._component_interaction(user, message, data, locale)

    async def submit_modal(
        self,
        opened: InteractionHandle,
        values: Mapping[str, str | Sequence[str]],
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot answered `opened` with, as its user: `values`
        maps a text input's custom id to its text and a select's to the chosen option values
        (`ValueError` for what the client would refuse, see `modals`). The submission is a new
        interaction (type 5, a fresh token) in the same place, with the same install owners,
        and carries the message of a modal opened from a button."""
        if opened.modal is None:
            raise LookupError(f"{opened.label} was not answered with a modal")
        data = submission_data(opened.modal, values)
        handle = new_handle(
            self.world,
            InteractionType.MODAL_SUBMIT,
            f"modal {data['custom_id']!r}",
            opened.user,
            opened.channel,
            deadline=self.ack_deadline,
            owners=dict(opened.owners),
            source_message=opened.source_message,
        )
        return await self._dispatch(handle, data, locale, message=opened.source_message)

    async def redeliver(self, handle: InteractionHandle) -> InteractionHandle:
        """Send `handle`'s interaction again, the same id and token, as if Discord delivered
        the event twice: the bot must handle it once (a second callback gets 40060, "Interaction
        has already been acknowledged", as Discord answers it)."""
        await self.gateway.deliver("INTERACTION_CREATE", handle.payload)
        return handle

    async def _component_interaction(
        self, user: FakeUser, message: FakeMessage, data: dict[str, Any], locale: str | None
    ) -> InteractionHandle:
        self._must_see(user, message.channel)
        handle = new_handle(
            self.world,
            InteractionType.MESSAGE_COMPONENT,
            f"component {data['custom_id']!r}",
            user,
            message.channel,
            deadline=self.ack_deadline,
            owners=message_owners(self.world, message.channel, message.interaction_metadata),
            source_message=message,
        )
        return await self._dispatch(handle, data, locale, message=message)

    async def _dispatch(
        self,
        handle: InteractionHandle,
        data: dict[str, Any],
        locale: str | None,
        *,
        message: FakeMessage | None = None,
    ) -> InteractionHandle:
        handle.payload = envelope(
            handle, data, locale=locale or handle.user.locale, message=message
        )
        self.interactions.register(handle)
        handle.dispatched_at = self.world.clock.now()
        await self.gateway.deliver("INTERACTION_CREATE", handle.payload)
        return handle

    def _command(
        self, user: FakeUser, channel: FakeChannel, name: str, *, kind: int = CHAT_INPUT
    ) -> tuple[dict[str, Any], Owners]:
        scopes = [None] if channel.guild_id is None else [channel.guild_id, None]
        for scope in scopes:
            found = find_command(self.world.commands.get(scope, []), name, kind)
            if found is not None:
                return found, command_owners(self.world, found, user, channel)
        known = sorted(c["name"] for scope in scopes for c in self.world.commands.get(scope, []))
        raise LookupError(f"/{name} is not registered where {channel.name} is; known: {known}")

    def _must_see(self, user: FakeUser, channel: FakeChannel) -> None:
        """Discord shows no channel, so no command or button in it, to a member who may not view
        it, nor a DM or group DM to someone outside it: a test that acts there has a mistake
        (`PermissionError`)."""
        if not in_private_channel(channel, user):
            raise PermissionError(f"{user.name} is not in the private channel {channel.name}")
        if not self.world.permissions_in(channel, user) & VIEW_CHANNEL:
            raise PermissionError(f"{user.name} cannot see #{channel.name}")

    def _member_lookup(self, channel: FakeChannel) -> Any:
        guild = self.world.guild_of(channel)
        if guild is None:
            return None

        def member_of(user: FakeUser) -> tuple[FakeMember, int] | None:
            member = guild.members.get(user.id)
            return None if member is None else (member, self.world.permissions_in(channel, user))

        return member_of

    @staticmethod
    def _component(message: FakeMessage, custom_id: str, *, kind: int) -> dict[str, Any]:
        for component in message.iter_components():
            if component["custom_id"] == custom_id and component["type"] == kind:
                if component.get("disabled"):
                    raise LookupError(f"{custom_id!r} is disabled on message {message.id}")
                return component
        raise LookupError(
            f"message {message.id} has no component {custom_id!r}: {message.custom_ids()}"
        )
