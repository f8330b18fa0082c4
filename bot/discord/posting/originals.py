"""Whether the answer to a command arrived. A process killed after Discord accepted a command's
answer but before it heard so still owes that post when it starts again; before posting it a
second time, it reads the interaction's original response with the command's token, kept with the
owed post (Discord keeps a token working for 15 minutes)."""

from __future__ import annotations

import logging

import discord
from discord.webhook.async_ import async_context

log = logging.getLogger(__name__)

ANSWER_LIFETIME = 15 * 60
"""Seconds an interaction's token works: followups, edits and reading its original response."""
EPHEMERAL, LOADING = 1 << 6, 1 << 7
"""Message flags: a private message (an owed post is public: a private original is another
delivery's refusal, not this answer), and a deferral's "thinking..." (no answer given yet)."""


def answer_expiry(interaction: discord.Interaction) -> int:
    """Until when (epoch seconds) `interaction`'s answer can be looked up with its token."""
    return int(interaction.created_at.timestamp()) + ANSWER_LIFETIME


async def original_response(client: discord.Client, token: str) -> int | None:
    """The id of the public message that answers the interaction with `token`, or None when
    Discord shows none: the interaction has no response (404, 10015), it was deleted (404), it
    is still a deferral's "thinking..." (the answer never filled it in) or a private reply, or
    the token has expired (401, 50027: too late to know). Raises Discord's other errors (the
    post then stays owed)."""
    application_id = client.application_id
    if application_id is None:
        raise RuntimeError("the client has not logged in: no application id")
    webhook = discord.Webhook.partial(application_id, token, client=client)
    adapter = async_context.get()  # discord.py's own route for Interaction.original_response
    try:
        data = await adapter.get_original_interaction_response(
            application_id,
            token,
            session=webhook.session,
            proxy=webhook.proxy,
            proxy_auth=webhook.proxy_auth,
        )
    except (discord.NotFound, discord.Forbidden) as error:
        log.info("no answer to look up with this token (%s)", error.code)
        return None
    except discord.HTTPException as error:
        if error.status == 401:  # 50027: the token has expired
            log.info("the command's token has expired (%s)", error.code)
            return None
        raise
    if int(data.get("flags") or 0) & (EPHEMERAL | LOADING):
        return None
    return int(data["id"])
