"""Is a player's game against the computer delayed by another player's analysis? (issue 29;
not a test)

Run ``python -m bench.speed.analysis_latency`` from the repository root. It runs the real bot in
this process against the fake Discord of the tests, with one thinking slot (AI_WORKERS=1), and
times alice's game against the computer: from the dispatch of her `/move` to the post of the
computer's answer (level hard, `--think` seconds a move), first with nothing else to do, then
while bob's analyses of long finished games run (turns of `REVIEW_SECONDS` each, in the same
slot, at low priority). An analysis turn is only started when no move waits, so a move waits
at most for one turn's review: the median answer time should barely change.

`measure(samples, think, gap)` returns both lists of seconds; the script prints the medians and
their ratio. alice moves `--gap` seconds after each answer, so that analysis turns run between
her moves and her move comes while one is under review: the case the priority is for.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.computer.review import REVIEW_SECONDS
from bot.discord.app import GameBot, open_bot
from bot.settings import Settings
from engine.ai.ponte.playout import random_turn
from engine.ponte import PonteGame
from testing.fakediscord import FakeChannel, FakeDiscord, FakeUser, InProcessBot
from testing.servicekit import play_to_end, start_game

LEVEL = "hard"
GAMES = 3  # long finished games of bob's to analyse: more turns than the samples take
WAIT = 60.0  # seconds before a wait in the benchmark counts as hung


async def answer_time(
    fake: FakeDiscord,
    bot: GameBot,
    alice: FakeUser,
    channel: FakeChannel,
    rng: random.Random,
    *,
    gap: float,
) -> float:
    """alice moves `gap` seconds after the computer's last answer, as a player looks at the
    board first (an analysis's turns run in that time: her move comes while one is under
    review); seconds until the computer's answer. A game is started first if none runs."""
    await asyncio.sleep(gap)
    try:
        view = await bot.service.queries.game_in(channel.id)
    except Exception:  # no game yet, or the last one ended: alice begins a new one
        options = {"game": "ponte", "opponent": fake.bot_user, "level": LEVEL, "first": "me"}
        await (await fake.send_slash_command(alice, channel, "challenge", options))
        view = await bot.service.queries.game_in(channel.id)
    assert isinstance(view.game, PonteGame) and view.to_move_id == alice.id
    mark = fake.mark()
    start = time.monotonic()
    move = {"move": str(random_turn(view.game, rng))}
    await (await fake.send_slash_command(alice, channel, "move", move))
    await fake.wait_for_message(
        channel, since=mark, check=lambda m: m.pinged == [alice], timeout=WAIT
    )
    return time.monotonic() - start


async def analyses_for_bob(bot: GameBot, fake: FakeDiscord, bob: FakeUser, carol: FakeUser) -> None:
    """bob's long games against carol, finished, each analysis asked for."""
    guild = next(iter(fake.world.guilds.values()))
    rng = random.Random(3)
    for number in range(GAMES):
        channel = fake.add_text_channel(guild, f"bob-{number}")
        await start_game(
            bot.service,
            channel_id=channel.id,
            challenger=bob.id,
            opponent=carol.id,
            guild_id=guild.id,
        )
        await play_to_end(bot.service, channel.id, rng)
        game = await bot.service.queries.latest_game_in(channel.id)
        await bot.service.analyses.request_analysis(
            bob.id, game_id=game.id, channel_id=channel.id, guild_id=guild.id
        )
    bot.analyst.look()


async def reviewing(bot: GameBot) -> bool:
    """Whether an analysis still has turns to review."""
    async with bot.service.connection.read() as db:
        left = await db.number("SELECT count(*) FROM analyses WHERE state <> 'done'")
    return bool(left)


def measure(samples: int, think: float, gap: float) -> tuple[list[float], list[float], int]:
    """The computer's answer times without and with bob's analyses running, and how many
    turns of them were reviewed meanwhile."""
    return asyncio.run(_measure(samples, think, gap))


async def _measure(samples: int, think: float, gap: float) -> tuple[list[float], list[float], int]:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Benchmark")
            alice, bob, carol = (fake.add_user(name) for name in ("alice", "bob", "carol"))
            settings = Settings(
                token=fake.token,
                database_path=Path(folder) / "bench.sqlite3",
                dev_guild_id=guild.id,
                api_base=fake.api_base,
                gateway_url=fake.gateway_url,
                ai_think_seconds=think,
                ai_workers=1,
                analyses_per_day=GAMES,
            )
            async with open_bot(settings, guild_ready_timeout=0.05) as bot:
                runner = InProcessBot(fake, lambda: bot)
                await runner.start()
                try:
                    await fake.wait_commands_synced(guild)
                    rng = random.Random(7)
                    channel = guild.text_channel
                    alone = [
                        await answer_time(fake, bot, alice, channel, rng, gap=gap)
                        for _ in range(samples)
                    ]
                    await analyses_for_bob(bot, fake, bob, carol)
                    beside = []
                    for _ in range(samples):
                        assert await reviewing(bot), "the analyses ended: use more GAMES"
                        beside.append(await answer_time(fake, bot, alice, channel, rng, gap=gap))
                    async with bot.service.connection.read() as db:
                        reviewed = await db.number("SELECT count(*) FROM reviewed_turns")
                    return alone, beside, reviewed or 0
                finally:
                    await runner.stop()


def main() -> None:
    """Print the medians and their ratio."""
    logging.basicConfig(level=logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--think", type=float, default=2.0, help="AI_THINK_SECONDS")
    parser.add_argument("--gap", type=float, default=1.0, help="seconds alice looks first")
    options = parser.parse_args()
    alone, beside, reviewed = measure(options.samples, options.think, options.gap)
    print(
        f"The computer's answer to alice's move (level {LEVEL}, {options.think:g} s a move, "
        f"one thinking slot, alice moving {options.gap:g} s after each answer), "
        f"{options.samples} moves each:"
    )
    print(
        f"  alone                   median {statistics.median(alone) * 1e3:7.0f} ms"
        f"   max {max(alone) * 1e3:7.0f} ms"
    )
    print(
        f"  beside bob's analyses   median {statistics.median(beside) * 1e3:7.0f} ms"
        f"   max {max(beside) * 1e3:7.0f} ms"
    )
    print(
        f"  ratio of the medians    {statistics.median(beside) / statistics.median(alone):.2f}"
        f"   ({reviewed} turns reviewed meanwhile, {REVIEW_SECONDS:g} s a turn)"
    )


if __name__ == "__main__":
    main()
