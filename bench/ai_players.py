"""The opponents the computer player is measured against, and one game between two players.

A player is a function of the game and a seeded generator that returns its move. The random and
greedy players are baselines for the benchmark only; the engine's levels are the real players.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.ai import Level, choose
from engine.ai.ponte.playout import random_turn as random_ponte_turn
from engine.ai.verbindung.playout import random_turn as random_verbindung_turn
from engine.ponte import Bridge, Place, PonteGame
from engine.ponte.scoring import score
from engine.verbindung import VerbindungGame, draw_roll

Game = PonteGame | VerbindungGame
Player = Callable[[Game, random.Random, Callable[[], bool]], object]


def random_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """A uniformly random legal turn (stones or a bridge in Ponte, placements in Verbindung)."""
    if isinstance(game, PonteGame):
        return random_ponte_turn(game, rng, bridge_chance=0.3, swap_chance=0.0)
    return random_verbindung_turn(game, rng)


def _gain(game: PonteGame, move: Place | Bridge) -> tuple[int, int]:
    board, colour = game.board.copy(), game.to_move
    if isinstance(move, Place):
        board.place(board.index(move.first), colour)
        board.place(board.index(move.second), colour)
    else:
        board.build(move)
    before, now = score(game.board, colour), score(board, colour)
    return (now.points - before.points, now.islands - before.islands)


def _scoring_turns(game: PonteGame, rng: random.Random) -> list[Place | Bridge]:
    """Every bridge, and the stone pairs that could complete an island: a pair of fields next to
    the mover's stones, or one such field with some other legal field."""
    fields = game.legal_fields()
    board, colour = game.board, game.to_move
    growing = [
        f
        for f in fields
        if any(board.cells[n] is colour for n in board.geo.orthogonal[board.index(f)])
    ]
    turns: list[Place | Bridge] = list(game.legal_bridges())
    for position, first in enumerate(growing):
        partners = [*growing[position + 1 :], rng.choice(fields)]
        turns += (
            Place(first, s) for s in partners if s != first and game.is_legal(Place(first, s))
        )
    return turns


def greedy_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """Ponte: the turn with the best one-turn score gain (points, then islands); a random turn
    when no turn gains anything."""
    assert isinstance(game, PonteGame)
    valued = [(_gain(game, turn), turn) for turn in _scoring_turns(game, rng)]
    best = max((gain for gain, _ in valued), default=(0, 0))
    if best <= (0, 0):
        return random_ponte_turn(game, rng, bridge_chance=0.0)
    return rng.choice([turn for gain, turn in valued if gain == best])


def level_player(level: Level) -> Player:
    """The engine's computer player at `level`."""

    def play(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
        return choose(game, level, rng, stop)

    return play


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    **{level.value: level_player(level) for level in Level},
}


@dataclass
class Played:
    """One finished game: who won (0 or 1: the index of the player, None: a draw) and the
    thinking time of each of the two players' turns."""

    winner: int | None
    seconds: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))


def play_game(kind: str, names: tuple[str, str], seed: str, budget: float) -> Played:
    """A game between the players `names` (the first one moves first), each turn with a
    thinking budget of `budget` seconds; dice and players draw from generators seeded by `seed`."""
    game: Game = PonteGame() if kind == "ponte" else VerbindungGame()
    dice = random.Random(f"{seed}:dice")
    played = Played(winner=None)
    while not game.is_over:
        if isinstance(game, VerbindungGame) and game.phase == "roll":
            game.push(draw_roll(game, dice))
            continue
        mover = _mover(game)
        rng = random.Random(f"{seed}:{mover}:{len(game.moves)}")
        start = time.perf_counter()
        move = PLAYERS[names[mover]](game, rng, _stop_after(start + budget))
        played.seconds[mover].append(time.perf_counter() - start)
        game.check(move)  # type: ignore[arg-type]
        game.push(move)  # type: ignore[arg-type]
    played.winner = _winner(game)
    return played


def _stop_after(deadline: float) -> Callable[[], bool]:
    return lambda: time.perf_counter() > deadline


def _mover(game: Game) -> int:
    """Which player (0 first, 1 second) is to move; in Ponte a swap exchanges the colours."""
    if isinstance(game, PonteGame):
        return 0 if game.to_move is game.first_player_colour else 1
    return 0 if str(game.to_move) == "red" else 1


def _winner(game: Game) -> int | None:
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is None:
        return None
    if isinstance(game, PonteGame):
        return 0 if outcome.winner is game.first_player_colour else 1
    return 0 if str(outcome.winner) == "red" else 1
