"""The one outbox (issues 13 and 45): every post a use case owes is stored in its own
transaction, whatever it is about; a subject's posts go out in the order they were owed; a post
a command delivers itself is left to it for a grace period; one the game moved past is settled
without a post; a refused post is retried with a growing pause and given up after a bound; one
whose outcome nobody heard is retried soon, and never once Discord may have forgotten its
nonce; a restart releases its claims, for every kind."""

from __future__ import annotations

import json
from datetime import timedelta

from bot.service import GameService, MoveResult, Reminder, Replay, Started, TimeLoss, game_posts
from bot.service import analyses as analysis_posts
from bot.service.context import POST_GRACE
from bot.service.outbox import (
    CLAIM_LEASE,
    MAX_ATTEMPTS,
    NONCE_TRUST,
    RETRY_BASE,
    UNSURE_RETRY,
)
from bot.service.owed import answering
from bot.store import outbox
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    FakeClock,
    computer_turns,
    open_service,
    owed,
    settle_posts,
    shown,
    start_computer_game,
    start_game,
)


async def claim(service: GameService, clock: FakeClock, seconds: float = 0) -> list[str]:
    """The kinds of the posts due `seconds` from now, claimed for this process."""
    rows = await service.outbox.claim_due(clock.now + timedelta(seconds=seconds))
    return [row.kind for row in rows]


async def test_a_commands_posts_are_claimed_for_it_for_a_grace_period(
    service: GameService, clock: FakeClock
) -> None:
    with answering("de") as owing:
        accepted = await start_game(service)
    # The start alone, collected once its change committed: the challenge's message and its
    # edit once accepted are shown apart, as `start_game` has it.
    assert len(owing.ids) == 1
    assert await claim(service, clock) == []  # being delivered by the command right now
    [start] = await service.outbox.claim_due(clock.now + timedelta(seconds=POST_GRACE))
    assert start.id == owing.ids[-1] and start.kind == game_posts.START.name
    assert start.subject_id == accepted.view.id and '"locale": "de"' in start.data
    assert await service.outbox.delivered(start.id, CHANNEL, 42)
    assert not await service.outbox.delivered(start.id, CHANNEL, 43)  # settled once
    assert await owed(service) == []


async def test_a_refused_change_owes_nothing_and_its_command_collects_nothing(
    service: GameService,
) -> None:
    await start_game(service)
    await settle_posts(service, FakeClock())
    with answering() as owing:
        try:
            await service.moves.play(CHANNEL, BOB, "a1 c1")  # not Bob's turn
        except Exception as error:
            assert type(error).__name__ == "NotYourTurnError"
    assert owing.ids == [] and await owed(service) == []


async def test_a_move_owed_since_a_crash_is_rebuilt_as_it_was_made(
    database_at, clock: FakeClock
) -> None:
    service = await open_service(database_at, clock)
    await start_game(service, "verbindung")
    await settle_posts(service, clock)
    view = await service.queries.game_in(CHANNEL)
    with answering():
        made = await service.moves.play(CHANNEL, ALICE, view.kind.suggest(view.game, "")[0])
    await service.connection.close()  # the bot dies before posting it

    again = await open_service(database_at, clock)  # which releases its claims, as at a start
    try:
        [row] = await again.outbox.claim_due(clock.now)  # due at once
        move = await shown(again, row)
        assert isinstance(move, MoveResult)
        assert (move.mover_id, move.played, move.drawn) == (made.mover_id, made.played, made.drawn)
        assert move.view.revision == made.view.revision and move.to_notify == (BOB,)
    finally:
        await again.connection.close()


