"""Games where the bot can only answer interactions (reach REPLY: direct messages and group DMs
between people, servers without the bot): their posts go only as the answers to their players'
commands (nothing the channel alone would hear: no reminder, no loss on time, no holiday
notice), their reminders and losses on time go by direct message, and a loss on time is shown
at the next press."""

import pytest

from bot.service import GameService, Reach, ReminderDigest, TimeLoss, TimeLossDm
from bot.service.owed import PostData
from bot.store import Notify
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeClock,
    owed,
    play_moves,
    settle_posts,
    shown,
    start_computer_game,
    start_game,
)


async def letters(service: GameService) -> list[object]:
    """What the direct messages owed show (still news)."""
    found = [await shown(service, row) for row in await owed(service)]
    return [item for item in found if isinstance(item, ReminderDigest | TimeLossDm)]


async def test_games_and_challenges_post_unless_told_otherwise(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service)
    assert accepted.challenge.reach is Reach.POST and accepted.view.reach is Reach.POST
    assert [row.kind for row in await owed(service)] == ["start"]  # owed to the channel


async def test_a_reply_game_owes_only_what_answers_its_players(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service, reach=Reach.REPLY)
    assert accepted.challenge.reach is Reach.REPLY and accepted.view.reach is Reach.REPLY
    moved = await service.moves.play(CHANNEL, ALICE, "a1 c1")
    assert moved.view.reach is Reach.REPLY
    await service.moves.resign(CHANNEL, BOB)
    # Each an answer to the command that made it (or a follow-up of it), never a channel post;
    # each new board takes the buttons off the one before (an edit through its command).
    kinds = ["start", "move", "buttons_off", "move", "buttons_off", "replay"]
    assert [row.kind for row in await owed(service)] == kinds
    offs = [row for row in await owed(service) if row.kind == "buttons_off"]
    boards = [row.id for row in await owed(service) if row.kind in ("start", "move")]
    assert [PostData(row).number("post_id") for row in offs] == boards[:2]


async def test_a_reply_match_goes_on_with_its_next_game_answering_the_resignation(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, best_of=3, reach=Reach.REPLY)
    await settle_posts(service, clock)
    ended = await service.moves.resign(CHANNEL, BOB)
    assert ended.match is not None and ended.match.next_game is not None
    following = ended.match.next_game
    assert following.view.reach is Reach.REPLY
    assert [row.kind for row in await owed(service)] == ["move", "buttons_off", "replay", "start"]


async def test_a_rematch_is_asked_where_the_game_was(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service, reach=Reach.REPLY)
    await service.moves.resign(CHANNEL, BOB)
    again = await service.rematches.rematch(accepted.view.id, BOB)
    assert again.reach is Reach.REPLY


async def test_a_game_against_the_computer_can_be_reply_only(
    service: GameService, clock: FakeClock
) -> None:
    started = await service.computer.start_computer_game(
        game_kind="ponte",
        channel_id=CHANNEL,
        player_id=ALICE,
        player_first=True,
        reach=Reach.REPLY,
    )
    assert started.view.reach is Reach.REPLY
    default = await start_computer_game(service, channel_id=CHANNEL + 1)
    assert default.reach is Reach.POST


async def test_reminders_of_a_reply_game_go_by_direct_message(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, reach=Reach.REPLY)  # ALICE never chose how to hear of turns
    await settle_posts(service, clock)
    clock.advance(days=1.5)
    assert await service.alarms.run_due() == []  # nothing for the channel
    [letter] = await letters(service)
    assert isinstance(letter, ReminderDigest) and letter.user_id == ALICE
    assert [item.stage for item in letter.items] == [1]
    await settle_posts(service, clock)
    clock.advance(days=1.5, hours=-6)
    assert await service.alarms.run_due() == []
    [last] = await letters(service)
    assert isinstance(last, ReminderDigest) and [i.stage for i in last.items] == [2]


async def test_no_reminder_is_written_to_closed_direct_messages(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, reach=Reach.REPLY)
    await service.notifications.dms_closed(ALICE, None)
    await settle_posts(service, clock)
    clock.advance(days=1.5)
    assert await service.alarms.run_due() == []
    assert await owed(service) == []


