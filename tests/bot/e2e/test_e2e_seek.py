"""The pool across servers through the real bot and the fake Discord (issue 53, step 5): `/seek
join` writes to the seeker in their direct messages before the seek is stored, so a seeker the
bot cannot write to (closed direct messages, 50007; no server shared with the bot, 50278) is
told at once and left out of the pool; `/seek list` and `/seek cancel`; two seekers of two
servers paired at once."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.discord.app import GameBot
from bot.i18n import describe_error, text, timestamp
from bot.service import errors
from bot.service.deadlines import DAY
from bot.service.seeks import pool_place
from testing.e2ekit import World, due_round, everywhere, run, running
from testing.fakediscord import FakeMessage, FakeUser
from testing.fakediscord.interactions import InteractionResult


@pytest.fixture
def dave(world: World) -> FakeUser:
    """A player of another server with the bot, who shares none with alice, bob and carol."""
    other = world.fake.add_guild("Zweiter Server")
    return world.fake.add_user("dave", guilds=[other])


@pytest.fixture
async def bot(world: World, dave: FakeUser) -> AsyncIterator[GameBot]:
    async with running(world) as client:  # after dave's server: the bot's cache knows it
        await everywhere(world, client)  # /seek is global: on every server and in DMs
        yield client


TIMEOUT = 30.0


def answer(result: InteractionResult) -> FakeMessage:
    """The private answer a deferred command gave (its last message)."""
    [*_, last] = result.messages
    assert last.ephemeral
    return last


def letters(world: World, user: FakeUser) -> list[str]:
    """What the bot wrote to `user` in their direct messages."""
    return [m.content for m in world.fake.messages_in(world.fake.dm_channel(user))]


async def test_a_seeker_is_written_to_then_lists_and_cancels(world: World, bot: GameBot) -> None:
    joined = await run(world, world.alice, "seek join", {"game": "ponte"})
    title = text("en", "title.ponte")
    [seek] = await bot.service.seeks.mine(world.alice.id)
    assert seek.dm_channel_id == world.fake.dm_channel(world.alice).id
    assert seek.lapses_at - seek.created_at == DAY  # the default
    lapses = timestamp(seek.lapses_at)
    assert answer(joined).content == text("en", "seek.waiting", game=title, lapses=lapses)
    assert letters(world, world.alice) == [text("en", "seek.dm", game=title, lapses=lapses)]
    again = await run(world, world.alice, "seek join", {"game": "ponte"})
    refused = errors.SeekExistsError("", game="ponte")
    assert again.ephemeral and again.content == describe_error(refused, "en")
    assert len(letters(world, world.alice)) == 1  # refused before a word to her DMs
    listed = await run(world, world.alice, "seek list")
    assert listed.ephemeral and f"**{title}**" in listed.content
    cancelled = await run(world, world.alice, "seek cancel")
    assert cancelled.content == text("en", "seek.cancelled", games=title)
    assert await bot.service.seeks.mine(world.alice.id) == []
    empty = await run(world, world.alice, "seek list")
    assert empty.content == text("en", "seek.none")


async def test_a_seeker_with_closed_direct_messages_is_told_at_once(
    world: World, bot: GameBot
) -> None:
    world.bob.dms_open = False
    refused = await run(world, world.bob, "seek join", {"game": "ponte"})
    assert answer(refused).content == text("de", "seek.dms_closed")
    assert await bot.service.seeks.mine(world.bob.id) == []


async def test_a_seeker_sharing_no_server_with_the_bot_is_told_at_once(
    world: World, bot: GameBot
) -> None:
    away = world.fake.add_guild("Elsewhere", bot=False)
    dave = world.fake.add_user("dave", guilds=[away])
    world.fake.install_for_user(dave)
    refused = await run(world, dave, "seek join", {"game": "ponte"}, channel=away.text_channel)
    assert answer(refused).content == text("en", "seek.no_shared_server")
    assert await bot.service.seeks.mine(dave.id) == []


async def test_a_bad_lapse_is_refused_before_a_word_to_the_seeker(
    world: World, bot: GameBot
) -> None:
    refused = await run(
        world, world.alice, "seek join", {"game": "ponte", "lapse": 60}, modified_client=True
    )
    assert refused.ephemeral and "1" in refused.content
    assert letters(world, world.alice) == []
    assert await bot.service.seeks.mine(world.alice.id) == []


def latest_board(world: World, user: FakeUser, game_id: int) -> FakeMessage | None:
    """The latest message in `user`'s direct messages with Make move for game `game_id`."""
    found = [
        m
        for m in world.fake.messages_in(world.fake.dm_channel(user))
        if any(cid.startswith(f"makemove:{game_id}:") for cid in m.custom_ids())
    ]
    return found[-1] if found else None


