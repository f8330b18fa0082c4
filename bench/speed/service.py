"""Speed of the game service against the targets of issues 5 and 14 (not a test).

Run ``python -m bench.speed.service`` from the repository root. With 10,000 games stored, playing a
move through the service (load, validate, store; no image): median <= 5 ms, p99 <= 20 ms. 200 games
played concurrently in one process: >= 300 moves per second in total. With 10,000 finished games in
a server, `/leaderboard` and `/stats` answer in at most 50 ms (median), and finishing a game with
its rating update stays within 5 ms (median).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.games import GAMES, SomeGame
from bot.games import SomeKind as Kind
from bot.service import GameService, errors
from bot.store import Database, NewGame, Result, games, open_database, ratings
from engine.ai.ponte.playout import random_turn as ponte_turn
from engine.ai.verbindung.playout import random_turn as verbindung_turn
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame
from testing.servicekit import play_moves

STORED_GAMES = 10_000
TIMED_MOVES = 600
CONCURRENT_GAMES = 200
MOVES_EACH = 8
FIRST_CHANNEL = 1_000_000


def next_move(game: SomeGame, rng: random.Random) -> str:
    """A random legal move for the player to move."""
    if isinstance(game, PonteGame):
        return str(ponte_turn(game, rng, bridge_chance=0.3))
    if isinstance(game, VerbindungGame):
        return str(verbindung_turn(game, rng))
    raise TypeError(f"no random player for {type(game).__name__}")


def opening(kind: Kind, seed: int, plies: int) -> SomeGame:
    """A game `plies` moves in, with the dice the service itself would have drawn."""
    rng, game = random.Random(seed), kind.new(kind.variants[0])
    for event in kind.chance(game, seed):
        game.push(event)
    while len(game.moves) < plies and not game.is_over:
        game.play(next_move(game, rng))
        for event in kind.chance(game, seed):
            game.push(event)
    return game


def stored_game(index: int, game: SomeGame, kind: Kind, seed: int) -> NewGame:
    return NewGame(
        game_kind=kind.key,
        variant=kind.variants[0],
        guild_id=index % 50,
        channel_id=FIRST_CHANNEL + index,
        parent_channel_id=None,
        first_id=2 * index + 1,
        second_id=2 * index + 2,
        first_colour=game.first_player_colour.value,
        second_colour=game.first_player_colour.other.value,
        move_seconds=3 * 24 * 3600,
        turn_started_at=int(time.time()),
        deadline=int(time.time()) + 3 * 24 * 3600,
        next_alarm_at=int(time.time()) + 36 * 3600,
        record=game.record().to_json(),
        revision=0,
        seed=seed,
        created_at=int(time.time()),
    )


async def fill(connection: Database) -> None:
    """Store 10,000 games in mid-play: seeded positions of both games, 4 to 60 plies in."""
    templates = []
    for seed in range(60):
        kind = GAMES.kind("ponte" if seed % 3 else "verbindung")
        game = opening(kind, seed, plies=4 + seed)
        if not game.is_over:
            templates.append((kind, game, seed))
    async with connection.transaction() as db:
        for index in range(STORED_GAMES):
            kind, game, seed = templates[index % len(templates)]
            await games.insert_game(db, stored_game(index, game, kind, seed))


async def one_move(service: GameService, channel: int, rng: random.Random) -> float:
    """Time one move through the service; choosing it (the player's part) is not timed."""
    view = await service.queries.game_in(channel)
    text, user = next_move(view.game.copy(), rng), view.to_move_id
    assert user is not None
    start = time.perf_counter()
    await service.moves.play(channel, user, text, view.revision)
    return time.perf_counter() - start


async def single_moves(service: GameService) -> tuple[list[float], list[float]]:
    """Moves in games picked at random (cold: replayed from the record), and moves in a row in
    the same few games (warm: the position cache holds them)."""
    rng = random.Random(1)
    cold: list[float] = []
    while len(cold) < TIMED_MOVES:
        channel = FIRST_CHANNEL + rng.randrange(STORED_GAMES // 2)
        with contextlib.suppress(errors.NoGameHereError):  # that game may have ended already
            cold.append(await one_move(service, channel, rng))
    warm = []
    for channel in range(FIRST_CHANNEL, FIRST_CHANNEL + TIMED_MOVES // 20):
        with contextlib.suppress(errors.NoGameHereError):
            for _ in range(20):
                warm.append(await one_move(service, channel, rng))
    return cold, warm


def planned_moves(view_game: SomeGame, kind: Kind, seed: int, count: int) -> list[str]:
    """The next `count` moves of a game, with the rolls the service will draw."""
    rng, game = random.Random(seed), view_game.copy()
    moves: list[str] = []
    while len(moves) < count and not game.is_over:
        moves.append(next_move(game, rng))
        game.play(moves[-1])
        for event in kind.chance(game, seed):
            game.push(event)
    return moves


async def concurrent_games(service: GameService) -> tuple[int, float]:
    """200 games, each a coroutine submitting its planned moves as fast as the service allows."""
    first = FIRST_CHANNEL + STORED_GAMES // 2
    plans = []
    for channel in range(first, first + CONCURRENT_GAMES):
        view = await service.queries.game_in(channel)
        async with service.connection.read() as db:
            row = await games.get_game(db, view.id)
        assert row is not None  # the seed is the service's secret; the benchmark reads it
        plans.append((channel, planned_moves(view.game, view.kind, row.seed, MOVES_EACH)))

    async def play(channel: int, moves: list[str]) -> int:
        for text in moves:
            view = await service.queries.game_in(channel)
            user = view.to_move_id
            assert user is not None
            await service.moves.play(channel, user, text, view.revision)
        return len(moves)

    start = time.perf_counter()
    played = await asyncio.gather(*(play(channel, moves) for channel, moves in plans))
    return sum(played), time.perf_counter() - start


RATED_GUILD = 77
RATED_PLAYERS = 60
TIMED_LOOKUPS = 200
TIMED_ENDINGS = 300


async def fill_finished(connection: Database) -> None:
    """10,000 finished games of Ponte between 60 players of one server, each a rated result."""
    rng = random.Random(5)
    record = GAMES.kind("ponte").new("online").record().to_json()
    async with connection.transaction() as db:
        for index in range(STORED_GAMES):
            first, second = rng.sample(range(1, RATED_PLAYERS + 1), 2)
            winner = rng.choice([first, second, first, None])
            new = NewGame(
                game_kind="ponte",
                variant="online",
                guild_id=RATED_GUILD,
                channel_id=2_000_000 + index,
                parent_channel_id=None,
                first_id=first,
                second_id=second,
                first_colour="white",
                second_colour="red",
                move_seconds=3600,
                turn_started_at=index,
                deadline=index + 3600,
                next_alarm_at=None,
                record=record,
                revision=0,
                seed=index,
                created_at=index,
            )
            game_id = await games.insert_game(db, new)
            result = "draw" if winner is None else ("white" if winner == first else "red")
            ended = Result(record, result, "resignation", None, winner, None, index + 60)
            await games.finish_game(db, game_id, 0, ended)
            await ratings.insert_result(
                db,
                guild_id=RATED_GUILD,
                game_kind="ponte",
                first_id=first,
                second_id=second,
                winner_id=winner,
                finished_at=index + 60,
                game_id=game_id,
            )


async def timed(action: Callable[[], Awaitable[object]], count: int) -> list[float]:
    """The wall time of `count` calls of `action`, one after the other."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        await action()
        times.append(time.perf_counter() - start)
    return times


async def ratings_figures(service: GameService) -> dict[str, list[float]]:
    """Recompute the ratings of the stored results, then time the leaderboard, a player's
    statistics and the end of a game with its rating update."""
    start = time.perf_counter()
    await service.ratings.recompute_ratings()
    figures = {"recompute every rating (once)": [time.perf_counter() - start]}
    rng = random.Random(9)
    figures["/leaderboard, a random page"] = await timed(
        lambda: service.ratings.leaderboard(RATED_GUILD, "ponte", rng.randrange(6)), TIMED_LOOKUPS
    )
    figures["/stats of a random player"] = await timed(
        lambda: service.ratings.stats(
            RATED_GUILD, rng.randrange(1, 61), None, rng.randrange(1, 61)
        ),
        TIMED_LOOKUPS,
    )
    endings = []
    for number in range(TIMED_ENDINGS):
        channel = 3_000_000 + number
        made = await service.challenges.challenge(
            game_kind="ponte",
            guild_id=RATED_GUILD,
            channel_id=channel,
            challenger_id=1 + number % RATED_PLAYERS,
            opponent_id=1 + (number + 1) % RATED_PLAYERS,
        )
        await service.challenges.accept(made.id, made.opponent)
        await play_moves(service, channel)  # both players move: the result is rated
        start = time.perf_counter()
        await service.moves.resign(channel, made.opponent)
        endings.append(time.perf_counter() - start)
    figures["finish a game with its rating update"] = endings
    return figures


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        connection = await open_database(Path(folder) / "bench.sqlite3")
        try:
            await fill(connection)
            service = GameService(connection)
            cold, warm = await single_moves(service)
            moves, seconds = await concurrent_games(service)
        finally:
            await connection.close()
        connection = await open_database(Path(folder) / "rated.sqlite3")
        try:
            await fill_finished(connection)
            rated = await ratings_figures(GameService(connection))
        finally:
            await connection.close()
    print(f"service with {STORED_GAMES:,} stored games (targets: median <= 5 ms, p99 <= 20 ms)")
    for name, times in (("random games (cold)", cold), ("same game again (warm)", warm)):
        print(
            f"  move in {name:<22} median {statistics.median(times) * 1e3:6.2f} ms"
            f"   p99 {p99(times) * 1e3:6.2f} ms   ({len(times)} moves)"
        )
    print(
        f"  {CONCURRENT_GAMES} games concurrently: {moves} moves in {seconds:.2f} s ="
        f" {moves / seconds:,.0f} moves/s (target >= 300)"
    )
    print(
        f"ratings with {STORED_GAMES:,} finished games in one server, {RATED_PLAYERS} players"
        " (targets: lookups median <= 50 ms, finishing median <= 5 ms)"
    )
    for name, times in rated.items():
        print(
            f"  {name:<40} median {statistics.median(times) * 1e3:7.2f} ms"
            f"   ({len(times)} {'call' if len(times) == 1 else 'calls'})"
        )


if __name__ == "__main__":
    asyncio.run(main())
