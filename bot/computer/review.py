"""STAND-IN for the review of one turn of a finished game (issue 29), kept on the analysis
branch only to develop the analysis jobs against the contract in the notes
(`review_contract.md`). Engineer J's `bot/computer/review.py` replaces it at the merge: the
names, signatures and JSON form below are exactly the contract's, nothing else relies on how
this one judges.

Here the best turn is the hard level's choice at the budget given, and the chance is a crude
stand-in for the fitted model: the game kind's `win_chance` when it has one, else 0.5 moved by
the score difference and a wobble. It runs in a worker process like `bot.computer.thinking`
(plain data in and out, picklable by name).
"""

from __future__ import annotations

import json
import math
import random
import time
import zlib
from dataclasses import asdict, dataclass
from typing import Any

from bot.games import GAMES
from engine.ai import Level

REVIEW_SECONDS = 0.6
"""The default budget per turn (the contract's: a 70-turn 12x12 Ponte game within 60 s)."""


@dataclass(frozen=True, slots=True)
class TurnReview:
    """One turn of a finished game as the computer judges it (chances are colours[0]'s)."""

    turn: int
    mover: str
    played: str
    best: str
    before: float
    after: float
    best_after: float

    @property
    def loss(self) -> float:
        """The mover's loss of winning chance against the best turn (0 when none better).
        `review_turn` keeps `best` only when it is better for the mover, so the distance
        between the two chances is the loss, whichever colour moved."""
        return abs(self.best_after - self.after)

    def as_json(self) -> str:
        """The review as one JSON object."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TurnReview:
        """The review `as_json` wrote."""
        data: dict[str, Any] = json.loads(text)
        return cls(**data)


def turns_to_review(game_kind: str, record: str) -> int:
    """How many turns a finished game has (len(turn_plies()) - 1)."""
    game = GAMES.kind(game_kind).load(record)
    return len(game.turn_plies()) - 1


def review_turn(game_kind: str, record: str, turn: int, seed: str, seconds: float) -> TurnReview:
    """Turn `turn` of the finished game `record` reviewed within about `seconds`."""
    deadline = time.monotonic() + seconds
    kind = GAMES.kind(game_kind)
    game = kind.load(record)
    plies = game.turn_plies()
    before_game = game.position_at(plies[turn - 1])
    after_game = game.position_at(plies[turn])
    made = [move for move in game.moves[plies[turn - 1] : plies[turn]] if not game.is_chance(move)]
    mover = before_game.to_move
    played = str(made[0]) if made else "pass"
    first = game.colours()[0]
    before, after = _chance(kind, before_game, first), _chance(kind, after_game, first)
    best, best_after = played, after
    if mover is not None and made and game.resigner(made[0]) is None:
        found = kind.choose(
            before_game, Level.HARD, random.Random(seed), lambda: time.monotonic() >= deadline
        )
        other = before_game.copy()
        other.play(found)
        chance = _chance(kind, other, first)
        if (chance > after) if mover == first else (chance < after):  # only a better turn
            best, best_after = found, chance
    return TurnReview(turn, str(mover), played, best, before, after, best_after)


def _chance(kind: Any, game: Any, first: Any) -> float:
    """Colours[0]'s chance: the kind's model when it has one, else a crude score guess."""
    model = getattr(kind, "win_chance", None)
    if model is not None:
        return float(model(game))
    outcome = game.outcome()
    if outcome is not None:
        return 0.5 if outcome.winner is None else (1.0 if outcome.winner == first else 0.0)
    # A wobble by the number of moves and the last move, so that the stand-in's chances move
    # at all (early positions score nothing): for developing the display, not a judgement.
    lead = 0.0
    scores = game.scores()
    if scores:
        other = next(colour for colour in scores if colour != first)
        lead = (scores[first] - scores[other]) / 8
    last = str(game.moves[-1]) if game.moves else ""
    wobble = math.sin(1.7 * game.ply + zlib.crc32(last.encode()) % 7)
    return 0.5 + 0.4 * math.tanh(lead + 0.6 * wobble)
