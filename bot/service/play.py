"""Use cases of a game in progress: moves, resignation and draws, each one transaction."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

from bot.service.core import Loaded, parse_move
from bot.service.deadlines import Turn
from bot.service.errors import (
    AlreadyPlayedError,
    DrawAlreadyOfferedError,
    GameFinishedError,
    NoDrawOfferError,
    NotInMatchError,
    NotYourResignationError,
    NotYourTurnError,
    OwnDrawOfferError,
    RepeatedAcrossGamesError,
    StalePositionError,
)
from bot.service.matches import MatchSteps
from bot.service.results import (
    DrawAction,
    DrawResult,
    GameView,
    MoveResult,
    Ruling,
    scores_json,
)
from bot.store import Db, GameRow, GameStatus, Position, PostKind, Result, games, jobs
from engine.game import Outcome, Side

REPEAT = 15
"""Seconds after the start of a match's next game in which the last command of the game before
is taken for a repetition of it (a double click, a retry after Discord gave up waiting), not for
a move in the new game."""


class PlayUseCases(MatchSteps):
    """Moves, resignations and draw offers in the active game of a channel."""

    async def play(
        self, channel_id: int, user_id: int, text: str, expected_version: int | None = None
    ) -> MoveResult:
        """Play `text` for `user_id` in the channel's game.

        `expected_version` is the version of the position the player saw (None: the current
        one); the move applies only on that position, so a double submission applies once.
        Raises `NoGameHereError`, `GameFinishedError`, `NotAPlayerError`, `NotYourTurnError`,
        `AlreadyPlayedError`, `StalePositionError`, `NotYourResignationError`, and the engine's
        `InvalidMoveError` / `IllegalMoveError` (with the rule id).
        """
        async with self.connection.transaction() as db:
            loaded = await self._game_for_move(db, channel_id, user_id, text)
            await self._refuse_repeat_of_last_game(db, loaded, user_id, text)
            view = loaded.view
            colour = self._player_colour(view, user_id)
            move = parse_move(view, text, colour)
            resigner = view.game.resigner(move)
            if resigner is None:
                self._check_turn(view, user_id, colour, move, expected_version)
                view.game.check(move)
            elif resigner.value != colour:
                raise NotYourResignationError("you can only resign for yourself", colour=colour)
            result = await self._apply(db, loaded, user_id, move)
        self._remember(result.view)
        self._changed(result.view, result.match)
        return result

    async def resign(
        self, channel_id: int, user_id: int, *, whole_match: bool = False
    ) -> MoveResult:
        """`user_id` resigns the channel's game (at any time); in a match that counts as a lost
        game, and the match goes on unless `whole_match` gives it up too. Raises
        `NoGameHereError`, `NotAPlayerError` and `NotInMatchError` (`whole_match` outside a
        match)."""
        async with self.connection.transaction() as db:
            loaded = await self._load(db, await self._active_row(db, channel_id))
            await self._refuse_repeat_of_last_game(db, loaded, user_id, None)
            view = loaded.view
            colour = self._player_colour(view, user_id)
            if whole_match and view.match is None:
                raise NotInMatchError("this game is not part of a match")
            resignation = view.game.resignation(view.kind.colour(colour))
            gives_up = user_id if whole_match else None
            result = await self._apply(db, loaded, user_id, resignation, match_resigned_by=gives_up)
        self._changed(result.view, result.match)
        return result

    async def offer_draw(self, channel_id: int, user_id: int) -> DrawResult:
        """Offer a draw, or accept the opponent's open offer; the computer refuses at once
        (nothing is stored). Raises `NoGameHereError`, `NotAPlayerError`,
        `DrawAlreadyOfferedError`."""
        async with self.connection.transaction() as db:
            loaded = await self._load(db, await self._active_row(db, channel_id))
            view = loaded.view
            self._player_colour(view, user_id)
            opponent = view.opponent_of(user_id)
            if self._is_computer(view, opponent):
                # It cannot judge a position well enough to agree to a draw fairly, and an
                # offer nobody answers would hang over the game: it plays every game out.
                return DrawResult(view, DrawAction.REFUSED, opponent, None)
            offered_by = view.draw_offered_by
            if offered_by == user_id:
                raise DrawAlreadyOfferedError("you have already offered a draw")
            if offered_by is not None:
                result = await self._agree_draw(db, loaded, user_id)
            else:
                await games.set_draw_offer(db, view.id, user_id, self._now())
                result = DrawResult(view, DrawAction.OFFERED, user_id, None)
        if result.ending is not None:
            self._changed(result.view, result.match)
        return result

    async def answer_draw(self, game_id: int, user_id: int, *, accept: bool) -> DrawResult:
        """A press on a draw offer's button in game `game_id`: accept or decline it. Raises
        `NoDrawOfferError` when that game has no open offer from the opponent (it ended, or
        the offer was answered or lapsed with a move)."""
        async with self.connection.read() as db:
            row = await self._row_by_id(db, game_id)
        if row.status is not GameStatus.ACTIVE:
            raise NoDrawOfferError("that offer is no longer open")
        answer = self.accept_draw if accept else self.decline_draw
        return await answer(row.channel_id, user_id)

    async def accept_draw(self, channel_id: int, user_id: int) -> DrawResult:
        """Accept the opponent's draw offer. Raises `NoDrawOfferError` without one."""
        async with self.connection.transaction() as db:
            loaded = await self._draw_offer_to(db, channel_id, user_id)
            result = await self._agree_draw(db, loaded, user_id)
        self._changed(result.view, result.match)
        return result

    async def decline_draw(self, channel_id: int, user_id: int) -> DrawResult:
        """Decline the opponent's draw offer. Raises `NoDrawOfferError` without one."""
        async with self.connection.transaction() as db:
            view = (await self._draw_offer_to(db, channel_id, user_id)).view
            await games.set_draw_offer(db, view.id, None, self._now())
            return DrawResult(view, DrawAction.DECLINED, user_id, None)

    # Steps -------------------------------------------------------------------------------------

    async def _game_for_move(self, db: Db, channel_id: int, user_id: int, text: str) -> Loaded:
        """The channel's active game, or the refusal a move on a just-finished game gets."""
        row = await games.active_game_in(db, channel_id)
        if row is not None:
            return await self._load(db, row)
        latest = await games.latest_game_in(db, channel_id)
        if latest is None or latest.colour_of(user_id) is None:
            await self._active_row(db, channel_id)  # raises NoGameHereError
        assert latest is not None
        view = await self._view(db, latest)
        if _repeats_last_move(view, user_id, text):
            raise AlreadyPlayedError("that move was already played, and it ended the game")
        raise GameFinishedError("the game in this channel is over", game_id=latest.id)

    async def _refuse_repeat_of_last_game(
        self, db: Db, loaded: Loaded, user_id: int, text: str | None
    ) -> None:
        """Raise `AlreadyPlayedError` when a move (`text`, or a resignation for None) is the
        last one `user_id` made in the match's previous game, which it ended moments ago, and
        nobody has moved in this one: the same command sent again (a retry, a double click)
        must not be taken for this game's."""
        row = loaded.row
        if row.match_id is None or row.match_game is None or row.match_game == 1:
            return
        movers = loaded.view.game.movers()
        if any(mover is not None for mover in movers) or self._now() > row.created_at + REPEAT:
            return
        previous = await games.match_game(db, row.match_id, row.match_game - 1)
        if previous is None:
            return
        before = await self._view(db, previous)
        colour = before.colour_of(user_id)
        if colour is not None and text is None:
            text = str(before.game.resignation(before.kind.colour(colour)))
        if text is not None and _repeats_last_move(before, user_id, text):
            raise RepeatedAcrossGamesError(
                "that move ended the game before; the next one has begun",
                number=row.match_game,
                seconds=REPEAT,
            )

    def _check_turn(
        self,
        view: GameView,
        user_id: int,
        colour: str,
        move: Hashable,
        expected_version: int | None,
    ) -> None:
        stale = expected_version is not None and expected_version != view.version
        if not stale and view.to_move == colour:
            return
        if _repeats_last_move(view, user_id, str(move)):
            raise AlreadyPlayedError("that move was already played", move=str(move))
        if stale:
            raise StalePositionError(
                "the game has moved on since you looked; check the board and try again",
                version=view.version,
            )
        raise NotYourTurnError("it is not your turn", to_move_id=view.to_move_id)

    async def _apply(
        self,
        db: Db,
        loaded: Loaded,
        mover_id: int,
        move: Hashable,
        *,
        match_resigned_by: int | None = None,
    ) -> MoveResult:
        """Make the checked `move` on the view's private game and store the new position; after
        the last move, what follows the game's end (`_after_game`) comes after its post."""
        view, row = loaded.view, loaded.row
        kind, game = view.kind, view.game
        game.push(move)
        ending = game.outcome()
        drawn = [] if ending is not None else kind.chance(game, row.seed)
        for event in drawn:
            game.push(event)
        now = self._now()
        first = game.first_player_colour  # the pie rule may have changed the owners
        row = replace(row, first_colour=first.value, second_colour=first.other.value)
        record = game.record().to_json()
        if ending is not None:
            stored = await self._finish(db, row, ending, record=record, version=game.ply, now=now)
        else:
            to_move = game.to_move
            next_id = None if to_move is None else row.player_of(to_move.value)
            timed = next_id is None or not self._is_computer(row, next_id)
            player = await self._next_player(db, next_id, now) if timed else None
            starts = self._turn_start(player, now)
            stored = await self._save(db, row, record, game.ply, now, timed=timed, starts=starts)
            if not timed:  # the computer is to move: a job for whichever process thinks
                await jobs.add_job(db, stored.id, stored.version, now)
        played, rolled = str(move), tuple(map(str, drawn))
        post_id = await self._owe(
            db, PostKind.MOVE, stored, now, mover_id=mover_id, played=played, drawn=list(rolled)
        )
        update = None
        if ending is not None:
            update = await self._after_game(db, stored, now, match_resigned_by=match_resigned_by)
        view = await self._view(db, stored, game)
        if ending is None:
            await self._owe_turn_dm(db, view, player, now)  # after the move's post: it links
        return MoveResult(view, mover_id, played, rolled, ending, post_id, update)

    async def _save(
        self,
        db: Db,
        row: GameRow,
        record: str,
        version: int,
        now: int,
        *,
        timed: bool = True,
        starts: int | None = None,
    ) -> GameRow:
        """Store the new position; the next turn's clock begins at `starts` (now by default; the
        end of a holiday) and its reminders follow it. `timed` is False when the computer is to
        move, which gets no reminders and never loses on time (it has no alarm)."""
        begins = now if starts is None else starts
        turn = Turn(begins, row.move_seconds)
        alarm = turn.half_time if timed else None
        position = Position(
            record=record,
            version=version,
            first_colour=row.first_colour,
            second_colour=row.second_colour,
            turn_started_at=begins,
            deadline=turn.deadline,
            next_alarm_at=alarm,
            updated_at=now,
            last_turn_seconds=max(now - row.turn_started_at, 0),
        )
        if not await games.save_position(db, row.id, row.version, position):
            raise StalePositionError("the game changed meanwhile; try again", version=version)
        return replace(
            row,
            record=record,
            version=version,
            last_turn_seconds=max(now - row.turn_started_at, 0),
            turn_started_at=begins,
            deadline=turn.deadline,
            next_alarm_at=alarm,
            reminders_sent=0,
            draw_offered_by=None,
            takeback_by=None,
            dm_reminded=0,
            updated_at=now,
        )

    async def _finish(
        self,
        db: Db,
        row: GameRow,
        ending: Outcome[Side],
        *,
        record: str,
        version: int,
        now: int,
    ) -> GameRow:
        """End the game with `ending` (also used for time losses and agreed draws)."""
        winner_id = None if ending.winner is None else row.player_of(ending.winner.value)
        result = Result(
            record=record,
            version=version,
            result=ending.result,
            termination=ending.termination,
            rule=ending.rule,
            winner_id=winner_id,
            scores=scores_json(ending),
            finished_at=now,
        )
        if not await games.finish_game(db, row.id, row.version, result):
            raise StalePositionError("the game changed meanwhile; try again", version=version)
        return await self._row_by_id(db, row.id)

    async def _draw_offer_to(self, db: Db, channel_id: int, user_id: int) -> Loaded:
        loaded = await self._load(db, await self._active_row(db, channel_id))
        self._player_colour(loaded.view, user_id)
        if loaded.view.draw_offered_by == user_id:
            raise OwnDrawOfferError("you offered this draw; your opponent answers it")
        if loaded.view.draw_offered_by is None:
            raise NoDrawOfferError("your opponent has not offered a draw")
        return loaded

    async def _agree_draw(self, db: Db, loaded: Loaded, user_id: int) -> DrawResult:
        view = loaded.view
        ending: Outcome[Side] = Outcome(None, Ruling.AGREEMENT, None, view.game.scores())
        now = self._now()
        row = await self._finish(
            db, loaded.row, ending, record=view.record, version=view.version, now=now
        )
        update = await self._after_game(db, row, now)
        final = await self._view(db, row, view.game)
        return DrawResult(final, DrawAction.ACCEPTED, user_id, ending, update)


def _repeats_last_move(view: GameView, user_id: int, text: str) -> bool:
    """Whether `text` is the last move `user_id` made in this game (a double submission)."""
    colour = view.colour_of(user_id)
    if colour is None:
        return False
    try:
        move = parse_move(view, text, colour)
    except ValueError:
        return False
    return bool(view.game.last_move_by(view.kind.colour(colour)) == move)
