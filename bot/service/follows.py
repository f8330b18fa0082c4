"""Following a game (issue 54, point 4): anyone who may see a game (the adapter checks it) asks
to hear of it by direct message: at its end, or at every move too (`every_move`), and never
more often than that; unfollowing stops it at once. The players need not follow their own game
(its posts and `/notify` reach them): they are refused, saying so. Bounds keep a follow from
becoming a way to flood anyone: a user follows at most `FOLLOWS_PER_USER` games being played,
and a game has at most `FOLLOWERS_PER_GAME` followers. A follower whom Discord refuses a letter
(their direct messages are closed, 50007) follows nothing any more (`Notifications.dms_closed`),
and one who may no longer see the game when its letter goes out stops following it
(`Follows.lost_sight`): sight is checked again at each letter, not only at the follow.

The letters are owed in the move's (or the ending's) own transaction, to the follower as their
subject ('user'), so a closed inbox holds up no post of the game; each is rebuilt when it goes
out, and dropped if the follower unfollowed meanwhile or (a move's letter) the game moved on."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import game_posts
from bot.service.context import Context
from bot.service.errors import (
    FollowOwnGameError,
    GameFinishedError,
    NotFollowingError,
    TooManyFollowersError,
    TooManyFollowsError,
)
from bot.service.owed import PostData, PostKind, Subject
from bot.service.results import GameView
from bot.store import Db, follows, outbox
from bot.store.outbox import OutboxRow

FOLLOWS_PER_USER = 50
"""Games being played that one user follows at most."""
FOLLOWERS_PER_GAME = 100
"""Followers one game has at most."""


@dataclass(frozen=True, slots=True)
class Followed:
    """`user_id` follows game `view` (at every move, or at its end only)."""

    view: GameView
    user_id: int
    every_move: bool


@dataclass(frozen=True, slots=True)
class FollowLetter:
    """A letter to a follower of game `view`: its latest move (`played`, by `mover_id`), or its
    end (`view.ending`); `link_id` the game's message that shows it, once posted."""

    view: GameView
    user_id: int
    mover_id: int | None
    played: str | None
    link_id: int | None


class Follows:
    """Who follows which game."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def follow(self, user_id: int, game_id: int, *, every_move: bool = False) -> Followed:
        """`user_id` follows the game from now on (following it again changes `every_move`).
        Raises `GameNotFoundError`, `GameFinishedError`, `FollowOwnGameError`,
        `TooManyFollowsError` and `TooManyFollowersError`."""
        async with self.ctx.connection.transaction() as db:
            view = await self.ctx.view(db, await self.ctx.row_by_id(db, game_id))
            if not view.is_active:
                raise GameFinishedError("the game is over", game_id=game_id)
            if user_id in view.players.values():
                raise FollowOwnGameError("you play in it", game_id=game_id)
            if await follows.follow_of(db, game_id, user_id) is None:
                if await follows.count_active_follows(db, user_id) >= FOLLOWS_PER_USER:
                    raise TooManyFollowsError("too many follows", limit=FOLLOWS_PER_USER)
                if await follows.count_followers(db, game_id) >= FOLLOWERS_PER_GAME:
                    raise TooManyFollowersError("too many followers", limit=FOLLOWERS_PER_GAME)
            await follows.follow(db, game_id, user_id, every_move=every_move, now=self.ctx.now())
        return Followed(view, user_id, every_move)

    async def unfollow(self, user_id: int, game_id: int) -> None:
        """`user_id` hears no more of the game. Raises `NotFollowingError`."""
        async with self.ctx.connection.transaction() as db:
            if not await follows.unfollow(db, game_id, user_id):
                raise NotFollowingError("you do not follow it", game_id=game_id)

    async def is_following(self, user_id: int, game_id: int) -> bool:
        """Whether `user_id` follows the game."""
        async with self.ctx.connection.read() as db:
            return await follows.follow_of(db, game_id, user_id) is not None

    async def lost_sight(self, user_id: int, game_id: int, post_id: int) -> None:
        """`user_id` may no longer see the game they follow (they left its server, or its
        channel was closed to them): they follow it no more, and the letter that found it out
        is settled unsent, so that a follow never tells anyone of a game hidden from them."""
        async with self.ctx.connection.transaction() as db:
            await follows.unfollow(db, game_id, user_id)
            await outbox.mark_delivered(db, post_id, self.ctx.now())


async def _letter(ctx: Context, db: Db, row: OutboxRow) -> FollowLetter | None:
    view = await ctx.view(db, await ctx.row_by_id(db, PostData(row).number("game_id")))
    follow = await follows.follow_of(db, view.id, row.subject_id)
    if follow is None or view.revision != row.revision:
        return None  # unfollowed meanwhile, or the game moved on (its next letter tells it)
    data = PostData(row)
    mover, played = data.maybe_word("mover_id"), data.maybe_word("played")
    link = await game_posts.link_to(db, view)
    link_id = None if link is None else link.message_id
    mover_id = None if mover is None else int(mover)
    return FollowLetter(view, row.subject_id, mover_id, played, link_id)


FOLLOW_DM = PostKind("follow_dm", Subject.USER, _letter)
"""A direct message to a follower: a game they follow moved (if they chose every move), or
ended."""


async def owe_follow_letters(
    ctx: Context, db: Db, view: GameView, *, mover_id: int | None = None, played: str | None = None
) -> None:
    """Owe each follower of the game their letter about it as it is now: every follower at its
    end, those who chose every move at a move."""
    ended = not view.is_active
    for follow in await follows.followers(db, view.id):
        if ended or follow.every_move:
            data: dict[str, int | str] = {}
            if mover_id is not None and played is not None:
                data = {"mover_id": mover_id, "played": played}
            await game_posts.owe_letter(ctx, db, FOLLOW_DM, view, follow.user_id, **data)
