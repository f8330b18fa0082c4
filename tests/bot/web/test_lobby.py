"""The lobby on the board page (issue 53, step 4), end to end: the real bot and its web board,
the real Embedded App SDK in Debian's Chromium inside the fake Discord client. Opened in a
channel without a game the page lists the server's open challenges, its live games the user may
see and the user's own; it takes, watches and posts through the bot's use cases, updates live,
and never shows a hidden channel's game nor another server's challenge."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from pathlib import Path

import aiohttp
import pytest
from playwright.async_api import FrameLocator, Page

from bot.i18n import describe_error
from bot.service.deadlines import DAY, HOUR
from bot.service.errors import BadChallengeExpiryError, ChallengeTakenError, GameNotFoundError
from bot.service.open_challenges import check_open_seconds
from bot.web.sessions import Sessions
from testing.e2ekit import run
from testing.fakediscord import FakeChannel, FakeGuild
from testing.fakediscord.models import VIEW_CHANNEL
from testing.servicekit import start_game
from testing.webkit import PHONE, ActivityWorld, activity_world, signed_in, start

pytestmark = pytest.mark.browser

SCREENSHOTS = os.environ.get("WEB_SCREENSHOTS")
"""A folder for the docs' screenshots (docs/images): set it to take them anew."""


class Lobby:
    """The places of the test's server: a channel only alice and bob see, a hall, another
    server where bob plays too."""

    def __init__(self, world: ActivityWorld) -> None:
        fake = world.fake
        self.secret: FakeChannel = fake.add_text_channel(world.guild, "secret")
        self.hall: FakeChannel = fake.add_text_channel(world.guild, "hall")
        self.elsewhere: FakeGuild = fake.add_guild("Elsewhere")
        fake.add_member(self.elsewhere, world.bob)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[ActivityWorld]:
    async with activity_world(tmp_path / "data" / "bot.sqlite3", start_bot=False) as found:
        found.places = Lobby(found)  # type: ignore[attr-defined]
        async with AsyncExitStack() as stack:
            await start(found, stack)
            yield found
            await found.close_pages()
        assert found.page_errors == []


def places(world: ActivityWorld) -> Lobby:
    found = world.places  # type: ignore[attr-defined]
    assert isinstance(found, Lobby)
    return found


async def in_lobby(page: Page) -> FrameLocator:
    """The Activity of `page` once it shows the lobby with its lists."""
    board = await signed_in(page)
    await board.locator("body[data-mode='lobby'] #lobby-challenges li").first.wait_for()
    return board


def challenge_item(board: FrameLocator, challenge_id: int) -> object:
    return board.locator(f"#lobby-challenges [data-challenge='{challenge_id}']")


async def ids_in(board: FrameLocator, list_id: str, attribute: str) -> set[str]:
    found = board.locator(f"#{list_id} [data-{attribute}]")
    return {
        value
        for index in range(await found.count())
        if (value := await found.nth(index).get_attribute(f"data-{attribute}")) is not None
    }


async def shot(page: Page, name: str, tmp_path: Path) -> None:
    """A screenshot of the page (into the docs' folder when `WEB_SCREENSHOTS` names one)."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    path = folder / f"{name}.png"
    await page.screenshot(path=path)
    assert path.stat().st_size > 10_000


async def post_as(
    world: ActivityWorld, user_id: int, path: str, body: dict[str, str]
) -> tuple[int, dict[str, str]]:
    """The web board's answer (its HTTP status and JSON) to `user_id` posting `body` to `path`
    from the lobby of the test's channel."""
    assert world.web is not None
    secret = world.settings().activity_client_secret or ""
    token, _ = Sessions(secret).issue(user_id, world.channel.id, world.guild.id, "i-test", "en")
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            world.web.url + path, json=body, headers={"Authorization": f"Bearer {token}"}
        ) as response,
    ):
        return response.status, await response.json()


async def watch_as(world: ActivityWorld, user_id: int, game_id: int) -> tuple[int, str]:
    """The HTTP status of `user_id` asking to watch game `game_id` from the lobby, and the
    refusal's sentence ("" for none)."""
    status, found = await post_as(world, user_id, "api/lobby/watch", {"game": str(game_id)})
    return status, found.get("error", "")


