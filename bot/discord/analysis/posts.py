"""How an analysis's posts are drawn (issue 29): its message where it was asked for, showing its
progress, or its result once done (the chart of the first colour's winning chance, each player's
accuracy and the three biggest swings, each with a small board of the turn played and the better
one), or that it failed; and the edits that keep that message up to date (an edit pings nobody).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence

import discord

from bot.computer.reading import chances_of, reviews_of, swings_of
from bot.computer.review import TurnReview
from bot.discord.posting.drafts import ChannelPost, Draft, Edit, Files, Outgoing
from bot.discord.posting.scribe import Scribe
from bot.i18n import render_labels, text
from bot.render.chances import chance_chart_png
from bot.service import Analysis, GameView, Reach
from bot.service.analyses import AnalysisShown
from bot.words.analysis import failed_text, progress_text, result_text
from engine.errors import EngineError

log = logging.getLogger(__name__)


async def shown(scribe: Scribe, shown: AnalysisShown, locale: str) -> Outgoing:
    """A new message in the channel it was asked in: as the asker's answer, or (after a
    crash) posted there."""
    assert shown.channel_id is not None  # the kind's rebuild says where
    view = shown.analysis.view
    content, files = words_and_pictures(scribe, shown.analysis, locale)
    reply_only = view.reach is Reach.REPLY
    draft = Draft(content, files=files)
    return ChannelPost(draft, shown.channel_id, view.guild_id, reply_only=reply_only)


async def progress(scribe: Scribe, shown: AnalysisShown, locale: str) -> Edit:
    """The latest message showing the analysis, edited to how it stands."""
    assert shown.message is not None  # the kind's rebuild finds it
    content, files = words_and_pictures(scribe, shown.analysis, locale)
    return Edit(shown.message, content=content, files=files)


def words_and_pictures(scribe: Scribe, analysis: Analysis, locale: str) -> tuple[str, Files]:
    """The progress, or the result once every turn is reviewed (or that it failed)."""
    if analysis.failed:
        return failed_text(analysis, locale), _none
    if not analysis.finished:
        content = progress_text(analysis, locale)
        if analysis.view.reach is Reach.REPLY:
            # Here only the answer's token edits it, for Discord's 15 minutes: past them the
            # player asks again (the analysis is not asked for twice).
            content += "\n" + text(locale, "analysis.reply_only")
        return content, _none
    view = analysis.view
    reviews = reviews_of(analysis.reviews)

    async def pictures() -> list[discord.File]:
        return await _pictures(scribe, view, reviews, locale)

    return result_text(view, reviews, locale), pictures


async def _none() -> list[discord.File]:
    return []


async def _pictures(
    scribe: Scribe, view: GameView, reviews: Sequence[TurnReview], locale: str
) -> list[discord.File]:
    """The chart, then a small board of each swing (the turn played and the better one)."""
    players, _ = await scribe.players(view, locale)
    swings = swings_of(reviews)
    files = [await _chart(view, reviews, swings, players, locale)]
    for number, swing in enumerate(swings, start=1):
        try:
            files.append(await _turn(view, swing, number, players, locale))
        except EngineError:  # a turn the picture cannot replay: the words still say it
            log.exception("game %s: no picture of turn %s", view.id, swing.turn)
    return files


async def _chart(
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
    view: GameView, swing: TurnReview, number: int, names: dict[str, str], locale: str
) -> discord.File:
    plies = view.game.turn_plies()
    before = view.game.position_at(plies[swing.turn - 1])
    held = view.kind.held_after(names, view.game, before)  # `names` are as held at the end
    captions = (
        text(locale, "analysis.played", move=swing.played),
        text(locale, "analysis.better", move=swing.best),
    )
    png = await asyncio.to_thread(
        view.kind.turn_png,
        before,
        swing.played,
        swing.best,
        held,
        captions=captions,
        labels=render_labels(locale),
    )
    return discord.File(io.BytesIO(png), filename=f"analysis-{view.id}-swing-{number}.png")
