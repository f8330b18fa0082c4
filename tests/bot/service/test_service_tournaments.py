"""Tournaments through the service (issue 30), on both backends: the sign-up and its refusals,
the start (early or at the deadline), rounds that close and pair the next by themselves as their
games end, withdrawals, standings and the posts owed; restart-safe and paired once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import GameService, TournamentPost, errors
from bot.service.deadlines import DAY, HOUR
from bot.service.tournament import errors as terrors
from bot.service.tournament import posts
from bot.service.tournament.views import TournamentView
from bot.store import outbox
from bot.store.tournaments import TournamentState
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    open_service,
    play_moves,
    settle_posts,
    shown,
)
from testing.servicekit import owed as owed_rows

DAVE, ERIN = 404, 505
THREADS = 70_000  # the threads the Discord layer would open: THREADS + round * 100 + board


async def create(service: GameService, **options: object) -> TournamentView:
    settings: dict[str, object] = {
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "organiser_id": ALICE,
        "game_kind": "ponte",
        "format": "round-robin",
        "signup_seconds": DAY,
        "move_seconds": DAY,
    }
    settings.update(options)
    return await service.tournaments.create_tournament(**settings)  # type: ignore[arg-type]


async def with_players(service: GameService, *players: int, **options: object) -> TournamentView:
    view = await create(service, **options)
    for player in players:
        view = await service.tournaments.join_tournament(view.id, player)
    return view


async def start_round(service: GameService, view: TournamentView) -> TournamentView:
    """Start every board of the current round in a thread of its own, as the Discord layer
    does when it posts the round."""
    view = await service.tournaments.tournament(view.id)
    number = view.row.current_round
    for board in view.round_boards(number):
        await service.tournaments.start_board(
            view.id, number, board.board, thread(number, board.board)
        )
    return await service.tournaments.tournament(view.id)


def thread(round_number: int, board: int) -> int:
    return THREADS + round_number * 100 + board


async def win(service: GameService, view: TournamentView, winner: int) -> None:
    """The opponent of `winner` resigns their board's game of the current round."""
    number = view.row.current_round
    board = next(b for b in view.round_boards(number) if winner in (b.first_id, b.second_id))
    loser = board.second_id if winner == board.first_id else board.first_id
    assert loser is not None
    await service.moves.resign(thread(number, board.board), loser)


async def draw(service: GameService, view: TournamentView, player: int) -> None:
    number = view.row.current_round
    board = next(b for b in view.round_boards(number) if player in (b.first_id, b.second_id))
    channel = thread(number, board.board)
    await service.moves.offer_draw(channel, board.first_id)
    assert board.second_id is not None
    await service.moves.accept_draw(channel, board.second_id)


async def kinds_owed(
    service: GameService, tournament_id: int, *, boards: bool = False
) -> list[tuple[str, int]]:
    """The posts owed about the tournament (and its round), oldest first; its boards' threads
    only when asked for."""
    async with service.connection.read() as db:
        rows = await outbox.posts_of_subject(db, "tournament", tournament_id)
    return [(p.kind, p.revision) for p in rows if boards or p.kind != posts.BOARD.name]


# Creating ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"game_kind": "chess"}, errors.UnknownGameError),
        ({"variant": "huge"}, errors.UnknownVariantError),
        ({"format": "knockout"}, terrors.BadTournamentFormatError),
        ({"format": "swiss"}, terrors.BadTournamentRoundsError),
        ({"format": "swiss", "rounds": 13}, terrors.BadTournamentRoundsError),
        ({"rounds": 3}, terrors.RoundsOnlyForSwissError),
        ({"move_seconds": 60}, errors.BadTimeLimitError),
        ({"best_of": 2}, errors.BadMatchLengthError),
        ({"signup_seconds": 60}, terrors.BadSignupTimeError),
        ({"signup_seconds": 31 * DAY}, terrors.BadSignupTimeError),
        ({"max_players": 1}, terrors.BadMaxPlayersError),
        ({"max_players": 33}, terrors.BadMaxPlayersError),
    ],
)
async def test_create_refuses_every_bad_option_and_stores_nothing(
    service: GameService, options: dict[str, object], refusal: type[Exception]
) -> None:
    with pytest.raises(refusal):
        await create(service, **options)
    assert await service.tournaments.server_tournaments(GUILD) == []


