"""The board you click, end to end (issue 47, "Done when"): the real bot with its web board, the
real Embedded App SDK in Debian's Chromium inside the fake Discord client, and the fake Discord.
Each test is one world (about three seconds to start); they are few and cover the list."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, FrameLocator, Page, Route

from bot.i18n import text
from bot.service import GameService
from bot.store import open_database
from bot.web import open_web
from testing.e2ekit import run
from testing.fakediscord import FakeMessage
from testing.fakediscord.proxy import ActivityProxy
from testing.pgserver import PostgresServer
from testing.webkit import (
    PHONE,
    ActivityWorld,
    activity_world,
    field_of,
    shows_revision,
    signed_in,
    start,
)

pytestmark = pytest.mark.browser

SCREENSHOTS = os.environ.get("WEB_SCREENSHOTS")
"""A folder for the README's screenshots (docs/images): set it to take them anew."""


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[ActivityWorld]:
    async with activity_world(tmp_path / "data" / "bot.sqlite3") as found:
        yield found
        assert found.page_errors == []


async def challenge(world: ActivityWorld, kind: str) -> FakeMessage:
    """alice challenges bob (alice first), bob accepts: the start's board."""
    answer = await run(
        world, world.alice, "challenge", {"game": kind, "opponent": world.bob, "first": "me"}
    )
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, answer.message, answer.message.custom_ids()[0]))
    return await world.fake.wait_for_message(world.channel, since=mark)


async def click(board: FrameLocator, *fields: str) -> None:
    """Click fields one after the other, each once the board has taken the one before."""
    for name in fields:
        picks = await board.locator("#board .picked, #board .stone.picked").count()
        await field_of(board, name).click()
        await (
            board.locator("#board .picked, #board .stone.picked, #message:not([hidden])")
            .nth(picks)
            .wait_for()
        )


async def send(board: FrameLocator, move: str) -> None:
    """Send the turn built on the board, which must be `move`."""
    button = board.locator("#send:not([disabled])")
    await button.wait_for()
    assert (await button.inner_text()).endswith(move)
    await button.click()


async def moves_of(world: ActivityWorld) -> list[str]:
    assert world.bot is not None
    view = await world.bot.service.queries.latest_game_in(world.channel.id)
    return [str(move) for move in view.game.moves]


