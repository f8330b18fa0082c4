"""What every renderer of a post draws with: the players' names on the server, the language a
message is read in, the board pictures and replays (rendered off the event loop) and the words of
a game's messages. It sends nothing: that is the courier's."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.discord.posting.drafts import Files
from bot.discord.posting.slots import ButtonSlots
from bot.discord.shared.names import Names
from bot.games import SomeGame
from bot.i18n import render_labels
from bot.service import GameService, GameView
from bot.words.games import TurnTexts
from bot.words.matches import caption

DEFAULT_LOCALE = "en"


class Scribe:
    """The bot's means of drawing a post: its client (the server cache, for each server's
    language), the service, the names, the buttons the features lend each other's posts."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        names: Names,
        *,
        activities: bool = False,
        slots: ButtonSlots | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.names = names
        self.activities = activities  # the board opens as an Activity: Open board is offered
        self.slots = slots or ButtonSlots()
        self.texts = TurnTexts(self.is_computer)

    def is_computer(self, user_id: int | None) -> bool:
        """Whether `user_id` is the bot itself, which plays the computer's side."""
        user = self.client.user
        return user is not None and user_id == user.id

    def to_ping(self, user_id: int | None) -> int | None:
        """The user to mention as the one to move: nobody when that is the computer."""
        return None if self.is_computer(user_id) else user_id

    def locale_of(self, guild_id: int | None) -> str:
        """The server's language, for messages everyone there reads (English outside one)."""
        guild = None if guild_id is None else self.client.get_guild(guild_id)
        return DEFAULT_LOCALE if guild is None else str(guild.preferred_locale)

    async def letter_locale(self, user_id: int, guild_id: int | None) -> str:
        """The language of a player's direct messages: the one they chose them in, else the
        server's."""
        chosen = await self.service.notifications.locale_of(user_id)
        return chosen or self.locale_of(guild_id)

    async def board(
        self,
        view: GameView,
        locale: str,
        *,
        position: SomeGame | None = None,
        caption: str | None = None,
    ) -> discord.File:
        """The position (the game's own, or an earlier `position` of it) as a PNG attachment,
        rendered in a worker thread, under `caption` or else the match's score."""
        players, score = await self.players(view, locale)
        shown = view.game if position is None else position
        png = await asyncio.to_thread(
            view.kind.png, shown, players, labels=render_labels(locale), caption=caption or score
        )
        return discord.File(io.BytesIO(png), filename=f"game-{view.id}-{view.revision}.png")

    async def replay(self, view: GameView, locale: str) -> discord.File:
        """The whole game as an animated GIF attachment."""
        players, shown = await self.players(view, locale)
        data = await asyncio.to_thread(
            view.kind.replay, view.game, players, labels=render_labels(locale), caption=shown
        )
        return discord.File(io.BytesIO(data), filename=f"game-{view.id}-replay.gif")

    async def players(self, view: GameView, locale: str) -> tuple[dict[str, str], str | None]:
        """Each colour's player by name, and the caption of a match game's images (an
        imported game's players are its record's names: they need not be on Discord)."""
        if view.imported_by is not None:
            return view.player_names(), None
        names = await self.names.many(list(view.players.values()), view.guild_id)
        players = {colour: names[user] for colour, user in view.players.items()}
        return players, None if view.match is None else caption(view.match, names, locale)

    def board_of(self, view: GameView, locale: str) -> Files:
        """The board of `view`, drawn when the message goes out."""

        async def draw() -> list[discord.File]:
            return [await self.board(view, locale)]

        return draw

    def final_files(self, view: GameView, locale: str) -> Files:
        """The final board and the replay animation, drawn when the message goes out."""

        async def draw() -> list[discord.File]:
            return [await self.board(view, locale), await self.replay(view, locale)]

        return draw
