"""SQL for the outbox: every post the bot owes Discord, whatever it is about (issue 45).

A post is added in the transaction of the change that owes it and settled once Discord has it,
so none is lost to a crash in between. It is keyed by its subject (what it is about: a game, a
tournament, an analysis, a user, a challenge) and its kind. A subject's posts go out in the order
they were owed: only the oldest unsettled post of a subject can be claimed, so a move is never
posted before the start of its game, nor a round before its boards' threads, whichever process
delivers them. A claim is one process's for a lease; PostgreSQL's SKIP LOCKED keeps two
processes from claiming the same post.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.shards import Shards, shard_filter
from bot.store.connection import Db, rows_of, values_of
from bot.store.quick import quick_init
from bot.store.rows import _FromRow


@dataclass(frozen=True, slots=True)
class OutboxRow(_FromRow):
    """A post the bot owes (or owed) Discord."""

    id: int
    kind: str
    subject: str  # what it is about: 'game', 'tournament', 'analysis', 'user', 'challenge'
    subject_id: int
    revision: int  # the subject's revision it is about (a game's; a tournament's round)
    guild_id: int | None  # the server whose process delivers it (None: shard 0)
    data: str  # JSON: what the post needs beyond its subject as it is
    created_at: int
    next_attempt_at: int
    attempts: int
    delivered_at: int | None
    channel_id: int | None  # where it went, once delivered (where known)
    message_id: int | None  # the message it became, once delivered (where known)
    claimed_by: str | None  # the process delivering it
    claimed_until: int | None  # until when that process has it to itself
    tried_at: int | None  # when an attempt that may have reached Discord began (unsettled)
    answer_token: str | None  # the command it answers (a Discord interaction's token), if any
    answer_expires_at: int | None  # until when that token can be asked whether it arrived
    answer_user_id: int | None  # who gave that command
    kept_in: int | None  # settled unseen: shown at its asker's next interaction in this channel


@quick_init
@dataclass(frozen=True, slots=True)
class NewPost:
    """A post to owe: its kind, its subject and what it needs."""

    kind: str
    subject: str
    subject_id: int
    revision: int
    guild_id: int | None
    data: str


@dataclass(frozen=True, slots=True)
class Delivered(_FromRow):
    """Where a delivered post went, and the command it answered (if it did)."""

    id: int
    channel_id: int | None
    message_id: int | None
    answer_token: str | None
    answer_expires_at: int | None


_SELECT = f"SELECT {OutboxRow.columns()} FROM outbox"


async def add(
    db: Db,
    post: NewPost,
    *,
    now: int,
    due: int | None = None,
    claimed_by: str | None = None,
    claimed_until: int | None = None,
    asked_by: int | None = None,
) -> int:
    """Owe `post`, due at `due` (now by default); `claimed_by` is the process that is about to
    deliver it itself (None: any), which has it to itself until `claimed_until`, answering a
    command of `asked_by`. No attempt has begun (`trying` says when one does)."""
    return await db.insert(
        "INSERT INTO outbox (kind, subject, subject_id, revision, guild_id, data, created_at,"
        " next_attempt_at, claimed_by, claimed_until, answer_user_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            post.kind,
            post.subject,
            post.subject_id,
            post.revision,
            post.guild_id,
            post.data,
            now,
            now if due is None else due,
            claimed_by,
            claimed_until,
            asked_by,
        ),
    )


async def add_all(db: Db, posts: list[NewPost], *, now: int) -> list[int]:
    """Owe these posts, due now and claimed by nobody, in one statement (a batch's,
    `bot.service.seeks`); return their ids."""
    if not posts:
        return []
    values = values_of(posts, list(NewPost.__dataclass_fields__), now, now)
    rows = await db.fetch_all(
        "INSERT INTO outbox (kind, subject, subject_id, revision, guild_id, data, created_at,"
        f" next_attempt_at) VALUES {rows_of(len(posts), 8)} RETURNING id",
        values,
    )
    return [int(row["id"]) for row in rows]


async def waiting(db: Db, kind: str, subject: str, subject_id: int) -> int | None:
    """An owed post of `kind` about the subject that nobody has claimed yet (a later change
    that owes the same post again need not add one: what it shows is read when it goes out)."""
    return await db.number(
        "SELECT min(id) FROM outbox WHERE subject = ? AND subject_id = ? AND kind = ?"
        " AND delivered_at IS NULL AND claimed_until IS NULL",
        (subject, subject_id, kind),
    )


async def bring_forward(db: Db, post_id: int, due: int) -> None:
    """Make owed post `post_id` due at `due` at the latest."""
    await db.execute(
        "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND next_attempt_at > ?",
        (due, post_id, due),
    )


def _heads(now: int, shards: Shards | None) -> str:
    """The condition on `o` for a post that is due now, claimed by nobody now, of a server the
    process serves, and the oldest unsettled post of its subject."""
    return (
        "o.delivered_at IS NULL AND o.next_attempt_at <= ?"
        " AND (o.claimed_until IS NULL OR o.claimed_until <= ?)"
        f"{shard_filter(shards, 'o.guild_id')}"
        " AND NOT EXISTS (SELECT 1 FROM outbox AS e WHERE e.subject = o.subject"
        " AND e.subject_id = o.subject_id AND e.delivered_at IS NULL AND e.id < o.id)"
    )


async def claim_due(
    db: Db, now: int, *, by: str, until: int, shards: Shards | None = None, limit: int = 50
) -> list[OutboxRow]:
    """Claim (for `by`, until `until`) the posts due now that head their subject's queue, are
    claimed by nobody now and are about servers this process serves; oldest first. Call it in a
    transaction: rows another process is claiming at the same moment are left to it. A claim
    sends nothing: `tried_at` says whether an earlier attempt began (`trying`)."""
    columns = ", ".join(f"o.{name}" for name in OutboxRow.columns().split(", "))
    due = await OutboxRow.all(
        db,
        f"SELECT {columns} FROM outbox AS o WHERE {_heads(now, shards)}"
        f" ORDER BY o.next_attempt_at, o.id LIMIT ?{db.skip_locked}",
        (now, now, limit),
    )
    if not due:
        return []
    marks = ", ".join("?" * len(due))
    await db.execute(
        f"UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN ({marks})",
        (by, until, *(row.id for row in due)),
    )
    return sorted(due, key=lambda row: row.id)


async def trying(db: Db, post_id: int, now: int) -> None:
    """An attempt of post `post_id` that may reach Discord begins now: from here until it is
    settled its outcome is unknown after a crash (an earlier attempt's time is kept: Discord's
    memory of the nonce runs from the first)."""
    await db.execute(
        "UPDATE outbox SET tried_at = COALESCE(tried_at, ?) WHERE id = ? AND delivered_at IS NULL",
        (now, post_id),
    )


async def get(db: Db, post_id: int) -> OutboxRow | None:
    """One post, delivered or not (locked for the transaction on PostgreSQL)."""
    return await OutboxRow.one(db, f"{_SELECT} WHERE id = ?{db.for_update}", (post_id,))


async def release_claims(db: Db, by: str) -> int:
    """Give up every claim of process `by` on posts still owed (it started again: nothing of
    its is being delivered, though an attempt may have reached Discord: `tried_at` stays);
    return how many."""
    return await db.execute(
        "UPDATE outbox SET claimed_until = NULL"
        " WHERE claimed_by = ? AND delivered_at IS NULL AND claimed_until IS NOT NULL",
        (by,),
    )


async def hand_back(db: Db, post_id: int) -> None:
    """A clean stop cut the delivery of `post_id` short: any process may take it at once."""
    await db.execute(
        "UPDATE outbox SET claimed_until = NULL WHERE id = ? AND delivered_at IS NULL", (post_id,)
    )


async def mark_delivered(
    db: Db, post_id: int, now: int, channel_id: int | None = None, message_id: int | None = None
) -> bool:
    """Settle a post, keeping where it went when known; False if it was settled already (by
    another delivery)."""
    changed = await db.execute(
        "UPDATE outbox SET delivered_at = ?, channel_id = ?, message_id = ?, tried_at = NULL"
        " WHERE id = ? AND delivered_at IS NULL",
        (now, channel_id, message_id, post_id),
    )
    return changed == 1


async def set_answer(
    db: Db, post_id: int, token: str, expires_at: int, now: int, *, user_id: int | None = None
) -> None:
    """Keep the token of the command post `post_id` is about to answer, which can be asked
    until `expires_at` whether the answer arrived, who gave it (`user_id`), and that its
    attempt begins `now` (as `trying`; nothing for a post settled already)."""
    await db.execute(
        "UPDATE outbox SET answer_token = ?, answer_expires_at = ?,"
        " answer_user_id = COALESCE(?, answer_user_id), tried_at = COALESCE(tried_at, ?)"
        " WHERE id = ? AND delivered_at IS NULL",
        (token, expires_at, user_id, now, post_id),
    )


async def posted_instead(
    db: Db, post_id: int, now: int, channel_id: int, message_id: int | None
) -> bool:
    """Settle a post that went to its channel instead of answering its command (whose answer
    never arrived): the command's token no longer speaks for its message, which is edited in
    its channel; False if it was settled already."""
    changed = await db.execute(
        "UPDATE outbox SET delivered_at = ?, channel_id = ?, message_id = ?, tried_at = NULL,"
        " answer_token = NULL, answer_expires_at = NULL WHERE id = ? AND delivered_at IS NULL",
        (now, channel_id, message_id, post_id),
    )
    return changed == 1


async def keep(db: Db, post_id: int, now: int, channel_id: int) -> bool:
    """Settle a command's answer that never reached Discord where the bot may only answer: it
    waits in `channel_id` for its asker's next interaction there (`kept_for`); the dead
    command's token is dropped. False if it was settled already or has no known asker."""
    changed = await db.execute(
        "UPDATE outbox SET delivered_at = ?, kept_in = ?, tried_at = NULL, answer_token = NULL,"
        " answer_expires_at = NULL WHERE id = ? AND delivered_at IS NULL"
        " AND answer_user_id IS NOT NULL",
        (now, channel_id, post_id),
    )
    return changed == 1


