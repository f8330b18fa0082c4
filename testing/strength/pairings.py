"""The pairings of a strength benchmark: the hard player against one opponent in one game, who
moves first in which game, and how a game of a pairing is recorded."""

from __future__ import annotations

from dataclasses import dataclass

from testing.strength.players import Played, append_entry


@dataclass(frozen=True)
class Pairing:
    """The hard player against `opponent` in `kind`, and the share of wins it must reach."""

    kind: str
    opponent: str
    target: float | None

    @property
    def key(self) -> str:
        """The pairing's name on the command line (``ponte:mcts``)."""
        return f"{self.kind}:{self.opponent}"


def names_of(pairing: Pairing, number: int) -> tuple[str, str]:
    """The two players of game `number`: hard moves first in even games."""
    return ("hard", pairing.opponent) if number % 2 == 0 else (pairing.opponent, "hard")


def write_record(path: str, pairing: Pairing, number: int, budget: float, played: Played) -> None:
    """Append game `number` of `pairing` to the JSON-lines file `path`: `Played.entry` with the
    budget and the seed of its pair of games."""
    entry = played.entry(pairing.kind, names_of(pairing, number))
    entry["budget"], entry["seed"] = budget, number // 2
    append_entry(path, entry)