async def test_a_post_the_game_moved_past_shows_nothing(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    await service.moves.play(CHANNEL, BOB, "swap")
    rows = await owed(service)
    assert [row.kind for row in rows] == ["start", "move", "move"]
    assert [await shown(service, row) is None for row in rows] == [True, True, False]


async def test_a_subjects_posts_go_out_in_order_and_other_subjects_do_not_wait(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    await start_game(service, channel_id=CHANNEL + 1)
    [first, other] = await service.outbox.claim_due(clock.now)  # each game's first post
    assert (first.kind, other.kind) == ("start", "start") and first.subject_id != other.subject_id
    assert await claim(service, clock, CLAIM_LEASE - 1) == []  # the move waits for its start
    await service.outbox.failed(first.id)  # refused: it stays the head of its game's posts
    assert await claim(service, clock, RETRY_BASE - 1) == []
    await service.outbox.delivered(first.id)
    assert await claim(service, clock) == ["move"]


async def test_reminders_and_losses_on_time_are_owed_too(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=3600)
    await settle_posts(service, clock)
    clock.advance(minutes=30)
    await service.alarms.run_due()
    [row] = await owed(service)
    reminder = await shown(service, row)
    assert isinstance(reminder, Reminder) and (reminder.user_id, reminder.stage) == (ALICE, 1)
    clock.advance(minutes=31)
    await service.alarms.run_due()
    reminder_row, loss_row = await owed(service)
    assert await shown(service, reminder_row) is None  # past news now
    loss = await shown(service, loss_row)
    assert isinstance(loss, TimeLoss) and loss.loser_id == ALICE


async def test_the_computers_moves_and_its_games_starts_are_owed(
    service: GameService, clock: FakeClock
) -> None:
    view = await start_computer_game(service, player_first=False)
    [start] = await owed(service)
    assert isinstance(await shown(service, start), Started) and start.subject_id == view.id
    [turn] = await computer_turns(service)
    played = await service.computer.play_computer(turn, view.kind.suggest(view.game, "")[0])
    assert played is not None
    assert [row.kind for row in await owed(service)] == ["start", "move"]


async def test_a_refused_post_is_retried_with_a_growing_pause_then_given_up(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    [post] = await owed(service)
    pauses = []
    for _ in range(MAX_ATTEMPTS - 1):
        await service.outbox.failed(post.id)
        next_due = await service.outbox.next_post_due()
        assert next_due is not None
        pauses.append((next_due - clock.now).total_seconds())
        assert await service.outbox.claim_due(next_due - timedelta(seconds=1)) == []
        clock.now = next_due
    assert pauses[:3] == [RETRY_BASE, 2 * RETRY_BASE, 4 * RETRY_BASE]
    assert pauses == sorted(pauses)
    await service.outbox.failed(post.id)  # the last attempt failed too: given up
    assert await owed(service) == []


async def test_a_post_nobody_heard_of_is_retried_soon_while_discord_knows_its_nonce(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    [row] = await service.outbox.claim_due(clock.now)
    assert row.tried_at is None  # its first attempt
    await service.outbox.failed(row.id, uncertain=True)
    [again] = await service.outbox.claim_due(clock.now + timedelta(seconds=UNSURE_RETRY))
    assert again.tried_at is not None and not service.outbox.nonce_lapsed(again)
    clock.advance(seconds=NONCE_TRUST)
    assert service.outbox.nonce_lapsed(again)  # the courier then gives it up, sends nothing


async def test_a_restart_releases_its_claims_of_every_kind_at_once(
    database_at, clock: FakeClock
) -> None:
    service = await open_service(database_at, clock)
    started = await start_game(service)
    tournament = await service.tournaments.create_tournament(
        guild_id=1, channel_id=CHANNEL + 5, organiser_id=ALICE, game_kind="ponte",
        format="swiss", signup_seconds=3600, rounds=2,
    )  # fmt: skip
    claimed = await service.outbox.claim_due(clock.now)
    assert {(r.subject, r.subject_id) for r in claimed} == {
        ("game", started.view.id),
        ("tournament", tournament.id),
    }
    await service.connection.close()  # killed while posting them

    again = await open_service(database_at, clock)  # releases this process's claims
    try:
        assert len(await again.outbox.claim_due(clock.now)) == 2  # due now, not in 45 seconds
    finally:
        await again.connection.close()


async def test_a_match_games_end_owes_its_post_its_replay_then_the_next_game(
    service: GameService, clock: FakeClock
) -> None:
    started = await start_game(service, best_of=3)
    await settle_posts(service, clock)
    await service.moves.resign(CHANNEL, BOB)
    rows = await owed(service)
    assert [(r.kind, r.subject_id == started.view.id) for r in rows] == [
        ("move", True),
        ("replay", True),
        ("start", False),
    ]
    replay = await shown(service, rows[1])
    assert isinstance(replay, Replay) and not replay.view.is_active


async def test_an_agreed_draw_owes_its_post_then_its_replay_and_a_loss_on_time_its_own(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    await settle_posts(service, clock)
    await service.moves.offer_draw(CHANNEL, ALICE)
    await service.moves.offer_draw(CHANNEL, BOB)
    kinds = [row.kind for row in await owed(service)]
    assert kinds == ["draw_offered", "buttons_off", "draw_agreed", "replay"]
    await settle_posts(service, clock)
    await start_game(service, channel_id=CHANNEL + 1)
    await settle_posts(service, clock)
    clock.advance(days=30)
    await service.alarms.run_due(clock.now)
    assert [row.kind for row in await owed(service)] == ["time_loss"]  # it shows its replay


async def test_an_analysis_owes_one_progress_edit_at_a_time(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    for move in ("a1 c1", "swap", "f6 h8", "a3 a5"):
        view = await service.queries.game_in(CHANNEL)
        await service.moves.play(CHANNEL, view.to_move_id or 0, move)
    await service.moves.resign(CHANNEL, ALICE)
    await settle_posts(service, clock)
    view = await service.queries.latest_game_in(CHANNEL)
    await service.analyses.request_analysis(
        ALICE, game_id=view.id, channel_id=CHANNEL, guild_id=view.guild_id
    )
    [asked] = await owed(service)
    assert asked.kind == analysis_posts.SHOWN.name
    await service.outbox.delivered(asked.id, CHANNEL, 77)
    for turn in (1, 2):
        await service.analyses.save_review(view.id, turn, json.dumps({"turn": turn}))
    [edit] = await owed(service)  # one edit for both reviews, a few seconds later
    assert edit.kind == analysis_posts.PROGRESS.name
    assert edit.next_attempt_at == int(clock.now.timestamp()) + analysis_posts.SHOW_SECONDS


async def test_the_command_a_post_answers_is_kept_with_it(database_at, clock: FakeClock) -> None:
    service = await open_service(database_at, clock)
    await start_game(service)
    await settle_posts(service, clock)
    with answering() as owing:
        await service.moves.play(CHANNEL, ALICE, "a1 c1")
    [post] = owing.ids
    await service.outbox.answering(post, "interaction-token", 1_000)
    await service.connection.close()  # killed: did the answer arrive?

    again = await open_service(database_at, clock)
    try:
        [row] = await again.outbox.claim_due(clock.now)
        answer = (row.answer_token, row.answer_expires_at)
        assert row.id == post and answer == ("interaction-token", 1_000)
        assert row.tried_at is not None  # its first attempt may have reached Discord
        await again.outbox.delivered(row.id, CHANNEL, 4242)  # it had: settled with its message
        async with again.connection.read() as db:
            settled = await outbox.get(db, post)
        assert settled is not None and settled.message_id == 4242
    finally:
        await again.connection.close()


async def test_an_answer_that_never_arrived_is_kept_only_for_its_asker_where_asked(
    database_at, clock: FakeClock
) -> None:
    """Issue 52, point 7: a command's posts know who gave it and where; one kept for a later
    interaction must go where the command was given (a notice to another channel is never its
    answer), and is dropped once a later post of its kind showed the same."""
    service = await open_service(database_at, clock)
    try:
        await start_game(service)
        await settle_posts(service, clock)
        with answering("de", ALICE, CHANNEL) as owing:
            await service.moves.play(CHANNEL, ALICE, "a1 c1")
        [post] = owing.ids
        await service.outbox.answering(post, "interaction-token", 1_000, ALICE)
        row = await service.outbox.post(post)
        assert row is not None and row.answer_user_id == ALICE
        assert json.loads(row.data)["locale"] == "de"
        assert not await service.outbox.keep(row, CHANNEL + 1)  # never its answer there
        assert await service.outbox.keep(row, CHANNEL)
        [kept] = await service.outbox.kept_for(ALICE, CHANNEL)
        assert await service.outbox.kept_for(BOB, CHANNEL) == []
        assert await service.outbox.take_kept(kept)
        await service.outbox.put_back(kept.id, CHANNEL)
        with answering("de", BOB, CHANNEL):  # bob's move owes a post of the same kind
            await service.moves.play(CHANNEL, BOB, "b1 d1")
        assert not await service.outbox.take_kept(kept)  # shown by the later one: dropped
        assert await service.outbox.kept_for(ALICE, CHANNEL) == []
    finally:
        await service.connection.close()
