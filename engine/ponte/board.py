"""The stones and bridges on a Ponte del Diavolo board, and what may be added to them.

Rule checks return a `Problem` (rule id and plain words) instead of raising, so that queries such as
"every legal field" stay cheap; the game turns a problem into an `IllegalMoveError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from engine.coords import Field
from engine.errors import IllegalMoveError
from engine.ponte.geometry import BRIDGE_OFFSETS, Geometry, crossing_offsets, geometry
from engine.ponte.moves import Bridge
from engine.ponte.variants import Colour

ISLAND = 4  # stones in an island; a larger group is never allowed (P7)


_NO_PARAMS: Mapping[str, str] = MappingProxyType({})


class Problem(NamedTuple):
    """Why a move breaks a rule: the rule id, what is wrong in plain words, and the same as data
    for other languages (the reason id, the fields concerned, other values as text)."""

    rule: str
    message: str
    reason: str | None = None
    fields: tuple[Field, ...] = ()
    params: Mapping[str, str] = _NO_PARAMS

    def error(self) -> IllegalMoveError:
        """The problem as the error the game raises."""
        return IllegalMoveError(
            self.rule, self.message, reason=self.reason, fields=self.fields, params=self.params
        )


def _names(indices: list[int], size: int) -> str:
    return " ".join(str(Field.from_index(i, size)) for i in sorted(indices))


class Board:
    """Stones, bridges and blocked fields; knows placement legality but not turn order."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.geo: Geometry = geometry(size)
        count = size * size
        self.cells: list[Colour | None] = [None] * count
        self.blocked = [False] * count
        self.bridge_end = [False] * count
        self.bridges: list[Bridge] = []
        # (column, row, shape) of each bridge's first end, for the crossing table.
        self._bridge_keys: list[tuple[int, int, int]] = []

    def copy(self) -> Board:
        """An independent copy."""
        other = Board.__new__(Board)
        other.size, other.geo = self.size, self.geo
        other.cells, other.blocked = self.cells.copy(), self.blocked.copy()
        other.bridge_end, other.bridges = self.bridge_end.copy(), self.bridges.copy()
        other._bridge_keys = self._bridge_keys.copy()
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.size, self.cells, set(self.bridges)) == (
            other.size,
            other.cells,
            set(other.bridges),
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def index(self, field: Field) -> int:
        """The index of an on-board field."""
        return field.index(self.size)

    def field(self, index: int) -> Field:
        """The field at `index`."""
        return Field.from_index(index, self.size)

    def stone_count(self, colour: Colour) -> int:
        """Stones of `colour` on the board."""
        return self.cells.count(colour)

    def filled(self) -> float:
        """The share of the board's fields that hold a stone."""
        cells = self.cells
        return (len(cells) - cells.count(None)) / len(cells)

    def bridge_colour(self, bridge: Bridge) -> Colour | None:
        """The colour of the stones a built bridge joins."""
        return self.cells[self.index(bridge.first)]

    # Stones ------------------------------------------------------------------------------------

    def group(
        self, start: int, colour: Colour, extra: tuple[int, ...] = (), limit: int = ISLAND
    ) -> list[int]:
        """The orthogonally connected stones of `colour` around `start`, counting the fields in
        `extra` as stones of that colour; the search stops once it has found more than `limit`."""
        cells, orthogonal = self.cells, self.geo.orthogonal
        members = [start]
        seen = {start}
        for current in members:
            for near in orthogonal[current]:
                if near not in seen and (cells[near] is colour or near in extra):
                    seen.add(near)
                    members.append(near)
                    if len(members) > limit:
                        return members
        return members

    def stone_problem(self, index: int, colour: Colour, also: int | None = None) -> Problem | None:
        """Why a stone of `colour` may not go on `index` (None if it may).

        `also` is a stone of the same turn assumed to be placed already (P10).
        """
        if self.cells[index] is not None or index == also:
            field = self.field(index)
            return Problem("P5", f"{field} is already taken", "taken", (field,))
        if self.blocked[index]:
            field = self.field(index)
            return Problem(
                "P12", f"{field} lies under a bridge, so it is blocked", "under_bridge", (field,)
            )
        cells = self.cells
        if not any(cells[near] is colour or near == also for near in self.geo.ring[index]):
            return None  # nothing of ours around: a lone new sandbank is always fine
        extra = (index,) if also is None else (index, also)
        group = self.group(index, colour, extra, limit=ISLAND)
        if len(group) > ISLAND:
            field = self.field(index)
            return Problem(
                "P7",
                f"{field} would join your stones into a group of more than 4; "
                "an island has exactly 4 stones",
                "group_too_big",
                (field,),
            )
        if len(group) == ISLAND:
            return self._island_touch(group, colour, extra)
        return self._touches_island(index, group, colour, extra)

    def _island_touch(
        self, island: list[int], colour: Colour, extra: tuple[int, ...]
    ) -> Problem | None:
        """P8 for a new island: none of its stones may touch another stone of its colour."""
        members = set(island)
        for stone in island:
            for near in self.geo.ring[stone]:
                if near not in members and (self.cells[near] is colour or near in extra):
                    names, touched = _names(island, self.size), self.field(near)
                    return Problem(
                        "P8",
                        f"the island {names} would touch your stone {touched}; an island may "
                        "not touch another of your stones, not even diagonally",
                        "island_touches",
                        (touched,),
                        {"island": names},
                    )
        return None

    def _touches_island(
        self, index: int, group: list[int], colour: Colour, extra: tuple[int, ...]
    ) -> Problem | None:
        """P8 for a new sandbank stone: it may not touch one of our islands diagonally."""
        for near in self.geo.diagonal[index]:
            if near in group or not (self.cells[near] is colour or near in extra):
                continue
            other = self.group(near, colour, extra, limit=ISLAND)
            if len(other) == ISLAND:
                field, names = self.field(index), _names(other, self.size)
                return Problem(
                    "P8",
                    f"{field} would touch your island {names}; "
                    "an island may not touch another of your stones, not even diagonally",
                    "touches_island",
                    (field,),
                    {"island": names},
                )
        return None

    def place(self, index: int, colour: Colour) -> None:
        """Put a stone down without checking (the caller has)."""
        self.cells[index] = colour

    # Bridges -----------------------------------------------------------------------------------

    def bridge_problem(self, bridge: Bridge, colour: Colour) -> Problem | None:
        """Why `colour` may not build `bridge` now (None if it may); both ends are on the board."""
        if bridge.offset not in BRIDGE_OFFSETS:
            return Problem(
                "P11",
                f"{bridge} is not a bridge: its ends must be two fields apart in a line, "
                "diagonally, or a knight's jump apart",
                "bridge_shape",
                (bridge.first, bridge.second),
            )
        for end in (bridge.first, bridge.second):
            problem = self._end_problem(end, colour)
            if problem is not None:
                return problem
        return self._span_problem(bridge)

    def _end_problem(self, end: Field, colour: Colour) -> Problem | None:
        owner = self.cells[self.index(end)]
        if owner is None:
            message = f"a bridge joins two of your stones, and {end} is empty"
            return Problem("P11", message, "no_stone", (end,))
        if owner is not colour:
            message = f"a bridge joins two of your stones, and {end} is {owner}"
            return Problem("P11", message, "not_your_stone", (end,))
        if self.bridge_end[self.index(end)]:
            message = f"{end} already carries a bridge; a stone carries at most one"
            return Problem("P13", message, "carries_bridge", (end,))
        return None

    def _span_problem(self, bridge: Bridge) -> Problem | None:
        shape = BRIDGE_OFFSETS.index(bridge.offset)
        for under in self.under(bridge):
            if self.cells[under] is not None:
                field = self.field(under)
                message = f"{bridge} would pass over the stone on {field}"
                return Problem("P12", message, "over_stone", (field,), {"bridge": str(bridge)})
        crossing = crossing_offsets()
        col, row = bridge.first.col, bridge.first.row
        for built, (other_col, other_row, other_shape) in zip(
            self.bridges, self._bridge_keys, strict=True
        ):
            if (other_col - col, other_row - row) in crossing[shape, other_shape]:
                message = f"{bridge} would cross or touch the bridge {built}"
                params = {"bridge": str(bridge), "built": str(built)}
                return Problem("P14", message, "bridges_cross", (), params)
        return None

    def under(self, bridge: Bridge) -> tuple[int, ...]:
        """The fields `bridge` passes over (P12)."""
        shape = BRIDGE_OFFSETS.index(bridge.offset)
        first = self.index(bridge.first)
        return next(span.blocked for span in self.geo.spans[first] if span.shape == shape)

    def build(self, bridge: Bridge) -> None:
        """Build a bridge without checking (the caller has)."""
        for under in self.under(bridge):
            self.blocked[under] = True
        for end in (bridge.first, bridge.second):
            self.bridge_end[self.index(end)] = True
        self.bridges.append(bridge)
        shape = BRIDGE_OFFSETS.index(bridge.offset)
        self._bridge_keys.append((bridge.first.col, bridge.first.row, shape))
