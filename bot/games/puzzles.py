"""Puzzles as data (issue 48): a position of a finished game where the computer found a turn much
better than the one played, with what a solver's answer is compared to.

`FoundPuzzle` is what a worker process finds in a game (`bot.computer.puzzling`) and what the
project ships for servers without puzzles of their own: each game's `puzzles.json` in its package
(made from the computer's own games by ``python -m bench.puzzles.shipped``), read by
`GameKind.shipped_puzzles`. Nothing here judges: the numbers are the computer's.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

PUZZLE_LOSS = 0.2
"""How much more winning chance the best turn must leave the mover than the turn played (20
points) for the position to be a puzzle: a turn "much better", not a nuance of the model."""
MARGIN = 0.05
"""An answer solves a puzzle when it leaves the mover at most this much less than the best turn
found (5 points of winning chance): a turn as good, not the one turn."""


@dataclass(frozen=True, slots=True)
class FoundPuzzle:
    """A puzzle: its turn in the game, the position before it (a JSON record) and the chance
    events that followed the turn played (the same dice for every answer), the mover's colour,
    the turn played and the best one found, the mover's winning chance after each (judged with
    `seed`, as every answer is)."""

    turn: int
    position: str
    events: tuple[str, ...]
    mover: str
    played: str
    best: str
    played_chance: float
    best_chance: float
    seed: str

    def solved_by(self, chance: float) -> bool:
        """Whether an answer that leaves the mover `chance` solves the puzzle (`MARGIN`)."""
        return chance >= self.best_chance - MARGIN

    def as_dict(self) -> dict[str, object]:
        """The puzzle as a JSON object's fields (a shipped set's entry)."""
        found = asdict(self)
        found["events"] = list(self.events)
        return found

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> FoundPuzzle:
        """The puzzle `as_dict` wrote; raises `ValueError` for anything else."""
        try:
            events = data["events"]
            if not isinstance(events, list):
                raise TypeError("events")
            return cls(
                turn=int(str(data["turn"])),
                position=str(data["position"]),
                events=tuple(str(event) for event in events),
                mover=str(data["mover"]),
                played=str(data["played"]),
                best=str(data["best"]),
                played_chance=float(str(data["played_chance"])),
                best_chance=float(str(data["best_chance"])),
                seed=str(data["seed"]),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a puzzle: {sorted(data)}") from error


def read_shipped(text: str) -> tuple[FoundPuzzle, ...]:
    """A shipped set (``{"puzzles": [...]}``); raises `ValueError` for anything else."""
    loaded = json.loads(text)
    if not isinstance(loaded, dict) or not isinstance(loaded.get("puzzles"), list):
        raise ValueError("a shipped set is an object with a list of puzzles")
    return tuple(FoundPuzzle.from_dict(entry) for entry in loaded["puzzles"])


def write_shipped(puzzles: list[FoundPuzzle], made_by: str) -> str:
    """A shipped set as its file holds it, saying how it was made."""
    names = [field.name for field in fields(FoundPuzzle)]
    entries = [{name: puzzle.as_dict()[name] for name in names} for puzzle in puzzles]
    return json.dumps({"made_by": made_by, "puzzles": entries}, indent=1) + "\n"
