"""Learning to play (issue 48) through the real bot and the fake Discord: `/learn` answers
privately with the learner's step (its board drawn by the game, what it teaches, what to play);
Make move opens the answer box with the step's moves to pick; a move the rules forbid is answered
with the rule it breaks, in the learner's language, a legal move that misses the step's point
with its hint, and the right one goes on with its reason, in place; the progress survives a
restart; the last step offers a game against the computer at level easy."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import GameBot
from bot.games import GAMES
from bot.games.lessons import Lesson
from bot.i18n import describe_error, text
from bot.service.lessons import Verdict
from engine.errors import EngineError
from testing.e2ekit import World, run, running
from testing.fakediscord import FakeChannel, FakeMessage, FakeUser, InteractionResult

PNG = b"\x89PNG\r\n\x1a\n"


def lesson_of(key: str) -> Lesson:  # type: ignore[type-arg]
    lesson = GAMES.kind(key).lesson()
    assert lesson is not None
    return lesson


def verdicts(key: str, number: int) -> dict[str, Verdict | EngineError]:
    """What the engine and the step's goal make of each move the step offers."""
    lesson = lesson_of(key)
    found: dict[str, Verdict | EngineError] = {}
    for move in lesson.steps[number].offered:
        before = lesson.position(number)
        try:
            made = before.parse_move(move)
            before.check(made)
        except EngineError as error:
            found[move] = error
            continue
        after = before.copy()
        after.push(made)
        goal = lesson.steps[number].goal(before.copy(), after)
        found[move] = Verdict.RIGHT if goal else Verdict.WRONG
    return found


def step_header(key: str, number: int, locale: str) -> str:
    lesson = lesson_of(key)
    return text(
        locale,
        "learn.header",
        game=text(locale, f"title.{key}"),
        step=number + 1,
        total=len(lesson.steps),
        title=text(locale, lesson.text_key(number, "title")),
    )


def move_id(message: FakeMessage) -> str:
    found = [cid for cid in message.custom_ids() if cid.startswith("lesson:")]
    assert len(found) == 1, message.custom_ids()
    return found[0]


async def play(
    world: World, user: FakeUser, message: FakeMessage, typed: str = "", picked: str = ""
) -> InteractionResult:
    """Press Make move on the lesson's `message`, then submit the box."""
    opened = await world.fake.press_button(user, message, move_id(message))
    assert (await opened).modal is not None
    values: dict[str, Any] = {"move": typed}
    if picked:
        values["pick"] = [picked]
    return await (await world.fake.submit_modal(opened, values))


async def step_through(
    world: World, user: FakeUser, key: str, message: FakeMessage, numbers: range
) -> FakeMessage:
    """Play steps `numbers` of the lesson of `key` on `message`: each wrong move offered first
    (typed or picked), its answer checked, then the right one."""
    locale = user.locale
    lesson = lesson_of(key)
    for number in numbers:
        assert step_header(key, number, locale) in message.content
        assert text(locale, lesson.text_key(number, "explain")) in message.content
        assert message.attachments[-1].data.startswith(PNG)
        assert move_id(message) == f"lesson:{key}:{number}"
        found = verdicts(key, number)
        for move, verdict in found.items():
            if verdict is Verdict.RIGHT:
                continue
            answer = await play(world, user, message, picked=move)
            assert answer.message.id == message.id and answer.message.ephemeral  # in place
            assert "❌" in answer.content
            if isinstance(verdict, EngineError):  # the rule, in the learner's language
                assert describe_error(verdict, locale, game=key) in answer.content
            else:
                assert text(locale, lesson.text_key(number, "hint")) in answer.content
            assert step_header(key, number, locale) in answer.content  # the same step again
        right = next(move for move, verdict in found.items() if verdict is Verdict.RIGHT)
        answer = await play(world, user, message, typed=right.upper())  # typed, any case
        assert answer.message.id == message.id
        reason = text(locale, lesson.text_key(number, "right"))
        assert text(locale, "learn.right", reason=reason) in answer.content
        message = answer.message
    return message


def modal_of(opened: InteractionResult) -> dict[str, Any]:
    assert opened.modal is not None
    return opened.modal


