"""Playing: `/move` (with autocomplete), `/board`, `/resign`, `/draw` and the draw buttons."""

from __future__ import annotations

import logging
import re
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.analysis import chances_of, percent, reviews_of
from bot.discord.announce import pings
from bot.discord.commands.common import (
    Host,
    action_button,
    everywhere,
    ls,
    public_locale,
    step_button,
    user_locale,
)
from bot.discord.commands.unseen import UnseenLosses
from bot.discord.menu import on_public
from bot.discord.presses import presses_of
from bot.discord.texts import mention
from bot.i18n import text
from bot.service import DrawAction, DrawResult, ServiceError

log = logging.getLogger(__name__)


class DrawButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"draw:(?P<action>accept|decline):(?P<game>[0-9]+)",
):
    """Accept or decline a draw offer in the game `game`."""

    def __init__(self, action: str, game_id: int, label: str = "") -> None:
        super().__init__(action_button(action, f"draw:{action}:{game_id}", label))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DrawButton:
        """Rebuild the button from its custom id."""
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the offer; errors go privately to the one who pressed."""
        accept = self.action == "accept"
        await presses_of(interaction).draw(interaction, self.game_id, accept=accept)


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"history:(?P<game>[0-9]+):(?P<turn>[0-9]+):(?P<slot>[fpnl])",
):
    """Show game `game` after its turn `turn` (the slot keeps the four buttons' ids apart)."""

    def __init__(
        self, game_id: int, turn: int, slot: str, label: str = "", *, disabled: bool = False
    ) -> None:
        custom_id = f"history:{game_id}:{turn}:{slot}"
        super().__init__(step_button(custom_id, label or slot, disabled=disabled))
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["game"]), int(match["turn"]), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show that position privately; errors go privately to the one who pressed."""
        await presses_of(interaction).history(interaction, self.game_id, self.turn)


def history_buttons(game_id: int, turn: int, turns: int, locale: str) -> discord.ui.View | None:
    """⏮ ◀ ▶ ⏭ for the position after `turn` of `turns` (none for a game without a move)."""
    if turns == 0:
        return None
    view = discord.ui.View(timeout=None)
    steps = (
        ("f", 0, "button.first", turn == 0),
        ("p", max(turn - 1, 0), "button.previous", turn == 0),
        ("n", min(turn + 1, turns), "button.next", turn == turns),
        ("l", turns, "button.last", turn == turns),
    )
    for slot, target, key, disabled in steps:
        view.add_item(HistoryButton(game_id, target, slot, text(locale, key), disabled=disabled))
    return view


def _fit(name: str, fallback: str) -> str:
    """A choice name within Discord's 100 characters."""
    return name if len(name) <= 100 else fallback[:100]


