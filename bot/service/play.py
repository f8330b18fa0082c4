"""Use cases of a game in progress: moves, resignation and draws, each one transaction."""

from __future__ import annotations

from collections.abc import Hashable
from datetime import timedelta

from bot.service import game_posts
from bot.service.context import Context, Loaded, parse_move
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
from bot.service.results import DrawAction, DrawResult, GameView, MoveResult, Ruling
from bot.service.writer import GameWriter
from bot.store import Db, GameStatus, games
from engine.game import Outcome, Side

OFFERS = (game_posts.DRAW_OFFERED.name,)
"""The post whose buttons an answered draw offer takes off."""

REPEAT = 15
"""Seconds after the start of a match's next game in which the last command of the game before
is taken for a repetition of it (a double click, a retry after Discord gave up waiting), not for
a move in the new game."""


class Moves:
    """Moves, resignations and draw offers in the active game of a channel."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    async def play(
        self, channel_id: int, user_id: int, text: str, expected_revision: int | None = None
    ) -> MoveResult:
        """Play `text` for `user_id` in the channel's game.

        `expected_revision` is the revision of the position the player saw (None: the current
        one); the move applies only on that position, so a double submission applies once.
        Raises `NoGameHereError`, `GameFinishedError`, `NotAPlayerError`, `NotYourTurnError`,
        `AlreadyPlayedError`, `StalePositionError`, `NotYourResignationError`, and the engine's
        `InvalidMoveError` / `IllegalMoveError` (with the rule id).
        """
        async with self.ctx.connection.transaction() as db:
            loaded = await self._game_for_move(db, channel_id, user_id, text)
            await self._refuse_repeat_of_last_game(db, loaded, user_id, text)
            view = loaded.view
            colour = self.ctx.player_colour(view, user_id)
            move = parse_move(view, text, colour)
            resigner = view.game.resigner(move)
            if resigner is None:
                self._check_turn(view, user_id, colour, move, expected_revision)
                view.game.check(move)
            elif resigner.value != colour:
                raise NotYourResignationError("you can only resign for yourself", colour=colour)
            result = await self.writer.apply(db, loaded, user_id, move)
        last = result.last  # after the answers queued lines played at once
        self.ctx.remember(last.view)
        self.ctx.changed(last.view, last.match)
        return result

    async def resign(
        self, channel_id: int, user_id: int, *, whole_match: bool = False
    ) -> MoveResult:
        """`user_id` resigns the channel's game (at any time); in a match that counts as a lost
        game, and the match goes on unless `whole_match` gives it up too. Raises
        `NoGameHereError`, `NotAPlayerError` and `NotInMatchError` (`whole_match` outside a
        match)."""
        async with self.ctx.connection.transaction() as db:
            loaded = await self.ctx.load(db, await self.ctx.active_row(db, channel_id))
            await self._refuse_repeat_of_last_game(db, loaded, user_id, None)
            view = loaded.view
            colour = self.ctx.player_colour(view, user_id)
            if whole_match and view.match is None:
                raise NotInMatchError("this game is not part of a match")
            resignation = view.game.resignation(view.kind.colour(colour))
            gives_up = user_id if whole_match else None
            result = await self.writer.apply(
                db, loaded, user_id, resignation, match_resigned_by=gives_up
            )
        self.ctx.changed(result.view, result.match)
        return result

    async def offer_draw(self, channel_id: int, user_id: int) -> DrawResult:
        """Offer a draw, or accept the opponent's open offer; the computer refuses at once
        (nothing is stored). Raises `NoGameHereError`, `NotAPlayerError`,
        `DrawAlreadyOfferedError`."""
        async with self.ctx.connection.transaction() as db:
            loaded = await self.ctx.load(db, await self.ctx.active_row(db, channel_id))
            view = loaded.view
            self.ctx.player_colour(view, user_id)
            opponent = view.opponent_of(user_id)
            if self.ctx.is_computer(view, opponent):
                # It cannot judge a position well enough to agree to a draw fairly, and an
                # offer nobody answers would hang over the game: it plays every game out.
                return DrawResult(view, DrawAction.REFUSED, opponent, None)
            offered_by = view.draw_offered_by
            if offered_by == user_id:
                raise DrawAlreadyOfferedError("you have already offered a draw")
            if offered_by is not None:
                result = await self._agree_draw(db, loaded, user_id)
            else:
                await games.set_draw_offer(db, view.id, user_id, self.ctx.now())
                await self.ctx.owe_game(db, game_posts.DRAW_OFFERED, view, by_id=user_id)
                result = DrawResult(view, DrawAction.OFFERED, user_id, None)
        self.ctx.changed(result.view, result.match)  # an offer too: the boards show it
        return result

    async def answer_draw(self, game_id: int, user_id: int, *, accept: bool) -> DrawResult:
        """A press on a draw offer's button in game `game_id`: accept or decline it. Raises
        `NoDrawOfferError` when that game has no open offer from the opponent (it ended, or
        the offer was answered or lapsed with a move)."""
        async with self.ctx.connection.read() as db:
            row = await self.ctx.row_by_id(db, game_id)
        if row.status is not GameStatus.ACTIVE:
            raise NoDrawOfferError("that offer is no longer open")
        answer = self.accept_draw if accept else self.decline_draw
        return await answer(row.channel_id, user_id)

    async def accept_draw(self, channel_id: int, user_id: int) -> DrawResult:
        """Accept the opponent's draw offer. Raises `NoDrawOfferError` without one."""
        async with self.ctx.connection.transaction() as db:
            loaded = await self._draw_offer_to(db, channel_id, user_id)
            result = await self._agree_draw(db, loaded, user_id)
        self.ctx.changed(result.view, result.match)
        return result

    async def decline_draw(self, channel_id: int, user_id: int) -> DrawResult:
        """Decline the opponent's draw offer. Raises `NoDrawOfferError` without one."""
        async with self.ctx.connection.transaction() as db:
            view = (await self._draw_offer_to(db, channel_id, user_id)).view
            await games.set_draw_offer(db, view.id, None, self.ctx.now())
            await self.ctx.owe_game(db, game_posts.DRAW_DECLINED, view, by_id=user_id)
        self.ctx.game_changed(view)  # the boards show the offer gone
        return DrawResult(view, DrawAction.DECLINED, user_id, None)

    # Steps -------------------------------------------------------------------------------------

    async def _game_for_move(self, db: Db, channel_id: int, user_id: int, text: str) -> Loaded:
        """The channel's active game, or the refusal a move on a just-finished game gets."""
        row = await games.active_game_in(db, channel_id)
        if row is not None:
            return await self.ctx.load(db, row)
        latest = await games.latest_game_in(db, channel_id)
        if latest is None or latest.colour_of(user_id) is None:
            await self.ctx.active_row(db, channel_id)  # raises NoGameHereError
        assert latest is not None
        view = await self.ctx.view(db, latest)
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
        if any(mover is not None for mover in movers) or self.ctx.now() > row.created_at + REPEAT:
            return
        previous = await games.match_game(db, row.match_id, row.match_game - 1)
        if previous is None:
            return
        before = await self.ctx.view(db, previous)
        colour = before.colour_of(user_id)
        if colour is not None and text is None:
            text = str(before.game.resignation(before.kind.colour(colour)))
        if text is not None and _repeats_last_move(before, user_id, text):
            raise RepeatedAcrossGamesError(
                "that move ended the game before; the next one has begun",
                number=row.match_game,
                seconds=timedelta(seconds=REPEAT),
            )

    def _check_turn(
        self,
        view: GameView,
        user_id: int,
        colour: str,
        move: Hashable,
        expected_revision: int | None,
    ) -> None:
        stale = expected_revision is not None and expected_revision != view.revision
        if not stale and view.to_move == colour:
            return
        if _repeats_last_move(view, user_id, str(move)):
            raise AlreadyPlayedError("that move was already played", move=str(move))
        if stale:
            raise StalePositionError(
                "the game has moved on since you looked; check the board and try again"
            )
        raise NotYourTurnError("it is not your turn", to_move_id=view.to_move_id)

    async def _draw_offer_to(self, db: Db, channel_id: int, user_id: int) -> Loaded:
        loaded = await self.ctx.load(db, await self.ctx.active_row(db, channel_id))
        self.ctx.player_colour(loaded.view, user_id)
        if loaded.view.draw_offered_by == user_id:
            raise OwnDrawOfferError("you offered this draw; your opponent answers it")
        if loaded.view.draw_offered_by is None:
            raise NoDrawOfferError("your opponent has not offered a draw")
        return loaded

    async def _agree_draw(self, db: Db, loaded: Loaded, user_id: int) -> DrawResult:
        view = loaded.view
        ending: Outcome[Side] = Outcome(None, Ruling.AGREEMENT, None, view.game.scores())
        await game_posts.owe_buttons_off(self.ctx, db, view, OFFERS)
        agreed = game_posts.DRAW_AGREED
        ended = await self.writer.end(db, loaded, ending, self.ctx.now(), agreed, by_id=user_id)
        final = await self.ctx.view(db, ended.row, view.game)
        return DrawResult(final, DrawAction.ACCEPTED, user_id, ending, ended.match)


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
