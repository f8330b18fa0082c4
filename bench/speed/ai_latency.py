"""How long other players wait while the computer thinks (issue 7; not a test).

Run ``python -m bench.speed.ai_latency`` from the repository root. It runs the real bot in this
process against the fake Discord of the tests, starts a game against the computer (level hard, about
two seconds per move) in one channel and, while the computer thinks, times slash commands of two
other players in another channel: from the interaction's dispatch to its acknowledgement at the fake
(a `/move`, answered with the new board). The search runs in a worker process, so these should stay
as fast as without a computer game: far inside Discord's 3 seconds.

`measure(samples)` returns the latencies in seconds; the script prints the median and maximum.
"""

from __future__ import annotations

import asyncio
import logging
import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bot.discord.app import GameBot, open_bot
from bot.settings import Settings
from engine.ai.ponte.playout import random_turn
from engine.ponte import PonteGame
from testing.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeUser,
    InProcessBot,
    InteractionResult,
)
from testing.workers import WatchedSearch

THINK_SECONDS = 2.0
LEVEL = "hard"
WAIT = 30.0  # seconds before a wait in the benchmark counts as hung


class Scene:
    """The fake Discord with a server, two channels and three players, and the running bot."""

    def __init__(self, fake: FakeDiscord, bot: GameBot, search: WatchedSearch) -> None:
        self.fake, self.bot, self.search = fake, bot, search
        guild = next(iter(fake.world.guilds.values()))
        self.computer_channel: FakeChannel = guild.text_channel
        self.other_channel = next(c for c in guild.channels if c.name == "other")
        users = {user.name: user for user in fake.world.users.values()}
        self.alice, self.bob, self.carol = users["alice"], users["bob"], users["carol"]
        self.rng = random.Random(7)

    async def command(
        self, user: FakeUser, channel: FakeChannel, name: str, **options: Any
    ) -> InteractionResult:
        """A slash command, waited for until answered."""
        return await (await self.fake.send_slash_command(user, channel, name, options))

    async def move(self, channel: FakeChannel) -> float:
        """A random legal move of the player to move in `channel`; its acknowledgement time."""
        view = await self.bot.service.queries.game_in(channel.id)
        user = next(u for u in (self.alice, self.bob, self.carol) if u.id == view.to_move_id)
        assert isinstance(view.game, PonteGame)
        result = await self.command(
            user, channel, "move", move=str(random_turn(view.game, self.rng))
        )
        assert result.ack_seconds is not None and not result.ephemeral, result.content
        return result.ack_seconds

    async def human_game(self) -> None:
        """bob and carol start a game in the other channel (if none runs there)."""
        latest = await self.bot.service.queries.games(guild_id=None, user_id=self.bob.id)
        if any(view.channel_id == self.other_channel.id for view in latest):
            return
        options = {"game": "ponte", "opponent": self.carol, "first": "me"}
        challenge = await self.command(self.bob, self.other_channel, "challenge", **options)
        accept = challenge.message.custom_ids()[0]
        await (await self.fake.press_button(self.carol, challenge.message, accept))

    async def computer_thinking(self) -> None:
        """Make sure the computer thinks now: start its game, or make alice's move in it."""
        search = self.search
        channel = self.computer_channel
        try:
            view = await self.bot.service.queries.game_in(channel.id)
        except Exception:  # no game yet, or the last one ended: a new one, the computer begins
            options = {"game": "ponte", "opponent": self.fake.bot_user}
            await self.command(
                self.alice, channel, "challenge", level=LEVEL, first="opponent", **options
            )
            view = await self.bot.service.queries.game_in(channel.id)
        if search.is_thinking(view.id):
            return
        found = search.found
        if view.to_move_id == self.alice.id:
            await self.move(channel)
        # A search that answers at once (a placeholder) may be over before this looks.
        changed = asyncio.Event()
        unsubscribe = search.events.subscribe(lambda _game: changed.set())
        try:
            async with asyncio.timeout(WAIT):
                while not (search.is_thinking(view.id) or search.found > found):
                    await changed.wait()
                    changed.clear()
        finally:
            unsubscribe()


def measure(samples: int = 20) -> tuple[list[float], int]:
    """Seconds from the dispatch of each of `samples` slash commands (a `/move` in a game
    between two people) to its acknowledgement, each sent while the computer thinks about its
    move in another channel (level hard, `THINK_SECONDS` per move); and how many of them the
    search ran through from start to end (the others began or ended as it answered)."""
    return asyncio.run(_measure(samples))


async def _measure(samples: int) -> tuple[list[float], int]:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Benchmark")
            fake.add_text_channel(guild, "other")
            for name in ("alice", "bob", "carol"):
                fake.add_user(name)
            settings = Settings(
                token=fake.token,
                database_path=Path(folder) / "bench.sqlite3",
                dev_guild_id=guild.id,
                api_base=fake.api_base,
                gateway_url=fake.gateway_url,
                ai_think_seconds=THINK_SECONDS,
            )
            search = WatchedSearch()  # the computer's own, telling when it thinks
            async with open_bot(settings, search=search, guild_ready_timeout=0.05) as client:
                runner = InProcessBot(fake, lambda: client)
                await runner.start()
                try:
                    await fake.wait_commands_synced(guild)
                    return await _samples(Scene(fake, client, search), samples)
                finally:
                    await runner.stop()


async def _samples(scene: Scene, samples: int) -> tuple[list[float], int]:
    """The latencies, and how many commands the search ran through from start to end."""
    latencies, overlapped = [], 0
    thinking = scene.search.thinking
    for _ in range(samples):
        await scene.human_game()
        await scene.computer_thinking()
        before = bool(thinking)
        latencies.append(await scene.move(scene.other_channel))
        overlapped += before and bool(thinking)
    return latencies, overlapped


def main() -> None:
    """Print the median and the maximum latency."""
    logging.basicConfig(level=logging.ERROR)  # discord.py's notes on voice support are noise
    latencies, overlapped = measure(20)
    print(
        f"Other players' commands while the computer thinks (level {LEVEL}, "
        f"{THINK_SECONDS:g} s per move), {len(latencies)} samples, "
        f"{overlapped} of them with the search running from start to end:"
    )
    print(f"  median {statistics.median(latencies) * 1e3:8.1f} ms")
    print(f"  max    {max(latencies) * 1e3:8.1f} ms   (Discord allows 3000 ms)")


if __name__ == "__main__":
    main()
