"""A Ponte del Diavolo position in flat arrays, and its random playouts, compiled by numba.

The yardstick (`mcts_ponte`) must make the playouts of boardspace.net's robot: some 4,400 a second
(35,000 in 8 s). CPython spends about a millisecond on a 75-turn playout with every rule checked
(the flat board this replaces made 300-500 a second), so the board's rules are written here in
the subset of Python that numba compiles to machine code: the search makes 5,000 to 9,000
playouts a second of processor time (``python -m bench.strength.playouts``).

What the board keeps (`State`, a tuple of arrays, so that numba can copy it in a few
microseconds):

- Groups (P7) are at most four stones: each stone has a `label`, the field whose row of `members`
  lists its group; joining groups writes a new row, so taking a stone back restores the labels.
- A field illegal for a colour stays illegal for it (P10: stones never repair a rule), so
  `banned` remembers every field found illegal and every field around an island (P8), and a
  playout walks each colour once through a random order of the fields.
- Bridges a colour may build are kept as `candidates` when their second stone arrives, and
  dropped when read after a stone, a crossing bridge or a used end has ruled them out (P11-P14).

The tables of a board size and the state of an engine game are built in `ponte_arrays`.
``tests/testing/strength/test_ponte_jit.py`` replays random playouts through the engine and
compares every turn and score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt
from numba import njit

from testing.strength.mcts import margin_result

Ints: TypeAlias = npt.NDArray[np.integer[Any]]
"""An array of integers: flags (int8), fields, bridges and counts (int32)."""
Tables: TypeAlias = tuple[Ints, ...]
"""A board size's neighbours and bridges (`ponte_arrays.tables`)."""
State: TypeAlias = tuple[Ints, ...]
"""A position (`copy_state` names its parts; `ponte_arrays.state_of` builds one)."""
Score = tuple[int, int, int]
"""One colour's points, islands and bridges (`scores`)."""
Turn = tuple[int, int, int]
"""A turn of a playout: (STONES, first, second), (BRIDGE, number, 0) or (PASSED, 0, 0)."""

EMPTY, WHITE, RED = 0, 1, 2
ISLAND = 4
BRIDGE_WEIGHT = 8
"""A playout weighs each legal bridge as this many free fields (boardspace.net's robot builds
bridges more often than a uniform choice among turns would)."""

# The scalars of a state (`State[11]`); STUCK and LEFT are followed by one entry per colour.
FREE, TURN, FINAL, OVER, STUCK, LEFT, BRIDGES, BUILT = 0, 1, 2, 3, 4, 7, 10, 11
SCALARS = 12

# What a turn of a playout was (`random_turn`): two stones, a bridge, or a pass.
STONES, BRIDGE, PASSED = 0, 1, 2


# Stones ----------------------------------------------------------------------------------------


@njit(cache=True)
def copy_state(s: State) -> State:
    """An independent copy of a state."""
    return (
        s[0].copy(),  # owner, per field: EMPTY, WHITE or RED
        s[1].copy(),  # blocked, per field: a bridge passes over it
        s[2].copy(),  # ends, per field: the stone carries a bridge end (P13)
        s[3].copy(),  # banned, per colour and field: known illegal
        s[4].copy(),  # label, per stone: the field whose `members` row is its group
        s[5].copy(),  # members, per label: up to four stones
        s[6].copy(),  # size, per label
        s[7].copy(),  # dead, per bridge: crossed, can never be built
        s[8].copy(),  # candidates, per colour
        s[9].copy(),  # how many candidates, per colour
        s[10].copy(),  # the bridges built, in order
        s[11].copy(),  # scalars (FREE, TURN, ...)
    )


@njit(cache=True)
def fits(t: Tables, s: State, field: int, colour: int) -> bool:
    """Whether a stone of `colour` may go on the free `field` (P7, P8); a field found illegal
    is banned for good."""
    orth, owner, banned, label, size = t[0], s[0], s[3], s[4], s[6]
    if banned[colour, field]:
        return False
    total, first, second, third = 1, -1, -1, -1
    for k in range(4):
        near = orth[field, k]
        if near < 0:
            break
        if owner[near] != colour:
            continue
        group = label[near]
        if group in (first, second, third):
            continue
        if first < 0:
            first = group
        elif second < 0:
            second = group
        else:
            third = group
        total += size[group]
        if total > ISLAND:
            banned[colour, field] = 1
            return False
    if total < ISLAND:
        return True  # (a field beside an island is banned when the island forms)
    if _island_touches(t, s, field, colour, (first, second, third)):
        banned[colour, field] = 1
        return False
    return True


