"""Notes and follows on the board page in Chromium (issue 54, points 2 and 4): a watcher follows
the game with one press and keeps a note on the turn shown; the player beside her is offered no
Follow and sees none of her notes."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_browser import challenge, shot, world  # noqa: F401 (the fixture)

from bot.service.notes import Note
from testing.e2ekit import run
from testing.webkit import PHONE, ActivityWorld, shows_revision, signed_in

pytestmark = pytest.mark.browser


async def test_a_watcher_follows_and_keeps_a_note_the_player_never_sees(
    world: ActivityWorld,  # noqa: F811 (the fixture)
    tmp_path: Path,
) -> None:
    await challenge(world, "ponte")
    assert world.bot is not None
    service = world.bot.service
    game = await service.queries.latest_game_in(world.channel.id)
    carol_page = await world.open_board(world.carol, viewport=PHONE)
    alice_page = await world.open_board(world.alice)
    carol, alice = await signed_in(carol_page), await signed_in(alice_page)
    await shows_revision(carol, 0)
    await carol.locator("#follow[aria-pressed='false']").click()
    await carol.locator("#follow[aria-pressed='true']").wait_for()
    assert await service.follows.is_following(world.carol.id, game.id)
    assert await carol.locator("#following").inner_text() != ""
    await run(world, world.alice, "move", {"move": "c3 d5"})
    await shows_revision(carol, 1)
    await carol.locator("#notes summary").click()
    await carol.locator("#note-text").fill("bob should answer near c3")
    await carol.locator("#note-keep").click()
    await carol.locator("#note-list li").wait_for()
    assert await service.notes.of(world.carol.id, game.id) == [
        Note(2, "bob should answer near c3")  # the turn being played: bob's, the second
    ]
    await shot(carol_page, "activity-notes-phone", tmp_path)
    # alice, a player: no Follow, and her own notes only (none)
    await alice.locator("#keeping:not([hidden])").wait_for()
    assert await alice.locator("#follow").is_hidden()
    await alice.locator("#notes summary").click()
    assert await alice.locator("#note-list li").count() == 0
    # carol unfollows with the same button
    await carol.locator("#follow[aria-pressed='true']").click()
    await carol.locator("#follow[aria-pressed='false']").wait_for()
    assert not await service.follows.is_following(world.carol.id, game.id)
