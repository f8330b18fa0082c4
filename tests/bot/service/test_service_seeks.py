"""The pool across servers (issue 53, step 5): a seek waits or is paired at once with the
compatible seeker of the closest rating, then the longest wait, never with someone blocked either
way; one seek per game; cancelled, lapsed; two processes pairing at once never pair a seeker
twice; pool games rated in a pool of their own."""

import asyncio
import contextlib
import json
import random
from pathlib import Path

import pytest

from bot.service import GameService, errors
from bot.service.deadlines import DAY, HOUR
from bot.service.rating_model import INITIAL, SCALE
from bot.service.seeks import EVERYWHERE, Paired, Waiting, is_pool_place
from bot.store import RatingRow, open_database, ratings
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    CountingSeeds,
    FakeClock,
    owed,
    play_to_end,
)

DAVE = 404
OTHERS = 10_000
"""What sets a second crowd of seekers apart from the first (their ids, offset)."""


async def seek(service: GameService, user_id: int, **changes: object) -> Paired | Waiting:
    options: dict = {"game_kind": "ponte", "dm_channel_id": 9000 + user_id}
    options.update(changes)
    return await service.seeks.seek(user_id=user_id, **options)


async def rate(service: GameService, user_id: int, shown: int, guild_id: int = EVERYWHERE) -> None:
    """Give `user_id` a rating that reads `shown` in Ponte in the pool `guild_id`."""
    row = RatingRow(guild_id, "ponte", user_id, float(shown), 2.0 * SCALE, 10, 5, 5, 0, 0)
    async with service.connection.transaction() as db:
        await ratings.save_rating(db, row)


def paired(result: Paired | Waiting) -> Paired:
    assert isinstance(result, Paired), result
    return result


async def test_a_lone_seek_waits_and_a_compatible_one_is_paired_with_it_at_once(
    service: GameService,
) -> None:
    waiting = await seek(service, ALICE, variant="online", move_seconds=DAY)
    assert isinstance(waiting, Waiting)
    assert waiting.seek.lapses_at - waiting.seek.created_at == DAY
    assert [s.id for s in await service.seeks.mine(ALICE)] == [waiting.seek.id]
    game = paired(await seek(service, BOB)).started.view
    assert {game.first_id, game.second_id} == {ALICE, BOB}
    assert (game.variant, game.move_seconds, game.guild_id) == ("online", DAY, EVERYWHERE)
    assert is_pool_place(game.channel_id)
    assert await service.seeks.mine(ALICE) == await service.seeks.mine(BOB) == []


async def test_one_seek_per_game_and_player(service: GameService) -> None:
    await seek(service, ALICE)
    with pytest.raises(errors.SeekExistsError):
        await seek(service, ALICE, move_seconds=2 * DAY)
    assert isinstance(await seek(service, ALICE, game_kind="verbindung"), Waiting)
    assert len(await service.seeks.mine(ALICE)) == 2


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"lapse_seconds": HOUR - 1}, errors.BadSeekLapseError),
        ({"lapse_seconds": 7 * DAY + 1}, errors.BadSeekLapseError),
        ({"move_seconds": HOUR - 1}, errors.BadTimeLimitError),
        ({"game_kind": "chess"}, errors.UnknownGameError),
        ({"variant": "99x99"}, errors.UnknownVariantError),
    ],
)
async def test_bad_options_are_refused_and_nothing_is_stored(
    service: GameService, changes: dict, error: type
) -> None:
    with pytest.raises(error):
        await seek(service, ALICE, **changes)
    assert await service.seeks.mine(ALICE) == []