@njit(cache=True)
def _island_touches(
    t: Tables, s: State, field: int, colour: int, groups: tuple[int, int, int]
) -> bool:
    """Whether the island that a stone on `field` forms with its neighbours' `groups` touches
    another stone of its colour, even diagonally (P8)."""
    ring, owner, label, members, size = t[1], s[0], s[4], s[5], s[6]
    for group in (-2, *groups):
        count = 1 if group == -2 else (size[group] if group >= 0 else 0)
        for i in range(count):
            stone = field if group == -2 else members[group, i]
            for k in range(8):
                near = ring[stone, k]
                if near < 0:
                    break
                if owner[near] == colour and near != field and label[near] not in groups:
                    return True
    return False


@njit(cache=True)
def join(t: Tables, s: State, field: int, colour: int) -> list[int]:
    """Put the stone in its group (joining its neighbours'), ban the fields around an island it
    completes; returns the labels of the groups joined, for `unjoin`."""
    orth, ring = t[0], t[1]
    owner, banned, label, members, size = s[0], s[3], s[4], s[5], s[6]
    owner[field] = colour
    label[field] = field
    members[field, 0] = field
    count = 1
    joined = [-1, -1, -1, -1]
    for k in range(4):
        near = orth[field, k]
        if near < 0:
            break
        if owner[near] != colour or label[near] == field:
            continue
        group = label[near]
        joined[k] = group
        for i in range(size[group]):
            stone = members[group, i]
            members[field, count] = stone
            count += 1
            label[stone] = field
    size[field] = count
    if count == ISLAND:
        for i in range(ISLAND):
            for k in range(8):
                near = ring[members[field, i], k]
                if near < 0:
                    break
                banned[colour, near] = 1
    return joined


@njit(cache=True)
def unjoin(s: State, field: int, colour: int, joined: list[int], banned_before: Ints) -> None:
    """Take back a `join` (with the colour's bans as they were before it)."""
    owner, banned, label, members, size = s[0], s[3], s[4], s[5], s[6]
    owner[field] = EMPTY
    label[field] = -1
    for group in joined:
        if group >= 0:
            for i in range(size[group]):
                label[members[group, i]] = group
    banned[colour, :] = banned_before


@njit(cache=True)
def settle(t: Tables, s: State, field: int, colour: int) -> None:
    """What a joined stone does to the bridges: those it could carry to another stone of its
    colour become candidates (those over it are dropped when read)."""
    at, others = t[4], t[5]
    owner, candidates, counts, scalars = s[0], s[8], s[9], s[11]
    scalars[FREE] -= 1
    for k in range(at.shape[1]):
        number = at[field, k]
        if number < 0:
            break
        if owner[others[field, k]] == colour:
            candidates[colour, counts[colour]] = number
            counts[colour] += 1


@njit(cache=True)
def place(t: Tables, s: State, field: int, colour: int) -> None:
    """Put a stone down (checked by the caller)."""
    join(t, s, field, colour)
    settle(t, s, field, colour)


@njit(cache=True)
def is_free(s: State, field: int) -> bool:
    """Whether no stone lies on `field` and no bridge passes over it."""
    return s[0][field] == EMPTY and not s[1][field]


@njit(cache=True)
def can_place(s: State, colour: int) -> bool:
    """Whether `colour` may still place two stones: not stuck, and the supply (P1) holds two."""
    scalars = s[11]
    left = scalars[LEFT + colour]
    return not scalars[STUCK + colour] and (left < 0 or left >= 2)


@njit(cache=True)
def play_stones(t: Tables, s: State, first: int, second: int) -> None:
    """Two stones of the player to move (checked by the caller), and the turn ends."""
    scalars = s[11]
    colour = scalars[TURN]
    place(t, s, first, colour)
    place(t, s, second, colour)
    if scalars[LEFT + colour] > 0:
        scalars[LEFT + colour] -= 2
    end_turn(s, False)


@njit(cache=True)
def partners(t: Tables, s: State, first: int, fields: Sequence[int]) -> list[int]:
    """The fields of `fields` (free and fitting now) that fit beside a stone of the player to
    move on `first`."""
    colour = s[11][TURN]
    before = s[3][colour].copy()
    joined = join(t, s, first, colour)
    found = [f for f in fields if f != first and fits(t, s, f, colour)]
    unjoin(s, first, colour, joined, before)
    return found


