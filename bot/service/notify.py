"""Notifications beyond the channel ping: each user chooses (`/notify`) a direct message at every
turn (with the board, the last move and a link to the game), reminders by direct message, or
neither. Several reminders due within the hour go out as one digest, never a flood. A user whose
direct messages are closed (Discord answers 403 with code 50007) is not written to again until
they choose anew, and follows no game any more (issue 54, point 4); nothing else fails because
of it.
"""

from __future__ import annotations

from bot.service.context import Context
from bot.store import Notify, follows, outbox, users


class Notifications:
    """A user's notification choice."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def set_notify(self, user_id: int, notify: Notify, locale: str | None = None) -> Notify:
        """Store how `user_id` wants to hear of their games, and in which language (and open
        their direct messages to the bot again, after they were found closed)."""
        async with self.ctx.connection.transaction() as db:
            await users.set_notify(db, user_id, notify, locale, self.ctx.now())
        return notify

    async def locale_of(self, user_id: int) -> str | None:
        """The language `user_id` chose their notifications in, if they did."""
        async with self.ctx.connection.read() as db:
            settings = await users.settings_of(db, user_id)
        return None if settings is None else settings.locale

    async def notify_of(self, user_id: int) -> tuple[Notify, bool]:
        """How `user_id` wants to hear of their games, and whether their direct messages were
        found closed."""
        async with self.ctx.connection.read() as db:
            settings = await users.settings_of(db, user_id)
        if settings is None:
            return Notify.CHANNEL, False
        return settings.notify, bool(settings.dm_closed)

    async def dms_closed(self, user_id: int, post_id: int | None) -> None:
        """Discord refused a direct message to `user_id` (50007): write to them no more until
        they choose anew, and settle the post that found it out."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            await users.close_dms(db, user_id, now)
            await follows.drop_user(db, user_id)  # a follower is told once, then no more
            if post_id is not None:
                await outbox.mark_delivered(db, post_id, now)