class PlayCog(commands.Cog):
    """The commands of a game in progress, in the channel (or thread) it is played in."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        # A reply-only game lost on time is shown first, at the next command in its channel.
        self.unseen = UnseenLosses(bot)

    @app_commands.command(name=ls("command.move.name"), description=ls("command.move.description"))
    @app_commands.rename(move=ls("command.move.option.move.name"))
    @app_commands.describe(move=ls("command.move.option.move.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        """Play a move in this channel's game."""
        channel_id = interaction.channel_id or 0
        await self.unseen.first(
            interaction, partial(self._move, interaction, move), channel_id=channel_id
        )

    async def _move(self, interaction: discord.Interaction, move: str) -> None:
        self.bot.names.remember(interaction.user)
        channel_id = interaction.channel_id or 0
        play = partial(self.bot.service.moves.play, channel_id, interaction.user.id, move)
        await self.bot.announcer.make(channel_id, play, interaction)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Legal moves that complete what the player typed (nothing for the other player)."""
        try:
            view = await self.bot.service.queries.game_in(interaction.channel_id or 0)
        except ServiceError:
            return []
        if view.to_move_id != interaction.user.id:
            return []
        moves = view.kind.suggest(view.game, current)
        hint = view.kind.turn_hint(view.game)
        if hint is None:
            return [app_commands.Choice(name=move, value=move) for move in moves]
        # Each choice also shows the hint (the dice rolled), so it is in view while choosing.
        shown = text(user_locale(interaction), hint.key, **hint.params)
        return [
            app_commands.Choice(name=_fit(f"{move}  ·  {shown}", move), value=move)
            for move in moves
        ]

    @app_commands.command(
        name=ls("command.board.name"), description=ls("command.board.description")
    )
    @app_commands.rename(
        visibility=ls("command.board.option.visibility.name"),
        game=ls("command.board.option.game.name"),
    )
    @app_commands.describe(
        visibility=ls("command.board.option.visibility.description"),
        game=ls("command.board.option.game.description"),
    )
    @app_commands.choices(
        visibility=[
            app_commands.Choice(name=ls(f"choice.visibility.{v}"), value=v)
            for v in ("private", "public")
        ]
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def board(
        self,
        interaction: discord.Interaction,
        visibility: app_commands.Choice[str] | None = None,
        game: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """Show a game's position (this channel's, or any of the server's by its number), to
        oneself or to everyone, with buttons that step through its history privately."""
        show = partial(self._board, interaction, visibility, game)
        await self.unseen.first(interaction, show, channel_id=interaction.channel_id or 0)

    async def _board(
        self,
        interaction: discord.Interaction,
        visibility: app_commands.Choice[str] | None,
        game: int | None,
    ) -> None:
        public = visibility is not None and visibility.value == "public"
        if game is None:
            # After the end the last game's final position stays on show until a new one starts.
            view = await self.bot.service.queries.latest_game_in(interaction.channel_id or 0)
        else:
            view = await self.bot.service.queries.game_here(game, interaction.guild_id)
            await self.bot.sight.require(interaction, view)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        locale = public_locale(interaction) if public else user_locale(interaction)
        content = self.bot.announcer.texts.status_text(view, locale)
        turns = len(view.game.turn_plies()) - 1
        content += await self._chance_line(view.id, turns, locale)
        file = await self.bot.announcer.board(view, locale)
        steps = history_buttons(view.id, turns, turns, locale)
        await interaction.followup.send(
            content, file=file, allowed_mentions=pings(), view=steps or discord.utils.MISSING
        )

    async def step(self, interaction: discord.Interaction, game_id: int, turn: int) -> None:
        """A press on a history button: that position, privately (in place when pressed on a
        private message already, so stepping fills no channel)."""
        history = await self.bot.service.queries.history(game_id, interaction.guild_id, turn)
        await self.bot.sight.require(interaction, history.view)  # the buttons may be anyone's
        own = interaction.message is not None and interaction.message.flags.ephemeral
        if own:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        locale = user_locale(interaction)
        view = history.view
        if history.turn == 0:
            caption = text(locale, "history.caption_start", turns=history.turns)
        else:
            caption = text(locale, "history.caption", turn=history.turn, turns=history.turns)
        file = await self.bot.announcer.board(
            view, locale, position=history.position, caption=caption
        )
        content = text(
            locale,
            "history.title",
            game=text(locale, view.kind.title_key),
            game_id=view.id,
            caption=caption,
        )
        content += await self._chance_line(view.id, history.turn, locale)
        steps = history_buttons(view.id, history.turn, history.turns, locale)
        if own:
            await interaction.edit_original_response(
                content=content, attachments=[file], view=steps
            )
        else:
            await interaction.followup.send(
                content, file=file, view=steps or discord.utils.MISSING, ephemeral=True
            )

    async def _chance_line(self, game_id: int, turn: int, locale: str) -> str:
        """Once the game is analysed: a line with the first colour's winning chance after
        `turn` (0: at the start), else nothing."""
        analysis = await self.bot.service.analyses.analysis(game_id)
        if analysis is None or not analysis.finished:
            return ""
        chances = chances_of(reviews_of(analysis))
        if not 0 <= turn < len(chances):
            return ""
        first = analysis.view.kind.colours[0].value
        colour = text(locale, f"colour.{first}")
        return "\n" + text(locale, "history.chance", colour=colour, chance=percent(chances[turn]))

    @app_commands.command(
        name=ls("command.resign.name"), description=ls("command.resign.description")
    )
    @app_commands.rename(match=ls("command.resign.option.match.name"))
    @app_commands.describe(match=ls("command.resign.option.match.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def resign(self, interaction: discord.Interaction, match: bool = False) -> None:
        """Give up this channel's game (in a match: this game, or with `match` the match)."""
        await self.resign_game(interaction, match=match)

    async def resign_game(self, interaction: discord.Interaction, *, match: bool = False) -> None:
        """/resign's work, for the command and the game menu's Resign."""
        channel_id = interaction.channel_id or 0
        service = self.bot.service
        resign = partial(service.moves.resign, channel_id, interaction.user.id, whole_match=match)
        made = partial(self.bot.announcer.make, channel_id, resign, interaction)
        await self.unseen.first(interaction, made, channel_id=channel_id)

    @app_commands.command(name=ls("command.draw.name"), description=ls("command.draw.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def draw(self, interaction: discord.Interaction) -> None:
        """Offer a draw, or accept the opponent's offer."""
        await self.offer_draw(interaction)

    async def offer_draw(self, interaction: discord.Interaction) -> None:
        """/draw's work, for the command and the game menu's Offer draw."""
        channel_id = interaction.channel_id or 0
        await self.unseen.first(
            interaction, partial(self._draw, interaction), channel_id=channel_id
        )

    async def _draw(self, interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id or 0
        async with self.bot.announcer.in_order(channel_id):  # an agreed draw ends the game
            result = await self.bot.service.moves.offer_draw(channel_id, interaction.user.id)
            await self.announce_draw(interaction, result)

    async def answer_draw(
        self, interaction: discord.Interaction, game_id: int, accept: bool
    ) -> None:
        """A press on a draw offer's button."""
        async with self.bot.announcer.in_order(interaction.channel_id or 0):
            result = await self.bot.service.moves.answer_draw(
                game_id, interaction.user.id, accept=accept
            )
            await self.announce_draw(interaction, result)

    # Posting -----------------------------------------------------------------------------------

    async def announce_draw(self, interaction: discord.Interaction, result: DrawResult) -> None:
        """Post the offer with its buttons, the refusal, or the agreed draw."""
        locale = public_locale(interaction)
        view = result.view
        if result.action is DrawAction.OFFERED:
            opponent = view.opponent_of(result.by_id)
            buttons = discord.ui.View(timeout=None)
            buttons.add_item(DrawButton("accept", view.id, text(locale, "button.accept_draw")))
            buttons.add_item(DrawButton("decline", view.id, text(locale, "button.decline_draw")))
            offered = text(
                locale, "draw.offered", player=mention(result.by_id), opponent=mention(opponent)
            )
            content = self.bot.announcer.texts.scored(view, offered, locale)
            await interaction.response.send_message(
                content, view=buttons, allowed_mentions=pings(opponent)
            )
        elif result.action in (DrawAction.DECLINED, DrawAction.REFUSED):
            refused = result.action is DrawAction.REFUSED
            key = "draw.computer_refuses" if refused else "draw.declined"
            await self._reply_or_edit(interaction, text(locale, key, player=mention(result.by_id)))
        else:
            assert result.ending is not None
            content = self.bot.announcer.texts.final_text(view, result.ending, locale)
            board = await self.bot.announcer.board(view, locale)
            offerer = pings(view.opponent_of(result.by_id))  # the one who did not end it
            buttons = self.bot.announcer.rematch_for(view, locale) or discord.utils.MISSING
            if on_public(interaction):  # the offer's buttons go, the result follows
                await interaction.response.edit_message(view=None)
                await interaction.followup.send(
                    content, file=board, allowed_mentions=offerer, view=buttons
                )
            else:
                await interaction.response.send_message(
                    content, file=board, allowed_mentions=offerer, view=buttons
                )
            # A reply-only game's replay and next game follow up this interaction.
            await self.bot.announcer.replay_after(view, result.replay_post_id, locale, interaction)
            await self.bot.announcer.follow(result.match, interaction)

    async def _reply_or_edit(self, interaction: discord.Interaction, content: str) -> None:
        if on_public(interaction):  # a button: the offer's message loses its buttons
            await interaction.response.edit_message(content=content, view=None)
        else:
            await interaction.response.send_message(content, allowed_mentions=pings())
