"""SQL for challenges. Every function takes the connection of a `read()` or `transaction()`."""

from __future__ import annotations

from bot.shards import Shards, shard_filter
from bot.store.connection import Db
from bot.store.games import REVISED
from bot.store.rows import ChallengeRow, Reach

_SELECT = f"SELECT {ChallengeRow.columns()} FROM challenges"
CHALLENGED = "challenge:"
"""How a NOTIFY on `REVISED` about a challenge begins (``"challenge:<id>"``): the lobbies of the
board page hear of a challenge made, taken or closed by any process, on the channel they hear
the games' changes on (a game's payload is its id and revision, digits only)."""


def challenged_payload(challenge_id: int) -> str:
    """What a NOTIFY on `REVISED` says of a challenge made, taken or closed."""
    return f"{CHALLENGED}{challenge_id}"


async def _tell(db: Db, challenge_id: int) -> None:
    await db.notify(REVISED, challenged_payload(challenge_id))


async def insert_challenge(
    db: Db,
    *,
    game_kind: str,
    variant: str,
    guild_id: int | None,
    channel_id: int,
    challenger_id: int,
    opponent_id: int | None,
    challenger_first: bool,
    move_seconds: int,
    wants_thread: bool,
    created_at: int,
    expires_at: int,
    best_of: int = 1,
    request_id: int | None = None,
    reach: Reach = Reach.POST,
    rating_window: int | None = None,
) -> int | None:
    """Store a new pending challenge (to anyone in the channel when `opponent_id` is None);
    return its id, or None when a challenge between the two players is open in the channel
    already, whichever of them made it, or (to anyone) the challenger's open challenge there
    (the database's unique indexes refuse it, also to a transaction racing this one: see
    `open_between` and `open_to_anyone_by`)."""
    new_id = await db.fetch_value(
        "INSERT INTO challenges (game_kind, variant, guild_id, channel_id, challenger_id,"
        " opponent_id, challenger_first, move_seconds, wants_thread, created_at, expires_at,"
        " best_of, request_id, reach, to_anyone, rating_window)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT DO NOTHING RETURNING id",
        (
            game_kind,
            variant,
            guild_id,
            channel_id,
            challenger_id,
            opponent_id,
            int(challenger_first),
            move_seconds,
            int(wants_thread),
            created_at,
            expires_at,
            best_of,
            request_id,
            reach,
            int(opponent_id is None),
            rating_window,
        ),
    )
    if new_id is None:
        return None
    await _tell(db, int(new_id))
    return int(new_id)


async def get_challenge(db: Db, challenge_id: int) -> ChallengeRow | None:
    """The challenge with this id, or None."""
    return await ChallengeRow.one(db, f"{_SELECT} WHERE id = ?{db.for_update}", (challenge_id,))


async def open_between(
    db: Db, channel_id: int, first_id: int, second_id: int
) -> ChallengeRow | None:
    """The pending challenge between the two users in the channel, whichever of them made it
    (there is at most one)."""
    return await ChallengeRow.one(
        db,
        f"{_SELECT} WHERE status = 'pending' AND channel_id = ?"
        " AND ((challenger_id = ? AND opponent_id = ?) OR (challenger_id = ? AND opponent_id = ?))",
        (channel_id, first_id, second_id, second_id, first_id),
    )


async def open_to_anyone_by(db: Db, channel_id: int, challenger_id: int) -> ChallengeRow | None:
    """The challenger's pending open challenge in the channel (there is at most one)."""
    return await ChallengeRow.one(
        db,
        f"{_SELECT} WHERE status = 'pending' AND opponent_id IS NULL AND channel_id = ?"
        " AND challenger_id = ?",
        (channel_id, challenger_id),
    )


async def open_in_guild(db: Db, guild_id: int, now: int, limit: int = 100) -> list[ChallengeRow]:
    """A server's open challenges nobody has taken yet and whose time has not run out, the
    soonest to expire first (what its lobby lists)."""
    return await ChallengeRow.all(
        db,
        f"{_SELECT} WHERE status = 'pending' AND opponent_id IS NULL AND guild_id = ?"
        " AND expires_at > ? ORDER BY expires_at, id LIMIT ?",
        (guild_id, now, limit),
    )


