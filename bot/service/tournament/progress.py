"""Where a tournament stands (issue 46): the last round over, whose standings are the ones that
count; the round in play; and its games not over yet, with whose turn it is in each."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.context import Context
from bot.service.tournament.views import TournamentView
from bot.store import Db, GameRow, games
from bot.store.tournaments import PairingRow, TournamentState


@dataclass(frozen=True, slots=True)
class RunningGame:
    """A board of the round in play not decided yet: its game's channel (its thread) and who
    is to move there; both None while its thread is being opened."""

    board: PairingRow
    channel_id: int | None = None
    to_move_id: int | None = None


@dataclass(frozen=True, slots=True)
class Progress:
    """A tournament as it stands: `completed` rounds are over (0: none yet), round `in_play`
    is being played (None when none is: before the start, between two rounds, at the end),
    and `running` are its boards still being played."""

    tournament: TournamentView
    completed: int
    in_play: int | None = None
    running: tuple[RunningGame, ...] = ()

    @property
    def final(self) -> bool:
        """Whether the tournament is over and its standings are final."""
        return self.tournament.state is TournamentState.FINISHED


async def progress_of(ctx: Context, db: Db, view: TournamentView) -> Progress:
    """Where `view` stands now; its running games are read in `db`."""
    current = view.row.current_round
    boards = view.round_boards(current)
    if current == 0 or all(board.first_points is not None for board in boards):
        return Progress(view, current)
    if view.state is not TournamentState.RUNNING:  # cancelled mid-round before issue 46
        return Progress(view, current - 1)
    running = [await _running(ctx, db, b) for b in boards if b.first_points is None]
    return Progress(view, current - 1, current, tuple(running))


async def _running(ctx: Context, db: Db, board: PairingRow) -> RunningGame:
    game = None if board.game_id is None else await _current_game(db, board.game_id)
    if game is None:
        return RunningGame(board)
    return RunningGame(board, game.channel_id, ctx.bare_view(game).to_move_id)


async def _current_game(db: Db, game_id: int) -> GameRow | None:
    """The board's game, or the game of its match being played now."""
    game = await games.get_game(db, game_id)
    if game is None or game.match_id is None:
        return game
    playing = await games.active_game_in(db, game.channel_id)
    return playing if playing is not None and playing.match_id == game.match_id else game