async def shot(page: Page, name: str, tmp_path: Path) -> None:
    """A screenshot of the page (into the README's folder when `WEB_SCREENSHOTS` names one)."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    path = folder / f"{name}.png"
    await page.screenshot(path=path)
    assert path.stat().st_size > 10_000


async def test_a_ponte_game_by_clicks_and_slash_commands_watched_live(
    world: ActivityWorld, tmp_path: Path
) -> None:
    await challenge(world, "ponte")
    alice_page = await world.open_board(world.alice)
    carol_page = await world.open_board(world.carol, viewport=PHONE)
    alice, carol = await signed_in(alice_page), await signed_in(carol_page)
    await shows_revision(carol, 0)
    turns = [
        ("alice", ("c3", "e4"), "c3 e4"),
        ("bob", (), "h8 h9"),
        ("alice", ("c3", "e4"), "c3-e4"),
        ("bob", (), "a1 a2"),
        ("alice", ("f6", "g8"), "f6 g8"),
    ]
    for number, (who, fields, move) in enumerate(turns, start=1):
        mark = world.fake.mark()
        if who == "alice":
            await click(alice, *fields[:1])
            if number == len(turns):  # the README's picture: a stone placed, the targets shown
                await shot(alice_page, "activity-ponte", tmp_path)
            await click(alice, *fields[1:])
            await send(alice, move)
        else:
            answer = await run(world, world.bob, "move", {"move": move})
            assert not answer.ephemeral
        await shows_revision(carol, number)  # the watcher sees every move
        await shows_revision(alice, number)
        assert (await carol.locator("#status-right").inner_text()).endswith(move)
        if who == "alice":  # the board's move is posted in the channel, pinging bob, as /move's
            posted = await world.fake.wait_for_message(world.channel, since=mark)
            assert posted.pinged == [world.bob] and posted.attachments
    assert await moves_of(world) == [move for _, _, move in turns]
    await carol.locator("#board .bridge").first.wait_for()
    await shot(carol_page, "activity-ponte-phone", tmp_path)
    # carol watches: her clicks change nothing and she is told why
    await field_of(carol, "k2").click()
    await carol.locator("#message:not([hidden])").wait_for()
    assert await moves_of(world) == [move for _, _, move in turns]
    # an illegal click is answered on alice's page... once it is her turn
    await run(world, world.bob, "move", {"move": "l12 l11"})
    await shows_revision(alice, 6)
    await field_of(alice, "h8").click()
    message = alice.locator("#message:not([hidden])")
    await message.wait_for()
    assert "h8" in await message.inner_text()
    # the game ends: bob resigns by command, both pages show the result
    await run(world, world.bob, "resign")
    await shows_revision(carol, 7)
    assert "Alice" in await carol.locator("#status-left").inner_text()


async def place(board: FrameLocator, face: str, field: str) -> None:
    """Choose a rolled die of `face` in the tray, then put it on `field`."""
    await board.locator(f"#board .roll-die[data-face='{face}']:not(.spent)").first.click()
    await board.locator(f"#board .targets [data-field='{field}']").first.wait_for()
    before = await board.locator("#board .picked").count()
    await field_of(board, field).click()
    await board.locator("#board .picked").nth(before).wait_for()


async def test_a_verbindung_turn_by_clicks_must_place_the_rolled_white_cross(
    tmp_path: Path,
) -> None:
    # Seed 4 rolls red-cross and white-cross for red's first turn (V5, V6).
    async with activity_world(tmp_path / "data" / "bot.sqlite3", seed=4) as world:
        await challenge(world, "verbindung")
        alice_page = await world.open_board(world.alice)
        bob_page = await world.open_board(world.bob, viewport=PHONE)
        alice, bob = await signed_in(alice_page), await signed_in(bob_page)
        await shows_revision(alice, 0)
        assert await moves_of(world) == ["roll red-cross white-cross"]
        send_button = alice.locator("#send")
        assert await send_button.is_disabled()  # no pass: the white cross must be placed
        await place(alice, "red-cross", "a2")
        assert await send_button.is_disabled()  # still not: the white cross waits
        await place(alice, "white-cross", "b2")
        await send(alice, "red-cross a2, white-cross b2")
        await shows_revision(bob, 1)
        assert (await moves_of(world))[1] == "red-cross a2, white-cross b2"
        await bob.locator("#board .roll-die").first.wait_for()
        await shot(alice_page, "activity-verbindung", tmp_path)
        # bob places one die of his roll, takes it back with Undo, and sends the turn
        roll = (await moves_of(world))[2].split()[1:]
        face = "white-cross" if "white-cross" in roll else roll[0]  # V6 first, if rolled
        await bob.locator(f"#board .roll-die[data-face='{face}']").first.click()
        target = bob.locator("#board .targets [data-field]").first
        await target.wait_for()
        await shot(bob_page, "activity-verbindung-phone", tmp_path)  # a die chosen: its fields
        field = await target.get_attribute("data-field")
        assert field is not None
        await field_of(bob, field).click()
        await bob.locator("#board .picked").first.wait_for()
        await bob.locator("#undo").click()
        await bob.locator("#board .picked").first.wait_for(state="detached")
        await place(bob, face, field)
        move = await bob.locator("#send").inner_text()
        await bob.locator("#send:not([disabled])").click()
        await shows_revision(alice, 2)
        assert move.endswith((await moves_of(world))[3])


async def test_a_stale_page_catches_up_and_another_channel_sees_nothing(
    world: ActivityWorld,
) -> None:
    await challenge(world, "ponte")
    alice = await signed_in(await world.open_board(world.alice))
    await shows_revision(alice, 0)
    assert world.proxy is not None
    world.proxy.muted = True  # alice's page hears nothing more: a bad line
    await run(world, world.alice, "move", {"move": "c3 d5"})  # she moves by command meanwhile
    await field_of(alice, "e3").click()  # her page still offers her turn: the click is refused
    await shows_revision(alice, 1)  # and the page is brought up to date
    assert await moves_of(world) == ["c3 d5"]
    assert "c3 d5" in await alice.locator("#status-right").inner_text()
    world.proxy.muted = False
    # dave opens the Activity in another channel: he sees no game there, and nothing of this one
    dave = world.fake.add_user("dave")
    elsewhere = world.fake.add_text_channel(world.guild, "elsewhere")
    away = await signed_in(await world.open_board(dave, elsewhere))
    await away.locator("body[data-revision='none']").wait_for()
    assert await away.locator("#board svg").count() == 0


async def test_the_page_comes_back_to_its_game_after_a_restart(tmp_path: Path) -> None:
    async with activity_world(tmp_path / "data" / "bot.sqlite3", start_bot=False) as world:
        async with AsyncExitStack() as first:
            await start(world, first)
            await challenge(world, "ponte")
            page = await world.open_board(world.alice)
            board = await signed_in(page)
            await shows_revision(board, 0)
        await board.locator("body[data-live='false']").wait_for()  # the bot is gone
        async with AsyncExitStack() as second:
            await start(world, second)  # another port behind the same proxy, the same secret
            await board.locator("body[data-live='true']").wait_for()
            await run(world, world.alice, "move", {"move": "c3 d5"})
            await shows_revision(board, 1)
            # Issue 52, point 6: a page tries again at least every second while the server is
            # away (it waited up to 10 s), so it is back within a second of the restart.
            waits = await board.locator("body").evaluate(
                "async () => { const live = await import('./static/live.mjs');"
                " return [...Array(40).keys()].map(live.retryWait); }"
            )
            assert max(waits) <= 1000 and waits == sorted(waits)
            await world.close_pages()


async def test_a_move_through_one_process_reaches_a_watcher_of_another(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    url = await postgres_server.fresh_url()
    async with activity_world(tmp_path / "unused.sqlite3", database_url=url) as world:
        await challenge(world, "ponte")
        assert world.bot is not None
        # a second process: the web board alone over the same database (`python -m bot web`)
        settings = world.settings()
        async with (
            open_database(url) as database,
            open_web(
                settings,
                GameService(
                    database,
                    clock=world.clock,
                    computer_id=world.bot.service.computer_id,
                    name="web",
                    posts=False,
                ),
                application_id=world.fake.application_id,
            ) as other,
            ActivityProxy(world.fake, f"http://127.0.0.1:{other.port}") as proxy,
        ):
            world.proxy, first = proxy, world.proxy
            carol = await signed_in(await world.open_board(world.carol))
            await shows_revision(carol, 0)
            world.proxy = first
            alice = await signed_in(await world.open_board(world.alice))
            await click(alice, "c3", "d5")
            await send(alice, "c3 d5")  # made through the bot's process
            await shows_revision(carol, 1)  # heard by the other through NOTIFY
            await run(world, world.bob, "move", {"move": "e3 f5"})
            await shows_revision(carol, 2)
            await world.close_pages()


async def press_more(board: FrameLocator, button: str) -> None:
    """Press `button` under the board's More (opening it first when it is closed)."""
    more = board.locator("#more")
    if await more.get_attribute("open") is None:
        await more.locator("summary").click()
    await board.locator(f"#{button}:not([disabled])").click()


