"""Best-of matches (RULES.md V13, for both games): the first move changes hands after every game,
two wins end a best of three at once, a drawn game is replayed up to five games in all, a game or
the whole match can be resigned, the clock decides inside a match as anywhere, and the match
survives a restart."""

from __future__ import annotations

import pytest

from bot.service import GameService, MatchTermination, MoveResult, TimeLoss, errors
from bot.service.deadlines import HOUR
from bot.service.events import GameChanged
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    COMPUTER,
    CountingSeeds,
    FakeClock,
    open_service,
    start_computer_game,
    start_game,
)


async def win_game(service: GameService, winner: int) -> MoveResult:
    """End the channel's running game: the loser resigns it."""
    view = await service.queries.game_in(CHANNEL)
    return await service.moves.resign(CHANNEL, view.opponent_of(winner))


async def draw_game(service: GameService) -> None:
    """End the channel's running game in an agreed draw."""
    view = await service.queries.game_in(CHANNEL)
    await service.moves.offer_draw(CHANNEL, view.first_id)
    await service.moves.accept_draw(CHANNEL, view.second_id)


@pytest.mark.parametrize("kind", ["ponte", "verbindung"])
async def test_V13_the_first_move_changes_hands_after_every_game(
    service: GameService, kind: str
) -> None:
    started = await start_game(service, kind, best_of=3)
    first = started.view
    assert first.match is not None and first.match.game_number == 1
    assert (first.to_move_id, first.match.wins) == (ALICE, (0, 0))
    ended = await win_game(service, ALICE)
    assert ended.match is not None and ended.match.next_game is not None
    assert ended.view.match is not None and ended.view.match.wins == (1, 0)
    second = await service.queries.game_in(CHANNEL)
    assert second.id == ended.match.next_game.view.id != first.id
    assert (second.first_id, second.to_move_id) == (BOB, BOB)
    assert second.match is not None and (second.match.game_number, second.match.wins) == (2, (1, 0))
    await draw_game(service)
    third = await service.queries.game_in(CHANNEL)
    assert third.first_id == ALICE and third.match is not None and third.match.draws == 1
    assert (third.kind.key, third.variant, third.move_seconds) == (
        kind,
        first.variant,
        first.move_seconds,
    )


async def test_V13_two_wins_end_a_best_of_three_at_once(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, best_of=3)
    await win_game(service, BOB)
    clock.advance(minutes=1)
    last = await win_game(service, BOB)
    assert last.match is not None and last.match.next_game is None
    standing = last.match.standing
    assert (standing.finished, standing.winner_id, standing.wins) == (True, BOB, (0, 2))
    assert standing.termination is MatchTermination.DECIDED
    with pytest.raises(errors.NoGameHereError):  # no third game starts
        await service.queries.game_in(CHANNEL)


async def test_V13_drawn_games_count_for_neither_and_are_replayed(service: GameService) -> None:
    await start_game(service, "verbindung", best_of=3)
    await draw_game(service)
    await win_game(service, ALICE)
    await draw_game(service)
    view = await service.queries.game_in(CHANNEL)
    assert view.match is not None
    assert (view.match.game_number, view.match.wins, view.match.draws) == (4, (1, 0), 2)
    last = await win_game(service, ALICE)
    assert last.match is not None and last.match.standing.winner_id == ALICE
    assert last.match.standing.termination is MatchTermination.DECIDED


@pytest.mark.parametrize(
    ("winners", "champion"),
    [((None, None, None, None, ALICE), ALICE), ((ALICE, BOB, None, None, None), None)],
)
async def test_V13_after_five_games_more_wins_take_the_match_and_equal_wins_draw_it(
    service: GameService, winners: tuple[int | None, ...], champion: int | None
) -> None:
    await start_game(service, best_of=3)
    for number, winner in enumerate(winners, 1):
        view = await service.queries.game_in(CHANNEL)
        assert view.match is not None and view.match.game_number == number
        if winner is None:
            await draw_game(service)
        else:
            await win_game(service, winner)
    with pytest.raises(errors.NoGameHereError):  # five games, and no sixth
        await service.queries.game_in(CHANNEL)
    final = await service.queries.latest_game_in(CHANNEL)
    assert final.match is not None and final.match.finished
    assert (final.match.winner_id, final.match.termination) == (champion, MatchTermination.LIMIT)


async def test_resigning_a_game_loses_the_game_and_resigning_the_match_ends_it(
    service: GameService,
) -> None:
    await start_game(service, best_of=3)
    game_only = await service.moves.resign(CHANNEL, BOB)
    assert game_only.match is not None and game_only.match.next_game is not None
    assert game_only.match.standing.wins == (1, 0)
    whole = await service.moves.resign(
        CHANNEL, ALICE, whole_match=True
    )  # ahead, and still gives up
    assert whole.ending is not None and whole.match is not None
    standing = whole.match.standing
    assert (standing.finished, standing.winner_id) == (True, BOB)
    assert standing.termination is MatchTermination.RESIGNATION
    with pytest.raises(errors.NoGameHereError):
        await service.queries.game_in(CHANNEL)


