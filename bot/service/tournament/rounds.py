"""Rounds that run themselves: a tournament's start at its deadline, its rounds paired (once)
as the previous one closes, its boards started as games, its end; and a player's withdrawal.

Everything derives from the database: a tournament is `due` when its sign-up ends or a board of
its round was decided (`bot.service.tournament.scoring`, in the transaction that ended the
game), and `advance` does whatever is due with the tournament's row locked, so a restart or a
second process does nothing twice.
"""

from __future__ import annotations

from bot.service.context import Context, Seating
from bot.service.results import MoveResult, Started
from bot.service.tournament.errors import NotEnteredError, NotRunningError
from bot.service.tournament.pairing import Board, berger, max_swiss_rounds, pair_swiss
from bot.service.tournament.posts import (
    BOARD,
    CANCELLED,
    FINAL,
    ROUND,
    SIGNUP,
    STANDINGS,
    load,
    needs_game,
    owe,
)
from bot.service.tournament.standings import LOSS, WIN, Player, entrants
from bot.service.tournament.views import played
from bot.service.writer import GameWriter
from bot.store import Db, games, tournaments
from bot.store.tournaments import (
    NewPairing,
    PairingRow,
    TournamentFormat,
    TournamentRow,
    TournamentState,
)

MIN_PLAYERS = 2


