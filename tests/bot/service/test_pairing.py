"""The pool's choice of a partner in memory (`bot.service.pairing.Pool`): the closest rating, then
the longest wait, never two who blocked each other nor an incompatible seek; and two who have
just played each other only when nobody else compatible waits."""

from __future__ import annotations

from itertools import count

from bot.service.pairing import Pool, Seeker

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
_arrivals = count()


def seeker(
    user_id: int, rating: float, *, variant: str | None = None, rated: bool = False
) -> Seeker:
    """A Ponte seek, each one arriving after the last made here."""
    arrival = next(_arrivals)
    return Seeker(user_id, "ponte", variant, None, rated, rating, (arrival, arrival), user_id)


def pool_of(*waiting: Seeker, blocks: set[tuple[int, int]] | None = None, **kwargs: object) -> Pool:
    pool = Pool(blocks or set(), **kwargs)  # type: ignore[arg-type]
    for seek in waiting:
        pool.add(seek)
    return pool


def partner(pool: Pool, newcomer: Seeker) -> int | None:
    chosen = pool.take_partner(newcomer)
    return None if chosen is None else chosen.user_id


def test_the_closest_rating_then_the_longest_wait() -> None:
    pool = pool_of(seeker(BOB, 1400), seeker(CAROL, 1560), seeker(DAVE, 1440))
    # Carol and Dave are both 60 away: Carol waited longer.
    assert partner(pool, seeker(ALICE, 1500)) == CAROL
    pool = pool_of(seeker(BOB, 1400), seeker(CAROL, 1550), seeker(DAVE, 1470))
    assert partner(pool, seeker(ALICE, 1500)) == DAVE  # 30 below, the closest
    assert partner(pool, seeker(ALICE, 1500)) == CAROL  # Dave is taken: 50 above
    assert partner(pool, seeker(ALICE, 1500)) == BOB
    assert partner(pool, seeker(ALICE, 1500)) is None


def test_never_a_blocked_player_nor_an_incompatible_seek() -> None:
    pool = pool_of(
        seeker(BOB, 1500),
        seeker(CAROL, 1500, variant="classic"),
        seeker(DAVE, 1500, rated=True),
        blocks={(BOB, ALICE)},
    )
    assert partner(pool, seeker(ALICE, 1500, variant="online")) is None


def test_two_who_just_played_are_paired_again_only_when_nobody_else_suits() -> None:
    # Bob, Alice's last opponent, is closest in rating and waited longest: Carol is chosen.
    pool = pool_of(seeker(BOB, 1500), seeker(CAROL, 1700), recent=[(BOB, ALICE)])
    assert partner(pool, seeker(ALICE, 1500)) == CAROL
    # With nobody else waiting, the two who both want a game play each other again.
    assert partner(pool, seeker(ALICE, 1500)) == BOB


def test_a_recent_game_holds_back_only_its_two_players() -> None:
    recent = [(ALICE, BOB)]
    pool = pool_of(seeker(ALICE, 1500), seeker(DAVE, 1900), recent=recent)
    assert partner(pool, seeker(CAROL, 1500)) == ALICE  # Carol did not play Alice
    pool = pool_of(seeker(ALICE, 1500), seeker(DAVE, 1900), recent=recent)
    assert partner(pool, seeker(BOB, 1500)) == DAVE  # either order of the pair counts


def test_one_blocked_and_one_incompatible_leave_the_recent_opponent() -> None:
    pool = pool_of(
        seeker(BOB, 1500),
        seeker(CAROL, 1500),
        seeker(DAVE, 1500, variant="classic"),
        blocks={(ALICE, CAROL)},
        recent=[(ALICE, BOB)],
    )
    assert partner(pool, seeker(ALICE, 1500, variant="online")) == BOB
