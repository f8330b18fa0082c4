"""The posts a tournament owes its channel (issue 30, one outbox since issue 45): the sign-up
message (posted once, then edited as players come and go), a thread and a game for each board
of a round, the round's post (after its boards' threads, which it links), the standings after
a round, the final standings and the cancellation. Each is rebuilt from the tournament as it is
when it goes out.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.context import Context
from bot.service.owed import PostData, PostKind, Subject
from bot.service.tournament.views import TournamentView
from bot.store import Db, games, outbox, tournaments
from bot.store.outbox import Delivered, OutboxRow
from bot.store.tournaments import PairingRow, TournamentRow, TournamentState


@dataclass(frozen=True, slots=True)
class TournamentPost:
    """What a tournament's post shows: the tournament as it is now, the round it is about, the
    sign-up message to edit (once posted), a board to open a thread for, and each board's
    thread (its game's channel) for a round's post."""

    tournament: TournamentView
    round: int
    message: Delivered | None = None
    board: PairingRow | None = None
    threads: tuple[tuple[int, int], ...] = ()  # (board, channel of its game)
    post_id: int = 0  # the post itself (a board's thread settles it when its game starts)


async def load(db: Db, row: TournamentRow) -> TournamentView:
    """The tournament with its entrants and boards."""
    return TournamentView(
        row,
        tuple(await tournaments.entrants(db, row.id)),
        tuple(await tournaments.pairings(db, row.id)),
    )


async def _view(db: Db, row: OutboxRow) -> TournamentView:
    found = await tournaments.get_tournament(db, row.subject_id)
    assert found is not None  # a tournament is never deleted
    return await load(db, found)


async def _signup(ctx: Context, db: Db, row: OutboxRow) -> TournamentPost:
    view = await _view(db, row)
    message = await outbox.latest_delivered(db, Subject.TOURNAMENT.value, view.id, (SIGNUP.name,))
    return TournamentPost(view, 0, message)


async def _board(ctx: Context, db: Db, row: OutboxRow) -> TournamentPost | None:
    """A board still waiting for its game (none started yet, not decided, the tournament
    running); None otherwise (a restart started it already, or the tournament ended)."""
    view = await _view(db, row)
    number = PostData(row).number("board")
    board = next((b for b in view.round_boards(row.revision) if b.board == number), None)
    if view.state is not TournamentState.RUNNING or board is None or not needs_game(board):
        return None
    return TournamentPost(view, row.revision, board=board, post_id=row.id)


async def _round(ctx: Context, db: Db, row: OutboxRow) -> TournamentPost:
    view = await _view(db, row)
    threads = []
    for board in view.round_boards(row.revision):
        if board.game_id is not None:
            game = await games.get_game(db, board.game_id)
            if game is not None:
                threads.append((board.board, game.channel_id))
    return TournamentPost(view, row.revision, threads=tuple(threads))


async def _plain(ctx: Context, db: Db, row: OutboxRow) -> TournamentPost:
    return TournamentPost(await _view(db, row), row.revision)


def needs_game(board: PairingRow) -> bool:
    """Whether a board is played as a game that has not started yet (not a bye, not decided
    by a forfeit)."""
    return board.second_id is not None and board.game_id is None and board.first_points is None


SIGNUP = PostKind("tournament_signup", Subject.TOURNAMENT, _signup, once=True)
"""The sign-up message with Join and Leave: posted once, then edited as it changes (an edit
pings nobody); once the sign-up is over it loses its buttons."""
BOARD = PostKind("tournament_board", Subject.TOURNAMENT, _board)
"""A thread for one board of a round, and its game started there (the game's start is owed
in its own thread then)."""
ROUND = PostKind("tournament_round", Subject.TOURNAMENT, _round)
"""A round began: who meets whom, and in which thread; byes and forfeits."""
STANDINGS = PostKind("tournament_standings", Subject.TOURNAMENT, _plain)
"""The standings after a round."""
FINAL = PostKind("tournament_final", Subject.TOURNAMENT, _plain)
"""The final standings and the podium."""
CANCELLED = PostKind("tournament_cancelled", Subject.TOURNAMENT, _plain)
"""Cancelled, by its organiser or for too few players; about a round (its revision), cancelled
while running: no round follows that one, whose games play on and count."""


async def owe(
    ctx: Context, db: Db, row: TournamentRow, kind: PostKind[object], round_: int = 0, **data: int
) -> None:
    """Owe a post about the tournament, in the transaction that makes it owed."""
    await ctx.owe(db, kind, row.id, guild_id=row.guild_id, revision=round_, **data)
