"""The outbox's use cases (issue 45): claim what is owed, settle a post once Discord has it, put
off one that failed, release the claims of a process that stopped, and tell when something is
next due. One deliverer uses them for every kind of post (see `bot.service.owed`).

A post's delivery may fail in two ways. Discord may refuse it (it answered with an error:
nothing was posted): it is tried again later, with a growing pause, and given up after
`MAX_ATTEMPTS` with one log line. Or nobody may know whether Discord acted on it (the connection
broke, the process died while it waited for the answer): it is tried again soon, with the same
nonce, which Discord honours for a few minutes, so the second attempt posts nothing new. Past
`NONCE_TRUST` seconds after such an attempt began, a post is never sent again: it is settled
with one log line rather than risk a second message. An attempt begins when its request is
about to go (`trying`), not when its post is claimed: a post claimed and never tried (the
process died first) is sent when the process is back, however long it was away.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime

from bot.service.alarms import Alarms
from bot.service.context import Context
from bot.service.deadlines import epoch, moment
from bot.service.owed import ASKED_IN, PostData, PostKind
from bot.store import outbox, tournaments
from bot.store.outbox import Delivered, OutboxRow

log = logging.getLogger(__name__)

RETRY_BASE = 30
"""Seconds before the first retry of a post Discord refused; each further failure doubles it."""
RETRY_MAX = 3600
MAX_ATTEMPTS = 12
"""After this many failures (about half a day) the post is given up and logged."""
UNSURE_RETRY = 5
"""Seconds before a post is tried again whose attempt may have reached Discord (the
connection broke): soon, while Discord still knows its nonce."""
CLAIM_LEASE = 45
"""Seconds a process has a claimed post to itself; after that (it died while delivering) any
process serving the server may take it over, still within `NONCE_TRUST` of the attempt."""
NONCE_TRUST = 90
"""Seconds after an attempt began (whose outcome nobody heard) within which the post may be
sent again: Discord keeps a nonce for "a few minutes" (`enforce_nonce`,
discord.com/developers/docs/resources/message#create-message), and a repeat within that time
returns the first message instead of posting a second."""


class Outbox:
    """Every post the bot owes Discord, whatever it is about."""

    def __init__(self, ctx: Context, alarms: Alarms) -> None:
        self.ctx = ctx
        self.alarms = alarms

    async def release_claims(self) -> int:
        """At start: give up this process's claims on posts still owed (nothing of them is
        being delivered: the process stopped), so they go out at once; return how many."""
        async with self.ctx.connection.transaction() as db:
            return await outbox.release_claims(db, self.ctx.name)

    async def claim_due(self, now: datetime | None = None) -> list[OutboxRow]:
        """The posts due now (of the servers this process serves) that head their subject's
        queue, claimed for this process for `CLAIM_LEASE` seconds; oldest first. A post
        another process has claimed is not among them."""
        at = self.ctx.now() if now is None else epoch(now)
        async with self.ctx.connection.transaction() as db:
            return await outbox.claim_due(
                db, at, by=self.ctx.name, until=at + CLAIM_LEASE, shards=self.ctx.shards
            )

    async def post(self, post_id: int) -> OutboxRow | None:
        """One post as it stands (None if there is no such post)."""
        async with self.ctx.connection.read() as db:
            return await outbox.get(db, post_id)

    async def rebuild(self, kind: PostKind[object], row: OutboxRow) -> object | None:
        """What post `row` (of `kind`) shows, as its subject is now; None when a later change
        made it pointless (settle it without a post)."""
        async with self.ctx.connection.read() as db:
            return await kind.rebuild(self.ctx, db, row)

    def nonce_lapsed(self, row: OutboxRow) -> bool:
        """Whether an attempt of `row` may have reached Discord so long ago that Discord may
        have forgotten its nonce: then it must not be sent again."""
        return row.tried_at is not None and self.ctx.now() - row.tried_at >= NONCE_TRUST

    async def trying(self, post_id: int) -> None:
        """An attempt of post `post_id` that may reach Discord begins now (the request goes
        next). Only from here may a crash leave it uncertain: a post claimed and never tried
        (the process died first, however long ago) is sent when the process is back."""
        async with self.ctx.connection.transaction() as db:
            await outbox.trying(db, post_id, self.ctx.now())

    async def answering(
        self, post_id: int, token: str, expires_at: int, user_id: int | None = None
    ) -> None:
        """Post `post_id` is about to go out as the answer to a command whose token is `token`
        (it can be asked until `expires_at` whether the answer arrived), given by `user_id`:
        kept with the post, so that after a crash the answer is looked for before the post is
        made again (and, had it never arrived, shown to its asker); its attempt begins now (as
        `trying`)."""
        async with self.ctx.connection.transaction() as db:
            await outbox.set_answer(db, post_id, token, expires_at, self.ctx.now(), user_id=user_id)

    async def posted_instead(self, post_id: int, channel_id: int, message_id: int | None) -> bool:
        """Settle post `post_id`, which went to `channel_id` as message `message_id` rather than
        as its command's answer (that answer never arrived): edited in its channel from now on;
        False if it was settled already."""
        async with self.ctx.connection.transaction() as db:
            return await outbox.posted_instead(db, post_id, self.ctx.now(), channel_id, message_id)

    async def keep(self, row: OutboxRow, channel_id: int) -> bool:
        """Command answer `row` never reached Discord, in `channel_id` where the bot may only
        answer: it waits there, settled, for its asker's next command or press (issue 52,
        point 7); False when it has no known asker, or goes elsewhere than where its command
        was given (a notice to a game's channel, say: never its answer), or was settled."""
        if json.loads(row.data).get(ASKED_IN) != channel_id:
            return False
        async with self.ctx.connection.transaction() as db:
            kept = await outbox.keep(db, row.id, self.ctx.now(), channel_id)
        if kept:
            log.info(
                "post %s (%s %s %s): its answer never arrived; kept for user %s",
                row.id,
                *_about(row),
                row.answer_user_id,
            )
        return kept

    async def kept_for(self, user_id: int, channel_id: int) -> list[OutboxRow]:
        """The answers that wait for `user_id`'s next interaction in `channel_id` (a read: it
        is asked at every interaction, and nothing waits nearly always)."""
        async with self.ctx.connection.read() as db:
            return await outbox.kept_for(db, user_id, channel_id)

    async def take_kept(self, row: OutboxRow) -> bool:
        """Take kept answer `row` to show it now; False if another interaction took it, or if
        a later post of its kind about its subject showed the same since (its asker asked
        again: it is dropped)."""
        async with self.ctx.connection.transaction() as db:
            if not await outbox.take_kept(db, row.id):
                return False
            latest = await outbox.latest_post(db, row.subject, row.subject_id, (row.kind,))
            return latest is None or latest <= row.id

    async def put_back(self, post_id: int, channel_id: int) -> None:
        """Kept answer `post_id` could not be shown (Discord refused it): it waits again."""
        async with self.ctx.connection.transaction() as db:
            await outbox.put_back(db, post_id, channel_id)

    async def shown_kept(
        self,
        post_id: int,
        channel_id: int,
        message_id: int | None,
        token: str,
        expires_at: int,
    ) -> None:
        """Kept answer `post_id` is shown, as message `message_id` following up the command
        with `token` (its later edits go through it until `expires_at`)."""
        async with self.ctx.connection.transaction() as db:
            await outbox.shown_kept(
                db, post_id, channel_id, message_id, token=token, expires_at=expires_at
            )

    async def delivered(
        self, post_id: int, channel_id: int | None = None, message_id: int | None = None
    ) -> bool:
        """Settle post `post_id`: it is out, in `channel_id` as message `message_id` where that
        is known (None: nothing was posted, the post being pointless); False if it was settled
        already."""
        async with self.ctx.connection.transaction() as db:
            return await outbox.mark_delivered(db, post_id, self.ctx.now(), channel_id, message_id)

    async def hand_back(self, post_id: int) -> None:
        """A clean stop cut the delivery of `post_id` short: any process may take it now."""
        async with self.ctx.connection.transaction() as db:
            await outbox.hand_back(db, post_id)

    async def failed(self, post_id: int, *, uncertain: bool = False) -> None:
        """The delivery of post `post_id` failed: Discord refused it (try again later, with a
        growing pause, and give it up after `MAX_ATTEMPTS`), or, `uncertain`, nobody knows
        whether Discord acted on it (try again soon, within `NONCE_TRUST`)."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            row = await outbox.get(db, post_id)
            if row is None or row.delivered_at is not None:
                return
            if row.attempts + 1 >= MAX_ATTEMPTS:
                log.warning("post %s (%s %s %s): giving up", row.id, *_about(row))
                await outbox.mark_delivered(db, post_id, now)
                return
            pause = UNSURE_RETRY if uncertain else min(RETRY_BASE * 2**row.attempts, RETRY_MAX)
            if uncertain:  # an attempt began by now at the latest (if none was noted)
                await outbox.trying(db, post_id, now)
            await outbox.postpone(db, post_id, now + pause, uncertain=uncertain)

    async def gave_up(self, row: OutboxRow, why: str) -> None:
        """Settle `row` without a post, for the reason `why` (one log line)."""
        log.warning("post %s (%s %s %s): not made: %s", row.id, *_about(row), why)
        await self.delivered(row.id)

    async def latest_answer(self, subject: str, subject_id: int, now: int) -> Delivered | None:
        """The latest post about the subject that answered a command whose token still works
        at `now` (real epoch seconds): a reply-only game's next post follows it up."""
        async with self.ctx.connection.read() as db:
            return await outbox.latest_answer(db, subject, subject_id, now)

    async def locale_of(self, row: OutboxRow) -> str | None:
        """The language the place of post `row` reads, as the command that owed it (or an
        earlier one about its subject) said it; None when none did (a server's own then)."""
        said = PostData(row).maybe_word("locale")
        if said is not None:
            return said
        async with self.ctx.connection.read() as db:
            earlier = await outbox.latest_data(db, row.subject, row.subject_id, "locale")
        for data in earlier:
            found = json.loads(data).get("locale")
            if isinstance(found, str):
                return found
        return None

    async def next_post_due(self) -> datetime | None:
        """When the next owed post (of this process's servers) is due, or its claim runs out;
        None when nothing is owed."""
        async with self.ctx.connection.read() as db:
            due = await outbox.next_due(db, self.ctx.shards)
        return None if due is None else moment(due)

    async def next_alarm(self) -> datetime | None:
        """When something next falls due: an alarm of a game or a challenge, or a tournament's
        next step."""
        alarm = await self.alarms.next_alarm()
        async with self.ctx.connection.read() as db:
            step = await tournaments.next_due(db, self.ctx.shards)
        known = [alarm] if alarm is not None else []
        known += [moment(step)] if step is not None else []
        return min(known, default=None)


def _about(row: OutboxRow) -> tuple[str, str, int]:
    """What a post is, for a log line: its kind and subject."""
    return row.kind, row.subject, row.subject_id
