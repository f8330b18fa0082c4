"""Building a queued line by clicks on the board page (issue 54, point 1): the waiting player
builds the opponent's expected turn, then their own answer, and so on, each turn by clicks as a
turn is built on their own move. `line_targets` answers a click in the position after the line
built so far, every move of which is checked as `/premove` checks a line (the same rules, the
same refusals), so the page can only build what the use case would queue.

A game of chance (Verbindung's rolls) names the roll a turn answers: where the line reaches a
roll, the answer lists the rolls the rules allow there, for the player to pick as a move of the
line."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from bot.games.kind import SomeGame, WebJson
from bot.service.errors import PremoveOwnTurnError
from bot.service.premoves import is_full, walk
from bot.service.results import GameView
from bot.web.state import last_move

MOST_CHOICES = 200
"""The most rolls (or other chance events) offered to pick from (Verbindung has 56)."""


def line_targets(view: GameView, owner_id: int, line: list[str], picks: Sequence[str]) -> WebJson:
    """What `owner_id`, waiting for their opponent in `view`, may click next after the moves of
    `line` and the clicks `picks` of the turn after it: the game's targets there, the turn those
    clicks make, the rolls to pick from where the line reaches a roll, the line checked (each
    move with whether it is the owner's answer), whether it is full, and the position after it
    for the board to show. Raises `PremoveOwnTurnError` on the owner's own turn, the line's
    refusals (`LineMoveError` naming its move, ...) and the engine's for a bad click."""
    if view.to_move_id == owner_id:
        raise PremoveOwnTurnError("it is your turn: play it with /move")
    game, steps = walk(view, owner_id, line)
    full = is_full(steps) or game.to_move is None
    rolls: list[str] = []
    targets: WebJson = {}
    move = None
    if not full:
        rolls = _chances(game)
        if not rolls:
            found = view.kind.web_targets(game, list(picks))
            targets, move = found.targets, found.move
    return {
        "targets": targets,
        "move": move,
        "rolls": rolls,
        "line": [[text, mine] for text, mine in steps],
        "full": full,
        "to_move": None if game.to_move is None else str(game.to_move.value),
        "position": view.kind.web_position(game),
        "last_move": last_move(game),
    }


def _chances(game: SomeGame) -> list[str]:
    """The chance events due next (a roll to pick), none where a player moves."""
    legal = iter(game.legal_moves())
    first = next(legal, None)
    if first is None or not game.is_chance(first):
        return []
    return [str(first), *(str(event) for event in islice(legal, MOST_CHOICES - 1))]
