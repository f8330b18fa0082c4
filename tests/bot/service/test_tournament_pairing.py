"""The pairing rules of tournaments (issue 30): round robin by Berger tables, Swiss by score with
no pair twice, balanced colours and one bye for an odd count; and, over many random
tournaments, that these rules hold whatever the results."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.service.tournament.pairing import (
    Board,
    Entrant,
    berger,
    max_swiss_rounds,
    pair_swiss,
)


def played(schedule: list[list[Board]]) -> Counter[frozenset[int]]:
    return Counter(
        frozenset((board.first, board.second))
        for round_ in schedule
        for board in round_
        if board.second is not None
    )


def colours_of(schedule: list[list[Board]], player: int) -> str:
    """The player's colours round by round: F first, S second, - a bye."""
    text = ""
    for round_ in schedule:
        for board in round_:
            if board.first == player:
                text += "-" if board.second is None else "F"
            elif board.second == player:
                text += "S"
    return text


# Round robin ------------------------------------------------------------------------------------


def test_berger_four_players_is_the_published_table() -> None:
    # FIDE Handbook C.05 Annex 1, four players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    table = berger([1, 2, 3, 4])
    assert [{(b.first, b.second) for b in round_} for round_ in table] == [
        {(1, 4), (2, 3)},
        {(4, 3), (1, 2)},
        {(2, 4), (3, 1)},
    ]


@pytest.mark.parametrize("count", range(2, 17))
def test_berger_every_player_meets_every_other_once(count: int) -> None:
    players = [100 + i for i in range(count)]
    table = berger(players)
    meetings = played(table)
    assert len(meetings) == count * (count - 1) // 2
    assert set(meetings.values()) == {1}
    assert len(table) == (count if count % 2 else count - 1)


@pytest.mark.parametrize("count", range(2, 17))
def test_berger_colours_are_balanced(count: int) -> None:
    table = berger(list(range(count)))
    for player in range(count):
        colours = colours_of(table, player)
        assert abs(colours.count("F") - colours.count("S")) <= 1, colours


@pytest.mark.parametrize("count", [3, 5, 7, 9])
def test_berger_odd_count_gives_each_player_one_bye(count: int) -> None:
    table = berger(list(range(count)))
    byes = [board.first for round_ in table for board in round_ if board.second is None]
    assert sorted(byes) == list(range(count))
    assert all(sum(b.second is None for b in round_) == 1 for round_ in table)


def test_berger_refuses_fewer_than_two_players() -> None:
    with pytest.raises(ValueError):
        berger([1])


# Swiss ------------------------------------------------------------------------------------------


def fresh(count: int) -> list[Entrant]:
    return [Entrant(id=i, seed=i) for i in range(1, count + 1)]


def test_swiss_first_round_pairs_top_half_with_bottom_half() -> None:
    boards = pair_swiss(fresh(6))
    assert {frozenset((b.first, b.second)) for b in boards} == {
        frozenset(p) for p in [(1, 4), (2, 5), (3, 6)]
    }


def test_swiss_pairs_equal_scores_together() -> None:
    entrants = [
        Entrant(1, 1, points=2, opponents=frozenset({3}), colours="FS"),
        Entrant(2, 2, points=2, opponents=frozenset({4}), colours="SF"),
        Entrant(3, 3, points=0, opponents=frozenset({1}), colours="SF"),
        Entrant(4, 4, points=0, opponents=frozenset({2}), colours="FS"),
    ]
    pairs = {frozenset((b.first, b.second)) for b in pair_swiss(entrants)}
    assert pairs == {frozenset((1, 2)), frozenset((3, 4))}


def test_swiss_never_pairs_the_same_two_twice() -> None:
    entrants = [
        Entrant(1, 1, points=2, opponents=frozenset({2}), colours="F"),
        Entrant(2, 2, points=0, opponents=frozenset({1}), colours="S"),
        Entrant(3, 3, points=2, opponents=frozenset({4}), colours="F"),
        Entrant(4, 4, points=0, opponents=frozenset({3}), colours="S"),
    ]
    pairs = {frozenset((b.first, b.second)) for b in pair_swiss(entrants)}
    assert frozenset((1, 2)) not in pairs and frozenset((3, 4)) not in pairs


def test_swiss_alternates_colours() -> None:
    entrants = [
        Entrant(1, 1, points=2, opponents=frozenset({3}), colours="F"),
        Entrant(2, 2, points=2, opponents=frozenset({4}), colours="S"),
        Entrant(3, 3, points=0, opponents=frozenset({1}), colours="S"),
        Entrant(4, 4, points=0, opponents=frozenset({2}), colours="F"),
    ]
    boards = {b.first: b.second for b in pair_swiss(entrants)}
    assert boards == {2: 1, 3: 4}