async def test_every_button_of_the_board_works_after_a_move_sent_from_it(
    world: ActivityWorld,
) -> None:
    # Issue 52, point 5: a move sent from the board left its other buttons disabled for good.
    await challenge(world, "ponte")
    alice = await signed_in(await world.open_board(world.alice))
    bob = await signed_in(await world.open_board(world.bob))
    await click(alice, "c3", "e4")
    await send(alice, "c3 e4")
    await shows_revision(bob, 1)
    await press_more(alice, "offer-draw")  # after her move, alice's More still answers
    await bob.locator("#decline-draw").click()  # bob answers from his board...
    await bob.locator("#offers p").wait_for(state="detached")
    await bob.locator("#swap:not([disabled])").click()  # ...and may still swap from it (P4)
    await send(bob, "swap")
    await shows_revision(alice, 2)
    await press_more(bob, "take-back")  # after his swap, bob's More still answers
    await alice.locator("#decline-takeback").click()
    await alice.locator("#offers p").wait_for(state="detached")
    await press_more(bob, "resign")
    await press_more(bob, "resign-sure")
    await shows_revision(alice, 3)
    played = await moves_of(world)
    assert played[:2] == ["c3 e4", "swap"] and played[2].startswith("resign")


async def test_a_verbindung_pass_is_chosen_before_it_is_sent_and_a_stuck_die_says_why(
    tmp_path: Path,
) -> None:
    # Issue 52, point 4: an empty turn read "Send: pass" at every turn's start, and a rolled die
    # that may go nowhere lit nothing and said nothing. Seed 14 rolls red a black cross on its
    # first turn, which no field takes (V7: no red base meets black), and no white cross.
    async with activity_world(tmp_path / "data" / "bot.sqlite3", seed=14) as world:
        await challenge(world, "verbindung")
        alice = await signed_in(await world.open_board(world.alice))
        await shows_revision(alice, 0)
        assert "black-cross" in (await moves_of(world))[0]
        send_button = alice.locator("#send")
        assert await send_button.is_disabled()
        assert "pass" not in await send_button.inner_text()
        await alice.locator("#board .roll-die.nowhere[data-face='black-cross']").first.click()
        hint = alice.locator("#hint")
        await alice.locator("#hint code").wait_for()
        assert "black-cross" in await hint.inner_text() and "(V7)" in await hint.inner_text()
        assert await alice.locator("#board .targets [data-field]").count() == 0
        await alice.locator("#pass").click()  # chosen, not yet sent: Undo takes it back
        await alice.locator("#send:not([disabled])").wait_for()
        await alice.locator("#undo").click()
        await alice.locator("#send[disabled]").wait_for()
        assert "pass" not in await send_button.inner_text()
        await alice.locator("#pass").click()
        await send(alice, "pass")
        await shows_revision(alice, 1)
        await run(world, world.bob, "move", {"move": "pass"})
        await shows_revision(alice, 2)
        await alice.locator("#pass:not([disabled])").click()  # after a move sent from the page
        await send(alice, "pass")
        await shows_revision(alice, 3)
        assert (await moves_of(world))[1::2] == ["pass", "pass", "pass"]