async def board_at(world: World, user: FakeUser, game_id: int, revision: int) -> FakeMessage:
    """The board of game `game_id` at `revision` in `user`'s direct messages, once there."""
    wanted = f"makemove:{game_id}:{revision}"

    def shown() -> FakeMessage | None:
        board = latest_board(world, user, game_id)
        return board if board is not None and wanted in board.custom_ids() else None

    return await world.fake.world.wait_until(shown, timeout=TIMEOUT, what=f"{wanted} to {user}")


async def play_a_move(world: World, bot: GameBot, game_id: int, players: list[FakeUser]) -> None:
    """The player to move presses Make move on the board in their DMs and picks a good move;
    the next board reaches both players' DMs."""
    view = await bot.service.queries.game(game_id)
    [mover] = [p for p in players if p.id == view.to_move_id]
    board = await board_at(world, mover, game_id, view.revision)
    # Only its players see a pool game: no button for watchers (Follow) under its boards.
    assert not [c for c in board.custom_ids() if c.startswith("follow:")]
    opened = await world.fake.press_button(mover, board, f"makemove:{game_id}:{view.revision}")
    assert (await opened).modal is not None
    good = view.kind.suggest(view.game, "")
    answer = await (await world.fake.submit_modal(opened, {"move": "", "pick": [good[0]]}))
    assert not answer.ephemeral and answer.message.channel == world.fake.dm_channel(mover)
    for player in players:
        await board_at(world, player, game_id, view.revision + 1)


async def test_two_seekers_of_two_servers_play_in_their_dms_to_the_end(
    world: World, dave: FakeUser, bot: GameBot
) -> None:
    [other] = [g for g in world.fake.world.guilds.values() if g.name == "Zweiter Server"]
    world.fake.set_nickname(world.guild, world.alice, "Ally")  # her name on her server
    unrated = {"game": "ponte", "rated": False}
    await run(world, world.carol, "seek join", unrated)  # outside the others' settings
    await run(world, world.alice, "seek join", {"game": "ponte"})
    [waiting] = await bot.service.seeks.mine(world.alice.id)
    paired = await run(world, dave, "seek join", {"game": "ponte"}, channel=other.text_channel)
    game = await bot.service.queries.game_in(pool_place(waiting.id))
    assert {game.first_id, game.second_id} == {world.alice.id, dave.id}
    assert answer(paired).content == text(
        "en", "seek.paired", game=text("en", "title.ponte"), game_id=game.id
    )
    assert await bot.service.seeks.mine(world.alice.id) == []
    assert len(await bot.service.seeks.mine(world.carol.id)) == 1  # still waiting, unpaired
    players = [world.alice, dave]
    for player in players:  # the start, in each player's DMs
        await board_at(world, player, game.id, game.revision)
    for _ in range(3):
        await play_a_move(world, bot, game.id, players)
    # /move in the bot's DMs plays the pool game waiting for the player's move.
    view = await bot.service.queries.game(game.id)
    [mover] = [p for p in players if p.id == view.to_move_id]
    good = view.kind.suggest(view.game, "")[0]
    dm = world.fake.dm_channel(mover)
    moved = await run(world, mover, "move", {"move": good}, channel=dm)
    assert not moved.ephemeral and moved.message.channel == dm
    for player in players:
        await board_at(world, player, game.id, view.revision + 1)
    view = await bot.service.queries.game(game.id)
    [loser] = [p for p in players if p.id == view.to_move_id]
    board = await board_at(world, loser, game.id, view.revision)
    more = await (
        await world.fake.press_button(loser, board, f"gamemenu:{game.id}:{view.revision}")
    )
    assert more.ephemeral
    resigned = await world.fake.press_button(loser, more.message, f"gameact:resign:{game.id}")
    await resigned
    over = await bot.service.queries.game(game.id)
    assert not over.is_active and over.winner_id == next(p.id for p in players if p is not loser)
    for player in players:  # the end reaches both DMs; no server is named in either
        dm = world.fake.dm_channel(player)
        await world.fake.world.wait_until(
            lambda dm=dm: (
                any(
                    "🏳" in m.content or "resign" in m.content.lower()
                    for m in world.fake.messages_in(dm)
                )
                or None
            ),
            timeout=TIMEOUT,
            what=f"the end in {player.name}'s DMs",
        )
        said = " ".join(m.content for m in world.fake.messages_in(dm))
        assert "Spieleabend" not in said and "Zweiter Server" not in said
        assert "<@" not in said  # a mention of one who shares no server shows nobody
        assert all(f"**{p.name.title()}**" in said for p in players)  # Discord names
        assert "Ally" not in said  # never a server nickname
        ended = world.fake.messages_in(dm)[-1]
        assert not [c for c in ended.custom_ids() if c.startswith(("rematch:", "analyse:"))]


