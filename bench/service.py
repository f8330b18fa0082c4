"""Speed of the game service against the targets of issue 5 (not a test).

Run ``python -m bench.service`` from the repository root. With 10,000 games stored, playing a move
through the service (load, validate, store; no image): median <= 5 ms, p99 <= 20 ms. 200 games
played concurrently in one process: >= 300 moves per second in total.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import cast

from bot import games as registry
from bot.games import SomeSpec as Kind
from bot.service import GameService, errors
from bot.store import Database, NewGame, games, open_database
from engine.ai.ponte.playout import random_turn as ponte_turn
from engine.ai.verbindung.playout import random_turn as verbindung_turn
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame

EngineGame = PonteGame | VerbindungGame

STORED_GAMES = 10_000
TIMED_MOVES = 600
CONCURRENT_GAMES = 200
MOVES_EACH = 8
FIRST_CHANNEL = 1_000_000


def next_move(game: EngineGame, rng: random.Random) -> str:
    """A random legal move for the player to move."""
    if isinstance(game, PonteGame):
        return str(ponte_turn(game, rng, bridge_chance=0.3))
    return str(verbindung_turn(game, rng))


def opening(kind: Kind, seed: int, plies: int) -> EngineGame:
    """A game `plies` moves in, with the dice the service itself would have drawn."""
    rng, game = random.Random(seed), cast(EngineGame, kind.new(kind.variants[0]))
    for event in kind.chance(game, seed):
        kind.push(game, event)
    while len(game.moves) < plies and not game.is_over:
        game.play(next_move(game, rng))
        for event in kind.chance(game, seed):
            kind.push(game, event)
    return game


def stored_game(index: int, game: EngineGame, kind: Kind, seed: int) -> NewGame:
    return NewGame(
        game_kind=kind.key,
        variant=kind.variants[0],
        guild_id=index % 50,
        channel_id=FIRST_CHANNEL + index,
        parent_channel_id=None,
        first_id=2 * index + 1,
        second_id=2 * index + 2,
        first_colour=kind.first_colour(game),
        second_colour=kind.other(kind.first_colour(game)),
        move_seconds=3 * 24 * 3600,
        turn_started_at=int(time.time()),
        deadline=int(time.time()) + 3 * 24 * 3600,
        next_alarm_at=int(time.time()) + 36 * 3600,
        record=kind.dump(game),
        version=len(game.moves),
        seed=seed,
        created_at=int(time.time()),
    )


async def fill(connection: Database) -> None:
    """Store 10,000 games in mid-play: seeded positions of both games, 4 to 60 plies in."""
    templates = []
    for seed in range(60):
        kind = registry.spec("ponte" if seed % 3 else "verbindung")
        game = opening(kind, seed, plies=4 + seed)
        if not game.is_over:
            templates.append((kind, game, seed))
    async with connection.transaction() as db:
        for index in range(STORED_GAMES):
            kind, game, seed = templates[index % len(templates)]
            await games.insert_game(db, stored_game(index, game, kind, seed))


async def one_move(service: GameService, channel: int, rng: random.Random) -> float:
    """Time one move through the service; choosing it (the player's part) is not timed."""
    view = await service.game_in(channel)
    text, user = next_move(cast(EngineGame, view.game.copy()), rng), view.to_move_id
    assert user is not None
    start = time.perf_counter()
    await service.play(channel, user, text, view.version)
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


def planned_moves(view_game: EngineGame, kind: Kind, seed: int, count: int) -> list[str]:
    """The next `count` moves of a game, with the rolls the service will draw."""
    rng, game = random.Random(seed), view_game.copy()
    moves: list[str] = []
    while len(moves) < count and not game.is_over:
        moves.append(next_move(game, rng))
        game.play(moves[-1])
        for event in kind.chance(game, seed):
            kind.push(game, event)
    return moves


async def concurrent_games(service: GameService) -> tuple[int, float]:
    """200 games, each a coroutine submitting its planned moves as fast as the service allows."""
    first = FIRST_CHANNEL + STORED_GAMES // 2
    plans = []
    for channel in range(first, first + CONCURRENT_GAMES):
        view = await service.game_in(channel)
        async with service.connection.read() as db:
            row = await games.get_game(db, view.id)
        assert row is not None  # the seed is the service's secret; the benchmark reads it
        plans.append(
            (channel, planned_moves(cast(EngineGame, view.game), view.kind, row.seed, MOVES_EACH))
        )

    async def play(channel: int, moves: list[str]) -> int:
        for text in moves:
            view = await service.game_in(channel)
            user = view.to_move_id
            assert user is not None
            await service.play(channel, user, text, view.version)
        return len(moves)

    start = time.perf_counter()
    played = await asyncio.gather(*(play(channel, moves) for channel, moves in plans))
    return sum(played), time.perf_counter() - start


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


if __name__ == "__main__":
    asyncio.run(main())
