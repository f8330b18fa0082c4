"""Every slash command says where it may be used and by which install (issue 28): Discord's
defaults differ between apps and change, so a command that forgets to say is a mistake."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.features import declared_commands, menus
from bot.discord.shared.tree import GameTree

EVERYWHERE = {
    "help",
    "rules",
    "notify",
    "vacation",
    "block",
    "unblock",
    "games",
    "challenge",
    "seek",  # the pool across servers: a user install in any server, played in DMs
    "move",
    "premove",  # a game's conditional moves, where its game lives (issue 54, point 1)
    "board",
    "resign",
    "draw",
    "takeback",
    "export",
    "import",  # a record read into a game of the importer's own, anywhere
    "note",
    "follow",
    "unfollow",
    "analyze",
    "learn",
    "puzzle",
}
"""Commands about the player alone (they answer privately and need no game's channel: a lesson
too), and the commands of a game, which lives in answers only where the bot is not (issue 28,
point 3)."""

IN_SERVERS = {
    "leaderboard",
    "stats",
    "tournament",
}
"""Commands of a server's ratings and tournaments: in servers with the bot only."""


Declared = app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu


def _contexts(command: Declared) -> set[str]:
    declared = command.allowed_contexts
    assert declared is not None, f"/{command.name} declares no contexts"
    names = ("guild", "dm_channel", "private_channel")
    return {name for name in names if getattr(declared, name)}


def _installs(command: Declared) -> set[str]:
    declared = command.allowed_installs
    assert declared is not None, f"/{command.name} declares no install types"
    return {name for name in ("guild", "user") if getattr(declared, name)}


def test_every_command_declares_its_contexts_and_install_types() -> None:
    commands = {str(command.name): command for command in declared_commands()}
    assert set(commands) == EVERYWHERE | IN_SERVERS  # a new command is placed here too
    for name, command in commands.items():
        if name in EVERYWHERE:
            assert _installs(command) == {"guild", "user"}, name
            assert _contexts(command) == {"guild", "dm_channel", "private_channel"}, name
        else:
            assert _installs(command) == {"guild"}, name
            assert _contexts(command) == {"guild"}, name


def test_apps_challenge_is_offered_where_challenge_is() -> None:
    [menu] = menus()
    [challenge] = [c for c in declared_commands() if c.name == "challenge"]
    assert (menu.name, menu.type) == ("Challenge", discord.AppCommandType.user)
    assert (_installs(menu), _contexts(menu)) == (_installs(challenge), _contexts(challenge))
    payload = menu.to_dict(GameTree(_client()))
    assert (payload["contexts"], payload["integration_types"]) == ([0, 1, 2], [0, 1])


def test_the_global_payload_carries_contexts_and_install_types() -> None:
    tree = GameTree(_client())
    payloads = {str(c.name): c.to_dict(tree) for c in declared_commands()}
    assert payloads["help"]["contexts"] == [0, 1, 2]
    assert payloads["help"]["integration_types"] == [0, 1]
    assert payloads["move"]["contexts"] == [0, 1, 2]
    assert payloads["move"]["integration_types"] == [0, 1]
    assert payloads["stats"]["contexts"] == [0]
    assert payloads["stats"]["integration_types"] == [0]


def test_a_development_servers_copy_declares_neither() -> None:
    tree = GameTree(_client())
    for command in [*declared_commands(), *menus()]:
        tree.add_command(command)
    copies = tree.development_copies()
    assert {str(c.name) for c in copies} == EVERYWHERE | IN_SERVERS | {"Challenge"}
    for copy in copies:
        payload = copy.to_dict(tree)
        assert payload["contexts"] is None and payload["integration_types"] is None
    # the global commands keep theirs
    assert all(c.allowed_contexts is not None for c in tree.get_commands())


def _client():  # a client that is never started: the tree only needs one to exist
    return discord.Client(intents=discord.Intents.none())
