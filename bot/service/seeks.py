"""The pool across servers (issue 53, step 5): a player seeks a game with anyone who has the
app, on any server (`Seeks.seek`); two compatible seekers are paired at once, and their game
starts in the transaction that pairs them: the closest ratings first, then the longest wait,
never two who blocked each other. Seekers arriving together are paired in one batch, one
transaction (`Pairings`), each in their order of arrival as if alone. A seek is cancelled
(`Seeks.cancel`) or lapses (`Seeks.lapse_due`, the scheduler's).

Pool games are rated in a pool of their own, `EVERYWHERE` (a guild id no server has), so a
server's ratings stay its own. A pool game has no channel of a server: it is placed at
`pool_place(seek)`, a channel id no Discord channel has (negative, named after the waiting seek,
whose id is never reused), and lives in each player's direct messages with the bot (the
`dm_channel_id` of each seek)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import deadlines
from bot.service.batches import Batches
from bot.service.challenges import check_move_seconds
from bot.service.context import Context, Seating, is_pool_place, pool_place
from bot.service.durations import chosen_seconds
from bot.service.errors import BadSeekLapseError, NoSeekError, SeekCooldownError, SeekExistsError
from bot.service.limits import COOLDOWN, held_until
from bot.service.owed import PostData, PostKind, Stored, Subject
from bot.service.pairing import Pool, Seeker, Wait
from bot.service.rating_model import INITIAL, Skill
from bot.service.results import Started
from bot.service.writer import GameWriter
from bot.store import Db, ratings, users
from bot.store import seeks as store
from bot.store.outbox import OutboxRow
from bot.store.quick import quick_init
from bot.store.rows import SeekRow
from bot.store.seeks import NewSeek

__all__ = ["EVERYWHERE", "Paired", "Seeks", "Waiting", "is_pool_place", "pool_place"]
"""The pool's use cases, and where its games are placed (`bot.service.context`'s)."""

EVERYWHERE = 0
"""The guild id of the pool across servers' ratings: Discord's snowflakes are never 0."""
ARRIVALS_AT_ONCE = 500
"""Seekers paired in one transaction at most (the rest in the next): a batch's statements stay
well inside both backends' limits on parameters."""
RECENT_SECONDS = deadlines.HOUR
"""Two who played each other in the pool within this long (or play now) are paired again only
when nobody else suits (`bot.service.pairing.Pool`'s `recent`)."""
LAPSES_AT_ONCE = 100
"""Seeks `lapse_due` removes in one transaction at most (the rest at its next call)."""


@quick_init
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


@quick_init
@dataclass(frozen=True, slots=True)
class Waiting:
    """A seek stored in the pool, no partner found yet."""

    seek: SeekRow


