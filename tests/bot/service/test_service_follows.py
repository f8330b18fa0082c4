"""Following a game (issue 54, point 4): a follower is owed a direct message at the game's end,
and at every move if they chose it, never more often; unfollowing stops it, even a letter owed
already; the players, a finished game, and the bounds are refused; a follower whose direct
messages are closed follows nothing any more."""

from __future__ import annotations

import pytest

from bot.service import GameService, errors
from bot.service import follows as follows_module
from bot.service.follows import FOLLOWERS_PER_GAME, FOLLOWS_PER_USER, FollowLetter
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    FakeClock,
    owed,
    play_moves,
    settle_posts,
    shown,
    start_game,
)

DAVE, ERIN = 404, 505
FOLLOW_DM = "follow_dm"


async def letters_to(service: GameService, user_id: int) -> list[FollowLetter]:
    """The follow letters owed to `user_id` that would go out now."""
    found = []
    for row in await owed(service, FOLLOW_DM):
        if row.subject_id == user_id:
            letter = await shown(service, row)
            if letter is not None:
                assert isinstance(letter, FollowLetter)
                found.append(letter)
    return found


async def test_a_follower_hears_of_the_end_and_every_move_only_if_chosen(
    service: GameService, clock: FakeClock
) -> None:
    game = (await start_game(service)).view.id
    await service.follows.follow(CAROL, game)
    await service.follows.follow(DAVE, game, every_move=True)
    await settle_posts(service, clock)
    view = await play_moves(service, count=1)
    assert await letters_to(service, CAROL) == []  # the end only
    [moved] = await letters_to(service, DAVE)
    last = view.game.record().moves[-1]
    assert (moved.mover_id, moved.played, moved.view.id) == (ALICE, last, game)
    await settle_posts(service, clock)
    await service.moves.resign(CHANNEL, BOB)
    [ended] = await letters_to(service, CAROL)
    assert ended.view.ending is not None and ended.view.winner_id == ALICE
    assert len(await letters_to(service, DAVE)) == 1  # the resignation, once


async def test_a_moves_letter_the_game_moved_past_is_not_sent(
    service: GameService, clock: FakeClock
) -> None:
    game = (await start_game(service)).view.id
    await service.follows.follow(CAROL, game, every_move=True)
    await play_moves(service, count=3)  # three letters owed, none sent yet
    assert len(await owed(service, FOLLOW_DM)) == 3
    assert len(await letters_to(service, CAROL)) == 1  # only the latest still says something


async def test_unfollowing_stops_even_a_letter_owed_already(
    service: GameService, clock: FakeClock
) -> None:
    game = (await start_game(service)).view.id
    await service.follows.follow(CAROL, game, every_move=True)
    await play_moves(service, count=1)
    await service.follows.unfollow(CAROL, game)
    assert await letters_to(service, CAROL) == []
    await settle_posts(service, clock)
    await service.moves.resign(CHANNEL, BOB)
    assert await letters_to(service, CAROL) == []
    with pytest.raises(errors.NotFollowingError):
        await service.follows.unfollow(CAROL, game)


async def test_players_and_finished_games_are_refused(service: GameService) -> None:
    game = (await start_game(service)).view.id
    for player in (ALICE, BOB):
        with pytest.raises(errors.FollowOwnGameError):
            await service.follows.follow(player, game)
    with pytest.raises(errors.GameNotFoundError):
        await service.follows.follow(CAROL, game + 99)
    await service.moves.resign(CHANNEL, BOB)
    with pytest.raises(errors.GameFinishedError):
        await service.follows.follow(CAROL, game)


async def test_follows_are_bounded_per_user_and_per_game(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (FOLLOWS_PER_USER, FOLLOWERS_PER_GAME) == (50, 100)
    monkeypatch.setattr(follows_module, "FOLLOWS_PER_USER", 2)
    monkeypatch.setattr(follows_module, "FOLLOWERS_PER_GAME", 2)
    games = [(await start_game(service, channel_id=CHANNEL + n)).view.id for n in range(3)]
    await service.follows.follow(CAROL, games[0])
    await service.follows.follow(CAROL, games[1])
    with pytest.raises(errors.TooManyFollowsError) as mine:
        await service.follows.follow(CAROL, games[2])
    assert mine.value.params["limit"] == 2
    await service.follows.follow(CAROL, games[1], every_move=True)  # a new choice takes no room
    await service.follows.follow(DAVE, games[1])
    with pytest.raises(errors.TooManyFollowersError) as theirs:
        await service.follows.follow(ERIN, games[1])
    assert theirs.value.params["limit"] == 2
    await service.moves.resign(CHANNEL, BOB)  # a finished game's follow counts no more
    await service.follows.follow(CAROL, games[2])


async def test_a_follower_whose_dms_are_closed_follows_nothing_more(
    service: GameService, clock: FakeClock
) -> None:
    game = (await start_game(service)).view.id
    await service.follows.follow(CAROL, game, every_move=True)
    await play_moves(service, count=1)
    [row] = await owed(service, FOLLOW_DM)
    await service.notifications.dms_closed(CAROL, row.id)  # Discord said 50007
    await play_moves(service, count=1, seed=1)
    assert await owed(service, FOLLOW_DM) == []
    with pytest.raises(errors.NotFollowingError):
        await service.follows.unfollow(CAROL, game)
