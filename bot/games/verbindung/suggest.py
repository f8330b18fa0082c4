"""Verbindung gesucht turns that complete what a player typed, for `/move`'s autocomplete.

Every suggestion is a whole legal turn for the dice rolled, in canonical notation, so picking one
always works. They come best first: what starts as the player typed, then the placements that
bring the player's bases closest to joined (the computer's network distance: up to some 15 ms
for a whole roll, once per position), with `pass` on the first screen.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from engine.ai.verbindung.network import distance, joined
from engine.ai.verbindung.search import change_of, tiles_of
from engine.errors import EngineError
from engine.verbindung import Exchange, Player, Turn, VerbindungGame, parse_action
from engine.verbindung.moves import Action, Move
from engine.verbindung.tables import Tile

PASS = Turn(())

PASS_BY = 10
"""The latest place of `pass` and the exchanges in the list: after the dice that help, but
always on the first screen, since a player with nothing useful to place looks for them."""

ONE_CHOICE = 3
"""How many second actions complete a first one that cannot stand alone (a rolled white cross
is owed, V6) when it is the only one that fits; with several, one each, so that one entry is one
line and `pass` keeps its place."""

Choice = Action | Turn
"""One entry of the list before it is completed: an action, or `PASS`."""


def candidates(game: VerbindungGame, text: str) -> Iterator[str]:
    """Legal turns that fit `text` (already normalised), the likeliest first."""
    if game.phase != "place":
        return
    *done_parts, partial = text.split(",")
    try:
        done = [parse_action(part) for part in done_parts]
        if len(done) >= 2:
            return
        choices = _choices(game, done, partial.strip())
        completions = ONE_CHOICE if len(choices) == 1 else 1
        for choice in choices:
            if isinstance(choice, Turn):
                yield str(choice)
            else:
                yield from _complete_turns(game, (*done, choice), completions)
    except EngineError:  # what was typed before the last comma is not a legal start
        return


def _choices(game: VerbindungGame, done: list[Action], typed: str) -> list[Choice]:
    """The next actions that hold every typed word, and `pass`: those that start as typed
    first, each group best first."""
    words = typed.split()
    actions = [a for a in _actions(game, done) if all(word in str(a) for word in words)]
    ranked, helpful = _ranked(game, done, actions)
    by = min(max(helpful, 1), PASS_BY)
    soon: list[Choice] = [a for a in ranked[by:] if isinstance(a, Exchange)]
    if not done and "pass".startswith(typed) and game.is_legal(PASS):
        soon.append(PASS)
    choices: list[Choice] = [a for a in ranked if a not in soon]
    choices[by:by] = soon
    return sorted(choices, key=lambda choice: not str(choice).startswith(typed))


def _ranked(
    game: VerbindungGame, done: list[Action], actions: list[Action]
) -> tuple[list[Action], int]:
    """`actions` best first, and how many of them bring the player closer to joining the bases:
    a win first, then by the dice still needed; one that completes the opponent's network last."""
    ranks, now = _ranks(game, done)
    keyed = sorted(actions, key=lambda action: ranks[action])
    helpful = sum(1 for action in keyed if not ranks[action][0] and ranks[action][1] < now)
    return keyed, helpful


Rank = tuple[bool, int]
"""Whether an action hands the opponent the win (V11), and the dice the mover needs after it."""


Ranks = tuple[dict[Action, Rank], int]
"""The rank of every next action, and the dice the mover needs now."""

CACHED = 32
"""Positions whose ranks are kept: each keystroke asks again for the same position, and the
network distances are the costly part."""

_cache: dict[tuple[tuple[Move, ...], tuple[Action, ...]], Ranks] = {}


def _ranks(game: VerbindungGame, done: list[Action]) -> Ranks:
    """The ranks of the next actions after `done`, kept by the game's moves (its position)."""
    key = (game.moves, tuple(done))
    if key not in _cache:
        if len(_cache) >= CACHED:
            del _cache[next(iter(_cache))]  # the oldest: dicts keep their insertion order
        _cache[key] = _work_out_ranks(game, done)
    return _cache[key]


def _work_out_ranks(game: VerbindungGame, done: list[Action]) -> Ranks:
    mover = game.to_move
    assert mover is not None  # a turn is due
    tiles = tiles_of(game)
    for action in done:
        index, tile = change_of(action)
        tiles[index] = tile
    ranks = {action: _rank(tiles, action, mover) for action in _actions(game, done)}
    return ranks, distance(tiles, mover)


def _rank(tiles: Sequence[Tile | None], action: Action, mover: Player) -> Rank:
    index, tile = change_of(action)
    after = list(tiles)
    after[index] = tile
    needed = distance(after, mover)
    return needed > 0 and joined(after, mover.other), needed


def _complete_turns(game: VerbindungGame, actions: tuple[Action, ...], most: int) -> Iterator[str]:
    """The turn if it is legal as it stands, else up to `most` legal turns that add a second
    action (two rolled white crosses, say, must both be placed)."""
    if game.is_legal(Turn(actions)):
        yield str(Turn(actions))
    elif len(actions) == 1:
        seconds = (Turn((*actions, a)) for a in _actions(game, list(actions)))
        yield from islice((str(t) for t in seconds if game.is_legal(t)), most)


def _actions(game: VerbindungGame, done: list[Action]) -> Iterator[Action]:
    for face in dict.fromkeys(game.roll):
        yield from game.placements(face, done)
    yield from game.exchanges(done)
