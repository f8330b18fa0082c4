"""Games against the computer: started at once, its turns found, its moves applied like a
person's (and dropped when stale), the pie rule both ways, no clock for the computer."""

import pytest

from bot.service import GameService, TimeLoss, errors
from bot.service.deadlines import DAY, HOUR
from bot.service.limits import DEFAULT_COMPUTER_GAMES, Limits
from bot.store import games
from engine.errors import IllegalMoveError, InvalidMoveError
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    COMPUTER,
    GUILD,
    FakeClock,
    computer_turns,
    open_service,
    start_computer_game,
)


async def test_a_game_against_the_computer_starts_at_once_with_its_level(
    service: GameService,
) -> None:
    view = await start_computer_game(service, level="Hard", move_seconds=HOUR)
    assert view.is_active and view.computer_level == "hard"
    assert view.players == {"white": ALICE, "red": COMPUTER}
    assert view.to_move_id == ALICE and view.next_alarm_at is not None  # her clock runs
    assert await service.challenges.pending_challenges(ALICE) == []  # no challenge, no Accept step
    assert await computer_turns(service) == []


async def test_the_level_defaults_to_normal(service: GameService) -> None:
    view = await start_computer_game(service, level=None)
    assert view.computer_level == "normal"


async def test_when_the_computer_begins_it_has_its_turn_and_no_clock(service: GameService) -> None:
    view = await start_computer_game(service, "verbindung", player_first=False)
    assert view.players == {"red": COMPUTER, "black": ALICE}
    assert view.next_alarm_at is None
    [turn] = await computer_turns(service)
    assert (turn.game_id, turn.revision, turn.kind.key, turn.level) == (
        view.id,
        0,
        "verbindung",
        "easy",
    )
    assert turn.record == view.record and "roll" in turn.record  # its dice are drawn
    assert turn.seed == f"{await stored_seed(service, view.id)}:ai:0"
    assert await service.computer.computer_turn(view.id) == turn


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"level": "grandmaster"}, errors.UnknownLevelError),
        ({"game_kind": "chess"}, errors.UnknownGameError),
        ({"variant": "huge"}, errors.UnknownVariantError),
        ({"player_id": COMPUTER}, errors.SelfChallengeError),
        ({"move_seconds": 60}, errors.BadTimeLimitError),
    ],
)
async def test_bad_requests_are_refused(service: GameService, changes: dict, error: type) -> None:
    options = {"game_kind": "ponte", "channel_id": CHANNEL, "player_id": ALICE, **changes}
    with pytest.raises(error):
        await service.computer.start_computer_game(**options)
    async with service.connection.read() as db:
        assert await games.active_game_in(db, CHANNEL) is None
    # The same refusal before anything is made (a thread for the game, say), and no coin
    # tossed for it: the next game's seed is the one it would have been.
    del options["channel_id"]
    with pytest.raises(error):
        await service.computer.check_computer_game(**options)
    assert service.context.seeds() == 1  # CountingSeeds: the first seed handed out


async def test_the_check_before_a_thread_passes_what_starts(service: GameService) -> None:
    options = {"game_kind": "verbindung", "player_id": ALICE, "level": "hard", "best_of": 3}
    await service.computer.check_computer_game(**options)
    started = await service.computer.start_computer_game(channel_id=CHANNEL, **options)
    assert started.view.computer_level == "hard" and started.view.match is not None


async def test_a_busy_channel_is_refused_and_a_thread_is_not(service: GameService) -> None:
    await start_computer_game(service)
    with pytest.raises(errors.ChannelBusyError):
        await start_computer_game(service, player=BOB)
    in_thread = await service.computer.start_computer_game(
        game_kind="ponte", channel_id=CHANNEL + 1, parent_channel_id=CHANNEL, player_id=BOB
    )
    assert in_thread.view.parent_channel_id == CHANNEL


async def test_without_a_computer_nobody_can_play_it(service: GameService) -> None:
    nobody = GameService(service.connection, clock=service.clock)  # no computer_id
    with pytest.raises(RuntimeError, match="no computer"):
        await start_computer_game(nobody)


