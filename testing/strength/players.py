"""The opponents the computer player is measured against, and one game between two players.

A player is a function of the game and a seeded generator that returns its move. The random and
greedy players are baselines for the benchmark only; the engine's levels are the real players.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import NotRequired, TypedDict, overload

from engine.ai import Level, Stop, choose_ponte_move, choose_verbindung_turn, never
from engine.ai.ponte.candidates import Valued, after, candidates, final_value, mover
from engine.ai.ponte.evaluate import position_value
from engine.ai.ponte.learned import ValueModel, choose_learned
from engine.ai.ponte.playout import random_turn as random_ponte_turn
from engine.ai.verbindung import EFFORT as VERBINDUNG_EFFORT
from engine.ai.verbindung import by_effort as by_turn_effort
from engine.ai.verbindung.playout import random_turn as random_verbindung_turn
from engine.ai.verbindung.race import NORMAL_GAMES
from engine.coords import Field
from engine.ponte import Bridge, Place, PonteGame, Swap
from engine.ponte import Move as PonteMove
from engine.ponte.scoring import score
from engine.verbindung import Turn, VerbindungGame, draw_roll
from testing.strength import NEEDS_NUMBA, mcts_verbindung
from testing.strength.blended import choose_blended
from testing.strength.tuned import HARD as HARD_KNOBS
from testing.strength.tuned import Values, choose_tuned
from testing.strength.tuned import load as load_knobs

Game = PonteGame | VerbindungGame
Player = Callable[[Game, random.Random, Callable[[], bool]], object]


def random_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """A uniformly random legal turn (stones or a bridge in Ponte, placements in Verbindung)."""
    if isinstance(game, PonteGame):
        return random_ponte_turn(game, rng, bridge_chance=0.3, swap_chance=0.0)
    return random_verbindung_turn(game, rng)


def _gain(game: PonteGame, move: Place | Bridge) -> tuple[int, int]:
    board, colour = game.board.copy(), mover(game)
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


def mcts_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """The plain UCT search of boardspace.net's robots (`testing.strength.mcts`), for either
    game. In Ponte its budget is the robot's playouts in the budget's seconds
    (`mcts_ponte.PLAYOUTS_PER_SECOND`), or fewer when the clock runs out first."""
    if isinstance(game, PonteGame):
        # Compiled by numba (the `bench` extra): imported only when Ponte's search plays, so
        # that every other player, and the Verbindung search, work in the lean test install.
        try:
            from testing.strength import mcts_ponte  # noqa: PLC0415
        except ModuleNotFoundError as missing:
            if missing.name not in ("numba", "numpy"):
                raise
            raise ModuleNotFoundError(NEEDS_NUMBA, name=missing.name) from missing

        seconds = stop.seconds if isinstance(stop, Deadline) else None
        playouts = None if seconds is None else round(seconds * mcts_ponte.PLAYOUTS_PER_SECOND)
        return mcts_ponte.choose(game, rng, stop, playouts)
    return mcts_verbindung.choose(game, rng, stop)


def _old_opening(game: PonteGame, rng: random.Random) -> Place:
    """The opening hard used before its search: two stones near the centre, three apart."""
    size = game.variant.size
    low, high = size // 4, size - size // 4
    fields = [Field(col, row) for col in range(low, high) for row in range(low, high)]
    first = rng.choice(fields)
    apart = [f for f in fields if max(abs(f.col - first.col), abs(f.row - first.row)) >= 3]
    return Place(first, rng.choice(apart))


def _old_swap(game: PonteGame) -> bool:
    """The swap rule hard used before: only two white stones side by side, off the edge."""
    size = game.board.size
    stones = [game.board.field(i) for i, cell in enumerate(game.board.cells) if cell is not None]
    first, second = stones
    side_by_side = abs(first.col - second.col) + abs(first.row - second.row) == 1
    edge = any(f.col in (0, size - 1) or f.row in (0, size - 1) for f in stones)
    return side_by_side and not edge


def old_hard_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """The hard level as it was before its search (issue 17's starting point): in Ponte a
    two-ply minimax over the candidate turns with its fixed pie rule, in Verbindung the one
    roll of chance."""
    if isinstance(game, VerbindungGame):
        return by_turn_effort(game, OLD_VERBINDUNG_HARD, rng, stop)
    if game.ply == 0:
        return _old_opening(game, rng)
    if game.ply == 1 and _old_swap(game):
        return Swap()
    return _two_ply(game, rng, stop)


def _two_ply(game: PonteGame, rng: random.Random, stop: Callable[[], bool]) -> object:
    """The old hard's turn: its 10 best candidates and 3 best bridges or pass (fields paired 12
    wide), each worth the opponent's best answer (fields paired 9 wide); a turn not reached before
    `stop` is left out."""
    found = candidates(game, 12, rng, stop)
    if not found:
        return next(move for move in game.legal_moves() if not isinstance(move, Swap))
    others = [o for o in found[10:] if not isinstance(o.move, Place)][:3]
    colour = mover(game)
    revalued: list[Valued] = []
    for option in found[:10] + others:
        if stop() and revalued:
            break
        child = after(game, option.move)
        if child.is_over:
            value = final_value(child, colour)
        else:
            replies = candidates(child, 9, rng, stop)
            value = -replies[0].value if replies else position_value(child.board, colour)
        revalued.append(Valued(value, option.move))
    return max(revalued, key=lambda v: (v.value, rng.random())).move


TODAY_VERBINDUNG_HARD = replace(
    VERBINDUNG_EFFORT[Level.HARD],
    judge=NORMAL_GAMES.after_turn,
    race=NORMAL_GAMES,
    deeper=0,
    shapes=0.0,
    odds_from=3,
)
"""Verbindung's hard level before issue 29: two rolls ahead only near the end, blind to how
readily the dice serve either player, measuring its own next roll's odds only from three dice to
join, and valuing positions by the race model fitted on games between normal players (`hard0v`)."""


OLD_VERBINDUNG_HARD = replace(TODAY_VERBINDUNG_HARD, deep=0)
"""Verbindung's hard level before issue 17: one roll of chance over its 24 best kinds of turn.
Derived from `hard0v`, which already switches off what issue 29 added: derived from today's hard
directly, it had weighed the ease of the dice since then."""


def hard0v_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """The hard level as it was before issue 29 gave Verbindung's hard its deeper look while
    time remains and the ease of the dice (Ponte's hard is today's)."""
    if isinstance(game, VerbindungGame):
        return by_turn_effort(game, TODAY_VERBINDUNG_HARD, rng, stop)
    return choose_ponte_move(game, Level.HARD, rng, stop)


@overload
def choose(game: PonteGame, level: Level, rng: random.Random, stop: Stop = never) -> PonteMove: ...


@overload
def choose(game: VerbindungGame, level: Level, rng: random.Random, stop: Stop = never) -> Turn: ...


def choose(
    game: PonteGame | VerbindungGame, level: Level, rng: random.Random, stop: Stop = never
) -> PonteMove | Turn:
    """The engine's computer move at `level` in either game (a Verbindung game in its place
    phase: the roll is the caller's chance step)."""
    if isinstance(game, PonteGame):
        return choose_ponte_move(game, level, rng, stop)
    return choose_verbindung_turn(game, level, rng, stop)


