"""Playing over days: `/notify` (direct messages at your turn, or reminders), `/vacation` (clocks
stand still while you are away) and `/takeback` with its Accept / Decline buttons, which keep
working after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.announce import pings
from bot.discord.answering import answer_with_board
from bot.discord.commands.common import (
    Host,
    action_button,
    everywhere,
    ls,
    public_locale,
    user_locale,
)
from bot.discord.menu import on_public
from bot.discord.presses import presses_of
from bot.discord.texts import mention, note_text
from bot.i18n import counted, text, timestamp
from bot.service import TakebackAction, TakebackResult, VacationStatus
from bot.store import Notify

NOTIFY_CHOICES = tuple(mode.value for mode in Notify)


class TakebackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"takeback:(?P<action>accept|decline):(?P<game>[0-9]+)",
):
    """Allow or refuse the takeback asked for in game `game`."""

    def __init__(self, action: str, game_id: int, label: str = "") -> None:
        super().__init__(action_button(action, f"takeback:{action}:{game_id}", label))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakebackButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the request; errors go privately to the one who pressed."""
        accept = self.action == "accept"
        await presses_of(interaction).takeback(interaction, self.game_id, accept=accept)


def takeback_buttons(game_id: int, locale: str) -> discord.ui.View:
    """Allow and Refuse under a takeback request."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakebackButton("accept", game_id, text(locale, "button.accept_takeback")))
    view.add_item(TakebackButton("decline", game_id, text(locale, "button.decline_takeback")))
    return view


def vacation_text(status: VacationStatus, locale: str, action: str) -> str:
    """The answer to `/vacation`: started, ended, or where the player stands."""
    until = None if status.until is None else timestamp(status.until, "D")
    if action == "start":
        key = "vacation.started"
    elif action == "end":
        key = "vacation.ended"
    else:
        key = "vacation.status_home" if until is None else "vacation.status_away"
    games = counted(locale, "vacation.games", status.games)
    return text(locale, key, until=until or "", days_left=status.days_left, games=games)


class DaysCog(commands.Cog):
    """Notifications, holidays and takebacks."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.notify.name"), description=ls("command.notify.description")
    )
    @app_commands.rename(mode=ls("command.notify.option.mode.name"))
    @app_commands.describe(mode=ls("command.notify.option.mode.description"))
    @app_commands.choices(
        mode=[app_commands.Choice(name=ls(f"choice.notify.{m}"), value=m) for m in NOTIFY_CHOICES]
    )
    @everywhere
    async def notify(
        self, interaction: discord.Interaction, mode: app_commands.Choice[str] | None = None
    ) -> None:
        """Show or choose how you hear of your games (privately)."""
        locale = user_locale(interaction)
        service = self.bot.service
        if mode is None:
            chosen, closed = await service.notifications.notify_of(interaction.user.id)
            lines = [text(locale, "notify.current", mode=text(locale, f"choice.notify.{chosen}"))]
            if closed:
                lines.append(text(locale, "notify.closed"))
            await interaction.response.send_message("\n".join(lines), ephemeral=True)
            return
        chosen = await service.notifications.set_notify(
            interaction.user.id, Notify(mode.value), locale
        )
        content = text(locale, "notify.set", mode=text(locale, f"choice.notify.{chosen}"))
        await interaction.response.send_message(content, ephemeral=True)

    @app_commands.command(
        name=ls("command.vacation.name"), description=ls("command.vacation.description")
    )
    @app_commands.rename(
        days=ls("command.vacation.option.days.name"), end=ls("command.vacation.option.end.name")
    )
    @app_commands.describe(
        days=ls("command.vacation.option.days.description"),
        end=ls("command.vacation.option.end.description"),
    )
    @everywhere
    async def vacation(
        self, interaction: discord.Interaction, days: int | None = None, end: bool = False
    ) -> None:
        """Start or end a holiday, or see where you stand (privately); opponents are told in
        their games' channels."""
        status = await self.bot.service.vacations.vacation(interaction.user.id, days, end=end)
        action = "end" if end else "start" if days is not None else "status"
        content = vacation_text(status, user_locale(interaction), action)
        await interaction.response.send_message(content, ephemeral=True)

    @app_commands.command(
        name=ls("command.takeback.name"), description=ls("command.takeback.description")
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def takeback(self, interaction: discord.Interaction) -> None:
        """Ask the opponent to take back your last move (the computer answers at once)."""
        await self.ask_takeback(interaction)

    async def ask_takeback(self, interaction: discord.Interaction) -> None:
        """/takeback's work, for the command and the game menu's Take back."""
        channel_id = interaction.channel_id or 0
        async with self.bot.announcer.in_order(channel_id):
            result = await self.bot.service.takebacks.request_takeback(
                channel_id, interaction.user.id
            )
            await self.announce(interaction, result)

    async def answer_takeback(
        self, interaction: discord.Interaction, game_id: int, accept: bool
    ) -> None:
        """A press on a takeback request's button."""
        async with self.bot.announcer.in_order(interaction.channel_id or 0):
            result = await self.bot.service.takebacks.answer_takeback(
                game_id, interaction.user.id, accept=accept
            )
            await self.announce(interaction, result)

    async def announce(self, interaction: discord.Interaction, result: TakebackResult) -> None:
        """Post the request with its buttons, the refusal, or the position after a takeback
        (pinging the asker, whose turn it is again)."""
        locale = public_locale(interaction)
        view = result.view
        opponent = view.opponent_of(result.asker_id)
        if result.action is TakebackAction.ASKED:
            content = self.takeback_text(result, "takeback.asked", locale)
            await interaction.response.send_message(
                content, view=takeback_buttons(view.id, locale), allowed_mentions=pings(opponent)
            )
            return
        if result.action is not TakebackAction.ACCEPTED:
            key = "takeback.declined"
            if result.action is TakebackAction.REFUSED:
                key = "takeback.computer_refuses"
            await self._reply(interaction, self.takeback_text(result, key, locale), result.asker_id)
            return
        key = "takeback.accepted_answer" if result.answer else "takeback.accepted"
        # The position given back is a turn again: its roll in words, as every turn says it.
        lines = [self.takeback_text(result, key, locale)]
        lines += self.bot.announcer.texts.position_lines(view, locale)
        content = "\n".join(lines)
        # A turn again: Make move and ⋯ More, the only way on for a player without /move.
        buttons = self.bot.announcer.move_buttons(view, locale)
        if on_public(interaction):  # the request loses its buttons
            await interaction.response.edit_message(view=None)
            board = await self.bot.announcer.board(view, locale)
            await interaction.followup.send(
                content,
                file=board,
                allowed_mentions=pings(result.asker_id),
                view=buttons or discord.utils.MISSING,
            )
            return
        board_soon = self.bot.announcer.board(view, locale)
        mentions = pings(result.asker_id)
        await answer_with_board(interaction, content, board_soon, mentions, buttons=buttons)

    def takeback_text(self, result: TakebackResult, key: str, locale: str) -> str:
        """A takeback's message: the asker's move (and the computer's answer) in notation,
        then each roll that goes back with them, in words and with whom it was drawn for (it
        comes again the same)."""
        view = result.view
        words = {
            "player": mention(result.asker_id),
            "opponent": mention(view.opponent_of(result.asker_id)),
            "moves": " | ".join(result.own or result.taken),
            "answer": " | ".join(result.answer),
        }
        lines = [text(locale, key, **words)]
        if result.action not in (TakebackAction.ASKED, TakebackAction.ACCEPTED):
            return lines[0]  # declined or refused: nothing goes back
        for roller, event in result.rolls:
            note = view.kind.chance_note(event)
            if note is not None:
                lines.append(note_text(note, locale, roller=mention(roller)))
        return "\n".join(lines)

    @staticmethod
    async def _reply(interaction: discord.Interaction, content: str, asker: int) -> None:
        """A refusal: by button, the request loses its buttons and the asker hears by a new
        message (an edit notifies nobody)."""
        if on_public(interaction):
            await interaction.response.edit_message(view=None)
            await interaction.followup.send(content, allowed_mentions=pings(asker))
        else:
            await interaction.response.send_message(content, allowed_mentions=pings())
