"""Names are a server's (issue 27): alice is "Ally" in one server and "Zed" in another, and each
server's board images, replays, thread names and exports show her name there, never the other's;
once she has left a server, her global display name."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.discord.app import GameBot
from bot.games import GAMES
from testing.e2ekit import World, run, running
from testing.fakediscord import FakeChannel, FakeGuild, FakeUser
from testing.toygame import ToyKind


class NamingToy(ToyKind):
    """The toy game, noting the names each of its pictures is drawn with."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[set[str]] = []

    def image(self, game, players, **options):
        self.drawn.append(set(players.values()))
        return super().image(game, players, **options)


@dataclass
class TwoServers:
    world: World
    other: FakeGuild  # where alice is "Zed" and bob "Bobby"
    toy: NamingToy


@pytest.fixture
async def servers(world: World) -> AsyncIterator[TwoServers]:
    fake = world.fake
    other = fake.add_guild("Other Server")
    fake.add_member(other, world.alice, nick="Zed")
    fake.add_member(other, world.bob, nick="Bobby")
    fake.set_nickname(world.guild, world.alice, "Ally")  # bob has no nickname here: "Bob"
    toy = NamingToy()
    world.registry = GAMES.with_kind(toy)
    yield TwoServers(world, other, toy)


@pytest.fixture
async def bot(servers: TwoServers) -> AsyncIterator[GameBot]:
    async with running(servers.world) as client:
        fake = servers.world.fake
        # Commands synced globally reach every server; the test bot syncs to its own server.
        fake.world.commands[servers.other.id] = fake.commands(servers.world.guild)
        yield client


async def thread_game(world: World, channel: FakeChannel, first: FakeUser, second: FakeUser):
    """`first` challenges `second` to the toy game in a thread of `channel`; `second` accepts."""
    made = await run(
        world,
        first,
        "challenge",
        {"game": "toy", "opponent": second, "first": "me", "thread": True},
        channel=channel,
    )
    accept = made.message.custom_ids()[0]
    await (await world.fake.press_button(second, made.message, accept))
    thread = await world.fake.wait_for_thread(channel)
    await world.fake.wait_for_message(thread)
    return thread


async def exported_names(world: World, user: FakeUser, channel: FakeChannel) -> str:
    exported = await run(world, user, "export", channel=channel)
    return " ".join(exported.attachments[0].data.decode().splitlines()[3:5])  # the players' tags


async def test_each_server_shows_its_own_nicknames(servers: TwoServers, bot: GameBot) -> None:
    world, toy = servers.world, servers.toy
    there = await thread_game(world, servers.other.text_channel, world.alice, world.bob)
    assert "Zed" in there.name and "Bobby" in there.name
    assert toy.drawn[-1] == {"Zed", "Bobby"}
    here = await thread_game(world, world.channel, world.bob, world.alice)
    assert "Ally" in here.name and "Bob" in here.name and "Zed" not in here.name
    assert toy.drawn[-1] == {"Ally", "Bob"}

    # Both games go on, each drawn with its own server's names.
    await run(world, world.alice, "move", {"move": "a"}, channel=there)
    assert toy.drawn[-1] == {"Zed", "Bobby"}
    await run(world, world.bob, "move", {"move": "a"}, channel=here)
    assert toy.drawn[-1] == {"Ally", "Bob"}
    assert "Zed" in await exported_names(world, world.bob, there)
    assert "Ally" in await exported_names(world, world.alice, here)

    # The replay at the end: every frame with the names of its server.
    drawn = len(toy.drawn)
    for player, cell in ((world.bob, "b"), (world.alice, "c"), (world.bob, "d")):
        await run(world, player, "move", {"move": cell}, channel=there)
    assert toy.drawn[drawn:] and all(names == {"Zed", "Bobby"} for names in toy.drawn[drawn:])


async def test_names_not_seen_are_fetched_per_server_and_a_former_member_has_their_own(
    servers: TwoServers,
) -> None:
    world = servers.world
    async with running(world):
        world.fake.world.commands[servers.other.id] = world.fake.commands(world.guild)
        there = await thread_game(world, servers.other.text_channel, world.alice, world.bob)
        here = await thread_game(world, world.channel, world.bob, world.alice)
    servers.other.members.pop(world.alice.id)  # alice leaves the other server
    async with running(world):  # a new process: nobody's name seen yet
        assert "Ally" in await exported_names(world, world.carol, here)
        header = await exported_names(world, world.bob, there)
    assert "Alice" in header and "Zed" not in header and "Bobby" in header
    fetched = world.fake.requests_to("GET /guilds/*/members/*")
    assert {request.status for request in fetched} == {200, 404}