async def test_create_opens_the_signup_and_owes_its_message(service: GameService) -> None:
    view = await create(service, format="swiss", rounds=3, max_players=8)
    assert (view.state, view.row.format, view.row.rounds, view.players) == (
        TournamentState.SIGNUP,
        "swiss",
        3,
        (),
    )
    assert await kinds_owed(service, view.id) == [(posts.SIGNUP.name, 0)]
    (post,) = await owed_rows(service)
    await service.outbox.delivered(post.id, CHANNEL, 999)
    await service.tournaments.join_tournament(view.id, BOB)
    (edit,) = await owed_rows(service)
    signup = await shown(service, edit)  # the list as it is now, in the message posted
    assert isinstance(signup, TournamentPost) and signup.tournament.players == (BOB,)
    assert signup.message is not None and signup.message.message_id == 999


async def test_a_server_has_at_most_five_open_tournaments(service: GameService) -> None:
    for _ in range(5):
        await create(service)
    with pytest.raises(terrors.TooManyTournamentsError):
        await create(service)
    assert len(await service.tournaments.server_tournaments(GUILD)) == 5


# Signing up -------------------------------------------------------------------------------------


async def test_players_join_once_leave_and_the_list_is_owed_anew(service: GameService) -> None:
    view = await with_players(service, BOB, CAROL)
    with pytest.raises(terrors.AlreadyEnteredError):
        await service.tournaments.join_tournament(view.id, BOB)
    view = await service.tournaments.leave_tournament(view.id, BOB)
    assert view.players == (CAROL,)
    with pytest.raises(terrors.NotEnteredError):
        await service.tournaments.leave_tournament(view.id, BOB)
    # Created, two joins, one leave: one post of the list as it is when it goes out.
    assert await kinds_owed(service, view.id) == [(posts.SIGNUP.name, 0)]
    await settle_posts(service, FakeClock())
    await service.tournaments.join_tournament(view.id, DAVE)  # the list owed anew
    owed = await kinds_owed(service, view.id)
    assert owed == [(posts.SIGNUP.name, 0)] * 2


async def test_a_full_tournament_takes_nobody_more(service: GameService) -> None:
    view = await with_players(service, BOB, CAROL, max_players=2)
    with pytest.raises(terrors.TournamentFullError):
        await service.tournaments.join_tournament(view.id, DAVE)
    assert (await service.tournaments.tournament(view.id)).players == (BOB, CAROL)


async def test_an_unknown_tournament_is_refused(service: GameService) -> None:
    with pytest.raises(terrors.TournamentNotFoundError):
        await service.tournaments.join_tournament(12345, BOB)
    view = await create(service)
    with pytest.raises(terrors.TournamentNotFoundError):
        await service.tournaments.tournament(view.id, guild_id=GUILD + 1)  # another server's


# Starting ---------------------------------------------------------------------------------------


async def test_only_the_organiser_or_a_manager_starts_early(service: GameService) -> None:
    view = await with_players(service, BOB, CAROL)
    with pytest.raises(terrors.NotOrganiserError):
        await service.tournaments.start_tournament(view.id, BOB)
    started = await service.tournaments.start_tournament(view.id, BOB, may_manage=True)
    assert (started.state, started.row.current_round, started.row.rounds) == (
        TournamentState.RUNNING,
        1,
        1,
    )
    with pytest.raises(terrors.SignupClosedError):
        await service.tournaments.join_tournament(view.id, DAVE)


async def test_a_tournament_needs_two_players_to_start(service: GameService) -> None:
    view = await with_players(service, BOB)
    with pytest.raises(terrors.TooFewPlayersError):
        await service.tournaments.start_tournament(view.id, ALICE)


async def test_at_the_deadline_it_starts_by_itself(service: GameService, clock: FakeClock) -> None:
    view = await with_players(service, BOB, CAROL, DAVE)
    assert await service.tournaments.advance_tournaments() == 0
    clock.advance(seconds=DAY)
    assert await service.outbox.next_alarm() is not None
    assert await service.tournaments.advance_tournaments() == 1
    started = await service.tournaments.tournament(view.id)
    assert started.state is TournamentState.RUNNING
    boards = started.round_boards(1)
    assert [b.second_id is None for b in boards].count(True) == 1  # three players: a bye
    assert await service.tournaments.advance_tournaments() == 0  # nothing more is due


async def test_at_the_deadline_too_few_players_cancel_it(
    service: GameService, clock: FakeClock
) -> None:
    view = await with_players(service, BOB)
    clock.advance(seconds=DAY)
    await service.tournaments.advance_tournaments()
    assert (await service.tournaments.tournament(view.id)).state is TournamentState.CANCELLED
    assert (await kinds_owed(service, view.id))[-2:] == [
        (posts.SIGNUP.name, 0),  # the sign-up message loses its buttons
        (posts.CANCELLED.name, 0),
    ]


