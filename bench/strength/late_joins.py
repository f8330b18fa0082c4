"""Where a Ponte player's late points come from: the bridges that scored, and whether the
opponent could have cut them (issue 29; not a test).

Run ``python -m bench.strength.late_joins bench/records/ponte-mcts8-jit.jsonl`` (any record of
``python -m bench.strength.ai --record``). For every player it counts the bridges built from
``--after`` plies on that raised the builder's score, with their points, and of those:
- how many the evaluation counted as cuttable at the opponent's turn just before (the two
  components a bridge could join had fewer than `SAFE_LINK` fields under all such bridges);
- how many of those the opponent could not have cut there: every field under the bridge built
  was one where the opponent's stones were illegal (P7, P8);
- how many of the late scoring bridges had an end placed in the `RECENT` plies before;
- how many bridges passed over a field another bridge already blocked (P14).
And for every player, in how many games the opponent passed first (which ends the game at once
or after one more turn, P16, P17) while the player could still have joined two of its
components with a bridge, and how many of those games it lost.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator

from engine.ai.ponte import evaluate
from engine.coords import Field
from engine.ponte import Bridge, Colour, Pass, Place, PonteGame
from engine.ponte.board import Board

RECENT = 10
"""Plies: a scoring bridge with an end placed this recently joins a stone new to the board."""


def _turns(entry: dict[str, object]) -> Iterator[tuple[str, PonteGame, Bridge | None, PonteGame]]:
    """Each turn of a recorded game: its player's name, the position before the opponent's
    previous turn, the bridge built (None for other turns) and the position before the turn."""
    names, moves = entry["players"], entry["moves"]
    assert isinstance(names, list) and isinstance(moves, list)
    game, earlier = PonteGame.new("online"), None
    for ply, text in enumerate(moves):
        move = game.parse_move(text)
        # The first player moves on even plies, with or without the swap (P4).
        name = names[ply % 2]
        before = game.copy()
        if earlier is not None:
            yield name, earlier, move if isinstance(move, Bridge) else None, before
        earlier = before
        game.push(move)


def _cuttable(board: Board, colour: Colour, bridge: Bridge) -> bool:
    """Whether the evaluation's rule of fields alone calls the link `bridge` makes cuttable."""
    groups, _ = evaluate.scored(board, colour)
    first, second = (groups.of[board.index(end)] for end in (bridge.first, bridge.second))
    if first < 0 or second < 0:
        return False  # an end was not yet on the board
    links = evaluate._Links(board, groups, colour)  # the evaluation's own view of the links
    roots = sorted((groups.root(first), groups.root(second)))
    fields = links.fields.get((roots[0], roots[1]))
    return fields is not None and len(fields) < evaluate.SAFE_LINK


def count(paths: list[str], after: int) -> dict[str, Counter[str]]:
    """The tallies described in the module, by player name."""
    found: dict[str, Counter[str]] = {}
    for path in paths:
        with open(path) as lines:
            for line in lines:
                entry = json.loads(line)
                for name, earlier, bridge, before in _turns(entry):
                    if bridge is not None:
                        _tally(found.setdefault(name, Counter()), earlier, bridge, before, after)
                _tally_ending(found, entry)
    return found


def _tally_ending(found: dict[str, Counter[str]], entry: dict[str, object]) -> None:
    """Whether the first pass of the game left the other player with links unbuilt."""
    names, moves, winner = entry["players"], entry["moves"], entry["winner"]
    assert isinstance(names, list) and isinstance(moves, list)
    if str(Pass()) not in moves:
        return  # a resignation
    # The first player moves on even plies, with or without the swap (P4).
    left = 1 - moves.index(str(Pass())) % 2
    game = PonteGame.from_moves("online", moves)
    first = game.first_player_colour
    colour = first if left == 0 else first.other
    groups, _ = evaluate.scored(game.board, colour)
    if evaluate._Links(game.board, groups, colour).fields:
        tally = found.setdefault(names[left], Counter())
        tally["cut off by the opponent's pass, links left"] += 1
        tally["of those, lost"] += winner is not None and winner != left


def _tally(
    tally: Counter[str], earlier: PonteGame, bridge: Bridge, before: PonteGame, after: int
) -> None:
    board, colour = before.board, before.to_move
    assert colour is not None
    tally["bridges"] += 1
    if any(board.blocked[field] for field in board.under(bridge)):
        tally["over a blocked field"] += 1
    child = before.copy()
    child.push(bridge)
    gain = child.score(colour).points - before.score(colour).points
    if before.ply < after or gain <= 0:
        return
    tally["scoring late"] += 1
    tally["points"] += gain
    if min(before.ply - _placed(before, end) for end in (bridge.first, bridge.second)) <= RECENT:
        tally[f"an end placed in the {RECENT} plies before"] += 1
    if _cuttable(earlier.board, colour, bridge):
        tally["cuttable before"] += 1
        tally["cuttable before: points"] += gain
        under = earlier.board.under(bridge)
        if all(earlier.board.stone_problem(field, colour.other) for field in under):
            tally["of those, no field the opponent could take"] += 1


def _placed(game: PonteGame, field: Field) -> int:
    """The ply at which the stone on `field` was placed."""
    return max(
        ply
        for ply, move in enumerate(game.moves)
        if isinstance(move, Place) and field in (move.first, move.second)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", help="JSON-lines records of Ponte 12x12 games")
    parser.add_argument("--after", type=int, default=30, help="count scoring bridges from this ply")
    args = parser.parse_args()
    for name, tally in sorted(count(args.records, args.after).items()):
        print(f"{name}: " + ", ".join(f"{key} {value}" for key, value in tally.items()))


if __name__ == "__main__":
    main()
