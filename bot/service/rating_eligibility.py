"""What is rated (issue 27): a result between two people counts in the ratings only if both of
them made a move in it; in a match, a move in any of its games counts. A second account that
resigns at once (or never moves and loses on time, or agrees a draw at once) gives no rating.
A resignation is no move, a roll of the dice neither; a pass or a swap is one. The result still
counts in the players' results (`/stats`), as every finished game does.

The writer judges a result when it is recorded, and a recomputation judges those stored before
the rule by the same function, from the same records, so both rate the same results.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.service.context import Context
from bot.service.results import GameView
from bot.store import Db, RatedResult, games


def both_moved(views: Iterable[GameView]) -> bool:
    """Whether each player of these games (a game, or a match's) made a move in one of them."""
    players: set[int] = set()
    moved: set[int] = set()
    for view in views:
        owners = view.players  # each colour's player now: movers() follow the pie rule
        players.update(owners.values())
        game = view.game
        for move, mover in zip(game.moves, game.movers(), strict=True):
            if mover is not None and game.resigner(move) is None:
                moved.add(owners[mover.value])
    return bool(players) and moved >= players


async def judge(ctx: Context, db: Db, result: RatedResult) -> bool:
    """Whether a stored result counts in the ratings, by `both_moved`, from its games."""
    if result.game_id is not None:
        rows = [await ctx.row_by_id(db, result.game_id)]
    else:
        assert result.match_id is not None  # a CHECK: a result is of a game or of a match
        rows = await games.games_of_match(db, result.match_id)
    return both_moved(ctx.bare_view(row) for row in rows)