class Seeks:
    """The pool across servers, each use case one transaction."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer
        self._arrivals = Batches[Request, Paired | Waiting](
            Pairings(ctx, writer).enter, ARRIVALS_AT_ONCE
        )

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
        rating (then the longest waiting), whose game starts in the transaction that pairs
        them, or else stored to wait. Seekers arriving together are paired in one batch
        (`Batches`), each in their order of arrival as if they had come one by one; two
        newcomers paired with each other both hear `Paired`. The caller has made sure the
        bot can write to `dm_channel_id`.

        Raises `UnknownGameError`, `UnknownVariantError`, `BadTimeLimitError`,
        `BadSeekLapseError`, `SeekExistsError` (one seek per game per player). The pool's
        cooldown (`SeekCooldownError`) is `check`'s, asked before the seeker is written to."""
        kind = self.ctx.kind(game_kind)
        if variant is not None:
            variant = self.ctx.variant(kind, variant)
        if move_seconds is not None:
            move_seconds = check_move_seconds(move_seconds)
        request = Request(
            user_id=user_id,
            game_kind=kind.key,
            variant=variant,
            move_seconds=move_seconds,
            rated=rated,
            lapse_seconds=check_lapse_seconds(lapse_seconds),
            dm_channel_id=dm_channel_id,
            locale=locale,
        )
        return await self._arrivals.submit(request)

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
        the game's key. Raises as `seek` does, and `SeekCooldownError` within an hour of a
        second seek taken back within the hour (as challenges withdrawn twice are held)."""
        kind = self.ctx.kind(game_kind)
        if variant is not None:
            self.ctx.variant(kind, variant)
        if move_seconds is not None:
            check_move_seconds(move_seconds)
        check_lapse_seconds(lapse_seconds)
        now = self.ctx.now()
        async with self.ctx.connection.read() as db:
            waiting = await store.seek_of(db, user_id, kind.key)
            cancelled = await store.cancels_since(db, user_id, now - 2 * COOLDOWN)
        if waiting is not None and waiting.lapses_at > now:
            raise SeekExistsError("you seek this game already", game=kind.key)
        until = held_until(cancelled, now)
        if until is not None:
            raise SeekCooldownError("two seeks were taken back within the hour", retry_at=until)
        return kind.key

    async def cancel(self, user_id: int, game_kind: str | None = None) -> list[SeekRow]:
        """Leave the pool for one game (every game for None); return the seeks removed.
        Raises `UnknownGameError`, `NoSeekError` (nothing to cancel)."""
        key = None if game_kind is None else self.ctx.kind(game_kind).key
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            mine = [s for s in await store.seeks_of(db, user_id) if key in (None, s.game_kind)]
            removed = [seek for seek in mine if await store.remove_seek(db, seek.id)]
            if removed:  # one taking back, however many games it leaves
                await store.note_cancel(db, user_id, now, kept_since=now - 2 * COOLDOWN)
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


@quick_init
@dataclass(frozen=True, slots=True)
class Request:
    """A seeker arriving in the pool, their options checked."""

    user_id: int
    game_kind: str
    variant: str | None
    move_seconds: int | None
    rated: bool
    lapse_seconds: int
    dm_channel_id: int
    locale: str | None


NEWCOMERS = 1 << 62
"""Where a batch's newcomers stand in the order of waiting: after every stored seek (whose ids
are smaller), in their order of arrival."""


class Pairings:
    """One batch of arrivals (`Seeks.seek`), one transaction: the pool read once and held, each
    newcomer paired in memory (`bot.service.pairing`) in their order of arrival, the seeks
    that wait stored and those paired removed by a statement each, and every game started by
    one (`GameWriter.start_all`). The pool's lock (per game) lets one batch at a time pair
    among the same seeks, whichever process makes it, so no seek is paired twice."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    async def enter(self, requests: list[Request]) -> list[Paired | Waiting | Exception]:
        """Pair or store each request; its outcome, or `SeekExistsError` for a player who
        seeks that game already."""
        now = self.ctx.now()
        kinds = sorted({r.game_kind for r in requests})
        seekers = sorted({r.user_id for r in requests})
        async with self.ctx.connection.transaction() as db:
            for key in kinds:  # in one order: two batches never wait for each other's
                await store.hold_pool(db, key)
            own = await store.seeks_of_all(db, seekers, kinds)
            blocks = await store.blocks_of(db, seekers)
            pool = Pool(blocks, await store.recent_pairs(db, seekers, now - RECENT_SECONDS))
            for row in await store.pool(db, kinds, now):
                pool.add(_seeker(row, (row.created_at, row.id), row))
            plan = _Plan(now, await self._ratings(db, requests))
            plan.hold([row for row in own if row.lapses_at > now])
            for number, request in enumerate(requests):
                plan.arrive(pool, number, request)
            await store.remove_seeks(db, [row.id for row in own if row.lapses_at <= now])
            ids = await self._store(db, plan)
            # Their pool games' posts are written in the language each seeker reads.
            said = {seek.user_id: seek.locale for seek in plan.new.values() if seek.locale}
            await users.remember_locales(db, said, now)
            started = await self.writer.start_all(
                db, [self._seating(plan, pair, ids) for pair in plan.pairs], now
            )
            outcomes = plan.outcomes(ids, started)
        # Not kept in the cache of positions (`Context.remember`): a start replays in no time,
        # and a crowd of new games would push out the positions of the games under way.
        for game in started:
            self.ctx.game_changed(game.view)
        return outcomes

    async def _ratings(self, db: Db, requests: list[Request]) -> dict[tuple[str, int], float]:
        """Each seeker's shown rating in the everywhere pool, by (game, player) (a newcomer's
        start for none)."""
        shown: dict[tuple[str, int], float] = {}
        for key in sorted({r.game_kind for r in requests}):
            seekers = sorted({r.user_id for r in requests if r.game_kind == key})
            for user, mean in (await ratings.means_of(db, EVERYWHERE, key, seekers)).items():
                shown[key, user] = float(Skill(mean, INITIAL.sigma).shown)  # as players read it
        return shown

    @staticmethod
    async def _store(db: Db, plan: _Plan) -> dict[int, int]:
        """Remove the stored seeks paired and store the newcomers left waiting; return the
        newcomers' ids by number. A newcomer paired by a later one in the batch is never
        stored: its seek's id, which places the game, is reserved (`Db.reserve_ids`)."""
        paired = [row.id for row in plan.paired_rows()]
        if await store.remove_seeks(db, paired) != len(paired):
            raise RuntimeError("a seek held for pairing was removed meanwhile")
        waiting = sorted(plan.waiting)
        made = await store.insert_seeks(db, [plan.new[n] for n in waiting])
        ids = {n: made[plan.new[n].user_id, plan.new[n].game_kind] for n in waiting}
        waited_for = sorted(plan.waited_for)
        ids.update(zip(waited_for, await db.reserve_ids("seeks", len(waited_for)), strict=True))
        return ids

    def _seating(self, plan: _Plan, pair: tuple[Seeker, int], ids: dict[int, int]) -> Seating:
        """The game of two paired seekers: the variant and time one of them named (the
        defaults if both said any), the first mover by a coin toss, rated in the everywhere
        pool if they sought a rated game, placed at the id of the seek that waited."""
        waiting, number = pair
        arrived = plan.new[number]
        kind = self.ctx.kind(arrived.game_kind)
        variant = self.ctx.variant(kind, waiting.variant or arrived.variant)
        seconds = check_move_seconds(waiting.move_seconds or arrived.move_seconds)
        players = (waiting.user_id, arrived.user_id)
        first = self.ctx.seeds() & 1
        place = waiting.ref.id if isinstance(waiting.ref, SeekRow) else ids[_number(waiting)]
        return Seating(
            kind=kind,
            variant=variant,
            guild_id=EVERYWHERE if arrived.rated else None,
            channel_id=pool_place(place),
            parent_channel_id=None,
            first_id=players[first],
            second_id=players[1 - first],
            move_seconds=seconds,
        )


