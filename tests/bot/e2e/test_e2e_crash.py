"""The real bot killed (SIGKILL) at each step of the posts a command owes (issue 45): a game's
start, a move, an agreed draw, a takeback given, an analysis's message (showing its progress)
and its result, and a holiday notice. At each step (`Step`: the change stored and the post not
yet sent; the post held by Discord and dropped; the post carried out and the bot never told),
after the restart each post is on Discord exactly once, each within `RESTART_SECONDS` of the
bot's READY or of the post before.

The lives a crash ends are processes (SIGKILL); the others run the same bot in the test's own
process (`Life.here`), which starts much sooner. One bot life holds every kind at once: the
posts a command delivers itself may be in flight together, the deliverer's own round (the
holiday notice) only one at a time, so that one is held first. The analysis's result (an edit
the deliverer makes) is owed by reviews a test makes between two lives, so that the edit cut
is the one showing the result, and held in a second life of its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.computer.review import review_turn
from bot.service.owed import answering
from testing import workers
from testing.crashkit import (
    Holds,
    Life,
    ProcessLife,
    Step,
    assert_no_repeats,
    claim_as_the_deliverer,
    once,
    posts_in,
    preparing,
    review_remaining,
    settled,
)
from testing.e2ekit import World, run
from testing.fakediscord import FakeChannel, FakeDiscord, FakeMessage, InteractionHandle
from testing.servicekit import play_moves, start_game

PNG = b"\x89PNG\r\n\x1a\n"
GIF = b"GIF89a"
LOCALE = "en-US"  # the server's: what a command's posts are written in
ANALYSIS_SECONDS = 90.0
"""An analysis is the analyst's work (a worker process per turn), not a post owed: its result
may take longer than a post's RESTART_SECONDS on a busy machine."""


def has(data: bytes) -> Callable[[FakeMessage], bool]:
    """A check: the message has a file of that kind (a PNG board, a GIF replay)."""
    return lambda m: any(a.data.startswith(data) for a in m.attachments)


def analysed(message: FakeMessage) -> bool:
    return "📈" in message.content  # the result's heading (its chart follows)


@dataclass
class Places:
    """A channel for each kind of post (the deliverer keeps a channel's posts in order, so
    each kind is held and checked where nothing else waits), and the games there."""

    start: FakeChannel
    move: FakeChannel
    draw: FakeChannel
    takeback: FakeChannel
    analysis: FakeChannel
    result: FakeChannel
    holiday: FakeChannel
    draw_game: int = 0
    takeback_game: int = 0
    analysis_game: int = 0
    result_game: int = 0


def places(world: World) -> Places:
    def channel(name: str) -> FakeChannel:
        return world.fake.add_text_channel(world.guild, name)

    return Places(
        start=channel("start"),
        move=channel("move"),
        draw=channel("draw"),
        takeback=channel("takeback"),
        analysis=channel("analysis"),
        result=channel("result"),
        holiday=channel("holiday"),
    )


async def prepare_games(world: World, where: Places) -> None:
    """The games the test plays on, made while the bot is down, their posts settled: alice
    against bob where a move, a draw and a takeback will be; two games of theirs finished
    (three moves, then bob resigns: the fewest turns an analysis takes) to analyse; and alice
    against carol, where carol's holiday will be told (her only game)."""
    alice, bob, carol, guild = world.alice.id, world.bob.id, world.carol.id, world.guild.id
    async with preparing(world) as service, settled(service):
        for channel in (where.move, where.draw, where.takeback):
            await start_game(
                service, channel_id=channel.id, guild_id=guild, challenger=alice, opponent=bob
            )
        where.draw_game = (await service.queries.game_in(where.draw.id)).id
        where.takeback_game = (await service.queries.game_in(where.takeback.id)).id
        await play_moves(service, where.takeback.id, count=1)  # alice's move, to take back
        for channel in (where.analysis, where.result):
            await start_game(
                service, channel_id=channel.id, guild_id=guild, challenger=alice, opponent=bob
            )
            await play_moves(service, channel.id, count=3)
            await service.moves.resign(channel.id, bob)
        where.analysis_game = (await service.queries.latest_game_in(where.analysis.id)).id
        where.result_game = (await service.queries.latest_game_in(where.result.id)).id
        await start_game(
            service, channel_id=where.holiday.id, guild_id=guild, challenger=alice, opponent=carol
        )


@dataclass
class Asked:
    """What the first life asked for, before anything is cut: a challenge, a draw offer, a
    takeback request (each with its buttons), and the analysis whose result is cut later."""

    challenge: FakeMessage
    offer: FakeMessage
    request: FakeMessage
    result: FakeMessage
    result_token: str = ""
    carried: bool = False  # the posts cut were carried out by Discord
    answers: tuple[FakeMessage, ...] = ()  # the commands' answers Discord carried out


