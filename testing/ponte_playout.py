"""Random Ponte del Diavolo games for invariant tests (the benchmarks' policy), the mid-game
positions tests and benchmarks measure and check on, and an independent legality oracle."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator

from engine.ai.base import Rng
from engine.ai.ponte.playout import random_turn
from engine.ponte import Colour, Move, PonteGame


def playout(seed: int, variant: str = "online") -> Iterator[tuple[PonteGame, Move]]:
    """Yield (position before, move) for a whole random game; the game is played on a copy."""
    rng = random.Random(seed)
    game = PonteGame(variant)
    while not game.is_over:
        move = random_turn(game, rng, swap_chance=0.3)
        yield game.copy(), move
        game.check(move)
        game.push(move)


def midgame(seeded: Callable[[int], Rng], stones: int = 60, bridges: int = 10) -> PonteGame:
    """The first 12x12 game played with `seeded(0)`, `seeded(1)`, ... (`random.Random`, say)
    to reach `stones` stones, with white to move, that has `bridges` bridges (give or take one)
    at that point. Each call gets a copy of its own of a game found once per process: finding
    it plays up to a hundred games, which many tests would otherwise repeat."""
    return _first_midgame(seeded, stones, bridges).copy()


@functools.cache
def _first_midgame(seeded: Callable[[int], Rng], stones: int, bridges: int) -> PonteGame:
    for seed in range(100):
        rng = seeded(seed)
        game = PonteGame()
        while sum(cell is not None for cell in game.board.cells) < stones or game.ply % 2:
            game.push(random_turn(game, rng, bridge_chance=0.25))
        if abs(len(game.board.bridges) - bridges) <= 1:
            return game
    raise ValueError("no seed gave the wanted mid-game")


def board_is_valid(cells: list[Colour | None], size: int, colour: Colour) -> bool:
    """P7 and P8, written independently of the engine: groups of at most four, and islands that
    touch no other stone of their colour, even diagonally."""

    def around(index: int, diagonal: bool) -> Iterator[int]:
        col, row = divmod(index, size)
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if (dc, dr) == (0, 0) or (not diagonal and dc and dr):
                    continue
                if 0 <= col + dc < size and 0 <= row + dr < size:
                    yield (col + dc) * size + row + dr

    seen: set[int] = set()
    for start, owner in enumerate(cells):
        if owner is not colour or start in seen:
            continue
        group, frontier = {start}, [start]
        while frontier:
            for near in around(frontier.pop(), diagonal=False):
                if cells[near] is colour and near not in group:
                    group.add(near)
                    frontier.append(near)
        seen |= group
        if len(group) > 4:
            return False
        ring = {near for stone in group for near in around(stone, diagonal=True)} - group
        if len(group) == 4 and any(cells[near] is colour for near in ring):
            return False
    return True


def oracle_legal_fields(game: PonteGame) -> list[int]:
    """The legal single fields by brute force over the oracle."""
    board, colour = game.board, game.to_move
    if colour is None:  # the game is over: nobody places a stone
        return []
    legal = []
    for index, owner in enumerate(board.cells):
        if owner is None and not board.blocked[index]:
            cells = board.cells.copy()
            cells[index] = colour
            if board_is_valid(cells, board.size, colour):
                legal.append(index)
    return legal
