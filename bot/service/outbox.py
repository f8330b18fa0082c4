"""The outbox's use cases: settle a post once it is out, put off one that failed, and find what
is still owed (after a crash between a commit and its post, or a post Discord refused).

A post is only worth making while it is the latest news of its game: one whose game has moved
past it (a later move, the end) is settled without a post, as the newer post tells more.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime

from bot.service.alarms import Alarms
from bot.service.context import Context
from bot.service.deadlines import epoch, moment
from bot.service.results import (
    Answer,
    DigestItem,
    GameView,
    MoveResult,
    Owed,
    Reminder,
    ReminderDigest,
    Replay,
    Started,
    TimeLoss,
    TimeLossDm,
    TurnDm,
    VacationNotice,
)
from bot.store import Db, GameStatus, PostKind, PostRow, posts, tournament_posts, tournaments

log = logging.getLogger(__name__)

RETRY_BASE = 30
"""Seconds before the first retry of a failed post; each further failure doubles it."""
RETRY_MAX = 3600
MAX_ATTEMPTS = 12
"""After this many failures (about half a day) the post is given up and logged."""
CLAIM_LEASE = 120
"""Seconds a process has a claimed post to itself; after that (it died while posting) any
process serving the server may take it over."""


class Outbox:
    """Posts owed to the games' channels."""

    def __init__(self, ctx: Context, alarms: Alarms) -> None:
        self.ctx = ctx
        self.alarms = alarms

    async def release_claims(self) -> int:
        """At start: give up this process's claims on posts still owed (nothing of them is
        being posted: the process stopped), so they go out at once; return how many."""
        async with self.ctx.connection.transaction() as db:
            return await posts.release_claims(db, self.ctx.name)

    async def delivered(self, post_id: int | None, message_id: int | None = None) -> None:
        """Settle post `post_id`: it is out, as message `message_id` where that is known
        (None: nothing was owed)."""
        if post_id is None:
            return
        async with self.ctx.connection.transaction() as db:
            await posts.mark_delivered(db, post_id, self.ctx.now(), message_id)

    async def answering(self, post_id: int | None, token: str, expires_at: int) -> None:
        """Post `post_id` is about to go out as the answer to a command whose token is
        `token` (it can be asked until `expires_at` whether the answer arrived): kept with the
        post, so that after a crash the answer is looked for before it is posted again."""
        if post_id is None:
            return
        async with self.ctx.connection.transaction() as db:
            await posts.set_answer(db, post_id, token, expires_at)

    async def failed(self, post_id: int | None) -> None:
        """Discord refused post `post_id`: try again later, with a growing pause."""
        if post_id is None:
            return
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            row = await posts.get_post(db, post_id)
            if row is None or row.delivered_at is not None:
                return
            if row.attempts + 1 >= MAX_ATTEMPTS:
                log.warning("post %s about game %s: giving up", row.id, row.game_id)
                await posts.mark_delivered(db, post_id, now)
                return
            pause = min(RETRY_BASE * 2**row.attempts, RETRY_MAX)
            await posts.postpone(db, post_id, now + pause)

    async def owed_posts(self, now: datetime | None = None) -> list[Owed]:
        """The posts due now (of the servers this process serves), claimed for this process
        for a while and rebuilt from the games as they are; those the game has moved past are
        settled here, without a post. A post another process has claimed is not among them."""
        at = self.ctx.now() if now is None else epoch(now)
        async with self.ctx.connection.transaction() as db:
            due = await posts.claim_due(
                db, at, by=self.ctx.name, until=at + CLAIM_LEASE, shards=self.ctx.shards
            )
        owed: list[Owed] = []
        for row in due:
            try:
                item = await self._rebuild(row)
            except Exception:  # one unreadable game must not hold up the others
                log.exception("post %s about game %s: cannot rebuild it", row.id, row.game_id)
                await self.failed(row.id)
                continue
            if item is None:
                await self.delivered(row.id)  # superseded
            else:
                owed.append(item)
        return owed

    async def next_alarm(self) -> datetime | None:
        """When something next falls due: an alarm of a game or a challenge, an owed post, or
        a tournament's next step or post."""
        alarm = await self.alarms.next_alarm()
        async with self.ctx.connection.read() as db:
            times = [
                await posts.next_post_due(db, self.ctx.shards),
                await tournaments.next_due(db, self.ctx.shards),
                await tournament_posts.next_due(db, self.ctx.shards),
            ]
        due = min((time for time in times if time is not None), default=None)
        known = [moment(due)] if due is not None else []
        known += [alarm] if alarm is not None else []
        return min(known, default=None)

    async def _rebuild(self, row: PostRow) -> Owed | None:
        """What post `row` owes, as the game is now; None when the game has moved past it."""
        data = json.loads(row.data)
        kind = PostKind(row.kind)
        async with self.ctx.connection.read() as db:
            view = await self.ctx.view(db, await self.ctx.row_by_id(db, row.game_id))
            if kind is PostKind.VACATION:  # news of a player, not of a position
                return self._vacation(view, data, row.id)
            if kind is PostKind.REMINDER_DM:
                return await self._digest(db, data["user_id"], data["games"], row.id)
            if view.revision != row.revision:
                return None
            if kind is PostKind.TURN_DM:
                return await self._turn_dm(db, view, data["user_id"], row.id)
        answer = _answer_of(row)
        if kind is PostKind.START:  # after the end, the result's post says more
            return Started(view, row.id, answer) if view.is_active else None
        if kind is PostKind.MOVE:
            mover, played, drawn = data["mover_id"], data["played"], tuple(data["drawn"])
            return MoveResult(view, mover, played, drawn, view.ending, row.id, answer=answer)
        if kind is PostKind.TIME_LOSS:
            assert view.ending is not None
            return TimeLoss(view, data["loser_id"], view.ending, row.id)
        if kind is PostKind.TIME_LOSS_DM:  # a finished game changes no more: always due
            assert view.ending is not None
            loss = TimeLoss(view, data["loser_id"], view.ending)
            return TimeLossDm(loss, data["user_id"], row.id)
        if kind is PostKind.REPLAY:  # a finished game changes no more: it is always due
            return Replay(view, row.id)
        return self._reminder(view, data, row.id)

    @staticmethod
    def _reminder(view: GameView, data: dict[str, int], post_id: int) -> Reminder | None:
        if not _waits_for(view, data["user_id"]):
            return None
        return Reminder(view, data["user_id"], data["stage"], moment(view.turn.deadline), post_id)

    @staticmethod
    def _vacation(view: GameView, data: dict[str, int], post_id: int) -> VacationNotice | None:
        if not view.is_active:
            return None
        until, back = moment(data["until"]), bool(data["back"])
        return VacationNotice(view, data["user_id"], until, back, post_id)

    async def _turn_dm(self, db: Db, view: GameView, user_id: int, post_id: int) -> TurnDm | None:
        if not _waits_for(view, user_id):
            return None
        return TurnDm(view, user_id, await posts.message_about(db, view.id, view.revision), post_id)

    async def _digest(
        self, db: Db, user_id: int, entries: list[list[int]], post_id: int
    ) -> ReminderDigest | None:
        """The games of a reminder digest that still wait for the player at the same turn."""
        items = []
        for game_id, revision, stage in entries:
            view = await self.ctx.view(db, await self.ctx.row_by_id(db, game_id))
            if view.revision == revision and _waits_for(view, user_id):
                link = await posts.message_about(db, view.id, view.revision)
                items.append(DigestItem(view, stage, moment(view.turn.deadline), link))
        return ReminderDigest(user_id, tuple(items), post_id) if items else None


def _answer_of(row: PostRow) -> Answer | None:
    """The command post `row` was sent to answer, if it was."""
    if row.answer_token is None or row.answer_expires_at is None:
        return None
    return Answer(row.answer_token, row.answer_expires_at)


def _waits_for(view: GameView, user_id: int) -> bool:
    """Whether the game is running with `user_id` to move."""
    return view.status is GameStatus.ACTIVE and view.to_move_id == user_id
