"""The computer player of Verbindung gesucht.

Every level values a turn by the position it leaves: how many dice each player still needs to
join his four bases (`network`: a Steiner tree over the potential network of V9, with exchanges
(V10) for a cut-off player; `oracle` answers most single dice from the tree tables). Turns are
built from the engine's own listings (`search`), so the white-cross duty (V6) and exchanges are
respected, and a turn that wins at once is always taken, one that hands the opponent the win
(V11) never while another exists.

- Easy looks at few turns, values them by the plain lead in dice and adds a random spread; now
  and then it plays a random turn instead, the mistakes of a beginner (but it never misses a win
  at once, nor hands one over).
- Normal looks at every promising full turn, valued by the plain lead in dice (one turn deep).
- Hard values turns by a race model fitted to games between normal players (`race.NORMAL_GAMES`:
  tempo, a quick finish, the cost of being cut off) and then treats the opponent's next roll as
  chance (`lookahead`): each of its best kinds of turn is worth the average, over all rolls weighted
  by their odds, of the position after the opponent's best answer to that roll (`chance`), and that
  position is valued with the odds of its own next roll measured over all its rolls (`odds_from`),
  not taken from the race model. It spends its time where the rolls decide: when either player is a
  few dice from joining, its best turns are looked at two rolls ahead (`deep`): the opponent's best
  answer to each roll is placed, and what it leaves is valued over my own next roll and my best
  answer to it. With time to spare it takes that look anywhere in the game (`deeper`): its best
  turns by one roll, one after the other, until its time is up or `deeper` of them are done, and
  plays the best of those done. It answers at once when the choice is forced (one turn, or a win) or
  decided (the best turn's chance is beyond `DECIDED` of a sure win or loss). Where it has boards to
  measure (after each of its best turns, and after each answer two rolls ahead) it also weighs how
  readily the dice serve each player's lightest trees (`shapes`: a junction waits for a cross, a
  straight takes a bridge too), which the race model, counting dice only, cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.ai.base import Level, Rng, Stop, never
from engine.ai.verbindung.deep import Deep, near_the_end
from engine.ai.verbindung.lookahead import ODDS_FROM, Lookahead, opponent_dice
from engine.ai.verbindung.playout import random_turn
from engine.ai.verbindung.race import NORMAL_GAMES, RACE, Race
from engine.ai.verbindung.search import (
    Judge,
    Line,
    Planner,
    Width,
    ahead,
    candidate_turns,
)
from engine.ai.verbindung.shapes import bias, shifted
from engine.errors import IllegalMoveError
from engine.game import game_over
from engine.verbindung import Phase, Turn, VerbindungGame
from engine.verbindung.moves import Action


@dataclass(frozen=True, slots=True)
class Effort:
    """How a level searches."""

    width: Width  # how many turns are built and valued one turn deep
    judge: Judge  # how the position after a turn is valued
    soft: float  # tie-break weight of dice that take a way from the opponent (or from me)
    spread: float  # random noise added to each value: the larger, the weaker the play
    beam: int  # best turns revalued by the opponent's roll as chance (0: none)
    deep: int = 0  # best turns looked at two rolls ahead near the end (`deep`)
    blunder: float = 0.0  # the chance of a random turn instead
    deeper: int = 0  # best turns looked at two rolls ahead anywhere, while time remains
    shapes: float = 0.0  # weight of how readily the dice serve each player (`shapes.bias`)
    race: Race = RACE  # the race model beyond the turn (`racing`, a judge of the turn, is RACE's)
    odds_from: int | None = ODDS_FROM  # my roll's odds measured this far or nearer (None: always)


SHAPES_WEIGHT = 1.0
"""Hard's weight of `shapes.bias` in the logit of a position's chance beside `race.NORMAL_GAMES`:
a full unit, chosen by play against `hard0v` (docs/strength.md, "the weight of the ease"). In the
fit that gave `race.RACE` the ease is worth 0.761 (`bench.strength.shapes`), but hard played worse
by that model."""

HARD_ODDS_FROM: int | None = None
"""Hard measures its own next roll's odds over all its rolls whatever distance a turn leaves it,
where `hard0v` waited until three dice to join (`lookahead.ODDS_FROM`) and a later hard until
five: chosen by play against `hard0v` (docs/strength.md, "the odds of its own next roll")."""

DECIDED = 0.02
"""A game whose best turn wins with a chance beyond this of 0 or 1 is decided: no deeper look."""


EFFORT = {
    Level.EASY: Effort(Width(firsts=3, seconds=6), ahead, 0.0, spread=0.02, beam=0, blunder=0.4),
    Level.NORMAL: Effort(Width(firsts=8, seconds=20), ahead, 0.0, spread=1e-6, beam=0),
    Level.HARD: Effort(
        Width(firsts=10, seconds=24),
        NORMAL_GAMES.after_turn,
        0.002,
        spread=1e-6,
        beam=24,
        deep=6,
        deeper=12,
        shapes=SHAPES_WEIGHT,
        race=NORMAL_GAMES,
        odds_from=HARD_ODDS_FROM,
    ),
}


def choose_turn(game: VerbindungGame, level: Level, rng: Rng, stop: Stop = never) -> Turn:
    """The computer's turn for the player to move in `game`, which must be in its place phase
    (the roll is the caller's chance step). Raises `GameOverError` after the end and
    `IllegalMoveError` (V5) before the roll."""
    outcome = game.outcome()
    if outcome is not None:
        raise game_over(outcome)
    if game.phase is not Phase.PLACE:
        message = "the computer plays a turn only after its roll"
        raise IllegalMoveError("V5", message, reason="roll_first")
    return by_effort(game, EFFORT[level], rng, stop)


def by_effort(game: VerbindungGame, effort: Effort, rng: Rng, stop: Stop = never) -> Turn:
    """The turn a search of `effort` picks (`game` in its place phase, checked by the caller)."""
    fallback = _fallback(game)
    if stop():
        return fallback
    planner = Planner(game, effort.judge, effort.soft, effort.race)
    turns = candidate_turns(planner, effort.width, stop)
    if not turns:
        return fallback
    if effort.blunder and turns[0].mine > 0 and rng.random() < effort.blunder:
        stray = _stray(game, rng)
        if stray is not None:
            return stray
    if effort.beam and len(turns) > 1:
        turns = _chanced(
            planner, turns, effort.beam, stop, shapes=effort.shapes, odds_from=effort.odds_from
        )
        count = _deep_count(planner, turns, effort)
        if count and not stop():
            turns = _deepened(planner, turns, count, stop, effort.shapes)
    best = _pick(turns, effort.spread, rng)
    return Turn(best.actions)


def _stray(game: VerbindungGame, rng: Rng) -> Turn | None:
    """A beginner's mistake: a random turn, unless it hands the opponent the win (V11), which
    a beginner would see. (A win on the board is never left for a mistake: see the caller.)"""
    turn = random_turn(game, rng)
    after = game.copy()
    after.push(turn)
    outcome = after.outcome()
    if outcome is not None and outcome.winner is not None and outcome.winner is not game.to_move:
        return None
    return turn


def _chanced(
    planner: Planner,
    turns: list[Line],
    beam: int,
    stop: Stop,
    *,
    shapes: float = 0.0,
    odds_from: int | None = ODDS_FROM,
) -> list[Line]:
    """The `beam` best kinds of turn revalued with the opponent's next roll as chance.

    A turn that ends the game keeps its one-turn value and is only taken when it is the best
    (a win, or a draw when all else is worse). When `stop` cuts the search short, the turn
    being looked at is dropped (its answers were not all measured) and so are those not reached;
    the best one-turn value is looked at first, so some turn always remains. With a weight
    `shapes`, each value leans by how readily the dice serve either player on the board the
    turn leaves (`shapes.bias`; the lookahead has just built those trees). A turn that leaves
    me `odds_from` dice or fewer from joining (any turn when it is None) is valued with my own
    next roll's odds measured over all my rolls (`Lookahead`) rather than taken from the race
    model.
    """
    turns = sorted(turns, key=lambda line: -line.value)
    if turns[0].ended:
        return turns[:1]
    revalued = []
    for line in _diverse(planner, turns, beam):
        if line.ended:
            continue
        look = Lookahead(planner, line, stop, odds_from)
        value = look.value(opponent_dice(planner, line))
        if stop():
            break
        lean = bias(look.oracles, planner.me, shapes)
        revalued.append(replace(line, value=shifted(value, lean)))
    return revalued or turns[:1]


def _deep_count(planner: Planner, turns: list[Line], effort: Effort) -> int:
    """How many of the best turns to look at two rolls ahead: `deep` near the end; while the
    choice is open, `deeper` anywhere (the stop ends the look when the time is up)."""
    if len(turns) < 2:
        return 0
    near = effort.deep if near_the_end(planner) else 0
    best = max(line.value for line in turns)
    if effort.deeper and DECIDED < best < 1 - DECIDED:
        return max(effort.deeper, near)
    return near


def _deepened(
    planner: Planner, turns: list[Line], count: int, stop: Stop, shapes: float = 0.0
) -> list[Line]:
    """The `count` best turns by one roll of chance, revalued two rolls ahead (`deep`), the
    best first; those `stop` cuts short are dropped (values of two depths do not compare),
    and when none is done the turns stay as they were. `shapes` weighs the ease of the dice in
    the positions two rolls ahead (`Deep`)."""
    ranked = sorted(turns, key=lambda line: -line.value)
    if ranked[0].ended:
        return ranked[:1]
    revalued = []
    for line in ranked[:count]:
        if line.ended:
            continue
        value = Deep(planner, line, stop, shapes).value()
        if value is None:
            break
        revalued.append(replace(line, value=value))
    return revalued or turns


def _diverse(planner: Planner, turns: list[Line], beam: int) -> list[Line]:
    """The best `beam` turns (sorted best first), one of each `Planner.signature`.

    Turns alike in what they change on either player's lightest trees differ only in a die
    that matters to nobody; the lookahead is better spent on turns of different kinds.
    """
    chosen: list[Line] = []
    seen: set[tuple[object, ...]] = set()
    for line in turns:
        key = planner.signature(line)
        if key not in seen:
            seen.add(key)
            chosen.append(line)
            if len(chosen) == beam:
                break
    return chosen


def _pick(turns: list[Line], spread: float, rng: Rng) -> Line:
    """The turn of highest value after noise of size `spread` (ties broken by the rng)."""
    return max(turns, key=lambda line: line.value + spread * rng.random())


def _fallback(game: VerbindungGame) -> Turn:
    """A legal turn found at once: a pass, or the first listed white crosses the duty asks for."""
    actions: list[Action] = []
    while not game.is_legal(Turn(tuple(actions))):
        options: list[Action] = [
            p for f in dict.fromkeys(game.roll) for p in game.placements(f, actions)
        ]
        options += game.exchanges(actions)
        actions.append(options[0])
    return Turn(tuple(actions))