async def test_a_seek_lapses_with_one_direct_message(world: World, bot: GameBot) -> None:
    await run(world, world.bob, "seek join", {"game": "ponte", "lapse": 3600})
    await run(world, world.alice, "seek join", {"game": "verbindung"})  # a day: not yet
    world.clock.advance(hours=1)
    await due_round(bot)
    lapsed = text("de", "seek.lapsed", game=text("de", "title.ponte"))
    await world.fake.world.wait_until(
        lambda: lapsed in letters(world, world.bob) or None, timeout=TIMEOUT, what="the lapse"
    )
    assert await bot.service.seeks.mine(world.bob.id) == []
    assert len(await bot.service.seeks.mine(world.alice.id)) == 1
    await due_round(bot)  # a second round tells nobody again
    assert letters(world, world.bob).count(lapsed) == 1
    assert len(letters(world, world.alice)) == 1  # only that she is in the pool


async def test_answered_offers_in_a_pool_game_lose_their_buttons_in_both_dms(
    world: World, dave: FakeUser, bot: GameBot
) -> None:
    [other] = [g for g in world.fake.world.guilds.values() if g.name == "Zweiter Server"]
    await run(world, world.alice, "seek join", {"game": "ponte"})
    [waiting] = await bot.service.seeks.mine(world.alice.id)
    await run(world, dave, "seek join", {"game": "ponte"}, channel=other.text_channel)
    game = await bot.service.queries.game_in(pool_place(waiting.id))
    players = [world.alice, dave]
    [offerer] = [p for p in players if p.id == game.to_move_id]
    [answerer] = [p for p in players if p is not offerer]
    board = await board_at(world, offerer, game.id, game.revision)
    more = await (await world.fake.press_button(offerer, board, f"gamemenu:{game.id}:0"))
    await (await world.fake.press_button(offerer, more.message, f"gameact:draw:{game.id}"))
    decline = f"draw:decline:{game.id}"

    def offers(user: FakeUser) -> list[FakeMessage]:
        dm = world.fake.dm_channel(user)
        return [m for m in world.fake.messages_in(dm) if decline in m.custom_ids()]

    for player in players:
        await world.fake.world.wait_until(
            lambda p=player: offers(p) or None, timeout=TIMEOUT, what=f"the offer to {player.name}"
        )
    [offer] = offers(answerer)
    await (await world.fake.press_button(answerer, offer, decline))
    for player in players:  # each copy of the answered offer loses its buttons
        await world.fake.world.wait_until(
            lambda p=player: not offers(p) or None,
            timeout=TIMEOUT,
            what=f"buttons off for {player.name}",
        )
    # A takeback asked after a move, declined: both copies of the request lose their buttons.
    await play_a_move(world, bot, game.id, players)
    view = await bot.service.queries.game(game.id)
    board = await board_at(world, offerer, game.id, view.revision)
    more = await (await world.fake.press_button(offerer, board, f"gamemenu:{game.id}:1"))
    await (await world.fake.press_button(offerer, more.message, f"gameact:takeback:{game.id}"))
    decline = f"takeback:decline:{game.id}"
    for player in players:
        await world.fake.world.wait_until(
            lambda p=player: offers(p) or None,
            timeout=TIMEOUT,
            what=f"the request to {player.name}",
        )
    [asked] = offers(answerer)
    await (await world.fake.press_button(answerer, asked, decline))
    for player in players:
        await world.fake.world.wait_until(
            lambda p=player: not offers(p) or None, timeout=TIMEOUT, what=f"off for {player.name}"
        )


