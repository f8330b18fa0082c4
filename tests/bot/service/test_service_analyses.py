"""Analyses of finished games through the service, on both backends: asking (once per game, a
daily cap per player), the refusals, claiming turns one at a time with a lease, saving reviews
once, and going on after a restart at the first turn not reviewed."""

from __future__ import annotations

import json

import pytest

from bot.service import GameService
from bot.service.analyses import FAILED_TRIES, PROGRESS, SHOWN, AnalysisShown
from bot.service.errors import (
    AnalysisFailedError,
    GameNotFoundError,
    GameNotOverError,
    NoFinishedGameHereError,
    TooManyAnalysesError,
    TooShortToAnalyseError,
)
from bot.store import analyses
from bot.store.analyses import AnalysisState
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    owed,
    play_moves,
    settle_posts,
    shown,
    start_game,
)

LEASE = 30.0


async def finished_game(service: GameService, channel_id: int = CHANNEL, moves: int = 6) -> int:
    """A game of `moves` turns and a resignation, in `channel_id`."""
    await start_game(service, "ponte", channel_id=channel_id)
    view = await play_moves(service, channel_id, count=moves)
    await service.moves.resign(channel_id, ALICE)
    return view.id


async def ask(service: GameService, user: int = ALICE, game_id: int | None = None):
    return await service.analyses.request_analysis(
        user, game_id=game_id, channel_id=CHANNEL, guild_id=GUILD
    )


def review(turn: int) -> str:
    return json.dumps({"turn": turn})


async def test_a_request_queues_the_analysis_once(service: GameService) -> None:
    game_id = await finished_game(service)
    first = await ask(service)  # no number: alice's most recent finished game here
    assert first.new and first.analysis.view.id == game_id
    assert first.analysis.state is AnalysisState.WAITING
    assert first.analysis.turns == 7 and first.analysis.done == 0
    again = await ask(service, BOB, game_id)  # anyone, and free: the same analysis
    assert not again.new and again.analysis.asked_by == ALICE


async def test_turns_are_claimed_in_order_saved_once_and_finish(service: GameService) -> None:
    game_id = await finished_game(service)
    await ask(service, game_id=game_id)
    seen = []
    while (turn := await service.analyses.claim_analysis_turn(by="p", lease=LEASE)) is not None:
        assert turn.game_id == game_id and turn.kind.key == "ponte"
        assert await service.analyses.claim_analysis_turn(by="q", lease=LEASE) is None  # held
        seen.append(turn.turn)
        state = await service.analyses.save_review(game_id, turn.turn, review(turn.turn))
        again = await service.analyses.save_review(game_id, turn.turn, review(turn.turn))
        assert again.done == state.done == len(seen)  # idempotent
    assert seen == list(range(1, 8))
    done = await service.analyses.analysis(game_id)
    assert done is not None and done.finished
    assert [json.loads(r)["turn"] for r in done.reviews] == seen


async def test_a_restart_goes_on_at_the_first_turn_not_reviewed(
    service: GameService, clock: FakeClock
) -> None:
    game_id = await finished_game(service)
    await ask(service, game_id=game_id)
    for _ in range(3):
        turn = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)
        assert turn is not None
        await service.analyses.save_review(game_id, turn.turn, review(turn.turn))
    cut = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)  # then the process dies
    assert cut is not None and cut.turn == 4
    assert await service.analyses.claim_analysis_turn(by="other", lease=LEASE) is None
    assert await service.analyses.release_analysis_claims("p") == 1  # "p" started again
    resumed = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)
    assert resumed is not None and resumed.turn == 4
    await service.analyses.release_analysis_claims("p")
    # A claim of a process that never comes back runs out with its lease.
    held = await service.analyses.claim_analysis_turn(by="gone", lease=LEASE)
    assert held is not None
    clock.advance(seconds=LEASE + 1)
    taken = await service.analyses.claim_analysis_turn(by="other", lease=LEASE)
    assert taken is not None and taken.turn == 4


async def test_the_daily_cap_counts_a_players_requests(service: GameService) -> None:
    service.context.limits = type(service.context.limits)(analyses_per_day=2)
    ids = [await finished_game(service, CHANNEL + n) for n in range(3)]
    for game_id in ids[:2]:
        await ask(service, game_id=game_id)
    with pytest.raises(TooManyAnalysesError) as refused:
        await ask(service, game_id=ids[2])
    assert refused.value.params["analyses"] == 2
    first_asked = service.context.now()
    assert refused.value.params["retry_at"] == first_asked + 24 * 3600
    assert (await ask(service, BOB, ids[2])).new  # another player's cap is their own
    assert not (await ask(service, ALICE, ids[0])).new  # an analysed game costs nothing


async def test_the_cap_frees_a_day_after_a_request(service: GameService, clock: FakeClock) -> None:
    service.context.limits = type(service.context.limits)(analyses_per_day=1)
    ids = [await finished_game(service, CHANNEL + n) for n in range(2)]
    await ask(service, game_id=ids[0])
    clock.advance(hours=23)
    with pytest.raises(TooManyAnalysesError):
        await ask(service, game_id=ids[1])
    clock.advance(hours=1)
    assert (await ask(service, game_id=ids[1])).new