async def test_resigning_a_match_outside_one_is_refused_and_changes_nothing(
    service: GameService,
) -> None:
    started = await start_game(service)
    with pytest.raises(errors.NotInMatchError):
        await service.moves.resign(CHANNEL, ALICE, whole_match=True)
    assert (await service.queries.game_in(CHANNEL)).revision == started.view.revision


async def test_a_loss_on_time_inside_a_match_counts_and_the_next_game_starts(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, best_of=3, move_seconds=2 * HOUR)
    clock.advance(hours=3)
    [loss] = [n for n in await service.alarms.run_due() if isinstance(n, TimeLoss)]
    assert loss.loser_id == ALICE and loss.match is not None
    assert loss.match.standing.wins == (0, 1) and loss.match.next_game is not None
    nxt = await service.queries.game_in(CHANNEL)
    assert nxt.to_move_id == BOB and nxt.deadline_at == int(clock.now.timestamp()) + 2 * HOUR


async def test_the_next_game_of_a_match_is_published_for_the_scheduler_and_the_computer(
    service: GameService,
) -> None:
    await start_computer_game(service, player_first=True, best_of=3)
    seen: list[object] = []
    service.events.subscribe(seen.append)
    await service.moves.resign(CHANNEL, ALICE)
    nxt = await service.queries.game_in(CHANNEL)
    assert nxt.to_move_id == COMPUTER  # the computer begins the second game
    assert GameChanged(nxt.id, nxt.revision, True, True) in seen
    turn = await service.computer.computer_turn(nxt.id)
    assert turn is not None and turn.level == "easy"


async def test_a_match_against_the_computer_is_played_as_any_other(service: GameService) -> None:
    await start_computer_game(service, player_first=False, best_of=3)
    view = await service.queries.game_in(CHANNEL)
    turn = await service.computer.computer_turn(view.id)
    assert turn is not None
    # The computer gives up this game (as if its search chose to): the match goes on.
    result = await service.computer.play_computer(turn, f"resign {view.to_move}")
    assert result is not None and result.match is not None
    assert result.match.standing.wins_of(ALICE) == 1
    assert (await service.queries.game_in(CHANNEL)).to_move_id == ALICE


@pytest.mark.parametrize("best_of", [0, 2, 5, -3])
async def test_a_match_length_not_offered_is_refused_and_nothing_is_stored(
    service: GameService, best_of: int
) -> None:
    with pytest.raises(errors.BadMatchLengthError) as refused:
        await service.challenges.challenge(
            game_kind="ponte",
            channel_id=CHANNEL,
            challenger_id=ALICE,
            opponent_id=BOB,
            best_of=best_of,
        )
    assert refused.value.params["best_of"] == best_of
    assert await service.challenges.pending_challenges(ALICE) == []
    with pytest.raises(errors.BadMatchLengthError):
        await start_computer_game(service, best_of=best_of)
    with pytest.raises(errors.NoGameHereError):
        await service.queries.game_in(CHANNEL)


async def test_a_match_survives_a_restart(database_at, clock: FakeClock) -> None:
    first = await open_service(database_at, clock, CountingSeeds())
    await start_game(first, best_of=3)
    await win_game(first, ALICE)
    await first.connection.close()
    clock.advance(minutes=1)
    again = await open_service(database_at, clock, CountingSeeds(50))
    try:
        view = await again.queries.game_in(CHANNEL)
        assert view.match is not None and (view.match.game_number, view.match.wins) == (2, (1, 0))
        last = await win_game(again, ALICE)
        assert last.match is not None and last.match.standing.winner_id == ALICE
    finally:
        await again.connection.close()


async def test_a_single_game_has_no_match(service: GameService) -> None:
    started = await start_game(service)
    assert started.view.match is None
    ended = await win_game(service, ALICE)
    assert ended.match is None and ended.view.match is None


async def test_a_resignation_sent_twice_does_not_give_up_the_next_game_too(
    service: GameService, clock: FakeClock
) -> None:
    """Found by review: the second of two /resign (a retry, a double click) gave up the game
    the first one had just started, and with it the match."""
    await start_game(service, best_of=3)
    await service.moves.resign(CHANNEL, ALICE)
    with pytest.raises(errors.RepeatedAcrossGamesError) as refused:
        await service.moves.resign(CHANNEL, ALICE)
    assert refused.value.params["number"] == 2
    second = await service.queries.game_in(CHANNEL)
    assert second.is_active and second.match is not None and second.match.wins == (0, 1)
    clock.advance(seconds=20)  # sent again later, it means this game: given up as any other
    assert (await service.moves.resign(CHANNEL, ALICE)).match is not None


async def test_a_last_move_sent_twice_is_not_taken_for_the_next_game(
    service: GameService,
) -> None:
    """Found by review: the final move of a game, repeated, was read in the match's next game
    (there a resignation of the same colour gives up the wrong game, or the other player's)."""
    await start_game(service, best_of=3)
    await service.moves.play(CHANNEL, BOB, "resign red")
    with pytest.raises(errors.AlreadyPlayedError):
        await service.moves.play(CHANNEL, BOB, "resign red")  # BOB plays white in the second game
    second = await service.queries.game_in(CHANNEL)
    assert second.is_active and second.revision == 0
