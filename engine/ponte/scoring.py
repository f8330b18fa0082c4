"""Scoring (P19) and the winner (P20)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.ponte.board import ISLAND, Board
from engine.ponte.variants import Colour


@dataclass(frozen=True, slots=True, order=True)
class Score:
    """A player's points, islands and bridges; orders the way P20 compares players."""

    points: int
    islands: int
    bridges: int

    def as_dict(self) -> dict[str, int]:
        """The score as plain data."""
        return {"points": self.points, "islands": self.islands, "bridges": self.bridges}


def triangular(islands: int) -> int:
    """Points of a component holding `islands` islands: 1, 3, 6, 10, ..."""
    return islands * (islands + 1) // 2


def groups(board: Board, colour: Colour) -> list[list[int]]:
    """Every orthogonally connected group of `colour`, each as a list of field indices."""
    found: list[list[int]] = []
    seen: set[int] = set()
    for index, owner in enumerate(board.cells):
        if owner is colour and index not in seen:
            # Legal positions hold no group above 4; the limit only guards against a bad board.
            group = board.group(index, colour, limit=len(board.cells))
            seen.update(group)
            found.append(group)
    return found


def score(board: Board, colour: Colour) -> Score:
    """P19: groups are nodes, bridges edges; a component with k islands scores k(k+1)/2."""
    colour_groups = groups(board, colour)
    component = list(range(len(colour_groups)))  # union-find parent of each group
    group_of = {stone: number for number, group in enumerate(colour_groups) for stone in group}

    def root(node: int) -> int:
        while component[node] != node:
            component[node] = component[component[node]]
            node = component[node]
        return node

    own_bridges = [bridge for bridge in board.bridges if board.bridge_colour(bridge) is colour]
    for bridge in own_bridges:
        first = root(group_of[board.index(bridge.first)])
        second = root(group_of[board.index(bridge.second)])
        component[first] = second
    islands_per_component: dict[int, int] = {}
    for number, group in enumerate(colour_groups):
        if len(group) == ISLAND:
            key = root(number)
            islands_per_component[key] = islands_per_component.get(key, 0) + 1
    return Score(
        points=sum(triangular(k) for k in islands_per_component.values()),
        islands=sum(islands_per_component.values()),
        bridges=len(own_bridges),
    )


def winner(scores: dict[Colour, Score]) -> Colour | None:
    """P20: most points, then most islands, then most bridges; None for a draw."""
    white, red = scores[Colour.WHITE], scores[Colour.RED]
    if white == red:
        return None
    return Colour.WHITE if white > red else Colour.RED