async def test_a_loss_on_time_is_written_to_both_and_shown_at_the_next_press(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service, reach=Reach.REPLY)
    game_id = accepted.view.id
    await service.notifications.dms_closed(BOB, None)  # BOB hears of it at his next press only
    clock.advance(days=3)
    assert await service.alarms.run_due() == []  # recorded, with nothing for the channel
    assert not (await service.queries.game(game_id)).is_active
    written = [item for item in await letters(service) if isinstance(item, TimeLossDm)]
    assert [(item.user_id, item.loss.loser_id) for item in written] == [(ALICE, ALICE)]
    assert written[0].view.winner_id == BOB

    seen = await service.unseen.unseen_time_loss(ALICE, game_id=game_id)
    assert isinstance(seen, TimeLoss) and seen.loser_id == ALICE
    assert seen.ending.termination == "timeout" and seen.view.id == game_id
    assert not seen.shown_before  # the first to see it: shown to the channel
    # Unseen until the answer that shows it was accepted (then the press says so).
    still = await service.unseen.unseen_time_loss(ALICE, game_id=game_id)
    assert still is not None and still.view.id == game_id and not still.shown_before
    assert await service.unseen.seen(seen, ALICE)
    assert not await service.unseen.seen(seen, ALICE)  # a second press's answer: shown already
    assert await service.unseen.unseen_time_loss(ALICE, game_id=game_id) is None  # shown once
    by_channel = await service.unseen.unseen_time_loss(BOB, channel_id=CHANNEL)
    assert by_channel is not None and by_channel.view.id == game_id
    assert by_channel.shown_before  # ALICE's press showed it to the channel already
    assert await service.unseen.seen(by_channel, BOB)
    assert await service.unseen.unseen_time_loss(BOB, channel_id=CHANNEL) is None


async def test_a_loss_on_time_in_a_reply_match_shows_the_next_game(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, best_of=3, reach=Reach.REPLY)
    clock.advance(days=3)
    assert await service.alarms.run_due() == []
    seen = await service.unseen.unseen_time_loss(BOB, channel_id=CHANNEL)
    assert seen is not None and seen.match is not None
    following = seen.match.next_game
    assert following is not None and following.view.is_active
    assert following.view.match is not None and following.view.match.game_number == 2
    await settle_posts(service, clock)
    assert await service.unseen.seen(seen, BOB)  # its answer shows the loss: the start follows
    [start] = await owed(service, "start")
    assert start.subject_id == following.view.id
    again = await service.unseen.unseen_time_loss(ALICE, channel_id=CHANNEL)
    assert again is not None and again.shown_before and again.match is not None
    assert again.match.next_game is None  # BOB's press showed the next game already


async def test_a_posted_loss_on_time_is_not_shown_again(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service)
    clock.advance(days=3)
    [loss] = await service.alarms.run_due()
    assert isinstance(loss, TimeLoss)  # its channel is told
    assert await service.unseen.unseen_time_loss(ALICE, game_id=accepted.view.id) is None
    assert await service.unseen.unseen_time_loss(BOB, channel_id=CHANNEL + 7) is None  # no game


async def test_a_reply_challenge_expires_without_a_notice(
    service: GameService, clock: FakeClock
) -> None:
    challenge = await service.challenges.challenge(
        game_kind="ponte",
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=BOB,
        reach=Reach.REPLY,
    )
    clock.advance(days=30)
    assert await service.alarms.run_due() == []  # its message cannot be edited: nothing to say
    assert (await service.challenges.get_challenge(challenge.id)).status == "expired"


async def test_a_holiday_is_not_told_in_a_reply_games_channel(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, reach=Reach.REPLY)
    await service.notifications.set_notify(BOB, Notify.CHANNEL, None)
    await settle_posts(service, clock)
    await service.vacations.start_vacation(BOB, 3)
    await play_moves(service, count=1)
    # The move's answer alone (and the buttons taken off the board before it).
    assert [row.kind for row in await owed(service)] == ["move", "buttons_off"]


async def test_asking_for_an_unseen_loss_writes_nothing_when_there_is_none(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command and button of a game asks first: with nothing unseen (nearly always) the
    question only reads, and takes no write transaction from the moves."""
    accepted = await start_game(service, reach=Reach.REPLY)
    begun: list[str] = []
    database = service.connection
    opened = database.transaction
    monkeypatch.setattr(database, "transaction", lambda: begun.append("write") or opened())
    assert await service.unseen.unseen_time_loss(ALICE, game_id=accepted.view.id) is None
    assert await service.unseen.unseen_time_loss(BOB, channel_id=CHANNEL) is None
    assert await service.unseen.unseen_time_loss(BOB, channel_id=CHANNEL + 7) is None
    assert begun == []