@pytest.mark.parametrize(
    ("first", "second", "pairs"),
    [
        ({"variant": "online"}, {"variant": "classic"}, False),
        ({"variant": "online"}, {}, True),
        ({"move_seconds": DAY}, {"move_seconds": 2 * DAY}, False),
        ({}, {"move_seconds": 2 * DAY}, True),
        ({"rated": True}, {"rated": False}, False),
        ({"rated": False}, {"rated": False}, True),
        ({"game_kind": "verbindung"}, {}, False),
    ],
)
async def test_only_compatible_seeks_are_paired(
    service: GameService, first: dict, second: dict, pairs: bool
) -> None:
    await seek(service, ALICE, **first)
    assert isinstance(await seek(service, BOB, **second), Paired) is pairs


async def test_the_closest_rating_in_the_pool_is_paired_first(service: GameService) -> None:
    await rate(service, ALICE, 1200)
    await rate(service, BOB, 1900)
    await rate(service, CAROL, 1600)
    await rate(service, DAVE, 1880, guild_id=GUILD)  # a server's rating: not the pool's
    for days, user in enumerate((ALICE, DAVE, CAROL), start=1):
        await seek(service, user, move_seconds=days * DAY)  # not one another's: Bob takes any
    assert {s.user_id: s.rating for s in await service.seeks.mine(DAVE)} == {DAVE: INITIAL.shown}
    assert paired(await seek(service, BOB)).waiting.user_id == CAROL
    assert paired(await seek(service, 606)).waiting.user_id == DAVE  # a newcomer, as 606


async def test_equally_close_seekers_are_paired_longest_wait_first(
    service: GameService, clock: FakeClock
) -> None:
    for days, user in enumerate((CAROL, ALICE), start=1):
        await seek(service, user, move_seconds=days * DAY)
        clock.advance(minutes=1)
    assert paired(await seek(service, BOB)).waiting.user_id == CAROL


@pytest.mark.parametrize("blocker", ["waiting", "arriving"])
async def test_two_who_blocked_each_other_are_never_paired(
    service: GameService, blocker: str
) -> None:
    if blocker == "waiting":
        await service.blocks.block(ALICE, BOB)
    else:
        await service.blocks.block(BOB, ALICE)
    await seek(service, ALICE)
    assert isinstance(await seek(service, BOB), Waiting)
    assert paired(await seek(service, CAROL)).waiting.user_id == ALICE  # the longer wait
    assert paired(await seek(service, DAVE)).waiting.user_id == BOB


async def test_a_lapsed_seek_is_not_paired_and_is_removed_once(
    service: GameService, clock: FakeClock
) -> None:
    made = await seek(service, ALICE, lapse_seconds=HOUR)
    assert isinstance(made, Waiting)
    assert await service.seeks.next_lapse() == made.seek.lapses_at
    clock.advance(hours=1)
    assert await service.seeks.mine(ALICE) == []
    assert isinstance(await seek(service, BOB), Waiting)
    assert [s.user_id for s in await service.seeks.lapse_due()] == [ALICE]
    assert await service.seeks.lapse_due() == []
    assert isinstance(await seek(service, ALICE), Paired)  # a fresh seek meets Bob's


async def test_a_seek_is_cancelled_for_one_game_or_all(service: GameService) -> None:
    with pytest.raises(errors.NoSeekError):
        await service.seeks.cancel(ALICE)
    await seek(service, ALICE)
    await seek(service, ALICE, game_kind="verbindung")
    assert [s.game_kind for s in await service.seeks.cancel(ALICE, "verbindung")] == ["verbindung"]
    with pytest.raises(errors.NoSeekError):
        await service.seeks.cancel(ALICE, "verbindung")
    assert [s.game_kind for s in await service.seeks.cancel(ALICE)] == ["ponte"]
    assert isinstance(await seek(service, BOB), Waiting)


async def test_a_pool_game_is_rated_in_the_pool_and_not_on_a_server(
    service: GameService,
) -> None:
    await seek(service, ALICE)
    game = paired(await seek(service, BOB)).started.view
    await play_to_end(service, game.channel_id, random.Random(3))
    async with service.connection.read() as db:
        pool = await ratings.ratings_of(db, EVERYWHERE, "ponte", [ALICE, BOB])
        server = await ratings.ratings_of(db, GUILD, "ponte", [ALICE, BOB])
    assert {row.user_id for row in pool} == {ALICE, BOB}
    assert server == []


