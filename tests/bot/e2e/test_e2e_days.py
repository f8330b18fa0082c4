"""Playing over days through the real bot and the fake Discord (issue 15): a direct message at the
player's turn (and none for one whose DMs are closed: 403, code 50007), the history buttons of
/board after a restart, takebacks accepted and declined, and a holiday told in the channel."""

from __future__ import annotations

import io

from PIL import Image
from test_e2e_games import start

from bot.discord.app import GameBot
from bot.i18n import text
from bot.service.context import POST_GRACE
from testing.e2ekit import World, due_round, run, running
from testing.fakediscord import FakeMessage

PNG = b"\x89PNG\r\n\x1a\n"


async def deliver_owed(world: World, bot: GameBot) -> None:
    """Once the posts under way are out, let the outbox's grace period pass and have the bot
    deliver what it still owes."""
    await bot.deliverer.idle()
    world.clock.advance(seconds=POST_GRACE + 1)
    await due_round(bot)


async def test_a_player_who_asks_gets_their_turn_by_direct_message(
    world: World, bot: GameBot
) -> None:
    chose = await run(world, world.bob, "notify", {"mode": "turns"})
    assert chose.ephemeral and "Direktnachricht" in chose.content  # bob reads German
    await start(world, "ponte")
    moved = await run(world, world.alice, "move", {"move": "a1 c1"})
    await deliver_owed(world, bot)
    [dm] = world.fake.messages_in(world.fake.dm_channel(world.bob))
    assert "a1 c1" in dm.content and "Du bist dran" in dm.content
    assert f"/{world.channel.id}/{moved.message.id})" in dm.content  # links to the move
    assert dm.attachments[0].data.startswith(PNG)
    assert world.fake.messages_in(world.fake.dm_channel(world.alice)) == []  # asked for nothing


async def test_closed_direct_messages_are_noted_and_not_tried_again(
    world: World, bot: GameBot
) -> None:
    world.bob.dms_open = False
    await run(world, world.bob, "notify", {"mode": "turns"})
    await start(world, "ponte")
    await run(world, world.alice, "move", {"move": "a1 c1"})
    await deliver_owed(world, bot)
    to_bob = f"POST /channels/{world.fake.dm_channel(world.bob).id}/messages"
    assert [r.status for r in world.fake.requests_to(to_bob)] == [403]
    status = await run(world, world.bob, "notify")
    assert text("de", "notify.closed") in status.content
    await run(world, world.bob, "move", {"move": "b1 d1"})
    await run(world, world.alice, "move", {"move": "e1 g1"})
    await deliver_owed(world, bot)
    assert len(world.fake.requests_to(to_bob)) == 1  # not tried again


def button(message: FakeMessage, slot: str) -> str:
    return next(c for c in message.custom_ids() if c.startswith("history:") and c.endswith(slot))


async def test_the_history_buttons_step_privately_and_keep_working_after_a_restart(
    world: World,
) -> None:
    async with running(world):
        await start(world, "ponte")
        for mover, move in ((world.alice, "a1 c1"), (world.bob, "b1 d1"), (world.alice, "e1 g1")):
            await run(world, mover, "move", {"move": move})
        board = await run(world, world.alice, "board", {"visibility": "public"})
        assert not board.ephemeral
        assert [c.get("disabled", False) for c in board.message.iter_components()] == [
            False, False, True, True,
        ]  # fmt: skip
    async with running(world):
        back = await (
            await world.fake.press_button(world.carol, board.message, button(board.message, ":p"))
        )
        assert back.ephemeral and "2" in back.content and "3" in back.content
        image = Image.open(io.BytesIO(back.attachments[0].data))
        assert image.format == "PNG"
        first = await (
            await world.fake.press_button(world.carol, back.message, button(back.message, ":f"))
        )
        assert back.message.content == first.message.content  # edited in place
        assert "3" in back.message.content and "·" in back.message.content
        assert [c.get("disabled", False) for c in back.message.iter_components()] == [
            True, True, False, False,
        ]  # fmt: skip
        assert not [
            m
            for m in world.fake.messages_in(world.channel)
            if m.visible and m.id > board.message.id
        ]


async def test_a_takeback_accepted_and_one_declined(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    await run(world, world.alice, "move", {"move": "a1 c1"})
    asked = await run(world, world.alice, "takeback")
    assert asked.message.pinged == [world.bob] and "a1 c1" in asked.content
    twice = await run(world, world.alice, "takeback")
    assert twice.ephemeral and twice.content == text("en", "error.takeback_already_asked")
    allow, _ = asked.message.custom_ids()
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, asked.message, allow))
    assert asked.message.components == []
    taken = await world.fake.wait_for_message(world.channel, since=mark)
    assert taken.pinged == [world.alice] and taken.attachments[0].data.startswith(PNG)
    view = await bot.service.queries.game_in(world.channel.id)
    assert list(view.game.moves) == [] and view.to_move_id == world.alice.id

    await run(world, world.alice, "move", {"move": "f6 h8"})
    again = await run(world, world.alice, "takeback")
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, again.message, again.message.custom_ids()[1]))
    declined = await world.fake.wait_for_message(world.channel, since=mark)
    assert declined.pinged == [world.alice]
    assert [str(m) for m in (await bot.service.queries.game_in(world.channel.id)).game.moves] == [
        "f6 h8"
    ]


async def test_a_holiday_stops_the_clock_and_the_opponent_is_told_in_the_channel(
    world: World, bot: GameBot
) -> None:
    await start(world, "ponte")
    before = (await bot.service.queries.game_in(world.channel.id)).deadline_at
    away = await run(world, world.alice, "vacation", {"days": 3})
    assert away.ephemeral and "27 holiday days left this year" in away.content
    mark = world.fake.mark()
    await deliver_owed(world, bot)
    told = await world.fake.wait_for_message(world.channel, since=mark)
    assert told.pinged == [world.bob] and "holiday" in told.content
    assert (await bot.service.queries.game_in(world.channel.id)).deadline_at == before + 3 * 86400
    both = await run(world, world.alice, "vacation", {"days": 2, "end": True})
    assert both.ephemeral and both.content == text("en", "error.vacation_both")
