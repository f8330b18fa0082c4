"""Blocks: `/block player` refuses further challenges and rematches from someone, on every
server (a harasser who shares several servers with a player must not simply move on to the next);
`/unblock player` lifts it. The one blocked is never told so: a challenge from them is refused
with the words "does not accept challenges from you" and nothing more."""

from __future__ import annotations

from bot.service.context import Context
from bot.service.errors import AlreadyBlockedError, NotBlockedError, SelfBlockError
from bot.store import blocks


class Blocks:
    """A player's blocks (the checks are the challenges')."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def block(self, user_id: int, blocked_id: int) -> None:
        """`user_id` refuses challenges from `blocked_id` from now on. Raises `SelfBlockError`
        and `AlreadyBlockedError`."""
        if user_id == blocked_id:
            raise SelfBlockError("you cannot block yourself")
        async with self.ctx.connection.transaction() as db:
            if not await blocks.add_block(db, user_id, blocked_id, self.ctx.now()):
                raise AlreadyBlockedError("you have blocked them already", user_id=blocked_id)

    async def unblock(self, user_id: int, blocked_id: int) -> None:
        """`user_id` accepts challenges from `blocked_id` again. Raises `NotBlockedError`."""
        async with self.ctx.connection.transaction() as db:
            if not await blocks.remove_block(db, user_id, blocked_id):
                raise NotBlockedError("you have not blocked them", user_id=blocked_id)

    async def blocked(self, user_id: int) -> list[int]:
        """Whom `user_id` refuses challenges from, in the order they were blocked."""
        async with self.ctx.connection.read() as db:
            return await blocks.blocked_by(db, user_id)
