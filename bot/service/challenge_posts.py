"""The posts a challenge owes Discord (issue 53): its message with its buttons, the edits of
that message once it is answered (accepted, taken, declined, withdrawn; the expiry's is in
`alarms`), the new message that tells the challenger of a decline (an edit pings nobody), and
the thread an accepted challenge's game is played in. Each is owed in the transaction of the
change, so that a crash at any step neither loses one nor posts one twice; each is rebuilt from
the challenge as it is when it goes out. Where the bot only answers (`Reach.REPLY`) they go
through the interaction's token, as a reply-only game's posts do."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.context import Context
from bot.service.owed import PostKind, Subject
from bot.service.results import Challenge
from bot.store import ChallengeStatus, Db, challenges, games, outbox
from bot.store.outbox import Delivered, OutboxRow


@dataclass(frozen=True, slots=True)
class ChallengePost:
    """A challenge as its post shows it: the challenge as it is now, the message that shows it
    (once posted), and the post's own id."""

    challenge: Challenge
    message: Delivered | None
    post_id: int
    thread_id: int | None = None  # the thread its game is played in, once open


async def _challenge(db: Db, row: OutboxRow) -> Challenge | None:
    found = await challenges.get_challenge(db, row.subject_id)
    return None if found is None else Challenge.of(found)


async def shown_at(db: Db, challenge: Challenge) -> Delivered | None:
    """The message that shows the challenge, once posted (through the outbox, else as the bot
    remembered it before its posts went through the outbox)."""
    found = await outbox.latest_delivered(db, Subject.CHALLENGE.value, challenge.id, (POSTED.name,))
    if found is not None or challenge.message_id is None:
        return found
    return Delivered(0, challenge.channel_id, challenge.message_id, None, None)


async def _posted(ctx: Context, db: Db, row: OutboxRow) -> ChallengePost | None:
    challenge = await _challenge(db, row)
    if challenge is None or challenge.status is not ChallengeStatus.PENDING:
        return None  # answered, withdrawn or expired before it was shown: nothing to show
    return ChallengePost(challenge, None, row.id)


async def _answered(ctx: Context, db: Db, row: OutboxRow) -> ChallengePost | None:
    challenge = await _challenge(db, row)
    if challenge is None:
        return None
    message = await shown_at(db, challenge)
    if message is None:
        return None  # never shown: nothing to edit
    game = None if challenge.game_id is None else await games.get_game(db, challenge.game_id)
    thread_id = game.channel_id if game is not None and game.parent_channel_id else None
    return ChallengePost(challenge, message, row.id, thread_id)


async def _declined(ctx: Context, db: Db, row: OutboxRow) -> ChallengePost | None:
    challenge = await _challenge(db, row)
    return None if challenge is None else ChallengePost(challenge, None, row.id)


async def _thread(ctx: Context, db: Db, row: OutboxRow) -> ChallengePost | None:
    challenge = await _challenge(db, row)
    if challenge is None or challenge.game_id is not None:
        return None  # its game started already (the post was settled with it)
    return ChallengePost(challenge, None, row.id)


POSTED = PostKind("challenge", Subject.CHALLENGE, _posted)
"""A challenge: its game and options, with Accept (and Decline, and Decline and block, for a
named one); it pings the one challenged."""
ANSWERED = PostKind("challenge_answered", Subject.CHALLENGE, _answered)
"""The challenge's message once it is answered: accepted or taken (by whom), withdrawn, or
declined; without its buttons (an edit: it pings nobody)."""
DECLINED = PostKind("challenge_declined", Subject.CHALLENGE, _declined)
"""A new message telling the challenger their challenge was declined (it pings them)."""
THREAD = PostKind("challenge_thread", Subject.CHALLENGE, _thread)
"""The thread an accepted challenge asked for: opened (or found, after a crash) and its game
started there, in one transaction with the post settled (`Challenges.start_in_thread`)."""


async def owe_answer(ctx: Context, db: Db, challenge_id: int, guild_id: int | None) -> None:
    """Owe the edit of the challenge's message once it is answered."""
    await ctx.owe(db, ANSWERED, challenge_id, guild_id=guild_id)
