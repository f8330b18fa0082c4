"""The pool across servers (issue 53, step 5): a player seeks a game with anyone who has the
app, on any server (`Seeks.seek`); two compatible seekers are paired at once, in the transaction
that stores the second seek, and their game starts there: the closest ratings first, then the
longest wait, never two who blocked each other. A seek is cancelled (`Seeks.cancel`) or lapses
(`Seeks.lapse_due`, the scheduler's).

Pool games are rated in a pool of their own, `EVERYWHERE` (a guild id no server has), so a
server's ratings stay its own. A pool game has no channel of a server: it is placed at
`pool_place(seek)`, a channel id no Discord channel has (negative, named after the waiting seek,
whose id is never reused), and lives in each player's direct messages with the bot (the
`dm_channel_id` of each seek)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.service import deadlines
from bot.service.challenges import check_move_seconds
from bot.service.context import Context, Seating, is_pool_place, pool_place
from bot.service.errors import BadSeekLapseError, NoSeekError, SeekExistsError
from bot.service.owed import PostData, PostKind, Stored, Subject
from bot.service.rating_model import INITIAL, Skill
from bot.service.results import Started
from bot.service.writer import GameWriter
from bot.store import Db, ratings
from bot.store import seeks as store
from bot.store.outbox import OutboxRow
from bot.store.rows import SeekRow
from bot.store.seeks import NewSeek

__all__ = ["EVERYWHERE", "Paired", "Seeks", "Waiting", "is_pool_place", "pool_place"]
"""The pool's use cases, and where its games are placed (`bot.service.context`'s)."""

EVERYWHERE = 0
"""The guild id of the pool across servers' ratings: Discord's snowflakes are never 0."""
DEFAULT_LAPSE_SECONDS = deadlines.DAY
MIN_LAPSE_SECONDS = deadlines.HOUR
MAX_LAPSE_SECONDS = 7 * deadlines.DAY
LAPSES_AT_ONCE = 100
"""Seeks `lapse_due` removes in one transaction at most (the rest at its next call)."""


@dataclass(frozen=True, slots=True)
class Paired:
    """Two seekers paired: the seek that waited (`waiting`), the newcomer's (`arrived`, never
    stored) and the game that started between them."""

    waiting: SeekRow
    arrived: NewSeek
    started: Started


@dataclass(frozen=True, slots=True)
class SeekLapsed:
    """A seek whose time ran out, told to its seeker in their direct messages."""

    user_id: int
    game_kind: str


async def _seek_lapsed(ctx: Context, db: Db, row: OutboxRow) -> SeekLapsed:
    return SeekLapsed(row.subject_id, PostData(row).word("game"))


SEEK_LAPSED = PostKind("seek_lapsed", Subject.USER, _seek_lapsed)
"""A direct message: your seek for a game lapsed, nobody was paired with you (a letter about
its reader, as the turn's letters are)."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """A seek stored in the pool, no partner found yet."""

    seek: SeekRow


class Seeks:
    """The pool across servers, each use case one transaction."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    async def seek(
        self,
        *,
        user_id: int,
        game_kind: str,
        dm_channel_id: int,
        variant: str | None = None,
        move_seconds: int | None = None,
        rated: bool = True,
        lapse_seconds: int | None = None,
        locale: str | None = None,
    ) -> Paired | Waiting:
        """Enter the pool for a game (`variant` and `move_seconds` None for any) until
        `lapse_seconds` from now: paired at once with the compatible seeker of the closest
        rating (then the longest waiting), whose game starts in this transaction, or else
        stored to wait. The caller has made sure the bot can write to `dm_channel_id`.

        Raises `UnknownGameError`, `UnknownVariantError`, `BadTimeLimitError`,
        `BadSeekLapseError`, `SeekExistsError` (one seek per game per player)."""
        kind = self.ctx.kind(game_kind)
        if variant is not None:
            variant = self.ctx.variant(kind, variant)
        if move_seconds is not None:
            move_seconds = check_move_seconds(move_seconds)
        lapse = check_lapse_seconds(lapse_seconds)
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            await store.hold_pool(db, kind.key)
            await self._refuse_waiting(db, user_id, kind.key, now)
            new = NewSeek(
                user_id=user_id,
                game_kind=kind.key,
                variant=variant,
                move_seconds=move_seconds,
                rated=rated,
                rating=await self._rating(db, kind.key, user_id),
                dm_channel_id=dm_channel_id,
                locale=locale,
                created_at=now,
                lapses_at=now + lapse,
            )
            partner = await store.partner_for(db, new)
            if partner is not None and await store.remove_seek(db, partner.id):
                started = await self._start(db, partner, new, now)
                return Paired(waiting=partner, arrived=new, started=started)
            seek_id = await store.insert_seek(db, new)
            if seek_id is None:  # the unique index: a racing request stored it meanwhile
                raise SeekExistsError("you seek this game already", game=kind.key)
            stored = await store.seek_of(db, user_id, kind.key)
            assert stored is not None  # stored in this transaction
            return Waiting(stored)

    async def check(
        self,
        *,
        user_id: int,
        game_kind: str,
        variant: str | None = None,
        move_seconds: int | None = None,
        lapse_seconds: int | None = None,
    ) -> str:
        """Refuse what `seek` would refuse of these options before anything is said to the
        seeker (`seek` checks again: a racing seek of theirs may be stored meanwhile); return
        the game's key. Raises as `seek` does."""
        kind = self.ctx.kind(game_kind)
        if variant is not None:
            self.ctx.variant(kind, variant)
        if move_seconds is not None:
            check_move_seconds(move_seconds)
        check_lapse_seconds(lapse_seconds)
        now = self.ctx.now()
        async with self.ctx.connection.read() as db:
            waiting = await store.seek_of(db, user_id, kind.key)
        if waiting is not None and waiting.lapses_at > now:
            raise SeekExistsError("you seek this game already", game=kind.key)
        return kind.key

    async def cancel(self, user_id: int, game_kind: str | None = None) -> list[SeekRow]:
        """Leave the pool for one game (every game for None); return the seeks removed.
        Raises `UnknownGameError`, `NoSeekError` (nothing to cancel)."""
        key = None if game_kind is None else self.ctx.kind(game_kind).key
        async with self.ctx.connection.transaction() as db:
            mine = [s for s in await store.seeks_of(db, user_id) if key in (None, s.game_kind)]
            removed = [seek for seek in mine if await store.remove_seek(db, seek.id)]
        if not removed:
            raise NoSeekError("you are not in the pool for that", game=key)
        return removed

    async def mine(self, user_id: int) -> list[SeekRow]:
        """The player's seeks waiting in the pool, the oldest first (lapsed ones left out)."""
        now = self.ctx.now()
        async with self.ctx.connection.read() as db:
            return [s for s in await store.seeks_of(db, user_id) if s.lapses_at > now]

    async def lapse_due(self) -> list[SeekRow]:
        """Remove the seeks whose time ran out (at most `LAPSES_AT_ONCE`) and return them, each
        once whichever process removed it, each seeker owed one direct message saying so."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            due = await store.lapsed(db, now, LAPSES_AT_ONCE)
            removed = [seek for seek in due if await store.remove_seek(db, seek.id)]
            for seek in removed:  # told once, in the transaction that removed it
                said: dict[str, Stored] = {"game": seek.game_kind}
                if seek.locale is not None:
                    said["locale"] = seek.locale
                await self.ctx.owe_with(
                    db, SEEK_LAPSED, seek.user_id, said, guild_id=None, revision=0
                )
            return removed

    async def next_lapse(self) -> int | None:
        """When the next seek lapses (the scheduler's next alarm for the pool), if any waits."""
        async with self.ctx.connection.read() as db:
            return await store.next_lapse(db)

    async def _refuse_waiting(self, db: Db, user_id: int, game_kind: str, now: int) -> None:
        """Raise `SeekExistsError` if the player's seek for this game waits; one whose time ran
        out before the scheduler removed it gives way (they seek again: no lapse to tell)."""
        waiting = await store.seek_of(db, user_id, game_kind)
        if waiting is None:
            return
        if waiting.lapses_at > now:
            raise SeekExistsError("you seek this game already", game=game_kind)
        await store.remove_seek(db, waiting.id)

    async def _rating(self, db: Db, game_kind: str, user_id: int) -> float:
        """The seeker's shown rating in the everywhere pool (a newcomer's start for none)."""
        found = await ratings.ratings_of(db, EVERYWHERE, game_kind, [user_id])
        return float(Skill(found[0].mu, found[0].sigma).shown if found else INITIAL.shown)

    async def _start(self, db: Db, waiting: SeekRow, arrived: NewSeek, now: int) -> Started:
        """The game of two paired seekers: the variant and time one of them named (the
        defaults if both said any), the first mover by a coin toss, rated in the everywhere
        pool if they sought a rated game."""
        kind = self.ctx.kind(arrived.game_kind)
        variant = self.ctx.variant(kind, waiting.variant or arrived.variant)
        seconds = check_move_seconds(waiting.move_seconds or arrived.move_seconds)
        players = (waiting.user_id, arrived.user_id)
        first = self.ctx.seeds() & 1
        seating = Seating(
            kind=kind,
            variant=variant,
            guild_id=EVERYWHERE if arrived.rated else None,
            channel_id=pool_place(waiting.id),
            parent_channel_id=None,
            first_id=players[first],
            second_id=players[1 - first],
            move_seconds=seconds,
        )
        return await self.writer.start(db, seating, now)


def check_lapse_seconds(seconds: int | None) -> int:
    """How long a seek waits in the pool (the default for None); raise `BadSeekLapseError`
    outside the range."""
    if seconds is None:
        return DEFAULT_LAPSE_SECONDS
    if not MIN_LAPSE_SECONDS <= seconds <= MAX_LAPSE_SECONDS:
        raise BadSeekLapseError(
            "a seek waits between one hour and seven days",
            seconds=timedelta(seconds=seconds),
            minimum=timedelta(seconds=MIN_LAPSE_SECONDS),
            maximum=timedelta(seconds=MAX_LAPSE_SECONDS),
        )
    return seconds