class Rounds:
    """Starts tournaments, pairs and closes their rounds, starts their boards."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    async def advance(self, db: Db, row: TournamentRow, now: int) -> None:
        """Do what is due for the (locked) tournament: start it at its deadline, close a
        finished round and pair the next, or end it after its last."""
        await tournaments.set_due(db, row.id, None)
        if row.state is TournamentState.SIGNUP:
            if now >= row.signup_deadline:
                await self.begin(db, row, now)
            return
        while row.state is TournamentState.RUNNING:
            boards = await tournaments.pairings(db, row.id, row.current_round)
            if any(board.first_points is None for board in boards):
                return  # the round goes on
            await self._next_round(db, row, now)
            fresh = await tournaments.get_tournament(db, row.id)
            assert fresh is not None
            if fresh.current_round == row.current_round:
                return
            row = fresh

    async def begin(self, db: Db, row: TournamentRow, now: int) -> bool:
        """Close the sign-up and pair the first round; with too few players the tournament is
        cancelled instead (False). Either way the sign-up message is owed its last edit (the
        sign-up closed, without its buttons)."""
        await owe(self.ctx, db, row, SIGNUP)
        count = len(await tournaments.entrants(db, row.id))
        if count < MIN_PLAYERS:
            await tournaments.end(db, row.id, TournamentState.CANCELLED, now)
            await owe(self.ctx, db, row, CANCELLED)
            return False
        if row.format is TournamentFormat.SWISS:
            rounds = min(row.rounds or 1, max_swiss_rounds(count))
        else:
            rounds = len(berger([0] * count))
        await tournaments.start(db, row.id, rounds, now)
        started = await tournaments.get_tournament(db, row.id)
        assert started is not None
        await self._pair(db, started, 1, now)
        await self.advance(db, started, now)  # a round of forfeits and byes alone closes at once
        return True

    async def _next_round(self, db: Db, row: TournamentRow, now: int) -> None:
        """Close the current round (its standings owed) and pair the next, or end it."""
        if not await tournaments.finish_round(db, row.id, row.current_round, now):
            return
        view = await load(db, row)
        last = row.current_round >= (row.rounds or 0) or len(view.players) < MIN_PLAYERS
        if last:
            await tournaments.end(db, row.id, TournamentState.FINISHED, now)
            await owe(self.ctx, db, row, FINAL, row.current_round)
            return
        await owe(self.ctx, db, row, STANDINGS, row.current_round)
        await self._pair(db, row, row.current_round + 1, now)

    async def _pair(self, db: Db, row: TournamentRow, round_number: int, now: int) -> None:
        """Pair round `round_number` once (its row's key refuses a second) and owe its post;
        byes and the forfeits of withdrawn players are decided at once."""
        view = await load(db, row)
        if row.format is TournamentFormat.ROUND_ROBIN:
            schedule = berger([e.user_id for e in view.entrants])
            boards = schedule[round_number - 1]
        else:
            players = [Player(e.user_id, e.seed, e.withdrawn_at is not None) for e in view.entrants]
            boards = pair_swiss(entrants(players, [played(b) for b in view.boards]))
        withdrawn = set(view.withdrawn)
        stored = [
            pairing
            for number, board in enumerate(boards, start=1)
            if (pairing := _new_pairing(number, board, withdrawn)) is not None
        ]
        await tournaments.add_round(db, row.id, round_number, stored, now)
        # A thread and a game for each board to play, then the round's post, which links them.
        for board in await tournaments.pairings(db, row.id, round_number):
            if needs_game(board):
                await owe(self.ctx, db, row, BOARD, round_number, board=board.board)
        await owe(self.ctx, db, row, ROUND, round_number)

    async def start_board(
        self,
        db: Db,
        row: TournamentRow,
        board: PairingRow,
        *,
        channel_id: int,
        parent_channel_id: int | None,
        now: int,
    ) -> Started | None:
        """Start the board's game (or best-of match) in `channel_id` (its own thread); None if
        it has started already or needs no game."""
        if not needs_game(board):
            return None
        assert board.second_id is not None  # a board that needs a game has two players
        seating = Seating(
            kind=self.ctx.kind(row.game_kind),
            variant=row.variant,
            guild_id=row.guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id,
            first_id=board.first_id,
            second_id=board.second_id,
            move_seconds=row.move_seconds,
        )
        seating = await self.writer.open_match(db, seating, row.best_of, now)
        started = await self.writer.start(db, seating, now)
        await tournaments.start_board(db, board, started.view.id, seating.match_id)
        return started

    async def withdraw(
        self, db: Db, row: TournamentRow, user_id: int, now: int
    ) -> list[MoveResult]:
        """`user_id` leaves the running tournament: their game of the round is resigned (rated
        as any resignation), a board not started yet is forfeited (scored, not rated), and they
        are paired no more. Return the resignations (to publish once committed). Raises
        `NotRunningError` and `NotEnteredError`."""
        if row.state is not TournamentState.RUNNING:
            raise NotRunningError("the tournament is not running", state=row.state.value)
        if not await tournaments.withdraw_entrant(db, row.id, user_id, now):
            raise NotEnteredError("you are not in this tournament", user_id=user_id)
        ended: list[MoveResult] = []
        for board in await tournaments.pairings(db, row.id, row.current_round):
            if user_id not in (board.first_id, board.second_id) or board.first_points is not None:
                continue
            if board.game_id is None:
                points = LOSS if user_id == board.first_id else WIN
                await tournaments.record_result(db, board, points, now, forfeit=True)
            else:
                resigned = await self._resign(db, board, user_id)
                ended += [] if resigned is None else [resigned]
        await tournaments.set_due(db, row.id, now)
        return ended

    async def _resign(self, db: Db, board: PairingRow, user_id: int) -> MoveResult | None:
        """Resign the board's running game (the whole match) for `user_id`: its result
        reaches the board through the writer, as every game's end does."""
        assert board.game_id is not None
        game = await games.get_game(db, board.game_id)
        assert game is not None
        if game.match_id is not None:  # the board is the match: its game running now
            current = await games.active_game_in(db, game.channel_id)
            game = current if current is not None and current.match_id == game.match_id else game
        if game.finished_at is not None:
            return None
        loaded = await self.ctx.load(db, game)
        view = loaded.view
        resignation = view.game.resignation(view.kind.colour(self.ctx.player_colour(view, user_id)))
        whole = user_id if game.match_id is not None else None
        return await self.writer.apply(db, loaded, user_id, resignation, match_resigned_by=whole)


def _new_pairing(number: int, board: Board, withdrawn: set[int]) -> NewPairing | None:
    """A board to store: a bye scores at once, so does a board with a withdrawn player (a
    forfeit); one with two withdrawn players is not played at all (None)."""
    first, second = board.first, board.second
    if second is None:
        return None if first in withdrawn else NewPairing(number, first, None, first_points=WIN)
    if first in withdrawn and second in withdrawn:
        return None
    if first in withdrawn or second in withdrawn:
        points = LOSS if first in withdrawn else WIN
        return NewPairing(number, first, second, first_points=points, forfeit=True)
    return NewPairing(number, first, second)
