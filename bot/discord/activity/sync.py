"""The command sync for an app with an Activity: `CommandTree.sync` keeping the Entry Point.

Enabling Activities makes Discord create the app's Entry Point command (type 4
`PRIMARY_ENTRY_POINT`, global only, one per app; developers/docs/interactions/
application-commands#entry-point-commands), which discord.py 2.7 cannot model
(Rapptz/discord.py#9996). Its `tree.sync()` sends a bulk overwrite of the tree's commands alone,
and Discord refuses a bulk overwrite that leaves the Entry Point out with 50240 ("You cannot
remove this app's Entry Point command in a bulk update operation"), changing nothing. So the
global sync fetches the Entry Point as Discord has it and sends it back with the tree's commands
(the workaround of necordjs/necord's commands.service.ts). A guild's commands hold no Entry
Point: a guild sync is `tree.sync(guild=...)` as ever.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

ENTRY_POINT = 4
"""The Entry Point command's type (`PRIMARY_ENTRY_POINT`)."""
KEPT = (
    "type",
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "handler",
    "integration_types",
    "contexts",
    "default_member_permissions",
    "nsfw",
)
"""What of a fetched Entry Point is sent back: what defines it (not its id or version)."""


async def sync_commands(
    tree: app_commands.CommandTree[Any], *, guild: discord.abc.Snowflake | None = None
) -> list[app_commands.AppCommand]:
    """Sync `tree`'s commands as `tree.sync` does; globally, with the app's Entry Point command
    (if it has one) kept as Discord has it. Raises what `tree.sync` raises."""
    if guild is not None:
        return await tree.sync(guild=guild)
    client = tree.client
    application_id = client.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    commands = tree.get_commands()
    translator = tree.translator
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
    else:
        payload = [command.to_dict(tree) for command in commands]
    existing = await client.http.get_global_commands(application_id)
    payload += [entry_point(command) for command in existing if command.get("type") == ENTRY_POINT]
    try:
        data = await client.http.bulk_upsert_global_commands(application_id, payload=payload)
    except discord.HTTPException as error:
        if error.status == 400 and error.code == 50035:
            raise app_commands.CommandSyncFailure(error, commands) from None
        raise
    return [app_commands.AppCommand(data=item, state=client._connection) for item in data]


def entry_point(command: Any) -> dict[str, Any]:
    """The Entry Point command as the bulk overwrite sends it back."""
    return {key: command[key] for key in KEPT if key in command}
