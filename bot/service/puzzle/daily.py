"""The daily puzzle (issue 48): a channel that asked for it (a member who may manage it asked)
gets one puzzle a day, owed through the outbox (`DAILY`), the newest of its server's not posted
there yet, else one the project ships.

"Once a day" holds across restarts and processes because the day's puzzle is a row whose primary
key is the channel and the day (`puzzle_days`), written in the transaction that owes its post:
whichever round of whichever process comes second writes nothing and owes nothing. Days are UTC
days; a channel that asks gets today's puzzle at once. A server has at most `CHANNELS` of them:
a daily post is a message nobody asked for, so it is bounded.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.context import Context
from bot.service.deadlines import DAY, moment
from bot.service.owed import PostData, PostKind, Subject
from bot.service.puzzle.errors import DailyPuzzleLimitError
from bot.service.puzzle.views import DailyShown, Puzzle
from bot.service.puzzles import Puzzles
from bot.store import Db, games, puzzles
from bot.store.outbox import OutboxRow
from bot.store.puzzles import DailyChannel

CHANNELS = 3
"""Channels of one server with a daily puzzle, at most."""


class DailyPuzzles:
    """The use cases of the channels' daily puzzle."""

    def __init__(self, ctx: Context, solving: Puzzles) -> None:
        self.ctx = ctx
        self.solving = solving

    async def start(self, channel_id: int, guild_id: int, user_id: int) -> bool:
        """`user_id` asks for a daily puzzle in `channel_id` of `guild_id` (whether they may is
        the caller's to check); whether it is new. Today's puzzle is owed at once. Raises
        `DailyPuzzleLimitError` beyond `CHANNELS` channels of the server."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            here = await puzzles.channels_of(db, guild_id)
            if channel_id not in {c.channel_id for c in here} and len(here) >= CHANNELS:
                raise DailyPuzzleLimitError(
                    "the server has its daily puzzles", daily_channels=CHANNELS
                )
            channel = DailyChannel(channel_id, guild_id, user_id, now)
            new = await puzzles.add_channel(db, channel)
        await self.post_due()
        return new

    async def stop(self, channel_id: int) -> bool:
        """No more daily puzzles in `channel_id`; whether it had them."""
        async with self.ctx.connection.transaction() as db:
            return await puzzles.remove_channel(db, channel_id)

    async def channels(self, guild_id: int) -> list[int]:
        """The server's channels with a daily puzzle."""
        async with self.ctx.connection.read() as db:
            return [channel.channel_id for channel in await puzzles.channels_of(db, guild_id)]

    async def post_due(self) -> int:
        """Owe today's puzzle in every channel (of this process's servers) that has none yet;
        how many were owed. A channel with no puzzle left waits for one."""
        now = self.ctx.now()
        day = now // DAY
        await self.solving.stock()
        async with self.ctx.connection.read() as db:
            due = await puzzles.channels_due(db, day, self.ctx.shards)
        owed = 0
        for channel in due:
            async with self.ctx.connection.transaction() as db:
                owed += await self._owe_day(db, channel, day)
        return owed

    async def next_due(self) -> datetime | None:
        """When the next day's puzzles fall due (the next midnight, UTC), if any channel of this
        process's servers has a daily puzzle."""
        async with self.ctx.connection.read() as db:
            if not await puzzles.any_channel(db, self.ctx.shards):
                return None
        return moment((self.ctx.now() // DAY + 1) * DAY)

    async def _owe_day(self, db: Db, channel: DailyChannel, day: int) -> bool:
        kinds = self.ctx.registry.keys()
        row = await puzzles.for_channel(db, channel.channel_id, channel.guild_id, kinds)
        if row is None or not await puzzles.add_day(db, channel.channel_id, day, row.id):
            return False
        await self.ctx.owe(
            db,
            DAILY,
            channel.channel_id,
            guild_id=channel.guild_id,
            revision=day,
            puzzle_id=row.id,
        )
        return True


async def _daily(ctx: Context, db: Db, row: OutboxRow) -> DailyShown | None:
    channel = await puzzles.get_channel(db, row.subject_id)
    if channel is None:
        return None  # the channel stopped its daily puzzle meanwhile
    found = await puzzles.get_puzzle(db, PostData(row).number("puzzle_id"))
    if found is None or found.game_kind not in ctx.registry:
        return None
    puzzle = Puzzle.of(ctx.registry.kind(found.game_kind), found)
    players = await _named(db, found.game_id, channel.channel_id)
    return DailyShown(puzzle, channel.channel_id, channel.guild_id, row.revision, players)


async def _named(db: Db, game_id: int | None, channel_id: int) -> dict[str, int] | None:
    """The players of the puzzle's game by colour when a post in `channel_id` may name them:
    the game was played in that very channel (or a thread of it), so whoever reads the post
    could see the game. Else None: the post shows the position only."""
    if game_id is None:
        return None
    game = await games.get_game(db, game_id)
    if game is None or channel_id not in (game.channel_id, game.parent_channel_id):
        return None
    return {game.first_colour: game.first_id, game.second_colour: game.second_id}


DAILY = PostKind("daily_puzzle", Subject.PUZZLE, _daily)
"""A channel's puzzle of the day, with Solve: posted once a day (its revision is the day)."""
