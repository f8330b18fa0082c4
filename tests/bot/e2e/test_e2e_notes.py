"""Private notes on a game through the real bot and the fake Discord (issue 54, point 2):
`/note` keeps, lists and removes a note, every answer private; another player's list and export
show none of them; the author's export holds them, and the analysis they ask for shows them
beside it, privately; a game one may not see cannot be noted."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_e2e_analysis import finished_game, is_result, result_of

from bot.discord.app import GameBot
from bot.i18n import describe_error, text
from bot.service import errors
from bot.service.notes import last_turn
from testing.e2ekit import World, run, running
from testing.fakediscord import FakeChannel


@pytest.fixture
async def bot(world: World, secret: FakeChannel) -> AsyncIterator[GameBot]:
    async with running(world) as client:  # after the secret channel: the bot's cache knows it
        yield client


async def test_notes_are_seen_only_by_their_author(world: World, bot: GameBot) -> None:
    game_id = await finished_game(world, bot)
    kept = await run(world, world.alice, "note", {"text": "bob's bridge was loose", "turn": 4})
    assert kept.ephemeral and text("en", "note.turn", turn=4) in kept.content
    await run(world, world.alice, "note", {"text": "a long fight"})  # the whole game, once over
    listed = await run(world, world.alice, "note")
    assert listed.ephemeral
    assert "bob's bridge was loose" in listed.content and "a long fight" in listed.content
    others = await run(world, world.bob, "note")  # bob's list: his own, none
    assert others.ephemeral and others.content == text(
        world.bob.locale, "note.none", game_id=game_id
    )
    exported = (await run(world, world.bob, "export")).attachments[0].data.decode()
    assert "loose" not in exported and "a long fight" not in exported
    exported = (await run(world, world.alice, "export")).attachments[0].data.decode()
    assert "; my note (turn 4): bob's bridge was loose" in exported
    assert "; my note (game): a long fight" in exported
    for message in world.fake.messages_in(world.channel):  # nothing public shows a note
        assert "loose" not in message.content


async def test_the_authors_analysis_shows_their_notes_privately(world: World, bot: GameBot) -> None:
    game_id = await finished_game(world, bot)
    await run(world, world.alice, "note", {"text": "was turn 5 the mistake?", "turn": 5})
    handle = await world.fake.send_slash_command(
        world.alice, world.channel, "analyze", {"game": game_id}
    )
    asked = await handle
    assert not asked.ephemeral  # the analysis itself is public
    assert "turn 5 the mistake" not in asked.content
    notes = await world.fake.world.wait_until(
        lambda: handle.followups[0] if handle.followups else None, timeout=30, what="the notes"
    )
    assert notes.ephemeral and "was turn 5 the mistake?" in notes.content
    await result_of(world, asked.message)
    by_bob = await world.fake.send_slash_command(
        world.bob, world.channel, "analyze", {"game": game_id}
    )
    assert is_result((await by_bob).message)  # answered from the store, at once
    await run(world, world.bob, "help")  # after which a follow-up would have been sent
    assert by_bob.followups == []  # bob has no notes; alice's are hers


async def test_a_removed_note_is_gone_and_bad_notes_are_refused(world: World, bot: GameBot) -> None:
    game_id = await finished_game(world, bot)
    await run(world, world.alice, "note", {"text": "first thought", "turn": 2})
    removed = await run(world, world.alice, "note", {"text": "-", "turn": 2})
    assert removed.ephemeral and "first thought" not in removed.content
    assert "first thought" not in (await run(world, world.alice, "note")).content
    far = await run(world, world.alice, "note", {"text": "later", "turn": 99})
    assert far.ephemeral
    last = last_turn(await bot.service.queries.game(game_id))
    assert far.content == describe_error(errors.NoSuchTurnError("", last=last), "en")
    long = await run(world, world.alice, "note", {"text": "x" * 1001})
    assert long.ephemeral
    assert long.content == describe_error(errors.NoteTooLongError("", limit=1000), "en")


async def test_a_game_one_may_not_see_cannot_be_noted(
    world: World, bot: GameBot, secret: FakeChannel
) -> None:
    game_id = await finished_game(world, bot, channel=secret)
    refused = await run(world, world.carol, "note", {"text": "peek", "game": game_id})
    assert refused.ephemeral
    assert refused.content == describe_error(
        errors.GameNotFoundError("", game_id=game_id), world.carol.locale
    )
    assert await bot.service.notes.of(world.carol.id, game_id) == []
