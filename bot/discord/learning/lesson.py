"""A lesson's message and its buttons: the step's board (drawn by the game's own drawing, on a
small board), what it teaches and what to play; **Make move** opens the answer box, whose move
the engine checks; **Start over**; at the end, a game against the computer at level easy.

The message is the learner's own: a private answer (or in the bot's DM), edited in place as they
go, so a lesson reads as one message. The buttons and the answer box carry only the game and the
step (`lesson:<game>:<step>`): the learner's progress is in the database, so they keep working
after a restart, and a press on an older step's message shows where the learner stands now. The
box is sent stopped and answered from its custom id (`submission`), as Make move's is.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord.host import (
    Host,
    PersistentButton,
    answer_change,
    answering_errors,
    check_place,
    close_unused,
    host_of,
    open_thread,
    plain_button,
    public_locale,
    user_locale,
)
from bot.discord.posting.drafts import pings
from bot.discord.shared.move_box import (
    MOVE_FIELD,
    PICK_FIELD,
    TITLE,
    TYPED,
    cut,
    labelled,
    submitted_move,
)
from bot.discord.shared.reach import reach_of, why_not
from bot.games import SomeGame
from bot.games.kind import SMALL_WIDTH
from bot.i18n import describe_error, render_labels, text
from bot.service import Reach, Started
from bot.service.errors import ChannelBusyError, ServiceError
from bot.service.lessons import (
    LessonAnswer,
    LessonChannelBusyError,
    LessonGameHereError,
    LessonStep,
    Verdict,
)
from engine.errors import EngineError

log = logging.getLogger(__name__)

GAME = r"(?P<game>[a-z0-9_-]{1,32})"
SUBMITTED = re.compile(rf"lesson:{GAME}:(?P<step>[0-9]+)")
"""The custom id of a lesson's answer box."""
COMPUTER_LEVEL = "easy"
"""The level of the game that ends a lesson: a newcomer's first opponent."""


