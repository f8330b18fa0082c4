"""What an analysis of a finished game shows (issue 29), and the message that shows it.

While the computer reviews the game's turns, the analysis's message says how far it got (edited
now and then, never more often than every `SHOW_EVERY` turns or `SHOW_SECONDS` seconds, and an
edit pings nobody); once done, the same message becomes the result: the chart of the first
colour's winning chance over the game, each player's accuracy (their average loss of winning
chance per turn, in points of a hundred) and the three biggest swings, each with a small board
of the turn played and the better one. A second request shows the stored result at once. An
analysis given up (a turn the computer could not review, `FAILED_TRIES` times) says so instead.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.computer.review import TurnReview
from bot.discord.announce import pings
from bot.discord.names import Names
from bot.discord.texts import mention
from bot.i18n import render_labels, text
from bot.render.chances import chance_chart_png
from bot.service import Analysis, GameService, GameView
from engine.errors import EngineError

log = logging.getLogger(__name__)

SWINGS = 3
"""How many of the biggest swings the result shows."""
SHOW_EVERY = 5
"""Turns reviewed between two edits of the progress message (at most)..."""
SHOW_SECONDS = 5.0
"""...or seconds: whichever comes first. Discord limits edits, and players need no more."""


@dataclass(frozen=True, slots=True)
class Shown:
    """An analysis as a message: its text and its pictures."""

    content: str
    files: list[discord.File]


def reviews_of(analysis: Analysis) -> list[TurnReview]:
    """The reviewed turns, in order."""
    return [TurnReview.from_json(review) for review in analysis.reviews]


def chances_of(reviews: Sequence[TurnReview]) -> list[float]:
    """The first colour's chance at the start and after each reviewed turn."""
    return [reviews[0].before, *(review.after for review in reviews)] if reviews else []


def swings_of(reviews: Sequence[TurnReview]) -> list[TurnReview]:
    """The biggest losses, largest first (a tie: the earlier turn)."""
    return sorted(reviews, key=lambda review: (-review.loss, review.turn))[:SWINGS]


def accuracy_of(reviews: Sequence[TurnReview]) -> dict[str, float]:
    """Each colour's average loss of winning chance per turn it played, in points (0-100)."""
    losses: dict[str, list[float]] = {}
    for review in reviews:
        losses.setdefault(review.mover, []).append(review.loss)
    return {mover: 100 * sum(each) / len(each) for mover, each in losses.items()}


def percent(chance: float) -> str:
    """A chance as whole per cent."""
    return f"{round(100 * chance)}%"


def failed_text(analysis: Analysis, locale: str) -> str:
    """The message of an analysis given up: which turn the computer could not review."""
    view = analysis.view
    return text(
        locale,
        "analysis.failed",
        game_id=view.id,
        game=text(locale, view.kind.title_key),
        turn=analysis.failed_turn,
    )


def progress_text(analysis: Analysis, locale: str) -> str:
    """The progress message: which game, how many turns of how many are reviewed."""
    view = analysis.view
    return text(
        locale,
        "analysis.progress",
        game_id=view.id,
        game=text(locale, view.kind.title_key),
        done=analysis.done,
        turns=analysis.turns,
    )


