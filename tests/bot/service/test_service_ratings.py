"""Ratings per server and game (OpenSkill), the leaderboard and a player's statistics: a win raises
the winner and lowers the loser, a match is one result, the computer's games are not rated but
counted apart, and recomputing from the stored results gives the same ratings."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.service import GameService, Rater, errors
from bot.service.rating_model import INITIAL, PROVISIONAL_RESULTS
from bot.service.ratings import BOARD_PAGE
from bot.store import RatedResult, ratings
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    COMPUTER,
    GUILD,
    FakeClock,
    play_moves,
    start_computer_game,
    start_game,
)


async def single_game(
    service: GameService, winner: int, loser: int, kind: str = "ponte", *, drawn: bool = False
) -> None:
    """A finished game: each player moves, then `loser` resigns to `winner`, or (`drawn`) they
    agree a draw."""
    await start_game(service, kind, challenger=winner, opponent=loser)
    await play_moves(service)
    if drawn:
        await service.moves.offer_draw(CHANNEL, winner)
        await service.moves.accept_draw(CHANNEL, loser)
    else:
        await service.moves.resign(CHANNEL, loser)


async def rating_of(service: GameService, user: int, kind: str = "ponte") -> tuple[float, float]:
    async with service.connection.read() as db:
        [row] = await ratings.ratings_of(db, GUILD, kind, [user])
    return row.mu, row.sigma


async def every_rating(service: GameService) -> list[tuple]:
    async with service.connection.read() as db:
        rows = await db.fetch_all(
            "SELECT guild_id, game_kind, user_id, mu, sigma, results, wins, losses, draws"
            " FROM ratings ORDER BY guild_id, game_kind, user_id"
        )
        history = await db.fetch_all(
            "SELECT result_id, user_id, mu, sigma FROM rating_history ORDER BY result_id, user_id"
        )
    return [tuple(row.values()) for row in rows + history]


async def test_a_win_raises_the_winner_and_lowers_the_loser(service: GameService) -> None:
    await single_game(service, ALICE, BOB)
    (winner, winner_sigma), (loser, _) = (
        await rating_of(service, ALICE),
        await rating_of(service, BOB),
    )
    assert loser < INITIAL.mu < winner
    assert winner_sigma < INITIAL.sigma  # one result makes the rating more certain
    board = await service.ratings.leaderboard(GUILD, "ponte")
    assert [(e.user_id, e.wins, e.losses, e.provisional) for e in board.entries] == [
        (ALICE, 1, 0, True),
        (BOB, 0, 1, True),
    ]


async def test_a_draw_between_equals_leaves_both_means_alone(service: GameService) -> None:
    await single_game(service, ALICE, BOB, drawn=True)
    assert (await rating_of(service, ALICE))[0] == pytest.approx(INITIAL.mu)
    assert (await rating_of(service, BOB))[0] == pytest.approx(INITIAL.mu)


async def test_ratings_are_per_game(service: GameService) -> None:
    await single_game(service, ALICE, BOB, "verbindung")
    assert (await rating_of(service, ALICE, "verbindung"))[0] > INITIAL.mu
    with pytest.raises(errors.NoRatedGamesError):
        await service.ratings.leaderboard(GUILD, "ponte")


async def test_recomputing_from_the_stored_results_gives_the_same_ratings(
    service: GameService, clock: FakeClock
) -> None:
    rng = random.Random(3)
    for _ in range(12):
        winner, loser = rng.sample([ALICE, BOB, CAROL], 2)
        await single_game(service, winner, loser, drawn=rng.random() < 0.3)
    await start_game(service, best_of=3)
    await play_moves(service)
    await service.moves.resign(CHANNEL, BOB)
    clock.advance(minutes=1)  # not the same command sent twice: see test_service_matches
    await service.moves.resign(CHANNEL, BOB)
    before = await every_rating(service)
    assert await service.ratings.recompute_ratings() == 13
    assert await every_rating(service) == before


async def test_a_best_of_three_is_rated_as_one_result(service: GameService) -> None:
    await start_game(service, best_of=3)
    await play_moves(service)
    await service.moves.resign(CHANNEL, BOB)
    after_one_game = await service.ratings.stats(GUILD, ALICE)
    assert after_one_game.ratings == ()  # the match runs: nothing is rated yet
    await service.moves.resign(CHANNEL, ALICE)
    await service.moves.resign(CHANNEL, BOB)
    board = await service.ratings.leaderboard(GUILD, "ponte")
    assert [(e.user_id, e.results, e.wins, e.losses) for e in board.entries] == [
        (ALICE, 1, 1, 0),
        (BOB, 1, 0, 1),
    ]
    async with service.connection.read() as db:
        [result] = await ratings.all_results(db)
    assert (result.match_id, result.game_id, result.winner_id) == (1, None, ALICE)
    stats = await service.ratings.stats(GUILD, ALICE, "ponte")
    assert stats.totals[0].people.games == 3  # the games themselves count in the statistics


async def test_games_against_the_computer_are_not_rated_and_are_counted_apart(
    service: GameService,
) -> None:
    await start_computer_game(service)
    await service.moves.resign(CHANNEL, ALICE)
    with pytest.raises(errors.NoRatedGamesError):
        await service.ratings.leaderboard(GUILD, "ponte")
    await single_game(service, ALICE, BOB)
    stats = await service.ratings.stats(GUILD, ALICE, "ponte")
    [totals] = stats.totals
    assert (totals.people.wins, totals.people.losses) == (1, 0)
    assert (totals.computer.wins, totals.computer.losses) == (0, 1)
    assert [r.results for r in stats.ratings] == [1]
    assert [r.opponent_id for r in stats.recent] == [BOB, COMPUTER]
    for _ in range(2):  # two more lost to the computer: the streak is of games against people
        await start_computer_game(service)
        await service.moves.resign(CHANNEL, ALICE)
    streak = (await service.ratings.stats(GUILD, ALICE, "ponte")).streak
    assert streak is not None and (streak.outcome, streak.length) == ("win", 1)


async def test_a_rating_is_provisional_until_it_rests_on_enough_results(
    service: GameService,
) -> None:
    for number in range(1, PROVISIONAL_RESULTS + 1):
        await single_game(service, ALICE, BOB)
        [mine] = (await service.ratings.stats(GUILD, ALICE, "ponte")).ratings
        assert mine.provisional is (number < PROVISIONAL_RESULTS)


async def test_the_leaderboard_is_paged_best_first(service: GameService) -> None:
    players = [1000 + n for n in range(BOARD_PAGE + 3)]
    for number, player in enumerate(players):  # each player wins against the next one
        await single_game(service, player, players[(number + 1) % len(players)])
    first = await service.ratings.leaderboard(GUILD, "ponte")
    assert (first.page, first.pages, first.players) == (0, 2, len(players))
    last = await service.ratings.leaderboard(GUILD, "ponte", page=7)  # past the end: the last page
    assert last.page == 1 and len(last.entries) == 3
    entries = first.entries + last.entries
    assert [e.rank for e in entries] == list(range(1, len(players) + 1))
    assert [e.rating for e in entries] == sorted((e.rating for e in entries), reverse=True)


async def test_stats_show_the_streak_the_last_games_and_the_record_against_the_caller(
    service: GameService, clock: FakeClock
) -> None:
    for winner, loser in [(BOB, ALICE), (ALICE, BOB), (ALICE, CAROL), (ALICE, BOB)]:
        clock.advance(hours=1)
        await single_game(service, winner, loser)
    stats = await service.ratings.stats(GUILD, ALICE, viewer_id=BOB)
    assert stats.streak is not None and (stats.streak.outcome, stats.streak.length) == ("win", 3)
    assert [r.opponent_id for r in stats.recent] == [BOB, CAROL, BOB, BOB]
    assert stats.head_to_head is not None
    assert (stats.head_to_head.wins, stats.head_to_head.losses) == (2, 1)
    assert stats.chart_kind == "ponte" and len(stats.history) == 4
    assert stats.history[-1].mu == pytest.approx((await rating_of(service, ALICE))[0])
    assert (await service.ratings.stats(GUILD, ALICE, viewer_id=ALICE)).head_to_head is None


async def test_stats_of_someone_who_never_played_are_a_friendly_refusal(
    service: GameService,
) -> None:
    with pytest.raises(errors.NoGamesYetError) as refused:
        await service.ratings.stats(GUILD, CAROL)
    assert refused.value.params["user_id"] == CAROL
    await single_game(service, ALICE, BOB, "verbindung")
    with pytest.raises(errors.NoGamesYetError):
        await service.ratings.stats(GUILD, ALICE, "ponte")  # none of this game
    with pytest.raises(errors.UnknownGameError):
        await service.ratings.stats(GUILD, ALICE, "chess")


async def test_results_finished_before_ratings_existed_are_rated_once(
    service: GameService,
) -> None:
    await single_game(service, ALICE, BOB)
    async with service.connection.transaction() as db:
        await ratings.clear(db)  # as a database the ratings migration filled looks
    assert await service.ratings.rate_unrated() == 1
    assert (await rating_of(service, ALICE))[0] > INITIAL.mu
    assert await service.ratings.rate_unrated() == 0


async def test_results_finishing_at_once_are_all_rated_as_a_recompute_rates_them(
    service: GameService,
) -> None:
    """Found by review: two results of one player committed at the same moment read the same
    rating (the second overwrote the first) on PostgreSQL."""
    opponents = [2000 + n for n in range(8)]
    for number, opponent in enumerate(opponents):
        await start_game(service, channel_id=CHANNEL + number, challenger=ALICE, opponent=opponent)
        await play_moves(service, CHANNEL + number)
    await asyncio.gather(
        *(service.moves.resign(CHANNEL + n, opponent) for n, opponent in enumerate(opponents))
    )
    [alice] = [
        e for e in (await service.ratings.leaderboard(GUILD, "ponte")).entries if e.user_id == ALICE
    ]
    assert (alice.results, alice.wins) == (len(opponents), len(opponents))
    before = await every_rating(service)
    await service.ratings.recompute_ratings()
    assert await every_rating(service) == before


ALT = 4040  # a second account of alice's


async def test_a_result_is_rated_only_if_both_players_made_a_move(service: GameService) -> None:
    """Issue 27: a second account resigning at once, three times, took a player from 1500 to
    1980."""
    for _ in range(3):
        await start_game(service, challenger=ALICE, opponent=ALT)
        await play_moves(service, count=1)  # alice moves; her alt never does
        await service.moves.resign(CHANNEL, ALT)
    await start_game(service, challenger=ALT, opponent=ALICE)
    await service.moves.resign(CHANNEL, ALICE)  # a resignation is no move: nobody moved here
    with pytest.raises(errors.NoRatedGamesError):
        await service.ratings.leaderboard(GUILD, "ponte")
    stats = await service.ratings.stats(GUILD, ALICE, "ponte")
    assert stats.ratings == () and stats.history == ()
    [totals] = stats.totals
    assert (totals.people.wins, totals.people.losses) == (3, 1)  # counted in the results
    await single_game(service, ALICE, ALT)  # both moved: rated
    [mine] = (await service.ratings.stats(GUILD, ALICE, "ponte")).ratings
    assert (mine.results, mine.opponents) == (1, 1)


async def test_a_match_is_rated_if_each_player_moved_in_any_of_its_games(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, best_of=3)  # alice begins the first game
    await play_moves(service, count=1)
    await service.moves.resign(CHANNEL, BOB)  # bob never moved in game 1
    clock.advance(minutes=1)
    await service.moves.resign(CHANNEL, BOB)  # nor in game 2 (he began it): the match is alice's
    with pytest.raises(errors.NoRatedGamesError):
        await service.ratings.leaderboard(GUILD, "ponte")
    await start_game(service, best_of=3)
    await play_moves(service, count=1)
    await service.moves.resign(CHANNEL, BOB)
    clock.advance(minutes=1)
    await play_moves(service, count=1)  # bob moves in game 2: both have moved in the match
    await service.moves.resign(CHANNEL, BOB)
    board = await service.ratings.leaderboard(GUILD, "ponte")
    assert [(e.user_id, e.results) for e in board.entries] == [(ALICE, 1), (BOB, 1)]


async def test_stats_say_how_many_opponents_a_rating_rests_on(service: GameService) -> None:
    for opponent in (BOB, BOB, CAROL):
        await single_game(service, ALICE, opponent)
    await start_game(service, challenger=ALICE, opponent=ALT)
    await service.moves.resign(CHANNEL, ALT)  # not rated: counts for no opponent
    [mine] = (await service.ratings.stats(GUILD, ALICE, "ponte")).ratings
    assert (mine.results, mine.opponents) == (3, 2)


async def test_stored_results_from_before_the_rule_are_judged_by_it_once(
    service: GameService,
) -> None:
    await single_game(service, ALICE, BOB)
    await start_game(service, challenger=ALICE, opponent=ALT)
    await service.moves.resign(CHANNEL, ALT)
    async with service.connection.transaction() as db:
        # A database from before the rule: every result rated, none judged.
        await db.execute("UPDATE rated_results SET rated = NULL")
        await ratings.clear(db)
        every = f"SELECT {RatedResult.columns()} FROM rated_results ORDER BY id"
        for result in await RatedResult.all(db, every, ()):
            await Rater().apply_result(db, result)
    assert (await service.ratings.stats(GUILD, ALT, "ponte")).ratings != ()  # the alt's gift, rated
    assert await service.ratings.rate_unrated() == 1  # judged: one result of two is rated
    assert (await service.ratings.stats(GUILD, ALT, "ponte")).ratings == ()
    [mine] = (await service.ratings.stats(GUILD, ALICE, "ponte")).ratings
    assert (mine.results, mine.opponents) == (1, 1)
    assert await service.ratings.rate_unrated() == 0  # once: not again at every start
    assert await service.ratings.recompute_ratings() == 1