MODEL_VARIABLE = "LEARNED_MODEL"
"""The environment variable naming a model file (`bench.learn`'s output) for the learned level
to play with instead of the shipped one: a candidate measured before it replaces it."""


@cache
def _model(path: str) -> ValueModel:
    return ValueModel.from_json(Path(path).read_text())


def learned_model() -> ValueModel | None:
    """The model `MODEL_VARIABLE` names, or None for the shipped one."""
    path = os.environ.get(MODEL_VARIABLE)
    return _model(path) if path else None


def learned_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """Ponte's learned level (`engine.ai.ponte.learned`): hard's search, the best answers at its
    horizon valued by the learned model (`learned_model`)."""
    assert isinstance(game, PonteGame)
    return choose_learned(game, rng, stop, model=learned_model())


def learned_blend_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """A trial of the learned level: the model and the hand-written value blended at the
    horizon (`testing.strength.blended`)."""
    assert isinstance(game, PonteGame)
    return choose_blended(game, rng, stop, learned_model())


def learned_horizon_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """The learned level's first form: hard's search with the model's value of the position in
    place of an expansion at its horizon (cheaper, so deeper; not kept)."""
    assert isinstance(game, PonteGame)
    return choose_learned(game, rng, stop, answered=False)


KNOBS_VARIABLE = "TUNED_KNOBS"
"""The environment variable naming a JSON file of hard's numbers (`testing.strength.tuned`,
`bench.strength.tune`'s output) for the `tuned` player; without it, it plays hard's own."""


@cache
def _knobs(path: str) -> Values:
    return load_knobs(path)


def tuned_knobs() -> Values:
    """The numbers `KNOBS_VARIABLE` names, or hard's."""
    path = os.environ.get(KNOBS_VARIABLE)
    return _knobs(path) if path else HARD_KNOBS


def tuned_player(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
    """Hard's search with the numbers a self-play tuning found (`tuned_knobs`)."""
    assert isinstance(game, PonteGame)
    return choose_tuned(game, tuned_knobs(), rng, stop)


def level_player(level: Level) -> Player:
    """The engine's computer player at `level`."""

    def play(game: Game, rng: random.Random, stop: Callable[[], bool]) -> object:
        return choose(game, level, rng, stop)

    return play


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "mcts": mcts_player,
    "hard0": old_hard_player,
    "hard0v": hard0v_player,
    **{level.value: level_player(level) for level in Level},
    "learned": learned_player,
    "learned-horizon": learned_horizon_player,
    "learned-blend": learned_blend_player,
    "tuned": tuned_player,
}


class Entry(TypedDict):
    """A recorded game, a line of a benchmark's JSON-lines record (`Played.entry`): its kind,
    the players (the first moved first), the winner (0, 1, None: a draw), the moves and each
    player's thinking seconds per turn; a benchmark may add the budget and the seed."""

    kind: str
    players: list[str]
    winner: int | None
    moves: list[str]
    seconds: list[list[float]]
    budget: NotRequired[float]
    seed: NotRequired[int]