class AnalysisShower:
    """Builds an analysis's message and shows it (by editing its message) for the bot."""

    def __init__(self, client: discord.Client, service: GameService, names: Names) -> None:
        self.client = client
        self.service = service
        self.names = names
        self._shown_at: dict[int, float] = {}

    async def message(self, analysis: Analysis, locale: str) -> Shown:
        """The progress, or the result once every turn is reviewed (or that it failed)."""
        if analysis.failed:
            return Shown(failed_text(analysis, locale), [])
        if not analysis.finished:
            return Shown(progress_text(analysis, locale), [])
        return await self.result(analysis, locale)

    async def result(self, analysis: Analysis, locale: str) -> Shown:
        """The chart, the accuracies and the three biggest swings, with their pictures."""
        view = analysis.view
        reviews = reviews_of(analysis)
        names = await self._names(view)
        swings = swings_of(reviews)
        first = view.kind.colours[0].value
        lines = [
            text(
                locale,
                "analysis.title",
                game_id=view.id,
                game=text(locale, view.kind.title_key),
                colour=text(locale, f"colour.{first}"),
            ),
            text(locale, "analysis.accuracy_title"),
        ]
        accuracy = accuracy_of(reviews)
        for colour in sorted(accuracy, key=lambda name: name != first):  # the first colour first
            loss = accuracy[colour]
            player = mention(view.players[colour]) if colour in view.players else colour
            lines.append(text(locale, "analysis.accuracy", player=player, points=f"{loss:.1f}"))
        lines.append(text(locale, "analysis.swings_title", colour=text(locale, f"colour.{first}")))
        for number, swing in enumerate(swings, start=1):
            lines.append(self._swing_line(view, swing, number, first, locale))
        files = [await self._chart(view, reviews, swings, names, locale)]
        for number, swing in enumerate(swings, start=1):
            try:
                files.append(await self._turn(view, swing, number, names, locale))
            except EngineError:  # a turn the picture cannot replay: the words still say it
                log.exception("game %s: no picture of turn %s", view.id, swing.turn)
        return Shown("\n".join(lines), files)

    def _swing_line(
        self, view: GameView, swing: TurnReview, number: int, first: str, locale: str
    ) -> str:
        player = view.players.get(swing.mover)
        key = "analysis.swing" if swing.best != swing.played else "analysis.swing_best"
        return text(
            locale,
            key,
            number=number,
            turn=swing.turn,
            player=mention(player) if player is not None else swing.mover,
            played=swing.played,
            best=swing.best,
            colour=text(locale, f"colour.{first}"),
            before=percent(swing.before),
            # The chances the loss counts with (Ponte's after the opponent's best answer):
            # the better turn always shows the better chance.
            after=percent(swing.judged_after),
            best_after=percent(swing.judged_best),
            loss=f"{100 * swing.loss:.1f}",
        )

    async def _chart(
        self,
        view: GameView,
        reviews: Sequence[TurnReview],
        swings: Sequence[TurnReview],
        names: dict[str, str],
        locale: str,
    ) -> discord.File:
        first, second = (colour.value for colour in view.kind.colours)
        title = text(locale, "analysis.chart_title", colour=text(locale, f"colour.{first}"))
        footer = text(locale, "analysis.chart_footer", turns=len(reviews))
        png = await asyncio.to_thread(
            chance_chart_png,
            chances_of(reviews),
            title=title,
            footer=footer,
            sides=(names.get(first, ""), names.get(second, "")),  # who leads at the top, bottom
            marked=[swing.turn for swing in swings],
        )
        return discord.File(io.BytesIO(png), filename=f"analysis-{view.id}-chances.png")

    async def _turn(
        self,
        view: GameView,
        swing: TurnReview,
        number: int,
        names: dict[str, str],
        locale: str,
    ) -> discord.File:
        plies = view.game.turn_plies()
        before = view.game.position_at(plies[swing.turn - 1])
        captions = (
            text(locale, "analysis.played", move=swing.played),
            text(locale, "analysis.better", move=swing.best),
        )
        png = await asyncio.to_thread(
            view.kind.turn_png,
            before,
            swing.played,
            swing.best,
            names,
            captions=captions,
            labels=render_labels(locale),
        )
        return discord.File(io.BytesIO(png), filename=f"analysis-{view.id}-swing-{number}.png")

    async def _names(self, view: GameView) -> dict[str, str]:
        names = await self.names.many(list(view.players.values()), view.guild_id)
        return {colour: names[user_id] for colour, user_id in view.players.items()}

    # Showing ----------------------------------------------------------------------------------

    def due(self, analysis: Analysis) -> bool:
        """Whether the analysis's message is to be edited now: it is done, or it is behind by
        `SHOW_EVERY` turns, or it was last edited `SHOW_SECONDS` ago."""
        if analysis.finished or analysis.failed:
            return True
        behind = analysis.done - max(analysis.shown, 0)
        since = time.monotonic() - self._shown_at.get(analysis.view.id, 0.0)
        return behind >= SHOW_EVERY or since >= SHOW_SECONDS

    async def show_behind(self) -> None:
        """Edit the messages of the analyses (of this process's servers) that are behind."""
        for game_id in await self.service.analyses.unshown_analyses():
            analysis = await self.service.analyses.analysis(game_id)
            if analysis is None or not self.due(analysis):
                continue
            try:
                await self.show(analysis)
            except discord.HTTPException:
                # Deleted, or the bot may no longer edit there: the result is kept, and
                # /analyze shows it again; stop trying with this message.
                log.warning("game %s: could not edit its analysis's message", game_id)
            await self.service.analyses.analysis_shown(game_id, analysis.done)

    async def show(self, analysis: Analysis) -> None:
        """Edit the analysis's message to what it is now (the progress, or the result)."""
        if analysis.channel_id is None or analysis.message_id is None:
            return
        self._shown_at[analysis.view.id] = time.monotonic()
        locale = self._locale(analysis.view.guild_id)
        shown = await self.message(analysis, locale)
        channel = self.client.get_partial_messageable(analysis.channel_id)
        message = channel.get_partial_message(analysis.message_id)
        await message.edit(content=shown.content, attachments=shown.files, allowed_mentions=pings())

    def _locale(self, guild_id: int | None) -> str:
        guild = None if guild_id is None else self.client.get_guild(guild_id)
        return "en-US" if guild is None else str(guild.preferred_locale)