async def test_an_english_learner_goes_through_the_ponte_lesson_and_plays_the_computer(
    world: World, bot: GameBot
) -> None:
    asked = await run(world, world.alice, "learn", {"game": "ponte"})
    assert asked.ephemeral
    assert asked.attachments[0].data.startswith(PNG)
    lesson = lesson_of("ponte")
    opened = await world.fake.press_button(world.alice, asked.message, "lesson:ponte:0")
    modal = modal_of(await opened)
    picks = [c for c in modal["components"] if c["type"] == 18 and c["component"]["type"] == 3]
    assert [o["value"] for o in picks[0]["component"]["options"]] == list(lesson.steps[0].offered)
    empty = await (await world.fake.submit_modal(opened, {"move": ""}))
    assert text("en", "makemove.empty") in empty.content
    done = await step_through(world, world.alice, "ponte", asked.message, range(len(lesson.steps)))
    assert text("en", "learn.done", game="Ponte del Diavolo") in done.content
    assert "lessonplay:ponte" in done.custom_ids()
    progress = await bot.service.lessons.show(world.alice.id, "ponte")
    assert progress.finished
    mark = world.fake.mark()
    started = await (await world.fake.press_button(world.alice, done, "lessonplay:ponte"))
    assert not started.ephemeral  # the game's start, in the channel
    view = await bot.service.queries.game_in(world.channel.id)
    assert view.computer_level == "easy" and world.alice.id in view.players.values()
    assert view.kind.key == "ponte"
    assert view.variant == lesson.variant  # the board the lesson taught (issue 52, point 8)
    assert started.message in world.fake.messages_in(world.channel, since=mark)
    board = text("en", f"variant.{lesson.variant}")
    assert board == "10\N{MULTIPLICATION SIGN}10"  # named by its size
    assert f"({board})" in started.content


async def test_a_german_learner_goes_on_with_verbindung_after_a_restart(world: World) -> None:
    lesson = lesson_of("verbindung")
    half = len(lesson.steps) // 2
    async with running(world):
        asked = await run(world, world.bob, "learn", {"game": "verbindung"})
        assert "Lektion" in asked.content  # German: bob's Discord speaks it
        message = await step_through(world, world.bob, "verbindung", asked.message, range(half))
    async with running(world) as bot:
        again = await run(world, world.bob, "learn", {"game": "verbindung"})
        assert step_header("verbindung", half, "de") in again.content  # where bob stopped
        # The message from before the restart goes on too.
        done = await step_through(
            world, world.bob, "verbindung", message, range(half, len(lesson.steps))
        )
        assert text("de", "learn.done", game="Verbindung gesucht") in done.content
        # The older message is behind: pressing its button shows where bob stands.
        pressed = world.fake.press_button(world.bob, again.message, move_id(again.message))
        old = await (await pressed)
        assert text("de", "learn.moved_on") in old.content
        assert (await bot.service.lessons.show(world.bob.id, "verbindung")).finished


@pytest.mark.parametrize(("key", "learner"), [("verbindung", "alice"), ("ponte", "bob")])
async def test_each_lesson_in_english_and_in_german(
    world: World, bot: GameBot, key: str, learner: str
) -> None:
    user = getattr(world, learner)
    asked = await run(world, user, "learn", {"game": key})
    total = len(lesson_of(key).steps)
    done = await step_through(world, user, key, asked.message, range(total))
    title = text(user.locale, f"title.{key}")
    assert text(user.locale, "learn.done", game=title) in done.content
    assert done.attachments[-1].data.startswith(PNG)  # the position the last move made


async def test_start_over_and_a_lesson_per_learner(world: World, bot: GameBot) -> None:
    asked = await run(world, world.carol, "learn", {"game": "ponte"})
    after_one = await step_through(world, world.carol, "ponte", asked.message, range(1))
    restarted = await (await world.fake.press_button(world.carol, after_one, "lessonagain:ponte"))
    assert step_header("ponte", 0, "fr") in restarted.content
    assert (await bot.service.lessons.show(world.carol.id, "ponte")).number == 0
    # Another learner's lesson is their own: alice begins at the first step.
    mine = await run(world, world.alice, "learn", {"game": "ponte", "again": True})
    assert step_header("ponte", 0, "en") in mine.content
    nothing = await run(world, world.alice, "learn", {"game": "chess"})
    assert nothing.ephemeral and "chess" in nothing.content


