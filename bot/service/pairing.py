"""The pool's choice of partners, in memory (issue 53, step 5): a batch of seekers
(`bot.service.seeks`) reads the waiting seeks once and pairs each newcomer, in the order they
came, as if each had arrived alone: with the compatible seek of the closest rating, then the
longest waiting, never two who blocked each other (the store's `closer`, by the same rule).

Two who have just played each other (`recent`) are paired again only when nobody else
compatible waits: a pool is for meeting new opponents (a rematch has its own button), yet two
players who both want a game and find nobody else are better off playing each other than
waiting. The pool pairs on arrival, so this holds against anyone waiting at that moment. The
batch names those pairs (`Pool(blocks, recent)`; which games count as recent, say the pool games
of the two that ended within the last hour, is the batch's to read from the store); the other
choice is looked for only when the best one is a recent opponent, so the choice stays as fast.

Each game and rated-or-not is a list sorted by (rating, wait), so a choice looks from the
newcomer's rating outwards, past the incompatible, and reads a few entries, not the pool."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bot.store.quick import quick_init

Wait = tuple[int, int]
"""How long a seek has waited, as it sorts: (created at, then its id; a newcomer's stands
after every stored one's, in its order of arrival)."""


@quick_init
@dataclass(frozen=True, slots=True)
class Seeker:
    """A seek as pairing reads it: what it asks for, and `ref`, the caller's own (a stored
    seek, or a newcomer's number in its batch)."""

    user_id: int
    game_kind: str
    variant: str | None
    move_seconds: int | None
    rated: bool
    rating: float
    wait: Wait
    ref: object = field(compare=False)

    def fits(self, other: Seeker) -> bool:
        """Whether the two could play one game: someone else, the same variant and time (or
        either 'any'). The game and rated-or-not are the pool's lists."""
        return (
            self.user_id != other.user_id
            and (self.variant is None or other.variant is None or self.variant == other.variant)
            and (
                self.move_seconds is None
                or other.move_seconds is None
                or self.move_seconds == other.move_seconds
            )
        )


Entry = tuple[float, int, int, Seeker]
"""A waiting seek in its list: (rating, wait..., the seek); the wait is unique, so the seek is
never compared."""


Suits = Callable[[Seeker, Seeker], bool]
"""Whether a waiting seek (the second) may be paired with a newcomer (the first)."""


class Pool:
    """The waiting seeks of a batch's games, the blocks among their players, and who has just
    played whom (`recent`: pairs of user ids, in either order)."""

    def __init__(
        self, blocks: set[tuple[int, int]], recent: Iterable[tuple[int, int]] = ()
    ) -> None:
        self._lists: dict[tuple[str, bool], list[Entry]] = {}
        self._blocks = blocks
        self._recent: dict[int, set[int]] = {}
        for first, second in recent:
            self._recent.setdefault(first, set()).add(second)
            self._recent.setdefault(second, set()).add(first)

    def add(self, seeker: Seeker) -> None:
        """A seek waits (stored, or a newcomer nobody suited)."""
        insort(self._list(seeker), (seeker.rating, *seeker.wait, seeker))

    def take_partner(self, seeker: Seeker) -> Seeker | None:
        """The waiting seek `seeker` pairs with, removed from the pool; None if none suits.
        Someone `seeker` has just played is chosen only when nobody else suits."""
        entries = self._list(seeker)
        start = bisect_left(entries, (seeker.rating,))
        chosen = self._nearest(entries, start, seeker, self._suits)
        avoided = self._recent.get(seeker.user_id)
        if chosen is not None and avoided and chosen[3].user_id in avoided:

            def suits_and_new(seeker: Seeker, waiting: Seeker) -> bool:
                return waiting.user_id not in avoided and self._suits(seeker, waiting)

            # Looked for only when the best choice is a recent opponent: rarely, and cheaply.
            chosen = self._nearest(entries, start, seeker, suits_and_new) or chosen
        if chosen is not None:  # found by bisection: (rating, wait) is unique
            del entries[bisect_left(entries, chosen[:3])]
        return None if chosen is None else chosen[3]

    @staticmethod
    def _nearest(entries: list[Entry], start: int, seeker: Seeker, suits: Suits) -> Entry | None:
        """The seek that `suits` `seeker` nearest its rating (the entries from `start` are
        rated at least as high)."""
        above: Entry | None = None
        for index in range(start, len(entries)):  # a loop, not next() over a generator: hot
            if suits(seeker, entries[index][3]):
                above = entries[index]
                break
        below = Pool._below(entries, start, seeker, suits)
        return closer(seeker.rating, above, below)

    @staticmethod
    def _below(entries: list[Entry], start: int, seeker: Seeker, suits: Suits) -> Entry | None:
        """The seek that suits `seeker` rated nearest below it, the longest waiting of those
        rated alike (the list holds them shortest wait last, so the walk down keeps the
        last)."""
        found: Entry | None = None
        for index in range(start - 1, -1, -1):
            entry = entries[index]
            if found is not None and entry[0] != found[0]:
                break
            if suits(seeker, entry[3]):
                found = entry
        return found

    def _suits(self, seeker: Seeker, waiting: Seeker) -> bool:
        blocks = self._blocks
        blocked = bool(blocks) and (  # most batches' players blocked nobody
            (seeker.user_id, waiting.user_id) in blocks
            or (waiting.user_id, seeker.user_id) in blocks
        )
        return not blocked and seeker.fits(waiting)

    def _list(self, seeker: Seeker) -> list[Entry]:
        return self._lists.setdefault((seeker.game_kind, seeker.rated), [])


def closer(rating: float, above: Entry | None, below: Entry | None) -> Entry | None:
    """Of the nearest suitable seeks above and below `rating`, the closer; of two as close,
    the one waiting longer."""
    if above is None or below is None:
        return above or below
    apart = (above[0] - rating, rating - below[0])
    if apart[0] != apart[1]:
        return above if apart[0] < apart[1] else below
    return above if above[1:3] < below[1:3] else below