async def kept_for(db: Db, user_id: int, channel_id: int) -> list[OutboxRow]:
    """The answers kept for `user_id` in `channel_id` (see `keep`), oldest first."""
    return await OutboxRow.all(
        db,
        f"{_SELECT} WHERE kept_in = ? AND answer_user_id = ? ORDER BY id",
        (channel_id, user_id),
    )


async def take_kept(db: Db, post_id: int) -> bool:
    """Take kept answer `post_id` to show it now; False if another interaction took it."""
    return (
        await db.execute(
            "UPDATE outbox SET kept_in = NULL WHERE id = ? AND kept_in IS NOT NULL", (post_id,)
        )
        == 1
    )


async def put_back(db: Db, post_id: int, channel_id: int) -> None:
    """Kept answer `post_id` could not be shown after all: it waits again."""
    await db.execute(
        "UPDATE outbox SET kept_in = ? WHERE id = ? AND message_id IS NULL", (channel_id, post_id)
    )


async def shown_kept(
    db: Db, post_id: int, channel_id: int, message_id: int | None, *, token: str, expires_at: int
) -> None:
    """Kept answer `post_id` was shown as message `message_id`, a follow-up of the command with
    `token` (which edits it until `expires_at`)."""
    await db.execute(
        "UPDATE outbox SET channel_id = ?, message_id = ?, answer_token = ?,"
        " answer_expires_at = ? WHERE id = ?",
        (channel_id, message_id, token, expires_at, post_id),
    )