async def test_two_processes_pairing_at_once_never_pair_a_seeker_twice(
    database_at: str | Path, clock: FakeClock
) -> None:
    processes = [
        GameService(await open_database(database_at), clock=clock, seeds=CountingSeeds(), name=n)
        for n in ("a", "b")
    ]
    seekers = list(range(1000, 1040))
    try:
        results = await asyncio.gather(
            *(seek(processes[i % 2], user) for i, user in enumerate(seekers))
        )
    finally:
        for process in processes:
            await process.connection.close()
    # Two newcomers of one batch paired together both hear of their one game.
    games = {r.started.view.id: r.started.view for r in results if isinstance(r, Paired)}
    players = [p for game in games.values() for p in (game.first_id, game.second_id)]
    assert len(players) == len(set(players)) == len(seekers)  # each paired, once


@pytest.mark.parametrize("older", [ALICE, CAROL])
async def test_as_close_above_as_below_the_longer_wait_is_paired(
    service: GameService, clock: FakeClock, older: int
) -> None:
    await rate(service, ALICE, 1400)
    await rate(service, BOB, 1500)
    await rate(service, CAROL, 1600)
    younger = CAROL if older == ALICE else ALICE
    await seek(service, older, move_seconds=DAY)
    clock.advance(minutes=1)
    await seek(service, younger, move_seconds=2 * DAY)
    assert paired(await seek(service, BOB)).waiting.user_id == older


async def test_a_lapsed_seek_not_yet_removed_gives_way_to_a_fresh_one(
    service: GameService, clock: FakeClock
) -> None:
    await seek(service, ALICE, lapse_seconds=HOUR)
    clock.advance(hours=2)
    fresh = await seek(service, ALICE)
    assert isinstance(fresh, Waiting)
    assert [s.id for s in await service.seeks.mine(ALICE)] == [fresh.seek.id]
    assert await service.seeks.lapse_due() == []


async def test_a_pool_games_posts_are_owed_once_per_player(service: GameService) -> None:
    await seek(service, ALICE)
    game = paired(await seek(service, BOB)).started.view
    mover = game.to_move_id or 0
    await service.moves.play(game.channel_id, mover, "a1 c1")
    posts = [(row.kind, json.loads(row.data).get("to")) for row in await owed(service)]
    assert sorted(posts) == sorted(
        (kind, player) for kind in ("start", "move") for player in (ALICE, BOB)
    )


async def test_a_lapse_owes_its_seeker_one_letter(service: GameService, clock: FakeClock) -> None:
    await seek(service, ALICE, lapse_seconds=HOUR, locale="de")
    clock.advance(hours=1)
    await service.seeks.lapse_due()
    await service.seeks.lapse_due()
    [letter] = await owed(service)
    assert (letter.kind, letter.subject, letter.subject_id) == ("seek_lapsed", "user", ALICE)
    assert json.loads(letter.data) == {"game": "ponte", "locale": "de"}


async def arrive_together(service: GameService, seekers: list[tuple[int, dict]]) -> list:
    """Seekers arriving at once, each its own task (as Discord's interactions are): paired in
    batches; each one's outcome, or the error that refused it."""
    return await asyncio.gather(
        *(seek(service, user, **options) for user, options in seekers), return_exceptions=True
    )


def a_crowd(rng: random.Random, count: int) -> list[tuple[int, dict]]:
    """Seekers of mixed ratings, times and games, some seeking twice, some blocked."""
    times = (DAY, 2 * DAY, None)
    return [
        (
            1000 + rng.randrange(count),
            {"move_seconds": rng.choice(times), "rated": rng.random() < 0.8},
        )
        for _ in range(count)
    ]