@njit(cache=True)
def seconds(t: Tables, s: State, first: int) -> list[int]:
    """Every field where the player to move may put the second stone of a turn whose first is
    on `first` (P10)."""
    return partners(t, s, first, fitting(t, s, s[11][TURN]))


@njit(cache=True)
def fitting(t: Tables, s: State, colour: int) -> list[int]:
    """Every free field where a stone of `colour` fits now."""
    return [f for f in range(s[0].shape[0]) if is_free(s, f) and fits(t, s, f, colour)]


# Bridges ---------------------------------------------------------------------------------------


@njit(cache=True)
def stands(t: Tables, s: State, number: int) -> bool:
    """Whether candidate bridge `number` may still be built: no crossing bridge, both ends free
    of bridges, no stone under it (P12-P14)."""
    first, second = t[2][number, 0], t[2][number, 1]
    under, other = t[3][number, 0], t[3][number, 1]
    owner, ends = s[0], s[2]
    return not (s[7][number] or ends[first] or ends[second] or owner[under] or owner[other])


@njit(cache=True)
def bridges(t: Tables, s: State, colour: int) -> int:
    """How many bridges `colour` may build now (P11-P14, the P1 supply); they are then the first
    of its candidates."""
    if s[11][BRIDGES] == 0:
        return 0
    candidates, counts = s[8], s[9]
    kept = 0
    for i in range(counts[colour]):
        number = candidates[colour, i]
        if stands(t, s, number):
            candidates[colour, kept] = number
            kept += 1
    counts[colour] = kept
    return kept


@njit(cache=True)
def mark_bridge(t: Tables, s: State, number: int) -> None:
    """The bridge stands: its ends are used, the fields under it blocked, and every bridge it
    crosses is gone (P12-P14)."""
    blocked, ends, dead, built, scalars = s[1], s[2], s[7], s[10], s[11]
    ends[t[2][number, 0]] = 1
    ends[t[2][number, 1]] = 1
    for k in range(2):
        field = t[3][number, k]
        if not blocked[field]:
            blocked[field] = 1
            scalars[FREE] -= 1
    dead[number] = 1
    for k in range(t[6].shape[1]):
        crossed = t[6][number, k]
        if crossed < 0:
            break
        dead[crossed] = 1
    built[scalars[BUILT]] = number
    scalars[BUILT] += 1


@njit(cache=True)
def build(t: Tables, s: State, number: int) -> None:
    """Build bridge `number` (checked by the caller); the turn ends."""
    mark_bridge(t, s, number)
    if s[11][BRIDGES] > 0:
        s[11][BRIDGES] -= 1
    end_turn(s, False)


# Turns, the end and the score ------------------------------------------------------------------


@njit(cache=True)
def end_turn(s: State, passed: bool) -> None:
    """The turn is over (P16, P17)."""
    scalars = s[11]
    if scalars[TURN] == RED and (scalars[FINAL] or passed):
        scalars[OVER] = 1
    elif passed:
        scalars[FINAL] = 1
    scalars[TURN] = WHITE + RED - scalars[TURN]


@njit(cache=True)
def scores(t: Tables, s: State) -> tuple[Score, Score]:
    """P19/P20 for white and red: (points, islands, bridges) each."""
    owner, label, size, built = s[0], s[4], s[6], s[10]
    count = owner.shape[0]
    parent = np.arange(count)
    bridges_of = [0, 0, 0]
    for i in range(s[11][BUILT]):
        first, second = t[2][built[i], 0], t[2][built[i], 1]
        bridges_of[owner[first]] += 1
        a, b = _root(parent, label[first]), _root(parent, label[second])
        parent[a] = b
    islands = np.zeros(count, np.int64)
    islands_of = [0, 0, 0]
    for field in range(count):
        if owner[field] and label[field] == field and size[field] == ISLAND:
            islands[_root(parent, field)] += 1
            islands_of[owner[field]] += 1
    points = [0, 0, 0]
    for field in range(count):
        k = islands[field]
        if k:
            points[owner[field]] += k * (k + 1) // 2
    return (
        (points[WHITE], islands_of[WHITE], bridges_of[WHITE]),
        (points[RED], islands_of[RED], bridges_of[RED]),
    )


@njit(cache=True)
def _root(parent: Ints, key: int) -> int:
    while parent[key] != key:
        key = parent[key]
    return key


_margin_result = njit(cache=True)(margin_result)


