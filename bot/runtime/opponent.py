"""The computer opponent: thinks in worker processes and plays its moves as a person would (its
moves owe their posts as a person's do).

The search is CPU work of seconds, so it runs in a process of its own (`bot.computer`): the
event loop (and every other player's command) never waits for it, and the GIL is not shared. Each
game has at most one job at a time (`schedule` may be called as often as wanted). Nothing lives
only here: while the computer is to move, its game has a job in the database, which one thinking
process claims at a time (for a lease, so a job whose process died is taken over), and a move
thought about a position that changed meanwhile is dropped by the service's revision check.
Several processes may think (bots with AI_WORKERS, `python -m bot worker`): each finds the open
jobs at start, when told of new ones (PostgreSQL's NOTIFY), and every `POLL` seconds.
Games waiting for a search take turns by player (`FairSlots`): one player's many games must not
hold up another's.

A worker that fails or hangs (the bot's own timeout, a little over the thinking time) is stopped
and a new one asked once more; then the computer answers at once, in this process, with the first
move its search finds. A weak move is better than a game stuck with the computer to move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Self

from bot.computer.fair import FairSlots
from bot.computer.search import ProcessSearch, Search
from bot.computer.thinking import think
from bot.service import ComputerTurn, GameService, MoveResult
from bot.service.events import Event, GameChanged, sleep_unless
from bot.store import jobs
from engine.errors import EngineError

log = logging.getLogger(__name__)


GRACE = 5.0
"""Seconds beyond the thinking time before the bot gives up on a worker: starting a process and
replaying a long record take time too, and a search checks its clock only now and then."""
RETRY_LATER = 60.0
"""Seconds before a game whose computer could not move at all is tried again."""
POLL = 30.0
"""Seconds between two looks for open jobs (the safety net under NOTIFY and the events)."""
LEASE_MARGIN = 10.0
"""Seconds a claim on a job lasts beyond two tries at thinking: replaying, posting."""


class ComputerOpponent:
    """Plays the computer's turns of every game against the bot, while entered with `async
    with` (the bot from its start-up to its close, or a worker process for its whole life)."""

    def __init__(
        self,
        service: GameService,
        *,
        seconds: float,
        workers: int = 1,
        search: Search | None = None,
        ready: Callable[[], Awaitable[object]] | None = None,
        grace: float = GRACE,
        name: str = "bot",
    ) -> None:
        self.service = service
        self.name = name  # claims the jobs this process thinks about (the same after a restart)
        self.seconds = seconds
        self.grace = grace
        self.workers = workers
        self.search = search or ProcessSearch()  # in a process of its own per move
        self._ready = ready  # a bot first waits until it is connected
        # A job is claimed when a search can start; the waiting games take turns by player.
        self.slots = FairSlots(workers)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._starter: asyncio.Task[None] | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._closed = False
        self._look = asyncio.Event()  # set: look for open jobs now

    # Life cycle ----------------------------------------------------------------------------

    async def __aenter__(self) -> Self:
        """At work: hear the service's changes (it may be the computer's turn) and other
        processes' new jobs (NOTIFY), and take on the open jobs once ready."""
        self._unsubscribe = self.service.events.subscribe(self.on_event)
        try:
            await self.service.connection.listen(jobs.COMPUTER, lambda _: self.look())
        except BaseException:
            await self.close()
            raise
        self._starter = asyncio.create_task(self._watch(), name="computer-jobs")
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    def look(self) -> None:
        """Look for open jobs now (another process made one: NOTIFY)."""
        self._look.set()

    async def close(self) -> None:
        """Stop: hear no more changes, and terminate every search in progress (safe to call
        more than once)."""
        self._closed = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for handle in self._retries.values():
            handle.cancel()
        tasks = [task for task in (self._starter, *self._tasks.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _watch(self) -> None:
        """Once the bot is ready, take on the open jobs, and keep looking for new ones."""
        if self._ready is not None:
            await self._ready()
        await self.service.computer.release_computer_jobs(self.name)  # from before a restart
        while True:
            self._look.clear()
            try:
                open_jobs = await self.service.computer.open_computer_jobs()
            except Exception:  # those games would wait for the computer forever: look again
                log.exception("could not look for the computer's open jobs")
                open_jobs = []
            for game_id in open_jobs:
                self.schedule(game_id)
            await sleep_unless(self._look, POLL)

    # Scheduling ----------------------------------------------------------------------------

    def on_event(self, event: Event) -> None:
        """The service's subscriber: answer when a change leaves the computer to move."""
        if isinstance(event, GameChanged) and event.computer_to_move:
            self.schedule(event.game_id)

    def schedule(self, game_id: int) -> None:
        """Make the computer's move in this game if it is to move (one job per game)."""
        if self._closed:
            return
        retry = self._retries.pop(game_id, None)
        if retry is not None:
            retry.cancel()
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)  # the running job looks at the game again when done
            return
        self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"computer-{game_id}")

    async def _run(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                moved = await self.take_turn(game_id)
                if not moved and game_id not in self._again:
                    return
        except Exception:  # never silently: the game would wait for the computer forever
            log.exception("game %s: the computer could not move; trying again later", game_id)
            self._retry_later(game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    def _retry_later(self, game_id: int) -> None:
        if not self._closed:
            loop = asyncio.get_running_loop()
            self._retries[game_id] = loop.call_later(RETRY_LATER, self.schedule, game_id)

    # One move ------------------------------------------------------------------------------

    async def take_turn(self, game_id: int) -> bool:
        """Claim the game's job, think, move and post, now (`schedule` does it in the
        background); False if there was none to claim (the computer is not to move, or another
        process thinks about it). A job is claimed only once a search can start on it, for as
        long as both tries of `_play` may take: a job waiting here is left to any other process
        that has a search free. The games waiting here take turns by player (`FairSlots`)."""
        lease = 2 * (self.seconds + self.grace) + LEASE_MARGIN
        waiting = await self.service.computer.computer_turn(game_id)  # whose game it is, to be fair
        owner = None if waiting is None else waiting.player_id
        async with self.slots.slot(owner):
            turn = await self.service.computer.claim_computer_turn(
                game_id, by=self.name, lease=lease
            )
            if turn is None:
                return False
            result = await self._play(turn)
        if result is None:
            log.info("game %s changed while the computer thought; move dropped", game_id)
        return True  # look again: it may still be the computer's turn

    async def _play(self, turn: ComputerTurn) -> MoveResult | None:
        """The computer's move, applied and posted; None if the game moved on. Two tries of
        the search, then an instant answer here."""
        timeout = self.seconds + self.grace
        for attempt in (1, 2):
            try:
                text = await self.search.move(turn, self.seconds, timeout=timeout)
            except Exception:
                log.exception(
                    "game %s: the computer's search failed (try %d)", turn.game_id, attempt
                )
                continue
            try:
                return await self._move(turn, text)
            except EngineError:
                # An illegal move: the same seed and position would find it again.
                log.exception("game %s: the computer's search failed (illegal)", turn.game_id)
                break
        text = await asyncio.to_thread(think, turn.kind, turn.record, turn.level, turn.seed, 0.0)
        return await self._move(turn, text)

    async def _move(self, turn: ComputerTurn, text: str) -> MoveResult | None:
        """Apply the move; its post is owed with it (after the post of the move it answers,
        which goes first: a game's posts go out in order), and the deliverer of the process
        serving the game's server posts it."""
        return await self.service.computer.play_computer(turn, text)
