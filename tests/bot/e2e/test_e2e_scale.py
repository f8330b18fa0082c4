"""Beyond one machine (issue 16): three bot processes, each connecting one of three shards, and a
worker that only thinks, all on one PostgreSQL server and the fake Discord (which speaks the
gateway's sharding). Games in the servers of every shard are played to the end; one process is
killed (SIGKILL) mid-game and its game goes on after its restart; every reminder and loss on time
is posted exactly once; the computer's moves are thought by the worker and posted by the bot."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from bot.runtime.wiring import application_id_of
from bot.service import GameService
from bot.service.context import WAKE
from testing.fakediscord import BotProcess, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from testing.servicekit import open_service, random_move

SHARDS = 3
PNG = b"\x89PNG\r\n\x1a\n"


@dataclass
class Cluster:
    """The fake Discord with one server per shard, two players, the database, and processes."""

    fake: FakeDiscord
    guilds: list[FakeGuild]
    alice: FakeUser
    bob: FakeUser
    url: str
    folder: Path
    service: GameService  # the test's own view of the database

    def bot(self, shard: int) -> BotProcess:
        """The process of one shard: it thinks for nobody (AI_WORKERS 0)."""
        env = {
            "DATABASE_URL": self.url,
            "SHARD_COUNT": str(SHARDS),
            "SHARD_IDS": str(shard),
            "AI_WORKERS": "0",
            "LOG_LEVEL": "INFO",
            **self.fake.bot_env(self.guilds[shard]),
        }
        return BotProcess(self.fake, "bot", env=env, cwd=self.folder)

    def worker(self) -> BotProcess:
        """`python -m bot worker`: thinks for the computer, no Discord."""
        env = {"DATABASE_URL": self.url, "AI_WORKERS": "1", "AI_THINK_SECONDS": "0.2"}
        return BotProcess(self.fake, "bot", args=["worker"], env=env, cwd=self.folder)


@pytest.fixture
async def cluster(tmp_path: Path, postgres_server) -> AsyncIterator[Cluster]:
    async with FakeDiscord() as fake:
        guilds = [fake.add_guild(f"Server {n}", shard=(n, SHARDS)) for n in range(SHARDS)]
        alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="de")
        url = await postgres_server.fresh_url()
        service = await open_service(url)
        service.computer_id = application_id_of(fake.token)
        try:
            yield Cluster(fake, guilds, alice, bob, url, tmp_path, service)
        finally:
            await service.connection.close()


async def command(cluster: Cluster, user: FakeUser, guild: FakeGuild, name: str, **options):
    return await (await cluster.fake.send_slash_command(user, guild.text_channel, name, options))


async def challenge(cluster: Cluster, guild: FakeGuild, **options) -> None:
    """alice challenges bob, who accepts; the start is posted in the server's channel."""
    made = await command(
        cluster,
        cluster.alice,
        guild,
        "challenge",
        game="verbindung",
        opponent=cluster.bob,
        first="me",
        **options,
    )
    mark = cluster.fake.mark()
    await (await cluster.fake.press_button(cluster.bob, made.message, made.message.custom_ids()[0]))
    await cluster.fake.wait_for_message(guild.text_channel, since=mark)


async def play(cluster: Cluster, guild: FakeGuild, rng: random.Random, turns: int) -> bool:
    """Up to `turns` random legal moves in the server's game; True once it has ended."""
    players = {cluster.alice.id: cluster.alice, cluster.bob.id: cluster.bob}
    for _ in range(turns):
        view = await cluster.service.queries.latest_game_in(guild.text_channel.id)
        if not view.is_active:
            return True
        mover = players[view.to_move_id or 0]
        answer = await command(cluster, mover, guild, "move", move=random_move(view, rng))
        assert not answer.ephemeral, answer.content
        assert answer.attachments[0].data.startswith(PNG)
    return not (await cluster.service.queries.latest_game_in(guild.text_channel.id)).is_active