@njit(cache=True)
def white_result(t: Tables, s: State) -> float:
    """White's result of a finished game in 0..1 (`mcts.margin_result`, compiled)."""
    white, red = scores(t, s)
    win = None if white == red else (1.0 if white > red else 0.0)
    return _margin_result(win, float(white[0] - red[0]))


# Playouts --------------------------------------------------------------------------------------


@njit(cache=True)
def seed(number: int) -> None:
    """Seed the compiled code's random generator (its own, not numpy's or Python's)."""
    np.random.seed(number)


@njit(cache=True)
def walks(s: State) -> Ints:
    """Each colour's random order of the free fields: white's, and red's the other way."""
    free = np.array([f for f in range(s[0].shape[0]) if is_free(s, f)], np.int32)
    np.random.shuffle(free)
    orders = np.empty((3, free.shape[0]), np.int32)
    orders[WHITE] = free
    orders[RED] = free[::-1]
    return orders


@njit(cache=True)
def walk_stones(t: Tables, s: State, orders: Ints, at: Ints, colour: int) -> tuple[int, int]:
    """Play the next two stones of `colour`'s walk that fit together; fields passed are never
    needed again (taken, under a bridge, or illegal for that colour for good). Returns the two
    fields, or (-1, -1) when no two fit (and `colour` is stuck for good)."""
    order, banned = orders[colour], s[3]
    start = at[colour]
    position, first = start, -1
    while position < order.shape[0]:
        field = order[position]
        position += 1
        if not banned[colour, field] and is_free(s, field) and fits(t, s, field, colour):
            first = field
            break
    if first < 0:
        s[11][STUCK + colour] = 1
        return -1, -1
    before = banned[colour].copy()
    joined = join(t, s, first, colour)
    while position < order.shape[0]:
        field = order[position]
        position += 1
        if not banned[colour, field] and is_free(s, field) and fits(t, s, field, colour):
            at[colour] = position
            unjoin(s, first, colour, joined, before)
            play_stones(t, s, first, field)
            return first, field
    unjoin(s, first, colour, joined, before)
    # The rare turn where the first field that fits has no partner after it: every pair.
    fields = [f for f in order[start:] if is_free(s, f) and fits(t, s, f, colour)]
    for i in range(len(fields)):
        found = partners(t, s, fields[i], fields[i + 1 :])
        if found:
            play_stones(t, s, fields[i], found[0])
            return fields[i], found[0]
    s[11][STUCK + colour] = 1
    return -1, -1


@njit(cache=True)
def random_turn(t: Tables, s: State, orders: Ints, at: Ints) -> Turn:
    """A random turn of the playouts: a bridge with the weight of `BRIDGE_WEIGHT` free fields
    each, otherwise the next two stones of the mover's walk, a bridge when no two stones fit, or
    pass. Returns what it played: (STONES, first, second), (BRIDGE, number, 0) or (PASSED, 0, 0)."""
    scalars, candidates, counts = s[11], s[8], s[9]
    colour = scalars[TURN]
    if scalars[BRIDGES] != 0:
        # Drawn among the candidates, some no longer buildable: such a draw drops the candidate
        # and draws again, which weighs the buildable ones exactly as if only they were counted.
        while counts[colour]:
            slots = BRIDGE_WEIGHT * counts[colour]
            draw = np.random.random() * (slots + scalars[FREE])
            if draw >= slots:
                break
            pick = int(draw) // BRIDGE_WEIGHT
            number = candidates[colour, pick]
            if stands(t, s, number):
                build(t, s, number)
                return BRIDGE, number, 0
            counts[colour] -= 1
            candidates[colour, pick] = candidates[colour, counts[colour]]
    if can_place(s, colour):
        first, second = walk_stones(t, s, orders, at, colour)
        if first >= 0:
            return STONES, first, second
    found = bridges(t, s, colour)
    if found:
        number = candidates[colour, np.random.randint(found)]
        build(t, s, number)
        return BRIDGE, number, 0
    end_turn(s, True)
    return PASSED, 0, 0


@njit(cache=True)
def playout(t: Tables, s: State) -> None:
    """Play random turns on `s` to the end."""
    orders = walks(s)
    at = np.zeros(3, np.int64)
    while not s[11][OVER]:
        random_turn(t, s, orders, at)


@njit(cache=True)
def logged_playout(t: Tables, s: State) -> list[Turn]:
    """`playout`, returning its turns as `random_turn` gives them (for the tests)."""
    orders = walks(s)
    at = np.zeros(3, np.int64)
    turns = []
    while not s[11][OVER]:
        turns.append(random_turn(t, s, orders, at))
    return turns