async def ask(world: World, where: Places) -> tuple[FakeMessage, FakeMessage, FakeMessage]:
    challenge = await run(
        world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob}, where.start
    )
    offer = await run(world, world.alice, "draw", channel=where.draw)
    request = await run(world, world.alice, "takeback", channel=where.takeback)
    assert not (offer.ephemeral or request.ephemeral), (offer.content, request.content)
    return challenge.message, offer.message, request.message


async def ask_result(world: World, where: Places) -> tuple[FakeMessage, str]:
    """alice asks for the analysis whose result is cut later: its message and its token (the
    analysis's edits go through it). The bot is killed or stopped right after: it reviews the
    game's turns for seconds, so the result is still to come."""
    handle = await world.fake.send_slash_command(
        world.alice, where.result, "analyze", {"game": where.result_game}
    )
    answer = await handle
    assert not answer.ephemeral and not analysed(answer.message), answer.content
    return answer.message, handle.token


async def press(world: World, message: FakeMessage, prefix: str) -> InteractionHandle:
    """bob presses the button of `message` whose custom id begins with `prefix`."""
    custom_id = next(c for c in message.custom_ids() if c.startswith(prefix))
    return await world.fake.press_button(world.bob, message, custom_id)


async def cut(world: World, where: Places, asked: Asked, holds: Holds, life: Life) -> None:
    """Each kind's post sent and held by the fake (dropped or carried out by it): the holiday
    notice first, since it blocks the deliverer's round (nothing the deliverer would take over
    from a command goes meanwhile); then the posts commands deliver themselves."""
    fake = world.fake
    mark = fake.mark()
    held = holds.on(f"POST /channels/{where.holiday.id}/messages")
    await run(world, world.carol, "vacation", {"days": 3}, where.holiday)
    await holds.hit(
        held, "the holiday notice", life, lambda: fake.messages_in(where.holiday, since=mark)
    )
    for channel, message, prefix in (
        (where.start, asked.challenge, "challenge:accept"),
        (where.draw, asked.offer, "draw:accept"),
        (where.takeback, asked.request, "takeback:accept"),
    ):
        held = holds.on(f"POST /channels/{channel.id}/messages")
        await press(world, message, prefix)
        await holds.hit(
            held,
            f"the post in #{channel.name}",
            life,
            made_in(fake, channel, mark),
        )
    # A command's answer: each held in turn (every answer goes to the same route).
    commands = (
        (where.move, "move", {"move": "a1 c1"}),
        (where.analysis, "analyze", {"game": where.analysis_game}),
    )
    for channel, name, options in commands:
        held = holds.on("POST /interactions/*/*/callback")
        handle = await fake.send_slash_command(world.alice, channel, name, options)
        await holds.hit(held, f"the answer to /{name}", life, answered(handle))
        if holds.step is Step.CARRIED:
            assert handle.original is not None
            asked.answers += (handle.original,)
    asked.carried = holds.step is Step.CARRIED


def made_in(fake: FakeDiscord, channel: FakeChannel, mark: int) -> Callable[[], object]:
    """A check: a board was posted in `channel` (carried out by Discord)."""
    return lambda: posts_in(fake, channel, has(PNG), mark)


def answered(handle: InteractionHandle) -> Callable[[], object]:
    """A check: the command of `handle` has its answer (carried out by Discord)."""
    return lambda: handle.original


async def store(world: World, where: Places, asked: Asked) -> None:
    """The same changes made while the bot is down, as its commands make them (inside
    `answering()`: their posts claimed for the bot's process), the holiday's notice owed for
    its deliverer (which claims it, and dies before sending)."""
    challenge_id = int(asked.challenge.custom_ids()[0].rsplit(":", 1)[1])
    bob = world.bob.id
    async with preparing(world) as service:
        await service.vacations.start_vacation(world.carol.id, 3)
        with answering(LOCALE):
            await service.challenges.accept(challenge_id, bob)
        with answering(LOCALE):
            await service.moves.answer_draw(where.draw_game, bob, accept=True)
        with answering(LOCALE):
            await service.takebacks.answer_takeback(where.takeback_game, bob, accept=True)
        revision = (await service.queries.game_in(where.move.id)).revision
        with answering(LOCALE):
            await service.moves.play(where.move.id, world.alice.id, "a1 c1", revision)
        with answering(LOCALE):
            await service.analyses.request_analysis(
                world.alice.id,
                game_id=where.analysis_game,
                channel_id=where.analysis.id,
                guild_id=world.guild.id,
            )
        await review_remaining(service)  # the other analysis's result is owed
        await claim_as_the_deliverer(service)


