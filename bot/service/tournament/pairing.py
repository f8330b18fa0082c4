"""Who plays whom in a round, and with which colour: round robin by Berger tables, Swiss by
score. Pure functions over plain values: no database, no Discord, no clock.

Why not a library: `pairing-core` (MIT, pure Python, no dependencies, FIDE Dutch and Berger)
was evaluated and is correct on its Berger tables and its Dutch pairings, but it has had one
release (0.4.1, a month old, whose own README still calls it unpublished), no type information
(`py.typed`), and it is eleven thousand lines of which a bot needs two functions; its strict
Dutch rules also raise `ImpossiblePairingError` where a small field cannot be paired (8 of 200
random five- and six-player tournaments in round four), which a bot that runs rounds by itself
must never meet: it needs a fallback of its own anyway. `caissify-pairings` pulls in networkx;
`chess-tournament` is an alpha application that needs flake8 at run time; `swissdutch` has not
changed since 2014. So the rules are here, small and tested (tests/bot/service/
test_tournament_pairing.py), including the fallback.

Colours are named by who moves first in the game ("F") and second ("S"): both games have a
first player (white in Ponte, red in Verbindung). Points are counted in half-points (a win 2,
a draw 1), so nothing is a float.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

FIRST, SECOND, BYE = "F", "S", "-"

SEARCH_BUDGET = 20_000
"""How many steps one search for a round's pairing may take before it gives up and the next,
looser attempt runs: a hopeless search over many players must not hang the bot."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a round: `first` moves first against `second`, or has the bye (None)."""

    first: int
    second: int | None


def berger(players: Sequence[int]) -> list[list[Board]]:
    """The whole round-robin schedule for `players` in their seeding order (FIDE Berger tables):
    every player meets every other once, colours balanced; with an odd count, the one who
    would meet the missing player has the bye. Raise `ValueError` below two players."""
    if len(players) < 2:
        raise ValueError("a round robin needs two players")
    slots = len(players) + len(players) % 2  # pairing numbers 1..slots; the last may be empty
    cycle = slots - 1

    def player(number: int) -> int | None:
        return players[number - 1] if number <= len(players) else None

    schedule: list[list[Board]] = []
    for round_number in range(1, slots):
        # Player `slots` meets the one that would otherwise meet themselves (2i - 1 = round).
        fixed = next(i for i in range(1, slots) if (2 * i - 1 - round_number) % cycle == 0)
        first, second = (fixed, slots) if fixed <= slots // 2 else (slots, fixed)
        boards = [_board(player(first), player(second))]
        for low in range(1, slots):
            for high in range(low + 1, slots):
                if fixed not in (low, high) and (low + high - 1 - round_number) % cycle == 0:
                    # An odd sum gives the lower number the first move, an even one the higher.
                    pair = (low, high) if (low + high) % 2 else (high, low)
                    boards.append(_board(player(pair[0]), player(pair[1])))
        schedule.append(boards)
    return schedule


def _board(first: int | None, second: int | None) -> Board:
    """A board; the empty pairing number's opponent has the bye."""
    if first is None:
        assert second is not None
        return Board(second, None)
    return Board(first, second)


# Swiss ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entrant:
    """What the Swiss pairing needs to know of a player still in the tournament."""

    id: int
    seed: int  # the order of entry: the lower ranks higher between equal scores
    points: int = 0  # half-points
    opponents: frozenset[int] = field(default_factory=frozenset)
    colours: str = ""  # one letter a round: F, S, or - for a bye (or a game not played)
    had_bye: bool = False

    def after(self, opponent: int, colour: str, points: int) -> Entrant:
        """This player after a game against `opponent` with `colour`, scoring `points`."""
        return replace(
            self,
            points=self.points + points,
            opponents=self.opponents | {opponent},
            colours=self.colours + colour,
        )

    def after_bye(self) -> Entrant:
        """This player after a bye (a win's points)."""
        return replace(self, points=self.points + 2, colours=self.colours + BYE, had_bye=True)

    def wish(self) -> tuple[str | None, int]:
        """The colour this player should have next and how strongly: 3 must (else three in a row
        or two more of one colour than the other), 2 should (one more of the other), 1 would
        like (alternation), 0 none (no game yet)."""
        played = self.colours.replace(BYE, "")
        if not played:
            return None, 0
        balance = played.count(FIRST) - played.count(SECOND)
        last = played[-1]
        other = SECOND if last == FIRST else FIRST
        if played[-2:] in (FIRST * 2, SECOND * 2) or abs(balance) >= 2:
            return (SECOND if balance >= 2 else FIRST if balance <= -2 else other), 3
        if balance:
            return (SECOND if balance > 0 else FIRST), 2
        return other, 1


