"""Where a game can live, decided from the interaction as Discord sends it (built by discord.py
from a payload, as the gateway's would be): the bot posts where it is present, only answers
where it is not, and starts nothing where its answers would be private."""

from __future__ import annotations

import discord
import pytest

from bot.discord.shared.reach import EPHEMERAL_ONLY, reach_of, why_not
from bot.i18n import LANGUAGES, catalogue
from bot.service import Reach

APP, GUILD, USER, CHANNEL = 9, 5, 77, 6
GUILD_CONTEXT, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""Discord's interaction context types (developers/docs/interactions/receiving-and-responding
#interaction-object-interaction-context-types)."""
GUILD_INSTALL, USER_INSTALL = "0", "1"
"""Discord's application integration types, the keys of `authorizing_integration_owners`."""
USE_EXTERNAL_APPS = 1 << 50
USER_PAYLOAD = {"id": str(USER), "username": "alice", "discriminator": "0", "avatar": None}


def interaction(
    context: int | None,
    owners: dict[str, str],
    *,
    permissions: int = USE_EXTERNAL_APPS,
) -> discord.Interaction:
    """A slash command's interaction as discord.py builds it from Discord's payload."""
    client = discord.Client(intents=discord.Intents.none())
    state = client._connection
    state.user = discord.ClientUser(state=state, data={**USER_PAYLOAD, "id": str(APP)})
    payload: dict = {
        "id": "1",
        "application_id": str(APP),
        "type": 2,
        "token": "token",
        "version": 1,
        "attachment_size_limit": 8_000_000,
        "authorizing_integration_owners": owners,
        "app_permissions": "0",
        "data": {"id": "3", "name": "challenge", "type": 1},
    }
    if context is not None:
        payload["context"] = context
    if context == GUILD_CONTEXT:
        payload["guild_id"] = str(GUILD)
        payload["channel"] = {
            "id": str(CHANNEL),
            "type": 0,
            "guild_id": str(GUILD),
            "name": "games",
            "position": 0,
        }
        payload["member"] = {
            "user": USER_PAYLOAD,
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(permissions),
        }
    else:
        payload["channel"] = {"id": str(CHANNEL), "type": 3 if context == PRIVATE_CHANNEL else 1}
        payload["user"] = USER_PAYLOAD
    return discord.Interaction(data=payload, state=state)


def test_a_server_that_added_the_bot_gets_posts() -> None:
    both = {GUILD_INSTALL: str(GUILD), USER_INSTALL: str(USER)}
    assert reach_of(interaction(GUILD_CONTEXT, both)) is Reach.POST
    # Even where its members may not use external apps: the bot is no external app there.
    assert reach_of(interaction(GUILD_CONTEXT, both, permissions=0)) is Reach.POST


def test_the_bots_own_dm_gets_posts() -> None:
    assert reach_of(interaction(BOT_DM, {USER_INSTALL: str(USER)})) is Reach.POST


def test_direct_messages_between_people_get_answers_only() -> None:
    assert reach_of(interaction(PRIVATE_CHANNEL, {USER_INSTALL: str(USER)})) is Reach.REPLY


def test_a_server_without_the_bot_gets_answers_only() -> None:
    assert reach_of(interaction(GUILD_CONTEXT, {USER_INSTALL: str(USER)})) is Reach.REPLY


def test_a_server_that_forbids_external_apps_starts_no_game() -> None:
    forbidding = interaction(GUILD_CONTEXT, {USER_INSTALL: str(USER)}, permissions=0)
    assert reach_of(forbidding) is None


def test_an_interaction_without_a_context_is_where_the_bot_always_was() -> None:
    assert reach_of(interaction(None, {})) is Reach.POST


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reason_is_one_line_in_every_language(language: str) -> None:
    assert catalogue().has(EPHEMERAL_ONLY)
    said = why_not(language)
    assert said and "\n" not in said and "{" not in said