async def test_cancel_is_the_organisers_and_ends_it(service: GameService) -> None:
    view = await with_players(service, BOB, CAROL)
    with pytest.raises(terrors.NotOrganiserError):
        await service.tournaments.cancel_tournament(view.id, BOB)
    cancelled = await service.tournaments.cancel_tournament(view.id, ALICE)
    assert cancelled.state is TournamentState.CANCELLED
    with pytest.raises(terrors.TournamentOverError):
        await service.tournaments.cancel_tournament(view.id, ALICE)


async def test_cancelling_mid_round_ends_it_after_that_round_which_counts(
    service: GameService,
) -> None:
    view = await with_players(service, ALICE, BOB, CAROL, DAVE)
    view = await start_round(service, await service.tournaments.start_tournament(view.id, ALICE))
    assert view.row.rounds == 3
    await win(service, view, ALICE)  # one game of round 1 is over before the cancel
    cut = await service.tournaments.cancel_tournament(view.id, BOB, may_manage=True)
    # Nobody's game is thrown away: round 1 plays on and counts, no round follows it.
    assert (cut.state, cut.row.rounds) == (TournamentState.RUNNING, 1)
    assert (await kinds_owed(service, view.id))[-1] == (posts.CANCELLED.name, 1)
    with pytest.raises(terrors.EndsAfterThisRoundError):
        await service.tournaments.cancel_tournament(view.id, ALICE)
    (other,) = [b for b in view.round_boards(1) if ALICE not in (b.first_id, b.second_id)]
    await win(service, view, other.first_id)
    await service.tournaments.advance_tournaments()
    final = await service.tournaments.tournament(view.id)
    assert (final.state, final.row.current_round) == (TournamentState.FINISHED, 1)
    assert [s.points for s in final.standings()] == [2, 2, 0, 0]  # both games counted
    assert (await kinds_owed(service, view.id))[-1] == (posts.FINAL.name, 1)


# Rounds -----------------------------------------------------------------------------------------


async def test_a_round_robin_of_four_runs_to_its_podium(service: GameService) -> None:
    view = await with_players(service, ALICE, BOB, CAROL, DAVE)
    view = await service.tournaments.start_tournament(view.id, ALICE)
    assert view.row.rounds == 3
    met: set[frozenset[int]] = set()
    # ALICE wins everything, BOB beats CAROL and DAVE, CAROL and DAVE draw.
    for number in (1, 2, 3):
        view = await start_round(service, view)
        assert view.row.current_round == number
        for board in view.round_boards(number):
            pair = frozenset((board.first_id, board.second_id))
            assert pair not in met and board.game_id is not None
            met.add(pair)  # type: ignore[arg-type]
        for board in view.round_boards(number):
            players = {board.first_id, board.second_id}
            await play_moves(service, thread(number, board.board))  # both move: rated
            if ALICE in players:
                await win(service, view, ALICE)
            elif BOB in players:
                await win(service, view, BOB)
            else:
                await draw(service, view, CAROL)
        await service.tournaments.advance_tournaments()
        view = await service.tournaments.tournament(view.id)
    assert view.state is TournamentState.FINISHED
    lines = [(s.place, s.id, s.points, s.tiebreak) for s in view.standings()]
    # Sonneborn-Berger (quarters): ALICE 4*2+1*2+1*2 = 12; BOB 1*2+1*2 = 4; CAROL, DAVE 1*1.
    assert lines == [(1, ALICE, 6, 12), (2, BOB, 4, 4), (3, CAROL, 1, 1), (3, DAVE, 1, 1)]
    owed = await kinds_owed(service, view.id)
    assert owed[-6:] == [
        (posts.ROUND.name, 1),
        (posts.STANDINGS.name, 1),
        (posts.ROUND.name, 2),
        (posts.STANDINGS.name, 2),
        (posts.ROUND.name, 3),
        (posts.FINAL.name, 3),
    ]
    rated = await service.ratings.leaderboard(GUILD, "ponte")  # games are rated as usual
    assert {entry.user_id: entry.results for entry in rated.entries} == dict.fromkeys(
        (ALICE, BOB, CAROL, DAVE), 3
    )