def max_swiss_rounds(count: int) -> int:
    """The most Swiss rounds `count` players can surely be paired for without a pair meeting
    twice: while each player has met fewer than half the field, the pairs not yet played
    always contain a full pairing (Dirac's theorem on the graph of those pairs)."""
    return max(1, (count + 1) // 2)


def pair_swiss(entrants: Sequence[Entrant]) -> list[Board]:
    """The next Swiss round: equal or near scores meet, no pair twice, colours balanced (never a
    third of one colour in a row where avoidable); for an odd count the lowest-ranked player
    without a bye yet has it. When the rules cannot all be kept, the colour rule gives way
    first, then the rule against meeting twice, so that a round is always paired."""
    ranked = sorted(entrants, key=lambda e: (-e.points, e.seed))
    for strict_colours, no_repeats in ((True, True), (False, True), (False, False)):
        for bye in _bye_candidates(ranked, no_repeats):
            rest = [e for e in ranked if e is not bye]
            boards = _Search(strict_colours, no_repeats).pair(rest)
            if boards is not None:
                return boards + ([] if bye is None else [Board(bye.id, None)])
    raise AssertionError("the loosest search pairs anyone with anyone")  # pragma: no cover


def _bye_candidates(ranked: list[Entrant], strict: bool) -> list[Entrant | None]:
    """Who may have the bye, the lowest ranked first; nobody for an even count."""
    if len(ranked) % 2 == 0:
        return [None]
    lowest_first = list(reversed(ranked))
    fresh: list[Entrant | None] = [e for e in lowest_first if not e.had_bye]
    return (
        fresh
        if strict or len(fresh) == len(ranked)
        else fresh + [e for e in lowest_first if e.had_bye]
    )


class _OutOfStepsError(Exception):
    """The search took its budget."""


class _Search:
    """A depth-first search for a full pairing of a round, taking the highest-ranked unpaired
    player and trying their opponents nearest in score first (then the colours that suit best):
    the first full pairing found is the round."""

    def __init__(self, strict_colours: bool, no_repeats: bool) -> None:
        self.strict_colours = strict_colours
        self.no_repeats = no_repeats
        self.steps = 0

    def pair(self, ranked: list[Entrant]) -> list[Board] | None:
        try:
            return self._pair(ranked)
        except _OutOfStepsError:
            return None

    def _pair(self, ranked: list[Entrant]) -> list[Board] | None:
        if not ranked:
            return []
        self.steps += 1
        if self.steps > SEARCH_BUDGET:
            raise _OutOfStepsError
        top, others = ranked[0], ranked[1:]
        # Within a score group the top half meets the bottom half (1-4, 2-5, 3-6 of six), so
        # the strongest do not meet before the last rounds.
        group = sum(other.points == top.points for other in others)
        middle = (group + 1) // 2 - 1
        options = []
        for index, other in enumerate(others):
            if self.no_repeats and other.id in top.opponents:
                continue
            board, cost = seat(top, other, len(ranked))
            if self.strict_colours and cost >= 3:
                continue
            split = abs(index - middle) if index < group else index
            options.append((abs(top.points - other.points), cost, split, index, board))
        for *_, index, board in sorted(options, key=lambda option: option[:4]):
            rest = self._pair(others[:index] + others[index + 1 :])
            if rest is not None:
                return [board, *rest]
        return None


def seat(higher: Entrant, lower: Entrant, parity: int) -> tuple[Board, int]:
    """Who of two players moves first, and what that costs: the strength of the wish it goes
    against (0 when both get what they wish). Between equal wishes the higher-ranked player's
    counts; with no wish at all (the first round) the first move alternates down the boards,
    which `parity` (the count still to seat) tells."""
    (colour_h, strength_h), (colour_l, strength_l) = higher.wish(), lower.wish()
    if colour_h is None and colour_l is None:
        first_h = (parity // 2) % 2 == 1
        return _seated(higher, lower, first_h), 0
    if colour_h == colour_l:
        gets_h = strength_h >= strength_l
        first_h = (colour_h == FIRST) == gets_h
        return _seated(higher, lower, first_h), strength_l if gets_h else strength_h
    if colour_h is not None:
        return _seated(higher, lower, colour_h == FIRST), 0
    return _seated(higher, lower, colour_l == SECOND), 0


def _seated(higher: Entrant, lower: Entrant, higher_first: bool) -> Board:
    return Board(higher.id, lower.id) if higher_first else Board(lower.id, higher.id)