async def test_the_lobby_lists_takes_watches_and_hides_what_is_not_the_users(
    world: ActivityWorld, tmp_path: Path
) -> None:
    here = places(world)
    fake, bot = world.fake, world.bot
    assert bot is not None
    await fake.set_overwrite(here.secret, world.guild.roles[0], deny=VIEW_CHANNEL)
    for allowed in (world.alice, world.bob, fake.bot_user):
        await fake.set_overwrite(here.secret, allowed, allow=VIEW_CHANNEL)
    hidden = await start_game(
        bot.service, channel_id=here.secret.id, challenger=world.alice.id,
        opponent=world.bob.id, guild_id=world.guild.id,
    )  # fmt: skip
    posted = await run(world, world.bob, "challenge", {"game": "ponte"}, channel=here.hall)
    assert not posted.ephemeral
    # an open challenge's post carries Open lobby, which opens the Activity where it is
    assert posted.message is not None and "lobby" in posted.message.custom_ids()
    launched = await (await fake.press_button(world.carol, posted.message, "lobby"))
    assert launched.response_type == 12  # LAUNCH_ACTIVITY
    listed = await run(world, world.alice, "games")
    assert listed.message is not None and "lobby" in listed.message.custom_ids()  # /games too
    bobs = (await bot.service.open_challenges.open_in_server(world.guild.id))[0]
    other = await bot.service.open_challenges.challenge_anyone(
        game_kind="verbindung",
        channel_id=here.elsewhere.text_channel.id,
        challenger_id=world.bob.id,
        guild_id=here.elsewhere.id,
    )

    # carol, who cannot see #secret, opens the Activity where no game is: the lobby
    carol_page = await world.open_board(world.carol, viewport=PHONE)
    carol = await in_lobby(carol_page)
    assert await ids_in(carol, "lobby-challenges", "challenge") == {str(bobs.id)}
    assert await ids_in(carol, "lobby-games", "game") == set()  # #secret's is hidden
    assert await ids_in(carol, "lobby-mine", "game") == set()
    assert other.game_kind == "verbindung"  # another server's: nothing of it is listed
    assert await carol.locator("#lobby .game-verbindung").count() == 0
    # nor by its number: refused as a game that does not exist
    for game_id in (hidden.view.id + 1000, hidden.view.id):
        expected = describe_error(GameNotFoundError("", game_id=game_id), "en")
        assert await watch_as(world, world.carol.id, game_id) == (422, expected)
    assert await watch_as(world, world.alice.id, hidden.view.id) == (200, "")

    # alice, who plays in #secret, sees her game among hers to play, not among those to watch
    alice_page = await world.open_board(world.alice)
    alice = await in_lobby(alice_page)
    await alice.locator(f"#lobby-mine [data-game='{hidden.view.id}']").wait_for()
    assert await ids_in(alice, "lobby-games", "game") == set()
    await shot(carol_page, "activity-lobby-phone", tmp_path)

    # alice posts an open challenge with the form, for players within 200 of her rating and
    # waiting six hours: posted in the channel as /challenge's, and carol's lobby shows it live
    mark = fake.mark()
    await alice.locator("#lobby-against").select_option("computer")
    assert await alice.locator("#lobby-window-field").is_hidden()  # an open challenge's alone
    assert await alice.locator("#lobby-expires-field").is_hidden()
    await alice.locator("#lobby-against").select_option("anyone")
    assert await alice.locator("#lobby-expires").input_value() == str(DAY)  # the default
    await alice.locator("#lobby-window").select_option("200")
    await alice.locator("#lobby-expires").select_option(str(6 * HOUR))
    await alice.locator("#lobby-post").click()
    message = await fake.wait_for_message(world.channel, since=mark)
    assert message.custom_ids() and message.custom_ids()[0].startswith("challenge:accept:")
    alices = next(
        c for c in await bot.service.open_challenges.open_in_server(world.guild.id)
        if c.challenger_id == world.alice.id
    )  # fmt: skip
    assert (alices.rating_window, alices.expires_at - alices.created_at) == (200, 6 * HOUR)
    await challenge_item(carol, alices.id).wait_for()  # type: ignore[attr-defined]
    await alice.locator("#lobby-message[data-kind='done']").wait_for()

    # carol takes bob's challenge with a click: the game starts in #hall and her page shows it;
    # alice's lobby loses the challenge and lists the game, live
    await carol.locator(f"#lobby-challenges [data-challenge='{bobs.id}'] button").click()
    await carol.locator("body[data-mode='game'][data-revision='0']").wait_for()
    taken = await bot.service.queries.game_in(here.hall.id)
    assert set(taken.players.values()) == {world.bob.id, world.carol.id}
    assert await carol.locator("body").get_attribute("data-game") == str(taken.id)
    await challenge_item(alice, bobs.id).wait_for(state="detached")  # type: ignore[attr-defined]
    await alice.locator(f"#lobby-games [data-game='{taken.id}']").wait_for()
    await shot(alice_page, "activity-lobby", tmp_path)  # each list with something in it

    # alice watches it: her page keys on #hall's game, and its moves reach her live
    await alice.locator(f"#lobby-games [data-game='{taken.id}'] button").click()
    await alice.locator(f"body[data-mode='game'][data-game='{taken.id}']").wait_for()
    first = taken.to_move_id
    mover = world.bob if first == world.bob.id else world.carol
    await run(world, mover, "move", {"move": "c3 e4"}, channel=here.hall)
    await alice.locator("body[data-revision='1']").wait_for()

    # a click on a challenge taken meanwhile is refused with the Accept button's sentence
    status, refusal = await post_as(
        world, world.alice.id, "api/lobby/take", {"challenge": str(bobs.id)}
    )
    taken_by = ChallengeTakenError("", taker_id=world.carol.id)
    assert (status, refusal["error"]) == (422, describe_error(taken_by, "en"))

    # and back to the lobby from the game watched
    await alice.locator("#to-lobby").click()
    await alice.locator(
        f"body[data-mode='lobby'] #lobby-mine [data-game='{hidden.view.id}']"
    ).wait_for()

    # a refusal is a sentence on the page: a wait the form does not offer (a page changed by
    # hand) is refused in the words of /challenge's, and nothing is posted
    await alice.locator("#lobby-against").select_option("anyone")
    await alice.locator("#lobby-expires").evaluate(
        "(select) => select.add(new Option('a minute', '60', true, true))"
    )
    await alice.locator("#lobby-post").click()
    with pytest.raises(BadChallengeExpiryError) as too_short:
        check_open_seconds(60)
    refusal = alice.locator("#lobby-message[data-kind='refusal']")
    await refusal.filter(has_text=describe_error(too_short.value, "en")).wait_for()
    assert len(await bot.service.open_challenges.open_in_server(world.guild.id)) == 1