def make_move_label(board: FakeMessage) -> str:
    """The label of the Make move button of a board."""
    [button] = [c for c in board.iter_components() if c["custom_id"].startswith("makemove:")]
    return str(button["label"])


async def test_each_player_reads_a_pool_game_in_their_own_language(
    world: World, dave: FakeUser, bot: GameBot
) -> None:
    """Bob's client reads German, Dave's English: each one's copy of every post of their pool
    game is in his own language, the moves made by either (in the default before)."""
    [other] = [g for g in world.fake.world.guilds.values() if g.name == "Zweiter Server"]
    await run(world, world.bob, "seek join", {"game": "ponte"})
    [waiting] = await bot.service.seeks.mine(world.bob.id)
    await run(world, dave, "seek join", {"game": "ponte"}, channel=other.text_channel)
    game = await bot.service.queries.game_in(pool_place(waiting.id))
    players = [world.bob, dave]
    await play_a_move(world, bot, game.id, players)
    for player, locale in ((world.bob, "de"), (dave, "en")):
        for revision in (0, 1):
            board = await board_at(world, player, game.id, revision) if revision else None
            shown = board or next(
                m
                for m in world.fake.messages_in(world.fake.dm_channel(player))
                if f"makemove:{game.id}:0" in m.custom_ids()
            )
            assert make_move_label(shown) == text(locale, "button.make_move")


async def test_board_and_games_in_the_dms_find_the_players_pool_game(
    world: World, dave: FakeUser, bot: GameBot
) -> None:
    """In the bot's DMs, /board shows the player's pool game (and steps through its
    history, by its number too), and /games lists it as played there, with the players'
    Discord names: no channel, no mention another's client cannot show ('no game here', a
    channel link to nowhere and mentions, before)."""
    [other] = [g for g in world.fake.world.guilds.values() if g.name == "Zweiter Server"]
    await run(world, world.alice, "seek join", {"game": "ponte"})
    [waiting] = await bot.service.seeks.mine(world.alice.id)
    await run(world, dave, "seek join", {"game": "ponte"}, channel=other.text_channel)
    game = await bot.service.queries.game_in(pool_place(waiting.id))
    await play_a_move(world, bot, game.id, [world.alice, dave])
    dm = world.fake.dm_channel(world.alice)
    for options in ({}, {"game": game.id}):
        shown = answer(await run(world, world.alice, "board", options, channel=dm))
        assert shown.attachments and f"history:{game.id}:0:f" in shown.custom_ids()
        first = await world.fake.press_button(world.alice, shown, f"history:{game.id}:0:f")
        assert (await first).ephemeral and (await first).message.attachments
    listed = await run(world, world.alice, "games", channel=dm)
    line = next(line for line in listed.content.splitlines() if line.startswith("•"))
    assert text("en", "games.in_dms") in line and "<#" not in line and "<@" not in line
    assert "**Alice**" in line and "**Dave**" in line
    outsider = await run(world, world.carol, "board", {"game": game.id}, channel=None)
    assert outsider.ephemeral and not outsider.message.attachments
