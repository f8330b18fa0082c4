"""What a reply-only game (`Reach.REPLY`) shows at the next interaction instead of a post.

In direct messages and group DMs between people, and in servers without the bot, the bot can
only answer interactions: a loss on time that falls due there is recorded (by `Alarms`), written
to the players who may receive direct messages, and noted as unseen by each player; the next
press of one of that game's buttons, or a command in its channel, shows it once per player.
"""

from __future__ import annotations

from bot.service import game_posts
from bot.service.context import Context
from bot.service.results import MatchUpdate, Started, TimeLoss
from bot.store import Db, games


class UnseenEndings:
    """The ends of reply-only games their players have not been shown yet."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def unseen_time_loss(
        self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None
    ) -> TimeLoss | None:
        """The loss on time of game `game_id` (or of the latest such game in `channel_id`) if
        `user_id` plays in it and has not been shown it since it fell due. Nothing changes:
        it counts as shown only once the answer that shows it has been accepted (`seen`). With
        a match that went on, `match.next_game` is the game that follows (its start was posted
        nowhere: `seen` owes it to the answer that shows the loss first)."""
        # Asked at every command and press of a game: a read, so the usual answer (nothing
        # unseen) takes no write transaction from the moves.
        async with self.ctx.connection.read() as db:
            if game_id is None and channel_id is not None:
                game_id = await games.unseen_ending_in(db, channel_id, user_id)
            elif game_id is not None and not await games.has_unseen_ending(db, game_id, user_id):
                return None
            if game_id is None:
                return None
            return await self._loss(db, game_id, user_id)

    async def seen(self, loss: TimeLoss, user_id: int) -> bool:
        """`user_id` has been shown `loss` (Discord accepted the answer that shows it); False
        if it counted as shown already (another press of theirs came first). The first of the
        two players to be shown a match's loss owes the next game's start again, for the
        answer that showed the loss to follow up with it (the channel takes only answers)."""
        view = loss.view
        async with self.ctx.connection.transaction() as db:
            if not await games.take_unseen_ending(db, view.id, user_id):
                return False
            following = None if loss.match is None else loss.match.next_game
            opponent = view.opponent_of(user_id)
            # The opponent's mark still there: nobody showed the channel the next game yet
            # (checked again here, for two presses at once).
            first = opponent == self.ctx.computer_id or await games.has_unseen_ending(
                db, view.id, opponent
            )
            if following is not None and not loss.shown_before and first:
                await self.ctx.owe_game(db, game_posts.START, following.view)
        return True

    async def _loss(self, db: Db, game_id: int, user_id: int) -> TimeLoss | None:
        """Game `game_id`'s loss on time as it was recorded, with its match's next game unless
        the opponent (a person, not the computer) was shown it first: then the opponent's
        answer showed the channel the loss and the next game, and `shown_before` says so."""
        row = await self.ctx.row_by_id(db, game_id)
        view = await self.ctx.view(db, row)
        if view.ending is None or row.winner_id is None:
            return None  # only a loss on time is noted as unseen; this cannot happen
        opponent = row.opponent_of(user_id)
        person = opponent != self.ctx.computer_id
        shown_before = person and not await games.has_unseen_ending(db, game_id, opponent)
        update = None
        if view.match is not None and row.match_id is not None and row.match_game is not None:
            following = await games.match_game(db, row.match_id, row.match_game + 1)
            started = None
            if following is not None and not shown_before:
                started = Started(await self.ctx.view(db, following))
            update = MatchUpdate(view.match, started)
        loser_id = row.opponent_of(row.winner_id)
        return TimeLoss(view, loser_id, view.ending, update, shown_before=shown_before)
