"""A tournament board's result, recorded in the transaction that ends its game (or its best-of
match): the writer calls these after every end, so a round never waits for an event a crash
could lose. The tournament is then due at once: whoever advances tournaments next closes the
round and pairs the next (`bot.service.tournaments`)."""

from __future__ import annotations

from bot.store import Db, GameRow, tournaments
from bot.store.tournaments import PairingRow


def half_points(board: PairingRow, winner_id: int | None) -> int:
    """The first player's half-points for a game won by `winner_id` (None: a draw)."""
    if winner_id is None:
        return 1
    return 2 if winner_id == board.first_id else 0


async def game_ended(db: Db, finished: GameRow, now: int) -> None:
    """A single game ended: if it is a tournament's board, that board is decided."""
    board = await tournaments.board_of_game(db, finished.id, None)
    if board is not None:
        await _decided(db, board, finished.winner_id, now)


async def match_ended(db: Db, match_id: int, winner_id: int | None, now: int) -> None:
    """A best-of match ended: if it is a tournament's board, that board is decided."""
    board = await tournaments.board_of_game(db, 0, match_id)
    if board is not None:
        await _decided(db, board, winner_id, now)


async def _decided(db: Db, board: PairingRow, winner_id: int | None, now: int) -> None:
    if await tournaments.record_result(db, board, half_points(board, winner_id), now):
        await tournaments.set_due(db, board.tournament_id, now)