def test_swiss_avoids_a_third_colour_in_a_row() -> None:
    # Both top players had first twice; whoever gets first a third time breaks the rule, so
    # they meet others although the scores say they should meet each other.
    entrants = [
        Entrant(1, 1, points=4, opponents=frozenset({5, 6}), colours="FF"),
        Entrant(2, 2, points=4, opponents=frozenset({7, 8}), colours="FF"),
        Entrant(3, 3, points=2, opponents=frozenset({5, 7}), colours="SS"),
        Entrant(4, 4, points=2, opponents=frozenset({6, 8}), colours="SS"),
    ]
    boards = pair_swiss(entrants)
    for board in boards:
        assert board.first in (3, 4) and board.second in (1, 2)


def test_swiss_bye_goes_to_the_lowest_ranked_without_one() -> None:
    entrants = [
        Entrant(1, 1, points=2, opponents=frozenset({5}), colours="F"),
        Entrant(2, 2, points=2, opponents=frozenset({4}), colours="F"),
        Entrant(3, 3, points=2, colours="-", had_bye=True),
        Entrant(4, 4, points=0, opponents=frozenset({2}), colours="S"),
        Entrant(5, 5, points=0, opponents=frozenset({1}), colours="S"),
    ]
    byes = [b.first for b in pair_swiss(entrants) if b.second is None]
    assert byes == [5]


def test_swiss_never_gives_a_second_bye() -> None:
    entrants = [
        Entrant(1, 1, points=2, opponents=frozenset({2}), colours="F"),
        Entrant(2, 2, points=0, opponents=frozenset({1}), colours="S"),
        Entrant(3, 3, points=2, colours="-", had_bye=True),
    ]
    byes = [b.first for b in pair_swiss(entrants) if b.second is None]
    assert byes == [2]


def test_swiss_even_count_has_no_bye() -> None:
    assert all(b.second is not None for b in pair_swiss(fresh(8)))


def test_swiss_repeats_a_pair_only_when_nothing_else_is_left() -> None:
    # Two players who already met, and nobody else: the round still gets paired.
    entrants = [
        Entrant(1, 1, points=2, opponents=frozenset({2}), colours="F"),
        Entrant(2, 2, points=0, opponents=frozenset({1}), colours="S"),
    ]
    assert [(b.first, b.second) for b in pair_swiss(entrants)] == [(2, 1)]


def test_max_swiss_rounds_keeps_every_round_pairable() -> None:
    assert [max_swiss_rounds(n) for n in (2, 3, 4, 5, 6, 7, 8)] == [1, 2, 2, 3, 3, 4, 4]


# Many random tournaments ------------------------------------------------------------------------


def play_swiss(seed: int) -> tuple[list[list[Board]], dict[int, Entrant]]:
    """A random Swiss (2 to 16 players, as many rounds as may be paired, random results)."""
    rng = random.Random(seed)
    count = rng.randint(2, 16)
    entrants = {e.id: e for e in fresh(count)}
    schedule: list[list[Board]] = []
    for _ in range(max_swiss_rounds(count)):
        boards = pair_swiss(list(entrants.values()))
        schedule.append(boards)
        for board in boards:
            if board.second is None:
                entrants[board.first] = entrants[board.first].after_bye()
                continue
            points = rng.choice([0, 1, 2])  # half-points of the first
            first, second = entrants[board.first], entrants[board.second]
            entrants[first.id] = first.after(second.id, "F", points)
            entrants[second.id] = second.after(first.id, "S", 2 - points)
    return schedule, entrants


@pytest.mark.parametrize("seed", range(300))
def test_random_swiss_keeps_every_rule(seed: int) -> None:
    schedule, entrants = play_swiss(seed)
    assert set(played(schedule).values()) <= {1}  # no pair twice
    byes = Counter(b.first for round_ in schedule for b in round_ if b.second is None)
    assert set(byes.values()) <= {1}  # nobody twice
    for round_ in schedule:
        seated = [b.first for b in round_] + [b.second for b in round_ if b.second is not None]
        assert sorted(seated) == sorted(entrants)  # everybody once a round
        assert sum(b.second is None for b in round_) == len(entrants) % 2
    for player in entrants:
        colours = colours_of(schedule, player).replace("-", "")
        assert "FFF" not in colours and "SSS" not in colours, colours
        assert abs(colours.count("F") - colours.count("S")) <= 2, colours
