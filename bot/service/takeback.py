"""Takebacks: a player asks the opponent to undo their last turn, while the opponent has not moved
since. One request per game at a time; it lapses with the next move (as a draw offer does). On
acceptance the game returns to the position before that turn, the asker moves again with the
clock they had then, and the record keeps what was taken back. In Verbindung the roll of that
turn stays: the bot draws every roll from the game's seed and its place in the record, so the
dice after a takeback are the same dice. The computer accepts at the easy level only.
"""

from __future__ import annotations

from bot.service.context import Context, Loaded
from bot.service.deadlines import HALF_TIME, LAST_CALL, Turn
from bot.service.errors import (
    NoMoveToTakeBackError,
    NoTakebackRequestError,
    OpponentMovedError,
    OwnTakebackRequestError,
    TakebackAlreadyAskedError,
)
from bot.service.results import GameView, TakebackAction, TakebackResult
from bot.service.writer import GameWriter
from bot.store import Db, GameStatus, games
from bot.store.games import Clock
from engine.ai import Level

ACCEPTING_LEVEL = Level.EASY.value
"""The computer's level that grants takebacks: the others play on."""


class Takebacks:
    """`/takeback` and the answer to it."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    async def request_takeback(self, channel_id: int, user_id: int) -> TakebackResult:
        """`user_id` asks to take back their last turn in the channel's game. The computer
        answers at once. Raises `NoGameHereError`, `NotAPlayerError`, `NoMoveToTakeBackError`,
        `OpponentMovedError` and `TakebackAlreadyAskedError`."""
        async with self.ctx.connection.transaction() as db:
            loaded = await self.ctx.load(db, await self.ctx.active_row(db, channel_id))
            view = loaded.view
            count = self._turn_to_take_back(view, user_id)
            if view.takeback_by == user_id:
                raise TakebackAlreadyAskedError("you have asked for a takeback already")
            taken = _last(view, count)
            opponent = view.opponent_of(user_id)
            if self.ctx.is_computer(view, opponent):
                if view.computer_level != ACCEPTING_LEVEL:
                    return TakebackResult(view, TakebackAction.REFUSED, user_id, opponent, taken)
                result = await self._take_back(db, loaded, user_id, opponent, count)
            else:
                await games.set_takeback(db, view.id, user_id, self.ctx.now())
                asked = await self.ctx.row_by_id(db, view.id)
                result = TakebackResult(
                    await self.ctx.view(db, asked, view.game),
                    TakebackAction.ASKED,
                    user_id,
                    user_id,
                    taken,
                )
        if result.action is TakebackAction.ACCEPTED:
            self.ctx.remember(result.view)
            self.ctx.game_changed(result.view)
        return result

    async def answer_takeback(self, game_id: int, user_id: int, *, accept: bool) -> TakebackResult:
        """The opponent accepts or declines the open takeback request of game `game_id`.
        Raises `GameNotFoundError`, `NotAPlayerError`, `NoTakebackRequestError` (none open:
        answered, lapsed with a move, or the game ended), `OwnTakebackRequestError` and
        `OpponentMovedError`."""
        async with self.ctx.connection.transaction() as db:
            row = await self.ctx.row_by_id(db, game_id)
            loaded = await self.ctx.load(db, row)
            view = loaded.view
            self.ctx.player_colour(view, user_id)
            asker = view.takeback_by
            if row.status is not GameStatus.ACTIVE or asker is None:
                raise NoTakebackRequestError("there is no takeback request to answer")
            if asker == user_id:
                raise OwnTakebackRequestError("you asked for this takeback; your opponent answers")
            count = self._turn_to_take_back(view, asker)
            if accept:
                result = await self._take_back(db, loaded, asker, user_id, count)
            else:
                await games.set_takeback(db, view.id, None, self.ctx.now())
                declined = await self.ctx.view(db, await self.ctx.row_by_id(db, view.id), view.game)
                result = TakebackResult(
                    declined, TakebackAction.DECLINED, asker, user_id, _last(view, count)
                )
        if result.action is TakebackAction.ACCEPTED:
            self.ctx.remember(result.view)
            self.ctx.game_changed(result.view)
        return result

    # Steps -------------------------------------------------------------------------------------

    def _turn_to_take_back(self, view: GameView, user_id: int) -> int:
        """How many events a takeback of `user_id`'s last turn removes; raises the refusals."""
        colour = self.ctx.player_colour(view, user_id)
        count = view.game.last_turn_length(view.kind.colour(colour))
        if count is None:
            raise OpponentMovedError("your opponent has moved since your last turn")
        if count == 0:
            raise NoMoveToTakeBackError("you have not moved yet in this game")
        return count

    async def _take_back(
        self, db: Db, loaded: Loaded, asker: int, by: int, count: int
    ) -> TakebackResult:
        """Store the position before the asker's last turn, with their clock as it was when
        they made it."""
        row, view = loaded.row, loaded.view
        taken = _last(view, count)
        now = self.ctx.now()
        # The asker gets the time they had left when they moved: the time since (the
        # opponent's thinking, the wait for the answer) is not theirs.
        used = row.last_turn_seconds or 0
        # Begun `used` seconds ago, or as far before the end of the holiday the asker is on
        # (their clock stands still until then; an early return moves it back like the rest).
        begins = self.ctx.turn_start(await self.ctx.next_player(db, asker, now), now)
        clock = _clock(Turn(begins - used, row.move_seconds), now)
        stored, earlier = await self.writer.take_back(db, loaded, count, clock, now)
        after = await self.ctx.view(db, stored, earlier)
        return TakebackResult(after, TakebackAction.ACCEPTED, asker, by, taken)


def _last(view: GameView, count: int) -> tuple[str, ...]:
    """The last `count` events of the game, in notation."""
    return tuple(str(move) for move in view.game.moves[-count:])


def _clock(turn: Turn, now: int) -> Clock:
    """The clock of a turn given back at `now`: the reminders whose time has passed count as
    sent (they were, before the turn was made), the next alarm is the one still to come."""
    sent = LAST_CALL if now >= turn.last_call else HALF_TIME if now >= turn.half_time else 0
    return Clock(turn.started, turn.deadline, sent, turn.next_alarm(sent))