async def test_a_board_opened_outside_discord_says_where_it_opens(world: ActivityWorld) -> None:
    # Issue 52, point 15: a browser showed "Connecting to Discord…" and the SDK's error.
    assert world.web is not None
    page = await world.new_page()
    await page.goto(f"http://127.0.0.1:{world.web.port}/")
    await page.locator("body[data-outside='true']").wait_for()
    notice = page.locator("#notice")
    assert "Open board" in await notice.inner_text()
    assert await page.locator("#message").is_hidden()
    assert await page.locator("body[data-signed-in='false']").count() == 1


async def test_a_refused_sign_in_shows_its_sentence_and_is_tried_again(
    world: ActivityWorld,
) -> None:
    # Issue 52, point 2: after a refusal the page stayed on "Signing in…" for good.
    refusal = text("en", "web.too_many")
    refused: list[str] = []

    async def refuse_twice(route: Route) -> None:
        refused.append(route.request.url)
        if len(refused) == 1:  # the server's refusal, with its sentence and its wait
            await route.fulfill(
                status=429,
                headers={"Retry-After": "1"},
                json={"error": refusal, "code": "too_many"},
            )
        elif len(refused) == 2:  # a proxy's page in place of the server's answer
            await route.fulfill(status=502, content_type="text/html", body="<h1>Bad gateway</h1>")
        else:
            await route.continue_()

    async def prepare(context: BrowserContext) -> None:
        await context.route("**/api/session", refuse_twice)

    await challenge(world, "ponte")
    page = await world.open_board(world.alice, prepare=prepare)
    board = world.board(page)
    message = board.locator("#message")
    await board.locator("body[data-refused='true']").wait_for()
    await message.filter(has_text=refusal).wait_for()
    assert await board.locator("#notice").is_hidden()  # no "Signing in…" over the refusal
    failed = text("en", "web.sign_in_failed")
    await message.filter(has_text=failed).wait_for()  # tried again after the Retry-After
    assert await board.locator("#notice").is_hidden()
    await signed_in(page)  # and again
    await shows_revision(board, 0)
    assert len(refused) == 3 and await message.is_hidden()
