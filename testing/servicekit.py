"""Shared pieces for tests of the store and the service: a settable clock, seeds, game set-up,
and random legal moves for playing whole games through the service."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from bot.discord.kinds import KINDS
from bot.games import GAMES, Registry
from bot.service import Challenge, ComputerTurn, GameService, GameView, MoveResult
from bot.service.events import Events
from bot.service.limits import Limits
from bot.service.owed import answering, current_answer
from bot.store import Reach, open_database, outbox
from bot.store.outbox import OutboxRow
from engine.ai.ponte.playout import random_turn as ponte_turn
from engine.ai.verbindung.playout import random_turn as verbindung_turn
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame

E = TypeVar("E")
START = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
ALICE, BOB, CAROL = 101, 202, 303
COMPUTER = 909  # the user id the computer plays under (the bot's own, in the bot)
GUILD, CHANNEL = 5000, 6000
WAIT = 60.0
"""Seconds `until` waits before calling a thing hung: generous, for a loaded machine (as the
fake Discord's `WAIT`); a bound costs nothing when the test passes."""


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


class CountingSeeds:
    """Deterministic seeds 1, 2, 3, ... (odd first: a coin toss gives the challenger the start)."""

    def __init__(self, start: int = 1) -> None:
        self._next = itertools.count(start)

    def __call__(self) -> int:
        return next(self._next)


async def open_service(
    where: str | Path,
    clock: FakeClock | None = None,
    seeds: CountingSeeds | None = None,
    *,
    registry: Registry = GAMES,
    limits: Limits | None = None,
) -> GameService:
    """A service over a freshly opened (and migrated) database: an SQLite file or a
    PostgreSQL URL; `registry` says which games it offers, `limits` its limits (the
    defaults)."""
    connection = await open_database(where)
    service = GameService(
        connection,
        clock=clock or FakeClock(),
        seeds=seeds or CountingSeeds(),
        computer_id=COMPUTER,
        registry=registry,
        limits=limits or Limits(),
    )
    await service.outbox.release_claims()  # as the bot does at start: nothing of it is being posted
    return service


async def start_game(
    service: GameService,
    game_kind: str = "ponte",
    *,
    channel_id: int = CHANNEL,
    challenger: int = ALICE,
    opponent: int = BOB,
    variant: str | None = None,
    move_seconds: int | None = None,
    best_of: int | None = None,
    guild_id: int | None = GUILD,
    reach: Reach = Reach.POST,
) -> Accepted:
    """Challenge and accept (a game, or a best-of match); the challenger moves first; `reach`
    REPLY for a channel the bot can only answer in. Inside a test's `answering()`, what the
    start owes is answered as a command's is; the challenge's own posts are settled."""
    outer = current_answer()
    # Inside an answer the challenge's posts are kept apart (settled below, never answered);
    # outside one nothing is claimed, and the start waits for the deliverer as any post.
    apart = answering(outer.locale, outer.user_id, outer.channel_id) if outer else None
    with apart or contextlib.nullcontext() as inner:
        challenge = await service.challenges.challenge(
            game_kind=game_kind,
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=challenger,
            opponent_id=opponent,
            variant=variant,
            move_seconds=move_seconds,
            challenger_first=True,
            best_of=best_of,
            reach=reach,
        )
        result = await service.challenges.accept(challenge.id, opponent)
    assert result.view is not None  # no thread was asked for: the game started here
    settled = await settle_challenge_posts(service, challenge.id)
    if outer is not None and inner is not None:
        outer.ids.extend(post for post in inner.ids if post not in settled)
    return Accepted(result.challenge, result.view)


async def settle_challenge_posts(service: GameService, challenge_id: int) -> set[int]:
    """Settle the posts of a challenge (its message and that message's edit once accepted),
    as if they were shown: a game a test starts begins with its start owed, its challenge
    behind it. The ids settled."""
    settled = set()
    for row in await owed(service):
        if row.subject == "challenge" and row.subject_id == challenge_id:
            await service.outbox.delivered(row.id)
            settled.add(row.id)
    return settled


@dataclass(frozen=True)
class Accepted:
    """A challenge accepted in its channel, and the game it started there."""

    challenge: Challenge
    view: GameView


async def start_computer_game(
    service: GameService,
    game_kind: str = "ponte",
    *,
    player_first: bool = True,
    channel_id: int = CHANNEL,
    player: int = ALICE,
    level: str | None = "easy",
    move_seconds: int | None = None,
    best_of: int | None = None,
) -> GameView:
    """A game (or a best-of match) of `player` against the computer, started at once."""
    started = await service.computer.start_computer_game(
        game_kind=game_kind,
        guild_id=GUILD,
        channel_id=channel_id,
        player_id=player,
        level=level,
        player_first=player_first,
        move_seconds=move_seconds,
        best_of=best_of,
    )
    return started.view


async def computer_turns(service: GameService) -> list[ComputerTurn]:
    """The computer's turns whose jobs nobody thinks about now."""
    turns = [
        await service.computer.computer_turn(game)
        for game in await service.computer.open_computer_jobs()
    ]
    return [turn for turn in turns if turn is not None]


def random_move(view: GameView, rng: random.Random) -> str:
    """A random legal move for the player to move, in notation."""
    game = view.game
    if isinstance(game, PonteGame):
        return str(ponte_turn(game, rng, bridge_chance=0.4, swap_chance=0.3))
    if isinstance(game, VerbindungGame):
        return str(verbindung_turn(game, rng))
    raise TypeError(f"no random player for {type(game).__name__}")


async def play_moves(
    service: GameService, channel_id: int = CHANNEL, count: int = 2, seed: int = 0
) -> GameView:
    """`count` random legal moves in the channel's game by whoever is to move (with two, each
    player has moved: the result will be rated); the game after them."""
    rng = random.Random(seed)
    view = await service.queries.game_in(channel_id)
    for _ in range(count):
        mover = view.to_move_id
        assert mover is not None
        view = (
            await service.moves.play(channel_id, mover, random_move(view, rng), view.revision)
        ).view
    return view


async def play_to_end(
    service: GameService, channel_id: int, rng: random.Random, limit: int = 400
) -> list[MoveResult]:
    """Play random legal moves through the service until the game ends."""
    results: list[MoveResult] = []
    view = await service.queries.game_in(channel_id)
    for _ in range(limit):
        mover = view.to_move_id
        assert mover is not None
        result = await service.moves.play(channel_id, mover, random_move(view, rng), view.revision)
        results.append(result)
        if result.ending is not None:
            return results
        view = result.view
    raise AssertionError(f"no end after {limit} moves")


async def until(events: Events[E], condition: Callable[[], bool], timeout: float = WAIT) -> None:
    """Wait until `condition()` holds, looking again at every event `events` publishes (no
    polling, no sleeping); `TimeoutError` after `timeout` seconds as a guard against a hang."""
    changed = asyncio.Event()
    unsubscribe = events.subscribe(lambda _event: changed.set())
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                await changed.wait()
                changed.clear()
    finally:
        unsubscribe()


async def owed(service: GameService, kind: str | None = None) -> list[OutboxRow]:
    """The posts still owed (of `kind`, if given), oldest first."""
    async with service.connection.read() as db:
        rows = await outbox.undelivered(db)
    return [row for row in rows if kind is None or row.kind == kind]


async def shown(service: GameService, row: OutboxRow) -> object | None:
    """What owed post `row` shows, rebuilt as the deliverer would (None: it is pointless now)."""
    return await service.outbox.rebuild(KINDS[row.kind].post, row)


async def settle_posts(service: GameService, clock: FakeClock) -> None:
    """Settle every post the outbox owes, as the deliverer would after posting them."""
    later = clock.now + timedelta(days=1)
    while rows := await service.outbox.claim_due(later):
        for row in rows:
            await service.outbox.delivered(row.id)