async def test_a_move_against_the_computer_gives_it_the_turn(service: GameService) -> None:
    view = await start_computer_game(service)
    moved = await service.moves.play(CHANNEL, ALICE, "f6 h8")
    assert moved.next_id == COMPUTER and moved.view.next_alarm_at is None
    [turn] = await computer_turns(service)
    assert turn.revision == 1 and turn.seed == f"{await stored_seed(service, view.id)}:ai:1"
    answered = await service.computer.play_computer(turn, "c3 e5")
    assert answered is not None and answered.mover_id == COMPUTER and answered.played == "c3 e5"
    assert answered.next_id == ALICE and answered.view.next_alarm_at is not None
    assert await computer_turns(service) == []


async def test_a_stale_computer_move_is_dropped(service: GameService) -> None:
    await start_computer_game(service, player_first=False)
    [turn] = await computer_turns(service)
    await service.moves.resign(CHANNEL, ALICE)  # while the computer thought
    assert await service.computer.play_computer(turn, "f6 h8") is None
    game = await service.queries.latest_game_in(CHANNEL)
    assert game.revision == 1 and game.ending is not None and game.winner_id == COMPUTER


async def test_a_move_thought_about_an_older_position_is_dropped(service: GameService) -> None:
    await start_computer_game(service, player_first=False)
    [turn] = await computer_turns(service)
    assert await service.computer.play_computer(turn, "f6 h8") is not None
    assert (
        await service.computer.play_computer(turn, "c3 e5") is None
    )  # a second job for the same turn
    assert (await service.queries.game_in(CHANNEL)).revision == 1


async def test_an_illegal_computer_move_changes_nothing(service: GameService) -> None:
    await start_computer_game(service, player_first=False)
    [turn] = await computer_turns(service)
    with pytest.raises(IllegalMoveError):
        await service.computer.play_computer(turn, "swap")  # only the second player may swap (P4)
    assert (await service.queries.game_in(CHANNEL)).revision == 0


async def test_the_computer_swaps_and_then_owns_white(service: GameService) -> None:
    await start_computer_game(service)
    await service.moves.play(CHANNEL, ALICE, "f6 h8")
    [turn] = await computer_turns(service)
    swapped = await service.computer.play_computer(turn, "swap")
    assert swapped is not None and swapped.played == "swap"
    assert swapped.view.players == {"white": COMPUTER, "red": ALICE}
    assert swapped.next_id == ALICE and swapped.view.to_move == "red"
    assert await computer_turns(service) == []
    reply = await service.moves.play(CHANNEL, ALICE, "c3 e5")  # she now places red stones
    assert reply.next_id == COMPUTER


async def test_when_the_player_swaps_the_computer_plays_red_next(service: GameService) -> None:
    await start_computer_game(service, player_first=False)
    [opening] = await computer_turns(service)
    await service.computer.play_computer(opening, "f6 h8")
    swapped = await service.moves.play(CHANNEL, ALICE, "swap")
    assert swapped.view.players == {"white": ALICE, "red": COMPUTER}
    assert swapped.next_id == COMPUTER and swapped.view.next_alarm_at is None
    [turn] = await computer_turns(service)
    assert turn.revision == 2
    answered = await service.computer.play_computer(turn, "c3 e5")
    assert answered is not None and answered.next_id == ALICE


async def test_a_draw_offer_to_the_computer_is_refused_at_once(service: GameService) -> None:
    view = await start_computer_game(service)
    refused = await service.moves.offer_draw(CHANNEL, ALICE)
    assert (refused.action, refused.by_id, refused.ending) == ("refused", COMPUTER, None)
    assert (await service.queries.game_in(CHANNEL)).draw_offered_by is None
    assert (await service.queries.game_in(CHANNEL)).revision == view.revision


async def test_the_computer_never_times_out_but_its_opponent_does(
    service: GameService, clock: FakeClock
) -> None:
    await start_computer_game(service, player_first=False, move_seconds=HOUR)
    clock.advance(days=30)
    assert await service.alarms.run_due() == []  # no reminder and no loss for the computer
    [turn] = await computer_turns(service)
    await service.computer.play_computer(turn, "f6 h8")
    clock.advance(hours=2)
    [loss] = await service.alarms.run_due()
    assert isinstance(loss, TimeLoss) and loss.loser_id == ALICE
    assert loss.view.winner_id == COMPUTER


