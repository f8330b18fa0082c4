"""Direct messages to players who asked for them (`/notify`), and holiday notices in the games'
channels: the outbox's posts that are about a player more than about a move.

A direct message speaks the language the player chose it in (else the server's), links to the
game's message in its channel, and is sent with its outbox id as the nonce, like every owed post.
When Discord answers 403 with code 50007 the player has closed their direct messages, and with
50278 they share no server with the bot (a player met in a group DM, say): either is noted (no
more are tried until they choose anew) and nothing fails. A reply-only game (where the bot can
only answer interactions) has its reminders and its loss on time told here too.
"""

from __future__ import annotations

import logging

import discord

from bot.discord.announce import Announcer, pings
from bot.discord.texts import mention
from bot.i18n import text, timestamp
from bot.service import (
    DigestItem,
    GameView,
    ReminderDigest,
    TimeLossDm,
    TurnDm,
    VacationNotice,
)

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
"""Discord's code for "Cannot send messages to this user"."""
NO_SHARED_SERVER = 50278
"""Discord's code for "Cannot send messages to this user due to having no mutual guilds"
(discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes)."""
REFUSED = frozenset({DMS_CLOSED, NO_SHARED_SERVER})
"""The refusals that say the user cannot be written to: noted once, not retried."""


def jump_url(view: GameView, message_id: int | None) -> str:
    """The link to a game's message (or to its channel, before one is known)."""
    where = f"https://discord.com/channels/{view.guild_id or '@me'}/{view.channel_id}"
    return where if message_id is None else f"{where}/{message_id}"


class Letters:
    """Sends the direct messages and holiday notices the outbox owes."""

    def __init__(self, announcer: Announcer) -> None:
        self.announcer = announcer
        self.service = announcer.service

    async def turn(self, owed: TurnDm) -> None:
        """Tell a player by direct message that it is their turn, with the board."""
        view = owed.view
        locale = await self._locale(owed.user_id, view)
        opponent = view.opponent_of(owed.user_id)
        content = text(
            locale,
            "dm.turn",
            game=text(locale, view.kind.title_key),
            opponent=mention(opponent),
            channel=f"<#{view.channel_id}>",
            last=self._last_move(view, opponent, locale),
            deadline=timestamp(view.deadline_at),
            link=jump_url(view, owed.link_id),
        )
        lines = [content, *self.announcer.texts.position_lines(view, locale)]  # the roll
        board = await self.announcer.board(view, locale)
        await self._send(owed.user_id, owed.post_id, "\n".join(lines), [board])

    async def digest(self, owed: ReminderDigest) -> None:
        """Remind a player by one direct message of every game whose reminder is due."""
        locale = await self._locale(owed.user_id, owed.items[0].view)
        lines = [text(locale, "dm.digest", count=len(owed.items))]
        lines += [self._digest_line(item, owed.user_id, locale) for item in owed.items]
        await self._send(owed.user_id, owed.post_id, "\n".join(lines), [])

    async def time_loss(self, owed: TimeLossDm) -> None:
        """Tell a player of a reply-only game that it was lost on time (no channel post can)."""
        view, loss = owed.view, owed.loss
        locale = await self._locale(owed.user_id, view)
        content = text(
            locale,
            "dm.time_loss",
            game=text(locale, view.kind.title_key),
            opponent=mention(view.opponent_of(owed.user_id)),
            channel=f"<#{view.channel_id}>",
            loser=mention(loss.loser_id),
            winner=mention(view.opponent_of(loss.loser_id)),
            link=jump_url(view, None),
        )
        await self._send(owed.user_id, owed.post_id, content, [])

    async def vacation(self, owed: VacationNotice) -> None:
        """Tell a game's channel (pinging the opponent) that a player is away, or back."""
        view = owed.view
        locale = self.announcer.locale_of(view.guild_id)
        opponent = view.opponent_of(owed.user_id)
        content = text(
            locale,
            "vacation.back" if owed.back else "vacation.away",
            player=mention(owed.user_id),
            opponent=mention(opponent),
            until=timestamp(owed.until, "D"),
        )
        await self.announcer.post(view, content, [], pings(opponent), owed.post_id)

    # Steps -------------------------------------------------------------------------------------

    def _digest_line(self, item: DigestItem, user_id: int, locale: str) -> str:
        view = item.view
        return text(
            locale,
            "dm.digest_line",
            game=text(locale, view.kind.title_key),
            opponent=mention(view.opponent_of(user_id)),
            channel=f"<#{view.channel_id}>",
            deadline=timestamp(item.deadline),
            link=jump_url(view, item.link_id),
        )

    @staticmethod
    def _last_move(view: GameView, opponent: int, locale: str) -> str:
        """The move the opponent made last (a roll is not one), or that the game begins."""
        moves, movers = view.game.moves, view.game.movers()
        for move, mover in zip(reversed(moves), reversed(movers), strict=True):
            if mover is not None:
                return text(locale, "dm.turn_played", player=mention(opponent), move=str(move))
        return text(locale, "dm.turn_start")

    async def _locale(self, user_id: int, view: GameView) -> str:
        """The player's chosen language, else the server's."""
        chosen = await self.service.notifications.locale_of(user_id)
        return chosen or self.announcer.locale_of(view.guild_id)

    async def _send(
        self, user_id: int, post_id: int, content: str, files: list[discord.File]
    ) -> None:
        """Send a direct message owed as `post_id` and settle it; closed direct messages are
        noted, any other refusal leaves it owed for a later try."""
        try:
            channel = await self.announcer.client.create_dm(discord.Object(user_id))
            message = await channel.send(
                content, files=files, allowed_mentions=pings(), nonce=f"post-{post_id}"
            )
        except discord.Forbidden as error:
            if error.code not in REFUSED:
                await self.service.outbox.failed(post_id)
                raise
            log.info(
                "user %s cannot get direct messages (%s); not writing again", user_id, error.code
            )
            await self.service.notifications.dms_closed(user_id, post_id)
            return
        except discord.HTTPException:
            await self.service.outbox.failed(post_id)
            raise
        await self.service.outbox.delivered(post_id, message.id)
