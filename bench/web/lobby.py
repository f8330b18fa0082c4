"""The lobby's first answer (issue 53, step 4; not a test).

Run ``python -m bench.web.lobby`` from the repository root. The web board runs in this process
over a service without Discord (as `python -m bot web` does) on PostgreSQL (a throwaway server
of its own, as the tests start; ``--url`` for an empty database of your own), with the fake
Discord answering the sign-ins and the lobby's questions about the server (its roles, channels
and members, the players' names). The server holds `CHALLENGES` open challenges and `GAMES`
stored games (a fifth of them active), in twenty channels, one of them hidden from the people
who open the lobby. Each of `PEOPLE` users signs in and asks for the lobby once: the time of
that first answer, median and p90, and the very first one (every name and the server's
permissions asked of Discord). Goal: median <= 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time

from bot.games import GAMES
from bot.store import NewGame, Result, challenges, games
from testing.fakediscord import FakeChannel
from testing.fakediscord.models import VIEW_CHANNEL
from testing.pgserver import PostgresServer, server_binaries
from testing.webapi import WebApi, web_api

CHALLENGES = 1_000
GAMES_STORED = 10_000
CHANNELS = 20
PEOPLE = 50
PLAYERS = 400
"""The server's players: the open challenges' challengers and the games' players."""
FIRST_PLAYER = 10_000


async def fill(api: WebApi) -> list[FakeChannel]:
    """The server's channels (the first hidden from everyone but the bot), its open challenges
    and its stored games, written to the database directly."""
    channels = [api.fake.add_text_channel(api.guild, f"table-{n}") for n in range(CHANNELS)]
    await api.fake.set_overwrite(channels[0], api.guild.roles[0], deny=VIEW_CHANNEL)
    await api.fake.set_overwrite(channels[0], api.fake.bot_user, allow=VIEW_CHANNEL)
    record = GAMES.kind("ponte").new("online").record().to_json()
    now = api.service.context.now()
    async with api.service.connection.transaction() as db:
        for index in range(CHALLENGES):
            await challenges.insert_challenge(
                db,
                game_kind="ponte",
                variant="online",
                guild_id=api.guild.id,
                channel_id=channels[index % CHANNELS].id,
                challenger_id=FIRST_PLAYER + index % PLAYERS + PLAYERS * (index // PLAYERS),
                opponent_id=None,
                challenger_first=True,
                move_seconds=86_400,
                wants_thread=False,
                created_at=now,
                expires_at=now + 86_400 + index,
            )
        for index in range(GAMES_STORED):
            active = index % 5 == 0
            # One active game per channel: the others stand in threads of the twenty channels.
            channel = channels[index % CHANNELS].id if index < CHANNELS else 3_000_000 + index
            parent = None if index < CHANNELS else channels[index % CHANNELS].id
            game_id = await games.insert_game(
                db,
                NewGame(
                    game_kind="ponte",
                    variant="online",
                    guild_id=api.guild.id,
                    channel_id=channel,
                    parent_channel_id=parent,
                    first_id=FIRST_PLAYER + index % PLAYERS,
                    second_id=FIRST_PLAYER + (index + 1) % PLAYERS,
                    first_colour="white",
                    second_colour="red",
                    move_seconds=86_400,
                    turn_started_at=now,
                    deadline=now + 86_400,
                    next_alarm_at=now + 86_400,
                    record=record,
                    revision=0,
                    seed=index,
                    created_at=now - index,
                ),
            )
            if not active:
                ended = Result(record, "white", "resignation", None, None, None, now)
                await games.finish_game(db, game_id, 0, ended)
    return channels


async def first_answers(api: WebApi, people: int) -> list[float]:
    """Each of `people` new users signs in and asks for the lobby: its seconds, in order."""
    times = []
    for number in range(people):
        user = api.fake.add_user(f"visitor{number}")
        session = await api.sign_in(user)
        started = time.perf_counter()
        status, lobby = await api.get("api/lobby", session)
        times.append(time.perf_counter() - started)
        assert status == 200 and lobby["challenges"] and lobby["games"], lobby
    return times


async def measure(url: str, people: int) -> list[float]:
    async with web_api(url) as api:
        await fill(api)
        return await first_answers(api, people)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a server's own)")
    parser.add_argument("--people", type=int, default=PEOPLE)
    options = parser.parse_args(argv)
    server = None
    if options.url is None:
        binaries = server_binaries()
        if binaries is None:
            print("no PostgreSQL server binaries (initdb, pg_ctl, postgres): pass --url")
            return 1
        server = PostgresServer(binaries)
        server.start()
    try:
        url = options.url or asyncio.run(server.fresh_url())  # type: ignore[union-attr]
        times = asyncio.run(measure(url, options.people))
    finally:
        if server is not None:
            server.stop()
    ms = [1000 * seconds for seconds in times]
    later = ms[1:] or ms
    print(
        f"the lobby's first answer, {options.people} people one after the other, with"
        f" {CHALLENGES:,} open challenges and {GAMES_STORED:,} games stored (PostgreSQL)"
    )
    print(
        f"median {statistics.median(later):.1f} ms, p90 {percentile(later, 0.9):.1f} ms;"
        f" the very first {ms[0]:.1f} ms (every name and permission asked of Discord)"
        " (goal: median <= 100 ms)"
    )
    return 0 if statistics.median(later) <= 100 else 1


if __name__ == "__main__":
    sys.exit(main())