async def postpone(db: Db, post_id: int, when: int, *, uncertain: bool) -> None:
    """After a failed attempt: count it, let go of it and try again at `when`. `uncertain`:
    nobody knows whether Discord acted on it (the connection broke), so `tried_at` stays."""
    tried = "tried_at" if uncertain else "NULL"
    await db.execute(
        f"UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, claimed_until = NULL,"
        f" tried_at = {tried} WHERE id = ? AND delivered_at IS NULL",
        (when, post_id),
    )


async def next_due(db: Db, shards: Shards | None = None) -> int | None:
    """When the next unsettled post (of a server this process serves) is due, or its claim
    runs out; None if nothing is owed."""
    return await db.number(
        "SELECT min(CASE WHEN claimed_until > next_attempt_at THEN claimed_until"
        " ELSE next_attempt_at END) FROM outbox"
        f" WHERE delivered_at IS NULL{shard_filter(shards, 'guild_id')}"
    )


async def latest_delivered(
    db: Db, subject: str, subject_id: int, kinds: tuple[str, ...], revision: int | None = None
) -> Delivered | None:
    """Where the latest delivered post of these kinds about the subject (at `revision`, if
    given) went, once its message is known."""
    marks = ", ".join("?" * len(kinds))
    at = "" if revision is None else " AND revision = ?"
    params: tuple[object, ...] = (subject, subject_id, *kinds)
    return await Delivered.one(
        db,
        f"SELECT {Delivered.columns()} FROM outbox WHERE subject = ? AND subject_id = ?"
        f" AND kind IN ({marks}){at} AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
        params if revision is None else (*params, revision),
    )


