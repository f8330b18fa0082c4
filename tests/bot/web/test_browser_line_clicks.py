"""A queued line built by clicks on the board page, in Chromium (issue 54, point 1): on alice's
turn bob presses Queue a line, builds her expected turn on the board as a turn is built, his
answer, her next turn and his next answer (the board showing the position after the line, Undo
taking a move back), and queues it; alice plays the expected move by /move and bob's answer is
played at once. In Verbindung the roll his answer answers is picked from those the rules allow."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_browser import challenge, click, place, send, shot, world  # noqa: F401 (the fixture)

from bot.i18n import describe_error, language_of, text
from bot.service import errors
from testing.e2ekit import run
from testing.webkit import ActivityWorld, activity_world, field_of, shows_revision, signed_in

pytestmark = pytest.mark.browser

LINE = ["c3 d5", "l10 l12", "e3 f5", "j10 j12"]
"""alice's turn, bob's answer, her next turn, his next answer."""


async def test_a_line_built_by_clicks_is_queued_and_answered_at_once(
    world: ActivityWorld,  # noqa: F811 (the fixture)
    tmp_path: Path,
) -> None:
    await challenge(world, "ponte")
    assert world.bot is not None
    service = world.bot.service
    page = await world.open_board(world.bob)
    bob = await signed_in(page)
    await shows_revision(bob, 0)
    await bob.locator("#line-start:not([hidden])").click()
    await bob.locator("#line-so-far:not([hidden])").wait_for()
    steps = bob.locator("#line-so-far code")
    for number, move in enumerate(LINE, 1):
        await click(bob, *move.split())
        await send(bob, move)
        await steps.nth(number - 1).wait_for()
        if number == 3:  # Undo takes the move back; the board shows the position before it
            await bob.locator("#line-back:not([disabled])").click()
            await steps.nth(2).wait_for(state="detached")
            assert await bob.locator("#board .clicks [data-field='e3']").count() == 1
            await click(bob, *move.split())
            await send(bob, move)
            await steps.nth(2).wait_for()
    assert [await steps.nth(n).inner_text() for n in range(len(LINE))] == LINE
    assert await bob.locator("#line-so-far code.mine").count() == 2  # his answers
    await shot(page, "activity-line-by-clicks", tmp_path)
    await bob.locator("#line-send:not([disabled])").click()
    await bob.locator("#line-so-far").wait_for(state="hidden")
    await bob.locator("#keeping-message:not([hidden])").wait_for()
    lines = (await service.premoves.of(world.channel.id, world.bob.id)).lines
    assert [[move for move, _ in line.steps] for line in lines] == [LINE]
    # another answer to the same move is refused with /premove's sentence, under the board
    await bob.locator("#line-start:not([hidden])").click()
    await bob.locator("#line-so-far:not([hidden])").wait_for()
    for number, move in enumerate((LINE[0], "k10 k12"), 1):
        await click(bob, *move.split())
        await send(bob, move)
        await steps.nth(number - 1).wait_for()  # added: the board is drawn anew, unpicked
    await bob.locator("#line-so-far code.mine").wait_for()
    await bob.locator("#line-send:not([disabled])").click()
    refusal = describe_error(errors.LineConflictError("", number=1), language_of(world.bob.locale))
    await bob.locator("#message:not([hidden])").wait_for()
    assert await bob.locator("#message").inner_text() == refusal.replace("`", "")
    assert len((await service.premoves.of(world.channel.id, world.bob.id)).lines) == 1
    await run(world, world.alice, "move", {"move": LINE[0]})
    await shows_revision(bob, 2)  # alice's move and bob's answer, at once
    await bob.locator("#line-so-far").wait_for(state="hidden")  # the line being built: stale
    stale = text(language_of(world.bob.locale), "web.line_stale")
    assert await bob.locator("#message").inner_text() == stale
    view = await service.queries.game_in(world.channel.id)
    assert [str(move) for move in view.game.moves] == LINE[:2]
    lines = (await service.premoves.of(world.channel.id, world.bob.id)).lines
    assert [[move for move, _ in line.steps] for line in lines] == [LINE[2:]]


async def test_a_verbindung_line_picks_the_roll_before_the_answer(tmp_path: Path) -> None:
    # Seed 4 rolls red-cross and white-cross for alice's first turn (V5, V6).
    async with activity_world(tmp_path / "data" / "bot.sqlite3", seed=4) as seeded:
        await challenge(seeded, "verbindung")
        assert seeded.bot is not None
        bob = await signed_in(await seeded.open_board(seeded.bob))
        await shows_revision(bob, 0)
        await bob.locator("#line-start:not([hidden])").click()
        await bob.locator("#line-so-far:not([hidden])").wait_for()  # its first targets came
        await place(bob, "red-cross", "a2")
        await place(bob, "white-cross", "b2")
        await send(bob, "red-cross a2, white-cross b2")
        rolls = bob.locator("#line-roll-field:not([hidden]) select")
        await rolls.wait_for()
        assert await bob.locator("#board .clicks [data-field]").count() > 0
        assert await bob.locator("#send").is_hidden()  # the roll first: no turn to build
        chosen = await rolls.locator("option").nth(1).get_attribute("value")
        assert chosen is not None and chosen.startswith("roll ")
        await rolls.select_option(chosen)
        await bob.locator("#line-roll-field").wait_for(state="hidden")
        face = chosen.split()[1]
        await bob.locator(f"#board .roll-die[data-face='{face}']:not(.spent)").first.click()
        target = bob.locator("#board .targets [data-field]").first
        await target.wait_for()
        field = await target.get_attribute("data-field")
        assert field is not None
        await field_of(bob, field).click()
        await bob.locator("#board .picked").first.wait_for()
        answer = (await bob.locator("#send:not([disabled])").inner_text()).split(": ", 1)[1]
        await bob.locator("#send").click()
        await bob.locator("#line-so-far code.mine").wait_for()
        await bob.locator("#line-send:not([disabled])").click()
        await bob.locator("#keeping-message:not([hidden])").wait_for()
        service = seeded.bot.service
        lines = (await service.premoves.of(seeded.channel.id, seeded.bob.id)).lines
        expected = ["red-cross a2, white-cross b2", chosen, answer]
        assert [[move for move, _ in line.steps] for line in lines] == [expected]