async def test_a_round_waits_for_its_last_game(service: GameService) -> None:
    view = await with_players(service, ALICE, BOB, CAROL, DAVE)
    view = await start_round(service, await service.tournaments.start_tournament(view.id, ALICE))
    await win(service, view, ALICE)
    await service.tournaments.advance_tournaments()
    assert (await service.tournaments.tournament(view.id)).row.current_round == 1


async def test_a_board_starts_once(service: GameService) -> None:
    view = await with_players(service, ALICE, BOB)
    view = await start_round(service, await service.tournaments.start_tournament(view.id, ALICE))
    (board,) = view.round_boards(1)
    assert await service.tournaments.start_board(view.id, 1, board.board, thread(1, 9)) is None
    assert (await service.tournaments.tournament(view.id)).round_boards(1)[
        0
    ].game_id == board.game_id


async def test_a_best_of_three_board_is_a_match(service: GameService, clock: FakeClock) -> None:
    view = await with_players(service, ALICE, BOB, best_of=3)
    view = await start_round(service, await service.tournaments.start_tournament(view.id, ALICE))
    (board,) = view.round_boards(1)
    assert board.match_id is not None
    await win(service, view, BOB)  # one game of the match: the board is not decided yet
    assert (await service.tournaments.tournament(view.id)).round_boards(1)[0].first_points is None
    clock.advance(minutes=1)  # not the same resignation sent twice
    await win(service, view, BOB)
    await service.tournaments.advance_tournaments()
    final = await service.tournaments.tournament(view.id)
    assert final.state is TournamentState.FINISHED
    assert [s.id for s in final.standings()] == [BOB, ALICE]


async def test_progress_shows_the_round_in_play_and_whose_turn_it_is_in_each_game(
    service: GameService, clock: FakeClock
) -> None:
    view = await with_players(service, ALICE, BOB, best_of=3)
    view = await service.tournaments.start_tournament(view.id, ALICE)
    shown = await service.tournaments.progress(view.id, GUILD)
    (waiting,) = shown.running  # its thread is not open yet
    assert (shown.completed, shown.in_play, waiting.channel_id, waiting.to_move_id) == (
        0,
        1,
        None,
        None,
    )
    view = await start_round(service, view)
    (board,) = view.round_boards(1)
    shown = await service.tournaments.progress(view.id)
    assert [(g.channel_id, g.to_move_id) for g in shown.running] == [(thread(1, 1), board.first_id)]
    await win(service, view, board.first_id)  # the match's second game: the other begins
    clock.advance(minutes=1)
    shown = await service.tournaments.progress(view.id)
    assert [(g.channel_id, g.to_move_id) for g in shown.running] == [
        (thread(1, 1), board.second_id)
    ]
    await win(service, view, board.first_id)
    await service.tournaments.advance_tournaments()
    shown = await service.tournaments.progress(view.id)
    assert (shown.final, shown.completed, shown.in_play, shown.running) == (True, 1, None, ())
    with pytest.raises(terrors.TournamentNotFoundError):
        await service.tournaments.progress(view.id, GUILD + 1)


async def test_a_swiss_of_five_with_a_bye_a_withdrawal_and_a_loss_on_time(
    service: GameService, clock: FakeClock
) -> None:
    view = await with_players(
        service, ALICE, BOB, CAROL, DAVE, ERIN, format="swiss", rounds=3, move_seconds=HOUR
    )
    view = await start_round(service, await service.tournaments.start_tournament(view.id, ALICE))
    byes = {b.first_id for b in view.round_boards(1) if b.second_id is None}
    assert len(byes) == 1
    for board in view.round_boards(1):  # the first player of each game wins it
        if board.second_id is not None:
            await win(service, view, board.first_id)
    await service.tournaments.advance_tournaments()
    view = await start_round(service, await service.tournaments.tournament(view.id))
    assert view.row.current_round == 2
    # Round two: one player withdraws, every other game is lost on time by its first player.
    playing = [b for b in view.round_boards(2) if b.second_id is not None]
    quitter = playing[0].second_id
    assert quitter is not None
    await service.tournaments.withdraw_from_tournament(view.id, quitter)
    clock.advance(hours=2)
    await service.alarms.run_due()
    await service.tournaments.advance_tournaments()
    view = await service.tournaments.tournament(view.id)
    assert view.row.current_round == 3 and quitter not in view.players
    round2 = {b.board: b for b in view.round_boards(2)}
    assert round2[playing[0].board].first_points == 2  # the quitter's opponent won
    assert all(round2[b.board].first_points == 0 for b in playing[1:])  # lost on time
    in_round3 = [p for b in view.round_boards(3) for p in (b.first_id, b.second_id) if p]
    assert sorted(in_round3) == sorted(view.players)  # the quitter is paired no more
    pairs = [frozenset((b.first_id, b.second_id)) for b in view.boards if b.second_id]
    assert len(pairs) == len(set(pairs))  # no pair twice
    all_byes = [b.first_id for b in view.boards if b.second_id is None]
    assert len(all_byes) == len(set(all_byes))  # nobody twice
    view = await start_round(service, view)
    for board in view.round_boards(3):
        if board.second_id is not None:
            await win(service, view, board.first_id)
    await service.tournaments.advance_tournaments()
    final = await service.tournaments.tournament(view.id)
    assert final.state is TournamentState.FINISHED
    withdrawn = next(s for s in final.standings() if s.id == quitter)
    assert withdrawn.withdrawn