async def test_an_unreadable_game_does_not_hide_the_computer_turns_of_others(
    service: GameService,
) -> None:
    broken = await start_computer_game(service, player_first=False)
    fine = await start_computer_game(
        service, "verbindung", player_first=False, channel_id=CHANNEL + 1
    )
    async with service.connection.transaction() as db:
        await db.execute(
            "UPDATE games SET record = '{}', revision = 9 WHERE channel_id = ?", (CHANNEL,)
        )
    assert sorted(await service.computer.open_computer_jobs()) == [broken.id, fine.id]  # ids only
    with pytest.raises(InvalidMoveError):
        await service.computer.computer_turn(broken.id)
    turn = await service.computer.computer_turn(fine.id)
    assert turn is not None and turn.kind.key == "verbindung"


async def test_human_games_are_no_concern_of_the_computer(service: GameService) -> None:
    challenge = await service.challenges.challenge(
        game_kind="ponte",
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=COMPUTER,  # the id alone does not make it a computer game
        challenger_first=False,
        move_seconds=DAY,
    )
    accepted = await service.challenges.accept(challenge.id, COMPUTER)
    assert accepted.view.computer_level is None
    assert await computer_turns(service) == []
    assert accepted.view.next_alarm_at is not None


async def stored_seed(service: GameService, game_id: int) -> int:
    """The game's secret seed, as only the database (and the service) knows it."""
    async with service.connection.read() as db:
        row = await games.get_game(db, game_id)
    assert row is not None
    return row.seed


async def test_a_player_has_at_most_three_games_against_the_computer_on_a_server(
    service: GameService,
) -> None:
    """Issue 27: eight games against the computer queued behind one search."""
    assert DEFAULT_COMPUTER_GAMES == 3
    views = [await start_computer_game(service, channel_id=CHANNEL + n) for n in range(3)]
    with pytest.raises(errors.TooManyComputerGamesError) as refused:
        await start_computer_game(service, channel_id=CHANNEL + 3)
    assert refused.value.params == {"computer_games": 3}
    with pytest.raises(errors.TooManyComputerGamesError):
        await service.computer.check_computer_game(
            game_kind="ponte", player_id=ALICE, guild_id=GUILD
        )  # the same, before a thread is opened
    with pytest.raises(errors.NoGameHereError):  # nothing was started
        await service.queries.game_in(CHANNEL + 3)
    await start_computer_game(service, channel_id=CHANNEL + 4, player=BOB)  # bob has his own
    await service.computer.start_computer_game(  # and alice hers on another server
        game_kind="ponte", guild_id=GUILD + 1, channel_id=CHANNEL + 5, player_id=ALICE
    )
    await service.moves.resign(views[0].channel_id, ALICE)  # one ends: room for one more
    await service.computer.check_computer_game(game_kind="ponte", player_id=ALICE, guild_id=GUILD)
    await start_computer_game(service, channel_id=CHANNEL + 3)


async def test_a_rematch_against_the_computer_counts_too(tmp_path) -> None:
    service = await open_service(tmp_path / "bot.sqlite3", limits=Limits(computer_games=1))
    try:
        view = await start_computer_game(service)
        await service.moves.resign(CHANNEL, ALICE)
        await start_computer_game(service, channel_id=CHANNEL + 1)
        with pytest.raises(errors.TooManyComputerGamesError) as refused:
            await service.rematches.rematch(view.id, ALICE)
        assert refused.value.params == {"computer_games": 1}
    finally:
        await service.connection.close()


async def test_open_jobs_come_round_robin_by_player(service: GameService) -> None:
    """Each player's oldest job before anyone's second: one player's many games neither fill
    the list a thinking process takes on nor come first in it."""
    alice = [
        await start_computer_game(service, player_first=False, channel_id=CHANNEL + n)
        for n in range(3)
    ]
    bob = await start_computer_game(service, player_first=False, channel_id=CHANNEL + 9, player=BOB)
    expected = [alice[0].id, bob.id, alice[1].id, alice[2].id]
    assert await service.computer.open_computer_jobs() == expected
    assert [turn.player_id for turn in await computer_turns(service)] == [ALICE, BOB, ALICE, ALICE]
