"""The posts a challenge owes (issue 53, step 2), written in the transaction of each change: its
message, that message's edit once answered, the decline's word to the challenger, and the
thread an accepted challenge asked for, whose game starts only once the thread is open."""

from bot.service import GameService
from bot.service.challenge_posts import ChallengePost
from bot.store import ChallengeStatus
from testing.servicekit import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock, owed, shown

THREAD = 4242


async def challenge(service: GameService, *, thread: bool = False, opponent: int = BOB) -> int:
    made = await service.challenges.challenge(
        game_kind="ponte",
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=opponent,
        wants_thread=thread,
    )
    return made.id


async def kinds(service: GameService) -> list[str]:
    return [row.kind for row in await owed(service)]


async def show(service: GameService, challenge_id: int) -> None:
    """The challenge's message is posted (as message 99 of its channel)."""
    [row] = await owed(service, "challenge")
    assert row.subject_id == challenge_id
    assert await service.outbox.delivered(row.id, CHANNEL, 99)


async def test_a_challenge_owes_its_message_and_its_answer_the_edit_before_the_start(
    service: GameService, clock: FakeClock
) -> None:
    challenge_id = await challenge(service)
    assert await kinds(service) == ["challenge"]
    await show(service, challenge_id)
    await service.challenges.accept(challenge_id, BOB)
    assert await kinds(service) == ["challenge_answered", "start"]
    [edit] = await owed(service, "challenge_answered")
    post = await shown(service, edit)
    assert isinstance(post, ChallengePost) and post.message is not None
    assert post.message.message_id == 99 and post.challenge.status is ChallengeStatus.ACCEPTED


async def test_a_decline_owes_the_edit_and_a_word_to_the_challenger_a_withdrawal_the_edit(
    service: GameService, clock: FakeClock
) -> None:
    declined = await challenge(service)
    await show(service, declined)
    await service.challenges.decline(declined, BOB)
    assert await kinds(service) == ["challenge_answered", "challenge_declined"]
    for row in await owed(service):
        await service.outbox.delivered(row.id)
    withdrawn = await service.challenges.challenge(
        game_kind="ponte",
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=CAROL,
    )
    await show(service, withdrawn.id)
    await service.challenges.cancel(withdrawn.id, ALICE)
    assert await kinds(service) == ["challenge_answered"]


async def test_a_challenge_answered_before_it_was_shown_is_neither_shown_nor_edited(
    service: GameService, clock: FakeClock
) -> None:
    challenge_id = await challenge(service)
    await service.challenges.cancel(challenge_id, ALICE)
    assert [await shown(service, row) for row in await owed(service)] == [None, None]


async def test_an_accepted_challenges_thread_is_owed_and_its_game_starts_there_once(
    service: GameService, clock: FakeClock
) -> None:
    challenge_id = await challenge(service, thread=True)
    await show(service, challenge_id)
    accepted = await service.challenges.accept(challenge_id, BOB)
    assert accepted.view is None  # nothing starts before its thread is open
    assert await kinds(service) == ["challenge_thread", "challenge_answered"]
    [opening] = await owed(service, "challenge_thread")
    started = await service.challenges.start_in_thread(challenge_id, THREAD, opening.id)
    assert started is not None and started.view is not None
    assert started.view.channel_id == THREAD
    assert await kinds(service) == ["challenge_answered", "start"]  # the opening settled
    again = await service.challenges.start_in_thread(challenge_id, THREAD, opening.id)
    assert again is None  # a second opening starts no second game
    assert (await service.queries.game_in(THREAD)).id == started.view.id
    [edit] = await owed(service, "challenge_answered")
    post = await shown(service, edit)
    assert isinstance(post, ChallengePost) and post.thread_id == THREAD
