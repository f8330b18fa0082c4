"""Why Ponte's hard level counts room: what foretold hard's games against the MCTS (not a test).

Run ``python -m bench.strength.ponte_room`` from the repository root. It replays the recorded 12x12
games between hard and the compiled MCTS that were played before hard counted room (`BEFORE`), and,
for comparison, the calibration games between the computer's levels. At the position before every
turn it takes the analysis's features (`ponte.winning.features`, white's view) with the lead of the
evaluation raised by `k` times the share of the board filled times the room: the fields where white
may place a stone less those where red may (P7, P8, P12), as hard's search now adds it
(`candidates.with_room`). In the games against the MCTS a model fitted to hard's own games must
also know which colour hard held: hard's evaluation overrates its own side (the script prints
hard's mean lead by its own count at mid-game, and how many of the games it won), so the side is a
feature there. For each `k` it fits a logistic regression of white's win on four folds of the
games (every game in one fold) and prints the held-out log loss over all positions, the middle
game (30-60% of the board filled) and the end. Draws are left out.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.strength.logistic import fit
from engine.ai.base import chance_of
from engine.ai.ponte.candidates import open_fields
from engine.ai.ponte.evaluate import colour_value, scored
from engine.ponte import Colour, PonteGame

RECORDS = Path(__file__).resolve().parent.parent / "records"
BEFORE = ("ponte-mcts8-jit", "ponte-mcts8-uncut", "ponte-mcts8-main", "ponte-mcts8-turns")
"""Hard against the MCTS at 8 s before room (the earliest 50 games were kept without their moves;
the games at 2 s were played at other odds)."""

WEIGHTS = (0.0, 0.25, 0.5, 1.0, 2.0)
"""The values of `k` compared: points of lead per field of room on a full board."""

FOLDS = 4


@dataclass(frozen=True, slots=True)
class Row:
    """A position before a turn, in white's view."""

    game: int
    white: float  # white's evaluation
    red: float
    scored_lead: float  # points scored now, white's less red's
    room: int  # fields white may use less those red may
    filled: float  # share of the board's fields holding a stone
    tempo: float  # 1 white to move, -1 red
    hard: float  # 1 hard holds white, -1 red, 0 no hard in the game
    won: float


def rows_of(path: Path, first_game: int) -> Iterator[Row]:
    """Every position before a turn of the decided games in `path`."""
    for number, line in enumerate(path.read_text().splitlines(), start=first_game):
        entry = json.loads(line)
        game = PonteGame.from_moves(None, entry["moves"])
        outcome = game.outcome()
        if outcome is None or outcome.winner is None:
            continue
        players = entry["players"]
        hard = 0.0
        if "hard" in players and players != ["hard", "hard"]:
            # The first named played first: white, unless red's answer was the swap (P4).
            first_is_white = game.first_player_colour is Colour.WHITE
            hard = 1.0 if (players[0] == "hard") == first_is_white else -1.0
        won = float(outcome.winner is Colour.WHITE)
        for ply in game.turn_plies()[:-1]:
            position = game.position_at(ply)
            board = position.board
            yield Row(
                game=number,
                white=colour_value(board, Colour.WHITE),
                red=colour_value(board, Colour.RED),
                scored_lead=scored(board, Colour.WHITE)[1] - scored(board, Colour.RED)[1],
                room=len(open_fields(board, Colour.WHITE)) - len(open_fields(board, Colour.RED)),
                filled=board.filled(),
                tempo=1.0 if position.to_move is Colour.WHITE else -1.0,
                hard=hard,
                won=won,
            )


def features(row: Row, k: float, sided: bool) -> list[float]:
    """`ponte.winning.features` with the lead raised by the room, and hard's side if `sided`."""
    lead = row.white - row.red + k * row.filled * row.room
    found = [
        lead / math.sqrt(max(row.white + row.red, 0.0) + 1),
        lead * row.filled,
        row.tempo,
        row.scored_lead * row.filled,
    ]
    return found + ([row.hard, row.hard * row.filled] if sided else [])


def held_out(rows: list[Row], k: float, sided: bool) -> tuple[float, float, float]:
    """The log loss over all positions, the middle game and the end, each fold fitted on the
    others."""
    losses: dict[str, list[float]] = {"all": [], "middle": [], "end": []}
    for fold in range(FOLDS):
        train = [row for row in rows if row.game % FOLDS != fold]
        weights, _ = fit([features(row, k, sided) for row in train], [row.won for row in train])
        for row in rows:
            if row.game % FOLDS != fold:
                continue
            chance = chance_of(tuple(weights), tuple(features(row, k, sided)))
            chance = min(max(chance, 1e-9), 1 - 1e-9)
            loss = -math.log(chance if row.won else 1 - chance)
            losses["all"].append(loss)
            if 0.3 <= row.filled < 0.6:
                losses["middle"].append(loss)
            elif row.filled >= 0.6:
                losses["end"].append(loss)
    all_, middle, end = (sum(v) / len(v) for v in losses.values())
    return all_, middle, end


def main() -> None:
    against: list[Row] = []
    for number, name in enumerate(BEFORE):
        against += rows_of(RECORDS / f"{name}.jsonl", first_game=1000 * number)
    calibration = list(rows_of(RECORDS / "calibration-ponte.jsonl", first_game=0))
    middle = [row for row in against if 0.4 <= row.filled < 0.6]
    lead = sum(row.hard * (row.white - row.red) for row in middle) / len(middle)
    results = {row.game: row.won == (row.hard > 0) for row in against}
    print(
        f"hard's lead by its own evaluation, 40-60% of the board filled: {lead:.1f} points "
        f"(mean of {len(middle)} positions); hard won {sum(results.values())} of {len(results)}"
    )
    for label, rows, sided in (
        ("hard against the MCTS at 8 s", against, True),
        ("calibration games between the levels", calibration, False),
    ):
        games = len({row.game for row in rows})
        print(f"{label}: {len(rows)} positions of {games} games; held-out log loss")
        print("  k      all     middle  end")
        for k in WEIGHTS:
            whole, middle_loss, end = held_out(rows, k, sided)
            print(f"  {k:<5}  {whole:.4f}  {middle_loss:.4f}  {end:.4f}")


if __name__ == "__main__":
    main()