async def delivered_posts(
    db: Db, subject: str, subject_id: int, kinds: tuple[str, ...], limit: int
) -> list[OutboxRow]:
    """The latest `limit` delivered posts of these kinds about the subject whose message is
    known, newest first."""
    marks = ", ".join("?" * len(kinds))
    return await OutboxRow.all(
        db,
        f"{_SELECT} WHERE subject = ? AND subject_id = ? AND kind IN ({marks})"
        " AND message_id IS NOT NULL ORDER BY id DESC LIMIT ?",
        (subject, subject_id, *kinds, limit),
    )


async def latest_post(db: Db, subject: str, subject_id: int, kinds: tuple[str, ...]) -> int | None:
    """The id of the latest post of these kinds owed about the subject, delivered or not."""
    marks = ", ".join("?" * len(kinds))
    return await db.number(
        f"SELECT max(id) FROM outbox WHERE subject = ? AND subject_id = ? AND kind IN ({marks})",
        (subject, subject_id, *kinds),
    )


async def posts_at(
    db: Db, subject: str, subject_id: int, kinds: tuple[str, ...], revision: int
) -> list[OutboxRow]:
    """The posts of these kinds owed about the subject at its `revision`, delivered or not,
    oldest first."""
    marks = ", ".join("?" * len(kinds))
    return await OutboxRow.all(
        db,
        f"{_SELECT} WHERE subject = ? AND subject_id = ? AND kind IN ({marks}) AND revision = ?"
        " ORDER BY id",
        (subject, subject_id, *kinds, revision),
    )


async def latest_answer(db: Db, subject: str, subject_id: int, now: int) -> Delivered | None:
    """The latest post about the subject that answered a command whose token still works."""
    return await Delivered.one(
        db,
        f"SELECT {Delivered.columns()} FROM outbox WHERE subject = ? AND subject_id = ?"
        " AND delivered_at IS NOT NULL AND answer_token IS NOT NULL AND answer_expires_at > ?"
        " ORDER BY id DESC LIMIT 1",
        (subject, subject_id, now),
    )


async def latest_data(db: Db, subject: str, subject_id: int, key: str) -> list[str]:
    """The data of the latest posts about the subject that hold `key` (newest first, a few)."""
    rows = await db.fetch_all(
        "SELECT data FROM outbox WHERE subject = ? AND subject_id = ? AND data LIKE ?"
        " ORDER BY id DESC LIMIT 5",
        (subject, subject_id, f'%"{key}"%'),
    )
    return [str(row["data"]) for row in rows]


async def posts_about(
    db: Db, subject: str, subject_id: int, kind: str, *, since: int = 0
) -> list[OutboxRow]:
    """The posts of `kind` owed about the subject at or after `since`, delivered or not,
    oldest first."""
    return await OutboxRow.all(
        db,
        f"{_SELECT} WHERE subject = ? AND subject_id = ? AND kind = ? AND created_at >= ?"
        " ORDER BY id",
        (subject, subject_id, kind, since),
    )


async def posts_of_subject(db: Db, subject: str, subject_id: int) -> list[OutboxRow]:
    """Every post owed about the subject, delivered or not, oldest first."""
    return await OutboxRow.all(
        db, f"{_SELECT} WHERE subject = ? AND subject_id = ? ORDER BY id", (subject, subject_id)
    )


async def undelivered(db: Db) -> list[OutboxRow]:
    """Every post still owed, oldest first (for a look at the whole outbox)."""
    return await OutboxRow.all(db, f"{_SELECT} WHERE delivered_at IS NULL ORDER BY id", ())
