"""What is due at a given time: reminders, losses on time and expired challenges.

The database says what is due (`next_alarm_at` of each active game, `expires_at` of each pending
challenge), so a scheduler needs no memory: after any restart it calls `run_due(now)` and sleeps
until `next_alarm()`. Each alarm is applied in its own transaction, with the posts it owes, and
only if the game is still at the revision it was due on, so a move that races a deadline wins or
loses cleanly, never both.
"""

from __future__ import annotations

import logging
from datetime import datetime

from bot.service import game_posts
from bot.service.challenge_posts import ChallengePost, shown_at
from bot.service.context import Context, Loaded
from bot.service.deadlines import HOUR, LAST_CALL, epoch, moment
from bot.service.owed import PostKind, Subject
from bot.service.results import (
    Challenge,
    ChallengeExpired,
    Reminder,
    Ruling,
    TimeLoss,
)
from bot.service.writer import GameWriter
from bot.store import (
    ChallengeStatus,
    Db,
    GameRow,
    GameStatus,
    Notify,
    Reach,
    challenges,
    games,
    users,
)
from bot.store.outbox import OutboxRow
from engine.game import Outcome, Side

log = logging.getLogger(__name__)

ALARM_RETRY = 3600
"""Seconds before a game whose alarm failed is looked at again."""
DIGEST = HOUR
"""Reminders by direct message due within this many seconds of each other go out as one."""

Due = Reminder | TimeLoss | ChallengeExpired
"""What falling due did (its posts are owed)."""


async def _expired(ctx: Context, db: Db, row: OutboxRow) -> ChallengePost | None:
    found = await challenges.get_challenge(db, row.subject_id)
    if found is None:
        return None
    challenge = Challenge.of(found)
    message = await shown_at(db, challenge)
    if message is None:
        return None  # never shown: nothing to edit
    return ChallengePost(challenge, message, row.id)


CHALLENGE_EXPIRED = PostKind("challenge_expired", Subject.CHALLENGE, _expired)
"""A challenge nobody answered in time: its message says so and loses its buttons."""