async def test_three_shard_processes_and_a_worker_share_the_work(cluster: Cluster) -> None:
    processes = [cluster.bot(shard) for shard in range(SHARDS)]
    worker = cluster.worker()
    try:
        for shard, process in enumerate(processes):
            await process.start()
            await cluster.fake.wait_commands_synced(cluster.guilds[shard])
        await worker.start(ready=False)
        rng = random.Random(16)
        for guild in cluster.guilds:
            await challenge(cluster, guild)
            await play(cluster, guild, rng, 4)

        # The process of shard 1 dies mid-game; after its restart the game goes on.
        assert await processes[1].kill() != 0
        processes[1] = cluster.bot(1)
        await processes[1].start()
        for guild in cluster.guilds:
            while not await play(cluster, guild, rng, 10):
                pass
        for guild in cluster.guilds:  # each end posted once, in its own server
            ends = [m for m in visible(cluster, guild) if "🏁" in m.content or "🏳️" in m.content]
            assert len(ends) == 1, [m.content for m in ends]

        await reminders_and_losses_once(cluster)
        await computer_moves_by_the_worker(cluster, rng)
    finally:
        for process in [*processes, worker]:
            await process.stop()


def visible(cluster: Cluster, guild: FakeGuild) -> list[FakeMessage]:
    return [m for m in cluster.fake.messages_in(guild.text_channel) if m.visible]


async def reminders_and_losses_once(cluster: Cluster) -> None:
    """Every server gets a game with an hour per move; the database is told that half the hour
    has passed (and then all of it), and each process hears of it (NOTIFY): each reminder and
    each loss on time appears once, in its own server."""
    for guild in cluster.guilds:
        await challenge(cluster, guild, time=3600)
    mark = cluster.fake.mark()
    await shift_turns(cluster, seconds=1900)
    for guild in cluster.guilds:
        reminder = await cluster.fake.wait_for_message(
            guild.text_channel, since=mark, check=lambda m: "⏰" in m.content
        )
        assert reminder.pinged == [cluster.alice]
    mark = cluster.fake.mark()
    await shift_turns(cluster, seconds=1800)
    for guild in cluster.guilds:
        await cluster.fake.wait_for_message(
            guild.text_channel, since=mark, check=lambda m: "⌛" in m.content
        )
    for guild in cluster.guilds:
        contents = [m.content for m in visible(cluster, guild)]
        assert sum("⏰" in c for c in contents) == 1, contents
        assert sum("⌛" in c for c in contents) == 1, contents


async def shift_turns(cluster: Cluster, seconds: int) -> None:
    """Make the running games' turns `seconds` older, as time passing would, and wake every
    process as a change by another process would."""
    connection = await asyncpg.connect(cluster.url)
    try:
        await connection.execute(
            "UPDATE games SET turn_started_at = turn_started_at - $1,"
            " deadline = deadline - $1, next_alarm_at = next_alarm_at - $1"
            " WHERE status = 'active'",
            seconds,
        )
        for guild in cluster.guilds:
            await connection.execute("SELECT pg_notify($1, $2)", WAKE, f"{guild.id}:0")
    finally:
        await connection.close()


async def computer_moves_by_the_worker(cluster: Cluster, rng: random.Random) -> None:
    """A game against the computer in the server of shard 0: its bot process does not think
    (AI_WORKERS 0), the worker does, and the bot posts each of its moves."""
    guild = cluster.guilds[0]
    await command(
        cluster,
        cluster.alice,
        guild,
        "challenge",
        game="verbindung",
        opponent=cluster.fake.bot_user,
        first="me",
        level="easy",
    )
    for _ in range(3):
        view = await cluster.service.queries.latest_game_in(guild.text_channel.id)
        assert view.to_move_id == cluster.alice.id
        mark = cluster.fake.mark()
        await command(cluster, cluster.alice, guild, "move", move=random_move(view, rng))
        # The computer's move is the post that pings alice (her own move's answer pings nobody).
        answer = await cluster.fake.wait_for_message(
            guild.text_channel, since=mark, check=lambda m: m.pinged == [cluster.alice]
        )
        assert answer.attachments[0].data.startswith(PNG)
        after = await cluster.service.queries.latest_game_in(guild.text_channel.id)
        assert after.revision > view.revision + 1 or not after.is_active
        if not after.is_active:
            break
