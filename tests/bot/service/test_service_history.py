"""Looking back through games (issue 15): a game's positions turn by turn, any game of this server
by its number (never another server's), and a player's finished games page by page."""

from __future__ import annotations

import random

import pytest

from bot.service import GameService, errors
from testing.servicekit import ALICE, BOB, CHANNEL, GUILD, play_to_end, start_game


async def test_the_history_steps_through_every_turn_of_both_games(service: GameService) -> None:
    for offset, kind in enumerate(("ponte", "verbindung")):
        channel = CHANNEL + offset
        started = await start_game(service, kind, channel_id=channel)
        await play_to_end(service, channel, random.Random(4))
        view = await service.queries.game(started.view.id)
        last = await service.queries.history(view.id, GUILD, None)
        assert last.turn == last.turns and last.position == view.game
        first = await service.queries.history(view.id, GUILD, 0)
        opening = 1 if kind == "verbindung" else 0  # the first roll belongs to the start
        assert first.turn == 0 and list(first.position.moves) == list(view.game.moves[:opening])
        turns = last.turns
        middle = await service.queries.history(view.id, GUILD, turns // 2)
        assert 0 < len(middle.position.moves) < len(view.game.moves)
        assert list(view.game.moves[: len(middle.position.moves)]) == list(middle.position.moves)
        for wrong in (-1, turns + 1):
            with pytest.raises(errors.HistoryEndError) as refused:
                await service.queries.history(view.id, GUILD, wrong)
            assert refused.value.params["turns"] == turns


async def test_a_game_of_another_server_is_refused_by_its_number(service: GameService) -> None:
    started = await start_game(service)
    assert (await service.queries.game_here(started.view.id, GUILD)).id == started.view.id
    with pytest.raises(errors.GameNotFoundError) as refused:  # as if there were none
        await service.queries.game_here(started.view.id, GUILD + 1)
    assert refused.value.params["game_id"] == started.view.id
    with pytest.raises(errors.GameNotFoundError):
        await service.queries.game_here(999, GUILD)


async def test_finished_games_are_listed_newest_first_page_by_page(service: GameService) -> None:
    finished = []
    for number in range(12):
        started = await start_game(service, channel_id=CHANNEL + number)
        await service.moves.resign(CHANNEL + number, BOB)
        finished.append(started.view.id)
    first = await service.queries.finished_games(ALICE, per_page=5)
    assert (first.page, first.pages) == (0, 3)
    assert [v.id for v in first.views] == finished[::-1][:5]
    last = await service.queries.finished_games(ALICE, page=9, per_page=5)
    assert last.page == 2 and [v.id for v in last.views] == finished[::-1][10:]
    assert (await service.queries.finished_games(999)).views == ()


async def test_finished_games_listed_in_a_server_are_that_servers_own(
    service: GameService,
) -> None:
    here = await start_game(service)
    await service.moves.resign(CHANNEL, BOB)
    elsewhere = await start_game(service, channel_id=CHANNEL + 1, guild_id=GUILD + 1)
    await service.moves.resign(CHANNEL + 1, BOB)
    listed = await service.queries.finished_games(ALICE, guild_id=GUILD)
    assert [v.id for v in listed.views] == [here.view.id]
    everywhere = await service.queries.finished_games(ALICE)  # in a direct message
    assert [v.id for v in everywhere.views] == [elsewhere.view.id, here.view.id]
