"""What the web board shows, as JSON: a game (its players, whose turn, the clock, offers, the
result, the turns for the history scrubber) with its position drawn by the game's own package
(`GameKind.web_position`), a position of its history, and a finished game's analysis chart.

Every id is a string: Discord's ids do not fit in JavaScript's numbers.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping

from bot.computer.review import TurnReview
from bot.games import SomeGame, SomeKind
from bot.games.kind import WebJson
from bot.service import GameView
from bot.service.analyses import Analysis

Namer = Callable[[int | None, int], Awaitable[str]]
"""A player's name in a server (`DiscordApi.name`)."""


async def game_state(view: GameView, name: Namer, now: int) -> WebJson:
    """Everything the board shows of `view` at `now` (epoch seconds, the service's clock), for
    everyone who may see it (players and watchers alike: the page knows who it is)."""
    game, kind = view.game, view.kind
    players = [
        {"colour": colour, "id": str(user), "name": await name(view.guild_id, user)}
        for colour, user in view.players.items()
    ]
    ending = view.ending
    result = None
    if ending is not None:
        result = {
            "winner": None if ending.winner is None else ending.winner.value,
            "reason": str(ending.termination),
            "rule": ending.rule,
            "scores": {side.value: points for side, points in (ending.scores or {}).items()},
        }
    return {
        "id": str(view.id),
        "kind": kind.key,
        "variant": view.variant,
        "revision": view.revision,
        "active": view.is_active,
        "colours": [colour.value for colour in kind.colours],
        "players": players,
        "to_move": view.to_move,
        # Seconds left by the service's clock: the page counts down from when it receives it.
        "seconds_left": max(view.deadline_at - now, 0) if view.is_active else None,
        "deadline": view.deadline_at if view.is_active else None,  # epoch seconds
        "move_seconds": view.move_seconds,
        "draw_offered_by": _colour_of(view, view.draw_offered_by),
        "takeback_by": _colour_of(view, view.takeback_by),
        "computer_level": view.computer_level,
        "result": result,
        "last_move": last_move(game),
        "turns": len(game.turn_plies()) - 1,
        "position": kind.web_position(game),
        "targets": _targets(kind, game) if view.is_active else None,
    }


def state_key(state: Mapping[str, object]) -> str:
    """What tells two states of a channel apart (a new revision, an offer made or answered, a
    clock moved): a watcher is sent a state only when this differs from the one it has."""
    parts = ("id", "revision", "draw_offered_by", "takeback_by", "active", "deadline")
    return json.dumps([state.get(part) for part in parts])


def position_state(kind: SomeKind, game: SomeGame, turn: int, turns: int) -> WebJson:
    """A position of a game's history: after its turn `turn` of `turns`."""
    return {
        "turn": turn,
        "turns": turns,
        "last_move": last_move(game),
        "position": kind.web_position(game),
    }


def analysis_state(analysis: Analysis) -> WebJson:
    """The chart of a finished game's analysis: the first colour's winning chance before each
    reviewed turn and after the last, and each turn's loss for its mover."""
    reviews = [TurnReview.from_json(text) for text in analysis.reviews]
    chances = [review.before for review in reviews]
    if reviews:
        chances.append(reviews[-1].after)
    return {
        "game": str(analysis.view.id),
        "finished": analysis.finished,
        "turns": analysis.turns,
        "done": analysis.done,
        "chances": chances,
        "losses": [review.loss for review in reviews],
        "best": [review.best for review in reviews],
        "played": [review.played for review in reviews],
    }


def last_move(game: SomeGame) -> str | None:
    """The last move a player made (not a chance event), in notation."""
    for move in reversed(game.moves):
        if not game.is_chance(move):
            return str(move)
    return None


def _colour_of(view: GameView, user_id: int | None) -> str | None:
    return None if user_id is None else view.colour_of(user_id)


def _targets(kind: SomeKind, game: SomeGame) -> WebJson:
    targets = kind.web_targets(game, [])
    return {"targets": targets.targets, "move": targets.move}