class LessonMoveButton(PersistentButton, template=rf"lesson:{GAME}:(?P<step>[0-9]+)"):
    """Make move on step `step` of the lesson of `game`."""

    def __init__(self, game: str, step: int, label: str = "") -> None:
        style = discord.ButtonStyle.primary
        super().__init__(plain_button(f"lesson:{game}:{step}", label or "Make move", style))
        self.game, self.step = game, step

    @classmethod
    def read(cls, match: re.Match[str]) -> LessonMoveButton:
        return cls(match["game"], int(match["step"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """The answer box of the learner's step (or where they stand, if they moved on)."""
        await open_box(host, interaction, self)


class LessonAgainButton(PersistentButton, template=rf"lessonagain:{GAME}"):
    """Start the lesson of `game` over."""

    def __init__(self, game: str, label: str = "") -> None:
        super().__init__(plain_button(f"lessonagain:{game}", label or "Start over"))
        self.game = game

    @classmethod
    def read(cls, match: re.Match[str]) -> LessonAgainButton:
        return cls(match["game"])

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """The lesson's first step, in place."""
        step = await host.service.lessons.show(interaction.user.id, self.game, again=True)
        await edit_lesson(interaction, step, None)


class LessonPlayButton(PersistentButton, template=rf"lessonplay:{GAME}"):
    """After the lesson of `game`: a game against the computer at level easy, here."""

    def __init__(self, game: str, label: str = "") -> None:
        style = discord.ButtonStyle.success
        super().__init__(
            plain_button(f"lessonplay:{game}", label or "Play the computer (easy)", style)
        )
        self.game = game

    @classmethod
    def read(cls, match: re.Match[str]) -> LessonPlayButton:
        return cls(match["game"])

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Start the game at once, its start posted here as /challenge's is."""
        await play_computer(host, interaction, self)


def lesson_buttons(step: LessonStep, locale: str) -> discord.ui.View:
    """Make move and Start over under a step; Play the computer and Start over at the end."""
    view = discord.ui.View(timeout=None)
    key = step.kind.key
    if step.finished:
        view.add_item(LessonPlayButton(key, text(locale, "button.learn_play")))
    else:
        view.add_item(LessonMoveButton(key, step.number, text(locale, "button.make_move")))
    view.add_item(LessonAgainButton(key, text(locale, "button.lesson_again")))
    return view


# The message ---------------------------------------------------------------------------------


def lesson_text(step: LessonStep, locale: str, note: str | None) -> str:
    """What the step says (after `note`, the answer to the last move): the header, what it
    teaches, what to play; at the end, that the lesson is done."""
    lines = [] if note is None else [note, ""]
    game = text(locale, step.kind.title_key)
    if step.finished:
        return "\n".join([*lines, text(locale, "learn.done", game=game)])
    header = text(
        locale,
        "learn.header",
        game=game,
        step=step.number + 1,
        total=step.total,
        title=text(locale, step.text_key("title")),
    )
    task = text(locale, "learn.task", task=text(locale, step.text_key("task")))
    return "\n".join([*lines, header, text(locale, step.text_key("explain")), task])


async def board_file(
    step: LessonStep, position: SomeGame, locale: str, learner: str
) -> discord.File:
    """`position` drawn by the game's own drawing at a small size, the learner's colour (the
    one to move on the step) under the `learner`'s name, the other "Partner" (drawn off the
    event loop)."""
    lesson = step.lesson
    mover = lesson.position(min(step.number, len(lesson.steps) - 1)).to_move
    players = {
        colour.value: learner if colour == mover else text(locale, "learn.partner")
        for colour in step.kind.colours
    }
    kind = step.kind
    png = await asyncio.to_thread(
        kind.png, position, players, labels=render_labels(locale), width=SMALL_WIDTH
    )
    return discord.File(io.BytesIO(png), filename=f"lesson-{kind.key}-{step.number + 1}.png")


async def send_lesson(interaction: discord.Interaction, step: LessonStep) -> None:
    """Answer `interaction` with the learner's step, privately."""
    locale = user_locale(interaction)
    assert step.position is not None or step.finished
    learner = interaction.user.display_name
    files = (
        [] if step.position is None else [await board_file(step, step.position, locale, learner)]
    )
    await interaction.response.send_message(
        lesson_text(step, locale, None),
        files=files,
        view=lesson_buttons(step, locale),
        ephemeral=True,
    )


async def edit_lesson(
    interaction: discord.Interaction,
    step: LessonStep,
    note: str | None,
    *,
    shown: SomeGame | None = None,
    redraw: bool = True,
) -> None:
    """Show `step` (after `note`) in the lesson's message, in place: its board, or `shown`
    (the position the last move made), or the board already there when not `redraw`."""
    locale = user_locale(interaction)
    content = lesson_text(step, locale, note)
    buttons = lesson_buttons(step, locale)
    position = shown if shown is not None else step.position
    if not redraw or position is None:
        await _update(interaction, content, buttons, None)
        return
    board = await board_file(step, position, locale, interaction.user.display_name)
    await _update(interaction, content, buttons, board)


async def _update(
    interaction: discord.Interaction,
    content: str,
    buttons: discord.ui.View,
    board: discord.File | None,
) -> None:
    """Edit the message the press came from (a private answer, too); a new private answer
    where there is none to edit."""
    if interaction.message is None:
        files = [] if board is None else [board]
        await interaction.response.send_message(content, files=files, view=buttons, ephemeral=True)
        return
    if board is None:
        await interaction.response.edit_message(content=content, view=buttons)
    else:
        await interaction.response.edit_message(content=content, view=buttons, attachments=[board])


# The answer box ------------------------------------------------------------------------------


async def open_box(host: Host, interaction: discord.Interaction, button: LessonMoveButton) -> None:
    """The answer box of the step pressed; a step the learner is past shows where they are."""
    user_id = interaction.user.id
    step = await host.service.lessons.show(user_id, button.game)
    if step.finished or step.number != button.step:
        await edit_lesson(interaction, step, text(user_locale(interaction), "learn.moved_on"))
        return
    await interaction.response.send_modal(answer_box(step, user_locale(interaction)))


def answer_box(step: LessonStep, locale: str) -> discord.ui.Modal:
    """The box for the learner's move: the notation and the task, the move field, and the
    step's moves to pick from (right and wrong ones)."""
    kind = step.kind
    title = text(
        locale, "learn.modal_title", game=text(locale, kind.title_key), step=step.number + 1
    )
    modal = discord.ui.Modal(title=cut(title, TITLE), custom_id=f"lesson:{kind.key}:{step.number}")
    told = [text(locale, step.text_key("task")), text(locale, kind.notation_key)]
    modal.add_item(discord.ui.TextDisplay("\n".join(told)))
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=MOVE_FIELD, required=False, max_length=TYPED
    )
    modal.add_item(labelled(text(locale, "makemove.field"), None, field))
    offered = step.lesson.steps[step.number].offered
    if offered:
        options = [discord.SelectOption(label=move, value=move) for move in offered]
        pick: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=PICK_FIELD, options=options, min_values=0, max_values=1, required=False
        )
        hint = text(locale, "learn.pick_hint")
        modal.add_item(labelled(text(locale, "learn.pick"), hint, pick))
    modal.stop()  # sent stopped: discord.py keeps no copy; `submission` answers it
    return modal


def submission(interaction: discord.Interaction) -> Awaitable[None] | None:
    """The work of a lesson's answer box (None for any other interaction): the move typed,
    else the one picked, checked on the step the box was opened on."""
    box = submitted_move(interaction, SUBMITTED)
    if box is None:
        return None
    found, move = box
    work = answer(host_of(interaction), interaction, found["game"], int(found["step"]), move)
    return answering_errors(interaction, work)


async def answer(
    host: Host, interaction: discord.Interaction, game: str, number: int, move: str
) -> None:
    """The learner's `move` on step `number`: right, the next step; wrong, why (the rule it
    breaks, in the learner's language, or the step's hint) and another try."""
    locale = user_locale(interaction)
    lessons = host.service.lessons
    again = text(locale, "learn.try_again", button=text(locale, "button.make_move"))
    if not move:
        step = await lessons.show(interaction.user.id, game)
        note = text(locale, "makemove.empty")
        await edit_lesson(interaction, step, note, redraw=False)
        return
    try:
        made = await lessons.answer(interaction.user.id, game, number, move)
    except EngineError as error:  # the rule it breaks (or why it is no move), in their words
        step = await lessons.show(interaction.user.id, game)
        note = text(locale, "learn.wrong", reason=describe_error(error, locale, game=game))
        await edit_lesson(interaction, step, f"{note}\n{again}", redraw=False)
        return
    await _answered(interaction, made, locale, again)


async def _answered(
    interaction: discord.Interaction, made: LessonAnswer, locale: str, again: str
) -> None:
    now = made.now
    if made.verdict is Verdict.WRONG:
        reason = text(locale, now.text_key("hint"))
        note = f"{text(locale, 'learn.wrong', reason=reason)}\n{again}"
        await edit_lesson(interaction, now, note, redraw=False)
    elif made.verdict is Verdict.MOVED_ON:
        await edit_lesson(interaction, now, text(locale, "learn.moved_on"))
    else:
        done = now.lesson.text_key(now.number - 1, "right")
        note = text(locale, "learn.right", reason=text(locale, done))
        # At the end, the position the last move made: the learner sees it played.
        await edit_lesson(interaction, now, note, shown=made.after if now.finished else None)


# After the lesson ----------------------------------------------------------------------------


async def play_computer(
    host: Host, interaction: discord.Interaction, button: LessonPlayButton
) -> None:
    """A game of the lesson's game against the computer at level easy, on the board the lesson
    taught, started at once in this channel (as /challenge against the bot does); where a game
    runs here already, in a thread of its own (a button has no `thread` option to point to);
    refusals privately."""
    reach = reach_of(interaction)
    if reach is None:
        await interaction.response.send_message(why_not(user_locale(interaction)), ephemeral=True)
        return
    check_place(interaction, reach, thread=False)
    host.names.remember(interaction.user)
    options: dict[str, Any] = {
        "game_kind": button.game,
        "player_id": interaction.user.id,
        "guild_id": interaction.guild_id,
        "variant": host.service.lessons.variant(button.game),  # the board the lesson taught
        "level": COMPUTER_LEVEL,
    }

    async def start_here() -> Started:
        return await host.service.computer.start_computer_game(
            channel_id=interaction.channel_id or 0, reach=reach, **options
        )

    try:
        await answer_change(host, interaction, start_here)
    except ChannelBusyError:
        if await _plays_here(host, interaction):  # a second press: one game is enough
            raise LessonGameHereError("the learner's game runs here") from None
        if reach is Reach.REPLY or not isinstance(interaction.channel, discord.TextChannel):
            raise LessonChannelBusyError("a game runs here and no thread can be opened") from None
        await _play_in_thread(host, interaction, options)


async def _plays_here(host: Host, interaction: discord.Interaction) -> bool:
    """Whether the game running in this channel is the learner's own."""
    try:
        view = await host.service.queries.game_in(interaction.channel_id or 0)
    except ServiceError:  # over since: none is theirs
        return False
    return interaction.user.id in view.players.values()


async def _play_in_thread(
    host: Host, interaction: discord.Interaction, options: dict[str, Any]
) -> None:
    """Start the game in a new thread of this channel, opened only once the game can start
    (its options and the player's limit checked), and say where it went."""
    check_place(interaction, Reach.POST, thread=True)  # the permissions a thread needs
    computer = host.service.computer
    await computer.check_computer_game(**options)
    await interaction.response.defer(thinking=True)  # opening a thread takes a request
    bot_id = interaction.client.user.id if interaction.client.user else 0
    thread = await open_thread(host, interaction, options["game_kind"], interaction.user.id, bot_id)

    async def start_there() -> Started:
        return await computer.start_computer_game(
            channel_id=thread.id,
            parent_channel_id=interaction.channel_id,
            reach=Reach.POST,
            **options,
        )

    try:
        started = await answer_change(host, interaction, start_there)
    except Exception:
        await close_unused(thread, interaction)
        raise
    pointer = text(public_locale(interaction), "challenge.thread_opened", thread=thread.mention)
    try:
        await interaction.followup.send(pointer, allowed_mentions=pings())
    except discord.HTTPException:  # the game is stored and starts all the same
        log.warning("could not point to the thread of computer game %s", started.view.id)
