"""Takebacks: a player asks the opponent to undo their last turn, while the opponent has not moved
since. One request per game at a time; it lapses with the next move (as a draw offer does). On
acceptance the game returns to the position before that turn, the asker moves again with the
clock they had then, and the record keeps what was taken back. In Verbindung the roll of that
turn stays: the bot draws every roll from the game's seed and its place in the record, so the
dice after a takeback are the same dice. The computer accepts at the easy level only, and since
it answers within a second, it takes back the player's last turn together with its answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import game_posts
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

REQUESTS = (game_posts.TAKEBACK_ASKED.name,)
"""The post whose buttons an answered takeback request takes off."""

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
            opponent = view.opponent_of(user_id)
            computer = self.ctx.is_computer(view, opponent)
            count = self._turn_to_take_back(view, user_id, with_answer=computer)
            if view.takeback_by == user_id:
                raise TakebackAlreadyAskedError("you have asked for a takeback already")
            taken = _Taken.last(view, user_id, count)
            if computer:
                if view.computer_level != ACCEPTING_LEVEL:
                    refused = taken.result(view, TakebackAction.REFUSED, user_id, opponent)
                    await self._tell(db, refused)
                    return refused
                result = await self._take_back(db, loaded, user_id, opponent, count)
            else:
                await games.set_takeback(db, view.id, user_id, self.ctx.now())
                asked = await self.ctx.view(db, await self.ctx.row_by_id(db, view.id), view.game)
                result = taken.result(asked, TakebackAction.ASKED, user_id, user_id)
            await self._tell(db, result)
        if result.action is TakebackAction.ACCEPTED:
            self.ctx.remember(result.view)
        if result.action is not TakebackAction.REFUSED:  # asked and declined too: boards show it
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
            await game_posts.owe_buttons_off(self.ctx, db, view, REQUESTS)
            if accept:
                result = await self._take_back(db, loaded, asker, user_id, count)
            else:
                await games.set_takeback(db, view.id, None, self.ctx.now())
                declined = await self.ctx.view(db, await self.ctx.row_by_id(db, view.id), view.game)
                taken = _Taken.last(view, asker, count)
                result = taken.result(declined, TakebackAction.DECLINED, asker, user_id)
            await self._tell(db, result)
        if result.action is TakebackAction.ACCEPTED:
            self.ctx.remember(result.view)
        if result.action is not TakebackAction.REFUSED:  # asked and declined too: boards show it
            self.ctx.game_changed(result.view)
        return result

    # Steps -------------------------------------------------------------------------------------

    async def _tell(self, db: Db, result: TakebackResult) -> None:
        """Owe the post that tells `result`: the request with its buttons, or its answer."""
        data = game_posts.takeback_data(result)
        if result.action is TakebackAction.ASKED:
            await self.ctx.owe_game(db, game_posts.TAKEBACK_ASKED, result.view, **data)
        else:
            kind, action = game_posts.TAKEBACK_ANSWERED, result.action.value
            if result.action is TakebackAction.ACCEPTED:  # the position given back: a board
                await game_posts.owe_board(self.ctx, db, kind, result.view, action=action, **data)
            else:
                await self.ctx.owe_game(db, kind, result.view, action=action, **data)

    def _turn_to_take_back(self, view: GameView, user_id: int, *, with_answer: bool = False) -> int:
        """How many events a takeback of `user_id`'s last turn removes (`with_answer`: with
        the opponent's turn since, the computer's answer); raises the refusals."""
        colour = view.kind.colour(self.ctx.player_colour(view, user_id))
        game = view.game
        count = game.since_last_turn(colour) if with_answer else game.last_turn_length(colour)
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
        taken = _Taken.last(view, asker, count)
        now = self.ctx.now()
        # The asker gets the time they had left when they moved: the time since (the
        # opponent's thinking, the wait for the answer) is not theirs. The computer's moves
        # keep the time of the player's before them (see `GameWriter.apply`).
        used = row.last_turn_seconds or 0
        # Begun `used` seconds ago, or as far before the end of the holiday the asker is on
        # (their clock stands still until then; an early return moves it back like the rest).
        begins = self.ctx.turn_start(await self.ctx.next_player(db, asker, now), now)
        clock = _clock(Turn(begins - used, row.move_seconds), now)
        stored, earlier = await self.writer.take_back(db, loaded, count, clock, now)
        after = await self.ctx.view(db, stored, earlier)
        return taken.result(after, TakebackAction.ACCEPTED, asker, by)


@dataclass(frozen=True, slots=True)
class _Taken:
    """The moves a takeback removes, in notation: all, the asker's, the opponent's, and the
    chance events (rolls), each with the player it was drawn for."""

    moves: tuple[str, ...]
    own: tuple[str, ...]
    answer: tuple[str, ...]
    rolls: tuple[tuple[int, str], ...]

    @classmethod
    def last(cls, view: GameView, asker: int, count: int) -> _Taken:
        """The last `count` moves of the game, told apart."""
        game = view.game
        movers = game.movers()
        own: list[str] = []
        answer: list[str] = []
        rolls: list[tuple[int, str]] = []
        for index in range(game.ply - count, game.ply):
            move, mover = str(game.moves[index]), movers[index]
            if mover is None:  # drawn for the player whose turn it began
                drawn_for = game.position_at(index + 1).to_move
                rolls.append((view.player_of(drawn_for) if drawn_for else asker, move))
            elif view.player_of(mover) == asker:
                own.append(move)
            else:
                answer.append(move)
        moves = tuple(str(move) for move in game.moves[game.ply - count :])
        return cls(moves, tuple(own), tuple(answer), tuple(rolls))

    def result(self, view: GameView, action: TakebackAction, asker: int, by: int) -> TakebackResult:
        """The takeback's result with these moves."""
        return TakebackResult(
            view, action, asker, by, self.moves, self.own, self.answer, self.rolls
        )


def _clock(turn: Turn, now: int) -> Clock:
    """The clock of a turn given back at `now`: the reminders whose time has passed count as
    sent (they were, before the turn was made), the next alarm is the one still to come."""
    sent = LAST_CALL if now >= turn.last_call else HALF_TIME if now >= turn.half_time else 0
    return Clock(turn.started, turn.deadline, sent, turn.next_alarm(sent))
