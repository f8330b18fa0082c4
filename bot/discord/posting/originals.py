"""Whether the answer to a command arrived. A process killed after Discord accepted a command's
answer but before it heard so still owes that post when it starts again; before posting it a
second time, it reads the interaction's original response with the command's token, kept with the
owed post (Discord keeps a token working for 15 minutes)."""

from __future__ import annotations

import logging
from typing import Any

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


NEVER_ANSWERED = frozenset({10015, 10062})
"""What Discord answers (404) to a read through the token of an interaction that was never
acknowledged: "Unknown Webhook" (10015; its docs say follow-ups and edits need an acknowledged
interaction, and libraries report this code for them: discord.js #10587, pycord #1118), which
the fake answers too; "Unknown interaction" (10062), its callback's own refusal, is taken alike
(developers/docs/topics/opcodes-and-status-codes#json-json-error-codes). A deleted answer is
10008, Unknown Message: not this."""


async def never_answered(client: discord.Client, token: str) -> bool:
    """Whether Discord says the interaction with `token` was never acknowledged (its first
    answer never reached Discord: no follow-up of it can have either). False when it was, or
    when nobody can tell any more (the token has expired). Raises Discord's other errors."""
    try:
        await _original(client, token)
    except discord.NotFound as error:
        return error.code in NEVER_ANSWERED
    except discord.HTTPException as error:
        if error.status in (401, 403):  # 50027: the token has expired, too late to know
            return False
        raise
    return False


async def _original(client: discord.Client, token: str) -> Any:
    """The interaction's original response, as Discord gives it (raises its errors)."""
    application_id = client.application_id
    if application_id is None:
        raise RuntimeError("the client has not logged in: no application id")
    webhook = discord.Webhook.partial(application_id, token, client=client)
    adapter = async_context.get()  # discord.py's own route for Interaction.original_response
    return await adapter.get_original_interaction_response(
        application_id,
        token,
        session=webhook.session,
        proxy=webhook.proxy,
        proxy_auth=webhook.proxy_auth,
    )


async def original_response(client: discord.Client, token: str) -> int | None:
    """The id of the public message that answers the interaction with `token`, or None when
    Discord shows none: the interaction has no response (404, 10015), it was deleted (404), it
    is still a deferral's "thinking..." (the answer never filled it in) or a private reply, or
    the token has expired (401, 50027: too late to know). Raises Discord's other errors (the
    post then stays owed)."""
    try:
        data = await _original(client, token)
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