async def finished_lesson(
    world: World, bot: GameBot, user: FakeUser, key: str, channel: FakeChannel | None = None
) -> FakeMessage:
    """`user` has done every step of the lesson of `key` (through the use case: the steps are
    tested above); their `/learn` in `channel` (the world's) shows Play the computer."""
    lesson = lesson_of(key)
    await bot.service.lessons.show(user.id, key)  # begun
    for number in range(len(lesson.steps)):
        right = next(m for m, v in verdicts(key, number).items() if v is Verdict.RIGHT)
        made = await bot.service.lessons.answer(user.id, key, number, right)
        assert made.verdict is Verdict.RIGHT
    done = await run(world, user, "learn", {"game": key}, channel=channel)
    assert f"lessonplay:{key}" in done.message.custom_ids()
    return done.message


async def test_play_the_computer_in_a_busy_channel_starts_the_game_in_a_thread(
    world: World, bot: GameBot
) -> None:
    # bob plays the computer in the channel; alice finishes a lesson there (issue 52, point 9).
    busy = await run(
        world, world.bob, "challenge", {"game": "verbindung", "opponent": world.fake.bot_user}
    )
    assert not busy.ephemeral
    running_game = await bot.service.queries.game_in(world.channel.id)
    done = await finished_lesson(world, bot, world.alice, "ponte")
    started = await (await world.fake.press_button(world.alice, done, "lessonplay:ponte"))
    assert text("en", "error.channel_busy") not in started.content  # no option to point to
    thread = await world.fake.wait_for_thread(world.channel, timeout=30)
    assert f"<#{thread.id}>" in started.content  # where the game went, in the channel
    game = await bot.service.queries.game_in(thread.id)
    assert game.kind.key == "ponte" and game.variant == lesson_of("ponte").variant
    assert world.alice.id in game.players.values() and game.computer_level == "easy"
    start = await world.fake.wait_for_message(thread, timeout=30)
    assert "Ponte del Diavolo" in start.content
    # bob's game goes on in the channel, untouched.
    assert (await bot.service.queries.game_in(world.channel.id)).id == running_game.id

    # Where no thread can be opened (in that thread itself), the answer says what can be done.
    lesson = await finished_lesson(world, bot, world.carol, "verbindung", channel=thread)
    refused = await (await world.fake.press_button(world.carol, lesson, "lessonplay:verbindung"))
    assert refused.ephemeral
    assert refused.content == text("fr", "error.lesson_channel_busy")
    assert (await bot.service.queries.game_in(thread.id)).id == game.id  # nothing changed
    # alice presses it again where her game runs: that game is hers to play, no second one.
    mine = await run(world, world.alice, "learn", {"game": "ponte"}, channel=thread)
    pressed = await (await world.fake.press_button(world.alice, mine.message, "lessonplay:ponte"))
    assert pressed.ephemeral and pressed.content == text("en", "error.lesson_game_here")
    assert (await bot.service.queries.game_in(thread.id)).id == game.id


async def test_a_board_is_offered_typed_and_announced_by_its_size(
    world: World, bot: GameBot
) -> None:
    # Issue 52, point 8: a newcomer reads the size, types "10x10", and the game is the classic.
    handle = await world.fake.send_autocomplete(
        world.alice,
        world.channel,
        "challenge",
        {"game": "ponte", "variant": "10x"},
        focused="variant",
    )
    choices = (await handle).choices
    assert [c["value"] for c in choices] == ["classic"]
    assert choices[0]["name"] == text("en", "choice.variant.classic")
    posted = await run(
        world,
        world.alice,
        "challenge",
        {"game": "ponte", "opponent": world.bob, "variant": "10x10"},
    )
    assert not posted.ephemeral
    assert f"({text('de', 'variant.classic')}," in posted.content  # the server speaks German
    assert "klassisch" not in posted.content and "classic" not in posted.content
    mark = world.fake.mark()
    accepted = await (
        await world.fake.press_button(world.bob, posted.message, posted.message.custom_ids()[0])
    )
    assert not accepted.ephemeral
    board = f"({text('de', 'variant.classic')})"
    start = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: "🎲" in m.content, timeout=30
    )
    assert board in start.content  # the game begins on the board named by its size
    game = await bot.service.queries.game_in(world.channel.id)
    assert game.variant == "classic"  # stored as it always was