async def test_removing_a_player_in_signup_or_mid_way(service: GameService) -> None:
    view = await with_players(service, ALICE, BOB, CAROL, DAVE)
    with pytest.raises(terrors.NotOrganiserError):
        await service.tournaments.remove_player(view.id, BOB, CAROL)
    view = await service.tournaments.remove_player(view.id, ALICE, DAVE)
    assert view.players == (ALICE, BOB, CAROL)
    view = await service.tournaments.start_tournament(view.id, ALICE)
    playing = next(b for b in view.round_boards(1) if b.second_id is not None)
    view = await service.tournaments.remove_player(
        view.id, ALICE, playing.first_id
    )  # not started: forfeit
    board = next(b for b in view.round_boards(1) if b.board == playing.board)
    assert (board.first_points, board.forfeit) == (0, 1)
    with pytest.raises(terrors.NotEnteredError):
        await service.tournaments.withdraw_from_tournament(view.id, playing.first_id)


async def test_a_restart_in_the_middle_of_a_round_changes_nothing(
    database_at: str | Path, clock: FakeClock
) -> None:
    first = await open_service(database_at, clock)
    view = await with_players(first, ALICE, BOB, CAROL, DAVE)
    view = await start_round(first, await first.tournaments.start_tournament(view.id, ALICE))
    await win(first, view, view.round_boards(1)[0].first_id)
    before = await first.tournaments.tournament(view.id)
    await first.connection.close()
    second = await open_service(database_at, clock)
    try:
        assert await second.tournaments.tournament(view.id) == before
        assert await second.tournaments.start_board(view.id, 1, 1, thread(1, 1)) is None
        await second.tournaments.advance_tournaments()
        after = await second.tournaments.tournament(
            view.id
        )  # the round still waits for its last game
        assert (after.boards, after.row.current_round) == (before.boards, 1)
        await win(second, before, before.round_boards(1)[-1].first_id)
        await second.tournaments.advance_tournaments()
        assert (await second.tournaments.tournament(view.id)).row.current_round == 2
    finally:
        await second.connection.close()


async def test_two_processes_at_the_deadline_pair_the_round_once(
    database_at: str | Path, clock: FakeClock
) -> None:
    one, two = await open_service(database_at, clock), await open_service(database_at, clock)
    try:
        view = await with_players(one, ALICE, BOB, CAROL, DAVE)
        clock.advance(seconds=DAY)
        await asyncio.gather(
            one.tournaments.advance_tournaments(), two.tournaments.advance_tournaments()
        )
        started = await two.tournaments.tournament(view.id)
        assert (started.row.current_round, len(started.boards)) == (1, 2)
        assert (await kinds_owed(one, view.id)).count((posts.ROUND.name, 1)) == 1
    finally:
        await one.connection.close()
        await two.connection.close()


async def test_a_rounds_post_follows_the_threads_of_its_boards(
    service: GameService, clock: FakeClock
) -> None:
    view = await with_players(service, ALICE, BOB, CAROL, DAVE)
    await service.tournaments.start_tournament(view.id, ALICE)
    owed = await kinds_owed(service, view.id, boards=True)
    assert owed[-3:] == [(posts.BOARD.name, 1), (posts.BOARD.name, 1), (posts.ROUND.name, 1)]
    [board, _other] = [row for row in await owed_rows(service) if row.kind == posts.BOARD.name]
    started = await service.tournaments.start_board(
        view.id, 1, 1, thread(1, 1), CHANNEL, post_id=board.id
    )
    assert started is not None  # the game, and the board's post settled with it
    assert board.id not in [row.id for row in await owed_rows(service)]
    assert await service.tournaments.start_board(view.id, 1, 1, thread(1, 1)) is None  # once