async def test_seekers_arriving_together_are_paired_as_if_one_by_one(
    service: GameService,
) -> None:
    """A batch pairs each newcomer in their order of arrival, with the pool as the ones before
    left it: the same games as the same seekers entering one after the other (closest rating,
    longest wait, blocks, one seek per game, a seeker paired and then seeking again)."""
    rng = random.Random(53)
    crowd = a_crowd(rng, 120)
    for user in sorted({user for user, _ in crowd}):
        shown = rng.randrange(1000, 2000)
        for offset in (0, OTHERS):
            await rate(service, user + offset, shown)
    blocks = [(1000 + rng.randrange(120), 1000 + rng.randrange(120)) for _ in range(30)]
    for blocker, blocked in blocks:
        if blocker != blocked:
            for offset in (0, OTHERS):
                await service.blocks.block(blocker + offset, blocked + offset)

    alone = []
    for user, options in crowd:
        try:
            alone.append(await seek(service, user, **options))
        except errors.SeekExistsError as error:
            alone.append(error)
    for user in {user for user, _ in crowd}:  # the pool empty again for the others
        with contextlib.suppress(errors.NoSeekError):
            await service.seeks.cancel(user)
    together = await arrive_together(service, [(u + OTHERS, o) for u, o in crowd])

    def games(results: list, offset: int) -> set[frozenset[int]]:
        return {
            frozenset((r.started.view.first_id - offset, r.started.view.second_id - offset))
            for r in results
            if isinstance(r, Paired)
        }

    refused = [isinstance(r, errors.SeekExistsError) for r in alone]
    assert [isinstance(r, errors.SeekExistsError) for r in together] == refused
    assert any(refused) and len(games(alone, 0)) > 20
    assert games(together, OTHERS) == games(alone, 0)


async def test_two_seeks_taken_back_within_the_hour_hold_the_next_for_an_hour(
    service: GameService, clock: FakeClock
) -> None:
    check = {"user_id": ALICE, "game_kind": "ponte"}
    await seek(service, ALICE)
    await service.seeks.cancel(ALICE)
    assert await service.seeks.check(**check) == "ponte"  # one taking back stays free
    clock.advance(minutes=30)
    await seek(service, ALICE)
    await service.seeks.cancel(ALICE)
    with pytest.raises(errors.SeekCooldownError) as held:
        await service.seeks.check(**check)
    assert held.value.params["retry_at"] == int(clock.now.timestamp()) + HOUR
    assert await service.seeks.check(user_id=BOB, game_kind="ponte") == "ponte"  # hers alone
    clock.advance(minutes=59)
    with pytest.raises(errors.SeekCooldownError):
        await service.seeks.check(**check)
    clock.advance(minutes=1)
    assert await service.seeks.check(**check) == "ponte"


async def test_two_who_just_played_are_paired_again_only_when_nobody_else_waits(
    service: GameService, clock: FakeClock
) -> None:
    # Unrated: the ratings, which the closest rating goes by, stay as they were.
    await seek(service, ALICE, rated=False)
    game = paired(await seek(service, BOB, rated=False)).started.view
    await play_to_end(service, game.channel_id, random.Random(3))
    await seek(service, ALICE, move_seconds=DAY, rated=False)
    await seek(service, DAVE, move_seconds=2 * DAY, rated=False)  # not Alice's: both wait
    assert (
        paired(await seek(service, BOB, rated=False)).waiting.user_id == DAVE
    )  # not the longer wait
    again = paired(await seek(service, BOB, rated=False))
    assert again.waiting.user_id == ALICE  # nobody else waits
    await play_to_end(service, again.started.view.channel_id, random.Random(4))
    clock.advance(hours=2)
    await seek(service, ALICE, move_seconds=DAY, rated=False)
    await seek(service, DAVE, move_seconds=2 * DAY, rated=False)
    assert (
        paired(await seek(service, BOB, rated=False)).waiting.user_id == ALICE
    )  # hours later, anyone