async def each_once(world: World, where: Places, asked: Asked, life: Life, mark: int) -> None:
    """Every post cut is on Discord once, soon after the restart. A post Discord carried
    out was there before: it is counted once this life has sent it again (its nonce makes
    Discord answer with the first) or found it with its command's token."""
    fake = world.fake
    if asked.carried:
        for channel in (where.start, where.draw, where.takeback, where.holiday):
            route = f"POST /channels/{channel.id}/messages"
            await life.within(life.asked_again(route), f"the post in #{channel.name} again")
        for answer in asked.answers:
            await life.within(life.told(answer), f"the answer {answer.id} found")
    started = await life.within(once(fake, where.start, has(PNG), mark), "the game's start")
    assert started.pinged and started.pinged[0] in (world.alice, world.bob)
    moved = await life.within(once(fake, where.move, lambda m: "a1 c1" in m.content, mark), "move")
    assert moved.pinged == [world.bob] and has(PNG)(moved)
    drawn = await life.within(
        once(fake, where.draw, lambda m: "🤝" in m.content and has(PNG)(m), mark), "the draw"
    )
    assert drawn.custom_ids(), "the final board's Rematch"
    await life.within(once(fake, where.draw, has(GIF), mark), "the drawn game's replay")
    await life.within(lambda: asked.offer.components == [], "the offer's buttons off")
    given = await life.within(
        once(fake, where.takeback, lambda m: "↩️" in m.content and has(PNG)(m), mark),
        "the takeback's board",
    )
    assert given.pinged == [world.alice]
    await life.within(lambda: asked.request.components == [], "the request's buttons off")
    shown = await life.within(once(fake, where.analysis, lambda m: True, mark), "the analysis")
    assert f"#{where.analysis_game}" in shown.content
    notice = await life.within(
        once(fake, where.holiday, lambda m: "🏖️" in m.content, mark), "the holiday notice"
    )
    assert notice.pinged == [world.alice]


async def finished(world: World, where: Places, life: Life, mark: int) -> None:
    """Both analyses end in their one message each: the one cut by the crash shows its
    result once reviewed, as the other one does."""
    fake = world.fake
    shown = await life.within(once(fake, where.analysis, lambda m: True, mark), "the analysis")
    await life.wait(lambda: analysed(shown), "the analysis's result", timeout=ANALYSIS_SECONDS)
    assert len(posts_after(world, where.result, mark)) == 1  # edited in place, never again
    assert_no_repeats(fake)


def posts_after(world: World, channel: FakeChannel, mark: int) -> list[FakeMessage]:
    return [m for m in world.fake.messages_in(channel, since=mark) if m.author.bot]


@pytest.mark.parametrize("step", list(Step))
async def test_each_post_a_command_owes_is_on_discord_once_after_a_crash(
    world: World, tmp_path: Path, step: Step
) -> None:
    world.strict = False  # the commands cut by the crash are never answered
    where = places(world)
    await prepare_games(world, where)
    if step is Step.STORED:  # no crash: the bot runs here (its reviews never end)
        world.reviewer = workers.review_slowly
        first: Life = await Life.here(world)
    else:
        first = await Life.start(world, tmp_path)
    challenge, offer, request = await ask(world, where)
    mark = world.fake.mark()
    if step is Step.STORED:
        result, token = await ask_result(world, where)
        await first.stop()
        world.reviewer = review_turn
        asked = Asked(challenge, offer, request, result, token)
        await store(world, where, asked)
        second = await Life.here(world)
        await each_once(world, where, asked, second, mark)
        await second.within(lambda: analysed(asked.result), "the analysis's result")
        await finished(world, where, second, mark)
        await second.stop()
        return
    holds = Holds(world.fake, step)
    asked = Asked(challenge, offer, request, challenge)
    await cut(world, where, asked, holds, first)
    asked.result, asked.result_token = await ask_result(world, where)
    assert isinstance(first, ProcessLife)
    await first.kill()
    holds.crashed()
    async with preparing(world) as service:
        await review_remaining(service)  # the result's edit is owed: the next life cuts it
    edit = f"PATCH /webhooks/{world.fake.application_id}/{asked.result_token}"
    held = holds.on(f"{edit}/messages/{asked.result.id}")
    killed = await Life.start(world, tmp_path)
    await each_once(world, where, asked, killed, mark)
    await holds.hit(held, "the analysis's result", killed)
    await killed.kill()
    holds.crashed()
    third = await Life.here(world)
    await third.within(lambda: analysed(asked.result), "the analysis's result")
    asked.carried = False  # all settled in the second life: nothing is sent again
    await each_once(world, where, asked, third, mark)  # and nothing twice
    await finished(world, where, third, mark)
    await third.stop()