@dataclass
class Played:
    """One finished game: who won (0 or 1: the index of the player, None: a draw), the
    thinking time of each of the two players' turns, and the moves (`Game.record`'s, rolls
    included), so that a recorded game can be replayed and looked into."""

    winner: int | None
    seconds: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    moves: tuple[str, ...] = ()

    def entry(self, kind: str, names: tuple[str, str]) -> Entry:
        """The game as a line of a benchmark's record (``--record``; ``python -m
        bench.strength.ladder`` rates them): its kind, the players (the first moved first), the
        winner, the moves and each player's thinking seconds per turn."""
        seconds = [[round(s, 3) for s in mine] for mine in self.seconds]
        return {
            "kind": kind,
            "players": list(names),
            "winner": self.winner,
            "moves": list(self.moves),
            "seconds": seconds,
        }


def append_entry(path: str, entry: Entry) -> None:
    """Append one game's entry (`Played.entry`) to the JSON-lines record at `path`."""
    with open(path, "a") as file:
        file.write(json.dumps(entry) + "\n")


KINDS: dict[str, Callable[[], Game]] = {
    "ponte": PonteGame,
    "classic": lambda: PonteGame("classic"),
    "verbindung": VerbindungGame,
}
"""The games a benchmark plays: Ponte 12x12 (online), Ponte 10x10 (classic), Verbindung."""


def parse_player(name: str, budget: float) -> tuple[Player, float]:
    """The player called `name` and its thinking budget: `budget`, or the seconds after an
    ``@`` (``mcts@8`` is the plain search with 8 seconds a turn)."""
    base, _, seconds = name.partition("@")
    return PLAYERS[base], float(seconds) if seconds else budget


def play_game(kind: str, names: tuple[str, str], seed: str, budget: float) -> Played:
    """A game of `kind` between the players `names` (the first one moves first), each turn
    with a thinking budget of `budget` seconds (or the player's own, see `parse_player`); dice
    and players draw from generators seeded by `seed`."""
    return play_players(kind, [parse_player(name, budget) for name in names], seed)


def play_players(kind: str, players: Sequence[tuple[Player, float]], seed: str) -> Played:
    """`play_game` between two players given with their thinking seconds a turn."""
    game: Game = KINDS[kind]()
    dice = random.Random(f"{seed}:dice")
    played = Played(winner=None)
    while not game.is_over:
        if isinstance(game, VerbindungGame) and game.phase == "roll":
            game.push(draw_roll(game, dice))
            continue
        mover = _mover(game)
        rng = random.Random(f"{seed}:{mover}:{len(game.moves)}")
        start = time.perf_counter()
        player, seconds = players[mover]
        move = player(game, rng, stop_after(start + seconds, seconds))
        played.seconds[mover].append(time.perf_counter() - start)
        game.check(move)  # type: ignore[arg-type]
        game.push(move)  # type: ignore[arg-type]
    played.winner = winner_of(game)
    played.moves = game.record().moves
    return played


@dataclass(frozen=True)
class Deadline:
    """A `stop` that is due once `time.perf_counter()` passes `deadline`: every benchmark's
    thinking budget. It also tells the budget's `seconds`, for a player that counts its budget
    in work rather than time (the plain search in Ponte)."""

    deadline: float
    seconds: float | None = None

    def __call__(self) -> bool:
        return time.perf_counter() > self.deadline


def stop_after(deadline: float, seconds: float | None = None) -> Deadline:
    """A `Deadline` at `deadline` for a budget of `seconds`."""
    return Deadline(deadline, seconds)


def _mover(game: Game) -> int:
    """Which player (0 first, 1 second) is to move; in Ponte a swap exchanges the colours."""
    if isinstance(game, PonteGame):
        return 0 if game.to_move is game.first_player_colour else 1
    return 0 if str(game.to_move) == "red" else 1


def winner_of(game: Game) -> int | None:
    """Who won the finished `game`: 0 the first player, 1 the second (in Ponte a swap exchanges
    the colours, not the players), None a draw."""
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is None:
        return None
    if isinstance(game, PonteGame):
        return 0 if outcome.winner is game.first_player_colour else 1
    return 0 if str(outcome.winner) == "red" else 1


DEFAULT_PLAYERS = ("random", "greedy", "mcts", "easy", "normal", "hard")
PONTE_ONLY = frozenset({"greedy"})
"""Players of the ladder that know only Ponte (the greedy player scores Ponte turns)."""
LEARNED = frozenset({"learned", "learned-horizon", "learned-blend", "tuned"})
"""The learned level's forms and hard with self-play's numbers (issue 55): Ponte only, and not
in the default ladder (they are measured against hard)."""


def plays(name: str, kind: str) -> bool:
    """Whether the player `name` can play a game of `kind`."""
    return kind != "verbindung" or name not in PONTE_ONLY | LEARNED


def default_players(kind: str) -> list[str]:
    """The ladder's players for `kind`: every default player that plays that game."""
    return [name for name in DEFAULT_PLAYERS if plays(name, kind)]