async def take_challenge(
    db: Db, challenge_id: int, taker_id: int, answered_at: int, game_id: int | None
) -> bool:
    """The taker becomes the opponent of an open challenge nobody took, which is accepted with
    the game it started, in one conditional update: of several takers at once exactly one
    finds it still untaken. False if it was taken, withdrawn or expired already."""
    changed = await db.execute(
        "UPDATE challenges SET opponent_id = ?, status = 'accepted', answered_at = ?, game_id = ?"
        " WHERE id = ? AND status = 'pending' AND opponent_id IS NULL",
        (taker_id, answered_at, game_id, challenge_id),
    )
    if changed == 1:
        await _tell(db, challenge_id)
    return changed == 1


async def answer_challenge(
    db: Db,
    challenge_id: int,
    status: str,
    answered_at: int,
    game_id: int | None = None,
) -> bool:
    """Move a pending challenge to `status`; False if it was no longer pending."""
    changed = await db.execute(
        "UPDATE challenges SET status = ?, answered_at = ?, game_id = ?"
        " WHERE id = ? AND status = 'pending'",
        (status, answered_at, game_id, challenge_id),
    )
    if changed == 1:
        await _tell(db, challenge_id)
    return changed == 1


async def set_challenge_game(db: Db, challenge_id: int, game_id: int) -> None:
    """Remember the game an accepted challenge started (in the thread opened for it)."""
    await db.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge_id))


async def set_challenge_message(db: Db, challenge_id: int, message_id: int) -> None:
    """Remember the Discord message that shows the challenge (to edit it on expiry)."""
    await db.execute(
        "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
    )


async def expired_challenges(db: Db, now: int, shards: Shards | None = None) -> list[ChallengeRow]:
    """Pending challenges (of the servers `shards` serve) whose time to answer ran out at or
    before `now`, oldest first."""
    return await ChallengeRow.all(
        db,
        f"{_SELECT} WHERE status = 'pending' AND expires_at <= ?"
        f"{shard_filter(shards, 'guild_id')} ORDER BY expires_at, id",
        (now,),
    )


async def next_expiry(db: Db, shards: Shards | None = None) -> int | None:
    """When the next pending challenge (of the servers `shards` serve) expires, or None."""
    return await db.number(
        "SELECT min(expires_at) FROM challenges WHERE status = 'pending'"
        f"{shard_filter(shards, 'guild_id')}"
    )


async def pending_for(db: Db, user_id: int) -> list[ChallengeRow]:
    """Pending challenges the user made or received, oldest first."""
    return await ChallengeRow.all(
        db,
        f"{_SELECT} WHERE status = 'pending' AND (challenger_id = ? OR opponent_id = ?)"
        " ORDER BY id",
        (user_id, user_id),
    )


async def count_pending_by(db: Db, challenger_id: int, now: int) -> int:
    """How many challenges the user made that wait for an answer at `now` (on any server; one
    past its time counts no more, even before the scheduler marks it expired)."""
    count = await db.number(
        "SELECT count(*) FROM challenges WHERE challenger_id = ? AND status = 'pending'"
        " AND expires_at > ?",
        (challenger_id, now),
    )
    return count or 0


async def closed_between(db: Db, challenger_id: int, opponent_id: int, since: int) -> list[int]:
    """When the challenges from `challenger_id` to `opponent_id` that were withdrawn or declined
    at or after `since` were closed, oldest first."""
    rows = await db.fetch_all(
        "SELECT answered_at FROM challenges WHERE challenger_id = ? AND opponent_id = ?"
        " AND status IN ('cancelled', 'declined') AND answered_at >= ? ORDER BY answered_at",
        (challenger_id, opponent_id, since),
    )
    return [row["answered_at"] for row in rows]