class _Plan:
    """What a batch decided in memory before it writes: each newcomer refused, paired (with
    whom) or left waiting."""

    def __init__(self, now: int, shown: dict[tuple[str, int], float]) -> None:
        self.now = now
        self.shown = shown
        self.new: dict[int, NewSeek] = {}  # the newcomers not refused, by number
        self.refused: dict[int, SeekExistsError] = {}
        self.pairs: list[tuple[Seeker, int]] = []  # (the seek that waited, the newcomer)
        self.waiting: set[int] = set()  # newcomers left waiting
        self.waited_for: set[int] = set()  # newcomers paired by a later one
        self._held: set[tuple[int, str]] = set()  # (player, game) of every seek waiting

    def hold(self, rows: list[SeekRow]) -> None:
        """The batch's players' stored seeks that wait: they seek those games already."""
        self._held.update((row.user_id, row.game_kind) for row in rows)

    def arrive(self, pool: Pool, number: int, request: Request) -> None:
        """Newcomer `number` arrives: refused if they seek that game already, else paired
        with the pool's choice or left waiting there."""
        key = (request.user_id, request.game_kind)
        if key in self._held:
            self.refused[number] = SeekExistsError(
                "you seek this game already", game=request.game_kind
            )
            return
        seek = NewSeek(  # by position, in NewSeek's order: a batch makes hundreds
            request.user_id,
            request.game_kind,
            request.variant,
            request.move_seconds,
            request.rated,
            self.shown.get((request.game_kind, request.user_id), INITIAL.shown),
            request.dm_channel_id,
            request.locale,
            self.now,
            self.now + request.lapse_seconds,  # lapses_at
        )
        self.new[number] = seek
        me = _seeker(seek, (self.now, NEWCOMERS + number), number)
        partner = pool.take_partner(me)
        if partner is None:
            pool.add(me)
            self._held.add(key)
            self.waiting.add(number)
            return
        self._held.discard((partner.user_id, partner.game_kind))
        if not isinstance(partner.ref, SeekRow):
            self.waiting.discard(_number(partner))
            self.waited_for.add(_number(partner))
        self.pairs.append((partner, number))

    def paired_rows(self) -> list[SeekRow]:
        """The stored seeks paired in this batch."""
        return [waiting.ref for waiting, _ in self.pairs if isinstance(waiting.ref, SeekRow)]

    def outcomes(
        self, ids: dict[int, int], started: list[Started]
    ) -> list[Paired | Waiting | Exception]:
        """Each newcomer's outcome, in their order: both of two newcomers paired together
        hear `Paired`."""
        found: dict[int, Paired | Waiting | Exception] = dict(self.refused)
        for number in self.waiting:
            found[number] = Waiting(_row(ids[number], self.new[number]))
        for (waiting, number), game in zip(self.pairs, started, strict=True):
            if isinstance(waiting.ref, SeekRow):
                found[number] = Paired(waiting.ref, self.new[number], game)
                continue
            partner = _number(waiting)
            paired = Paired(_row(ids[partner], self.new[partner]), self.new[number], game)
            found[number] = found[partner] = paired
        return [found[number] for number in sorted(found)]


def _seeker(seek: SeekRow | NewSeek, wait: Wait, ref: object) -> Seeker:
    return Seeker(
        seek.user_id,
        seek.game_kind,
        seek.variant,
        seek.move_seconds,
        bool(seek.rated),
        seek.rating,
        wait,
        ref,
    )


def _number(seeker: Seeker) -> int:
    """A newcomer's number in its batch (its `ref`)."""
    assert isinstance(seeker.ref, int)
    return seeker.ref


def _row(seek_id: int, seek: NewSeek) -> SeekRow:
    """A newcomer's seek as stored."""
    return SeekRow(
        seek_id,
        seek.user_id,
        seek.game_kind,
        seek.variant,
        seek.move_seconds,
        int(seek.rated),
        seek.rating,
        seek.dm_channel_id,
        seek.locale,
        seek.created_at,
        seek.lapses_at,
    )


def check_lapse_seconds(seconds: int | None) -> int:
    """How long a seek waits in the pool (the default for None); raise `BadSeekLapseError`
    outside the range."""
    return chosen_seconds(seconds, BadSeekLapseError, "a seek")
