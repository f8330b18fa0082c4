"""Queued lines on the board page in Chromium (issue 54, point 1): on bob's turn alice types a
line in My queued lines; bob's expected move is answered at once, and her page shows the line
gone; bob's page shows none of her lines."""

from __future__ import annotations

import pytest
from test_browser import challenge, world  # noqa: F401 (the fixture)

from testing.e2ekit import run
from testing.webkit import ActivityWorld, shows_revision, signed_in

pytestmark = pytest.mark.browser


async def test_a_line_queued_on_the_page_is_played_and_the_opponent_never_sees_it(
    world: ActivityWorld,  # noqa: F811 (the fixture)
) -> None:
    await challenge(world, "ponte")
    assert world.bot is not None
    service = world.bot.service
    await run(world, world.alice, "move", {"move": "c3 d5"})
    alice_page = await world.open_board(world.alice)
    bob_page = await world.open_board(world.bob)
    alice, bob = await signed_in(alice_page), await signed_in(bob_page)
    await shows_revision(alice, 1)
    await alice.locator("#lines:not([hidden]) summary").click()
    await alice.locator("#line-text").fill("l10 l12; a1 a3")
    await alice.locator("#line-queue").click()
    await alice.locator("#line-list li").wait_for()
    assert await alice.locator("#line-list li code.mine").inner_text() == "a1 a3"
    lines = (await service.premoves.of(world.channel.id, world.alice.id)).lines
    assert [[move for move, _ in line.steps] for line in lines] == [["l10 l12", "a1 a3"]]
    await shows_revision(bob, 1)
    await bob.locator("#lines:not([hidden]) summary").click()
    assert await bob.locator("#line-list li").count() == 0  # none of alice's
    await run(world, world.bob, "move", {"move": "l10 l12"})
    await shows_revision(alice, 3)  # bob's move and alice's answer, at once
    await alice.locator("#line-list li").wait_for(state="detached")
    view = await service.queries.game_in(world.channel.id)
    assert str(view.game.moves[-1]) == "a1 a3"