async def test_refusals(service: GameService) -> None:
    with pytest.raises(NoFinishedGameHereError):
        await ask(service)
    await start_game(service, "ponte")
    running = await play_moves(service, CHANNEL, count=6)
    with pytest.raises(GameNotOverError):
        await ask(service, game_id=running.id)
    with pytest.raises(GameNotFoundError):
        await ask(service, game_id=running.id + 100)
    with pytest.raises(GameNotFoundError):  # another server's game
        await service.analyses.request_analysis(
            ALICE, game_id=running.id, channel_id=CHANNEL, guild_id=GUILD + 1
        )
    await service.moves.resign(CHANNEL, ALICE)
    short = await finished_game(service, CHANNEL + 1, moves=1)
    with pytest.raises(TooShortToAnalyseError):
        await ask(service, game_id=short)
    with pytest.raises(NoFinishedGameHereError):  # carol played nothing here
        await ask(service, CAROL)
    async with service.connection.read() as db:
        assert await analyses.get_analysis(db, short) is None  # refusals change nothing


async def test_a_request_owes_its_message_and_each_review_owes_one_edit_of_it(
    service: GameService, clock: FakeClock
) -> None:
    game_id = await finished_game(service)
    await settle_posts(service, clock)
    await ask(service, game_id=game_id)
    [asked] = await owed(service)
    assert asked.kind == SHOWN.name and asked.subject_id == game_id
    turn = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)
    assert turn is not None
    await service.analyses.save_review(game_id, turn.turn, review(turn.turn))
    [_, edit] = await owed(service)
    assert edit.kind == PROGRESS.name
    assert await shown(service, edit) is None  # no message to edit yet: the request's shows it
    await service.outbox.delivered(asked.id, CHANNEL, 555)
    progress = await shown(service, edit)
    assert isinstance(progress, AnalysisShown) and progress.analysis.done == 1
    assert progress.message is not None and progress.message.message_id == 555
    turn = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)
    assert turn is not None
    await service.analyses.save_review(game_id, turn.turn, review(turn.turn))
    assert [row.kind for row in await owed(service)] == [PROGRESS.name]  # still the one edit


async def fail(service: GameService, game_id: int, turn_number: int) -> bool:
    """Claim the next turn (it must be `turn_number`) and say its review failed."""
    turn = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)
    assert turn is not None and turn.turn == turn_number
    return await service.analyses.review_failed(game_id, turn.turn, by="p")


async def test_a_turn_that_always_fails_ends_the_analysis_after_a_few_tries(
    service: GameService,
) -> None:
    service.context.limits = type(service.context.limits)(analyses_per_day=1)
    game_id = await finished_game(service)
    other = await finished_game(service, CHANNEL + 1)
    await ask(service, game_id=game_id)
    turn = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)
    assert turn is not None
    await service.analyses.save_review(game_id, turn.turn, review(turn.turn))
    ended = [await fail(service, game_id, 2) for _ in range(FAILED_TRIES)]
    assert ended == [False] * (FAILED_TRIES - 1) + [True]  # only the last one ends it
    assert (
        await service.analyses.claim_analysis_turn(by="p", lease=LEASE) is None
    )  # never tried again
    analysis = await service.analyses.analysis(game_id)
    assert analysis is not None and analysis.state is AnalysisState.FAILED
    assert analysis.failed_turn == 2 and analysis.done == 1 and not analysis.finished
    assert not await service.analyses.review_failed(
        game_id, 2, by="p"
    )  # a late failure: nothing new
    # It costs its asker nothing: alice may ask for another today.
    assert (await ask(service, game_id=other)).new
    with pytest.raises(AnalysisFailedError) as refused:  # and it is not tried again
        await ask(service, BOB, game_id)
    assert refused.value.params == {"game_id": game_id, "turn": 2}


async def test_failures_are_counted_per_turn(service: GameService) -> None:
    game_id = await finished_game(service)
    await ask(service, game_id=game_id)
    for _ in range(FAILED_TRIES - 1):
        assert not await fail(service, game_id, 1)
    turn = await service.analyses.claim_analysis_turn(by="p", lease=LEASE)
    assert turn is not None and turn.turn == 1
    await service.analyses.save_review(game_id, 1, review(1))  # it worked in the end
    for _ in range(FAILED_TRIES - 1):  # the next turn starts counting afresh
        assert not await fail(service, game_id, 2)
    analysis = await service.analyses.analysis(game_id)
    assert analysis is not None and analysis.state is AnalysisState.RUNNING
    assert analysis.failed_turn is None


async def test_a_failure_after_the_turn_was_reviewed_elsewhere_counts_nothing(
    service: GameService,
) -> None:
    game_id = await finished_game(service)
    await ask(service, game_id=game_id)
    await service.analyses.save_review(game_id, 1, review(1))  # another process, past "p"'s lease
    for _ in range(FAILED_TRIES):
        assert not await service.analyses.review_failed(game_id, 1, by="p")
    analysis = await service.analyses.analysis(game_id)
    assert analysis is not None and analysis.state is AnalysisState.RUNNING


async def test_a_failed_analysis_owes_the_edit_that_says_so_at_once(
    service: GameService, clock: FakeClock
) -> None:
    game_id = await finished_game(service)
    await ask(service, game_id=game_id)
    await settle_posts(service, clock)
    for _ in range(FAILED_TRIES - 1):
        await fail(service, game_id, 1)
    assert await owed(service) == []  # failures on the way are no news
    await fail(service, game_id, 1)
    [edit] = await owed(service)
    assert edit.kind == PROGRESS.name and edit.next_attempt_at == int(clock.now.timestamp())
