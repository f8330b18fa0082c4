"""Takebacks: `/takeback`'s work (and the game menu's Take back), and the Allow and Refuse
buttons under a request, which keep working after a restart. Each is the use case it names,
answered with the posts it owes: the request (pinging the opponent), the refusal (pinging the
asker), or the position given back (a turn again, pinging the asker); the request loses its
buttons once answered."""

from __future__ import annotations

import re

import discord

from bot.discord import unseen
from bot.discord.host import (
    Host,
    PersistentButton,
    action_button,
    answer_change,
)
from bot.i18n import text
from bot.service import TakebackAction, TakebackResult
from bot.words.games import mention, note_text


class TakebackButton(
    PersistentButton,
    template=r"takeback:(?P<action>accept|decline):(?P<game>[0-9]+)",
):
    """Allow or refuse the takeback asked for in game `game`."""

    def __init__(self, action: str, game_id: int, label: str = "") -> None:
        super().__init__(action_button(action, f"takeback:{action}:{game_id}", label))
        self.action, self.game_id = action, game_id

    @classmethod
    def read(cls, match: re.Match[str]) -> TakebackButton:
        return cls(match["action"], int(match["game"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Answer the request; errors go privately to the one who pressed."""

        async def work() -> None:
            await answer_takeback(host, interaction, self.game_id, accept=self.action == "accept")

        await unseen.first(host, interaction, work, game_id=self.game_id)


def takeback_buttons(game_id: int, locale: str) -> discord.ui.View:
    """Allow and Refuse under a takeback request."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakebackButton("accept", game_id, text(locale, "button.accept_takeback")))
    view.add_item(TakebackButton("decline", game_id, text(locale, "button.decline_takeback")))
    return view


async def ask_takeback(
    host: Host, interaction: discord.Interaction, channel_id: int | None = None
) -> None:
    """Ask the opponent to take back the asker's last turn (the computer answers at once), in
    the game of `channel_id` (by default the interaction's channel)."""
    channel_id = channel_id or interaction.channel_id or 0

    async def change() -> TakebackResult:
        return await host.service.takebacks.request_takeback(channel_id, interaction.user.id)

    await answer_change(host, interaction, change)


async def answer_takeback(
    host: Host, interaction: discord.Interaction, game_id: int, *, accept: bool
) -> None:
    """A press on a takeback request's button."""

    async def change() -> TakebackResult:
        user = interaction.user.id
        return await host.service.takebacks.answer_takeback(game_id, user, accept=accept)

    await answer_change(host, interaction, change)


def takeback_text(result: TakebackResult, key: str, locale: str) -> str:
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