class Alarms:
    """Time limits: reminders at half time and near the end, then the loss on time; and the
    expiry of challenges nobody answered."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    async def run_due(self, now: datetime | None = None) -> list[Due]:
        """Apply everything due at `now` (the clock's time by default), owing its posts; return
        what its channels are told (a reply-only game's channel is told nothing)."""
        at = self.ctx.now() if now is None else epoch(now)
        async with self.ctx.connection.read() as db:
            due = await games.due_games(db, at, shards=self.ctx.shards)
            expired = await challenges.expired_challenges(db, at, self.ctx.shards)
        notices: list[Due] = []
        for row in due:
            try:
                notice = await self._alarm(row.id, at)
            except Exception:  # a game that cannot be loaded must not hold up all the others
                log.exception("game %s: its alarm failed; trying again later", row.id)
                await self._postpone(row.id, at + ALARM_RETRY)
                continue
            if notice is None:
                continue
            if isinstance(notice, TimeLoss):
                self.ctx.changed(notice.view, notice.match)
            if notice.view.reach is Reach.POST:  # a reply-only game's channel hears nothing
                notices.append(notice)
        for challenge in expired:
            closed = await self._expire(challenge.id, at)
            if closed is not None:
                self.ctx.challenge_changed(closed)
                if closed.reach is Reach.POST:
                    notices.append(ChallengeExpired(closed))
        return notices

    async def next_alarm(self) -> datetime | None:
        """When something next falls due (a reminder, a deadline, an expiry), or None."""
        async with self.ctx.connection.read() as db:
            times = [
                await games.next_alarm(db, self.ctx.shards),
                await challenges.next_expiry(db, self.ctx.shards),
            ]
        known = [t for t in times if t is not None]
        return moment(min(known)) if known else None

    async def _expire(self, challenge_id: int, now: int) -> Challenge | None:
        """Close an unanswered challenge (see `expire_challenge`); None if it was answered
        meanwhile."""
        async with self.ctx.connection.transaction() as db:
            return await expire_challenge(self.ctx, db, challenge_id, now)

    async def _postpone(self, game_id: int, when: int) -> None:
        async with self.ctx.connection.transaction() as db:
            await games.postpone_alarm(db, game_id, when)

    async def _alarm(self, game_id: int, now: int) -> Reminder | TimeLoss | None:
        async with self.ctx.connection.transaction() as db:
            row = await games.get_game(db, game_id)
            if (
                row is None
                or row.status is not GameStatus.ACTIVE
                or (row.next_alarm_at or now + 1) > now
            ):
                return None  # a move or another scheduler got there first
            loaded = await self.ctx.load(db, row)
            if now >= loaded.view.turn.deadline:
                return await self._lose_on_time(db, loaded, now)
            return await self._remind(db, loaded, now)

    async def _remind(self, db: Db, loaded: Loaded, now: int) -> Reminder | None:
        row, view = loaded.row, loaded.view
        turn = view.turn
        stage = turn.reminder_due(now, row.reminders_sent)
        if stage is None:  # cannot happen: each alarm is set to the time of its own stage
            return None
        await games.set_alarm(db, row.id, row.revision, stage, turn.next_alarm(stage))
        user_id = view.to_move_id
        assert user_id is not None
        if row.reach is Reach.POST:  # a reply-only game's channel cannot be told
            await self.ctx.owe_game(db, game_posts.REMINDER, row, user_id=user_id, stage=stage)
        if row.dm_reminded < stage:  # not told already, in another game's digest
            await self._remind_by_dm(db, row, user_id, stage, now)
        return Reminder(view, user_id, stage, moment(turn.deadline))

    async def _remind_by_dm(self, db: Db, row: GameRow, user_id: int, stage: int, now: int) -> None:
        """Owe a direct message with this reminder and every other one of the player's that
        falls due within the hour, if they asked for reminders by direct message (or the game
        is reply-only: no channel reminds them there); each game in it is marked, so its own
        reminder sends no second one."""
        settings = await users.settings_of(db, user_id)
        if settings is not None and settings.dm_closed:
            return
        chose = settings is not None and settings.notify is not Notify.CHANNEL
        if not chose and row.reach is Reach.POST:
            return
        digest = [(row, stage)]
        for other in await games.list_games(db, user_id=user_id, limit=1000):
            coming = other.reminders_sent + 1
            due_soon = other.next_alarm_at is not None and other.next_alarm_at <= now + DIGEST
            if other.id == row.id or not due_soon or coming > LAST_CALL:
                continue  # the game's next alarm is no reminder within the hour
            if other.dm_reminded < coming and self.ctx.bare_view(other).to_move_id == user_id:
                digest.append((other, coming))
        for game, game_stage in digest:
            await games.set_dm_reminded(db, game.id, game.revision, game_stage)
        entries = [[game.id, game.revision, game_stage] for game, game_stage in digest]
        await self.ctx.owe(
            db, game_posts.REMINDER_DM, user_id, guild_id=row.guild_id, games=entries
        )

    async def _lose_on_time(self, db: Db, loaded: Loaded, now: int) -> TimeLoss:
        view = loaded.view
        loser = view.to_move
        assert loser is not None
        winner = view.kind.colour(loser).other
        ending: Outcome[Side] = Outcome(winner, Ruling.TIMEOUT, None, view.game.scores())
        loser_id = view.player_of(loser)
        # The loss's post shows the replay itself: no post of its own is owed for it. A
        # reply-only game's channel cannot be told: its players are, by direct message.
        reply_only = loaded.row.reach is Reach.REPLY
        told = None if reply_only else game_posts.TIME_LOSS
        ended = await self.writer.end(
            db, loaded, ending, now, told, replay=False, loser_id=loser_id
        )
        if reply_only:
            await self._tell_loss_by_dm(db, ended.row, loser_id, now)
        final = await self.ctx.view(db, ended.row, view.game)
        return TimeLoss(final, loser_id, ending, ended.match)

    async def _tell_loss_by_dm(self, db: Db, row: GameRow, loser_id: int, now: int) -> None:
        """A reply-only game lost on time: its channel cannot be told, so each person playing
        is written to (unless their direct messages were found closed) and shown it at their
        next press of the game's buttons or commands."""
        people = tuple(
            user for user in (row.first_id, row.second_id) if user != self.ctx.computer_id
        )
        await games.add_unseen_ending(db, row.id, people)
        for user_id in people:
            settings = await users.settings_of(db, user_id)
            if settings is None or not settings.dm_closed:
                view = self.ctx.bare_view(row)
                kind = game_posts.TIME_LOSS_DM
                await game_posts.owe_letter(self.ctx, db, kind, view, user_id, loser_id=loser_id)


async def expire_challenge(ctx: Context, db: Db, challenge_id: int, now: int) -> Challenge | None:
    """Close a pending challenge whose time ran out, in the caller's transaction, owing the edit
    of its message (a reply-only one's message is an answer the bot can no longer edit, its
    token lasting 15 minutes: its Accept says it expired when pressed); None if it was no longer
    pending. The scheduler does it when the time comes, and a new challenge between the same
    two players does it first if the scheduler has not come yet."""
    if not await challenges.answer_challenge(db, challenge_id, ChallengeStatus.EXPIRED, now):
        return None
    row = await challenges.get_challenge(db, challenge_id)
    if row is None:
        return None
    if row.reach is Reach.POST:
        await ctx.owe(db, CHALLENGE_EXPIRED, row.id, guild_id=row.guild_id)
    return Challenge.of(row)
