"""How a tournament's posts are drawn (issue 30): the sign-up message with Join and Leave
(posted once, then edited as players come and go; without its buttons once the sign-up is over),
a thread for each board of a round (its game started there, its start owed there), the round's
post (who meets whom, and in which thread), the standings after a round with their picture, the
final standings with the podium, and the cancellation."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.discord.posting.drafts import (
    ChannelPost,
    Draft,
    Edit,
    Outgoing,
    ThreadOpening,
)
from bot.discord.posting.scribe import Scribe
from bot.discord.tournaments.signup import signup_buttons
from bot.i18n import text
from bot.render.standings import standings_png
from bot.service import TournamentPost, TournamentView
from bot.words.tournaments import (
    cancelled_text,
    points,
    round_text,
    signup_text,
    standings_text,
    standings_title,
    tiebreak_of,
)


def _in_channel(view: TournamentView, draft: Draft) -> ChannelPost:
    return ChannelPost(draft, view.row.channel_id, view.row.guild_id)


async def signup(scribe: Scribe, shown: TournamentPost, locale: str) -> Outgoing:
    """The sign-up message, as the list stands: posted the first time, edited afterwards (an
    edit pings nobody)."""
    view = shown.tournament
    content = signup_text(view, locale)
    buttons = signup_buttons(view.id, locale) if view.state.value == "signup" else None
    if shown.message is None:
        return _in_channel(view, Draft(content, buttons=buttons))
    return Edit(shown.message, content=content, buttons=buttons)


async def board(scribe: Scribe, shown: TournamentPost, locale: str) -> Outgoing:
    """A thread for one board of the round, named after the round and its players; once open,
    the board's game starts there (and its start is owed there)."""
    view, found = shown.tournament, shown.board
    assert found is not None and found.second_id is not None  # the kind's rebuild checks it
    names = await scribe.names.many([found.first_id, found.second_id], view.row.guild_id)
    name = text(
        locale,
        "tournament.thread_name",
        id=view.id,
        round=shown.round,
        first=names[found.first_id],
        second=names[found.second_id],
    )
    service, row = scribe.service, view.row

    async def opened(thread_id: int) -> object:
        return await service.tournaments.start_board(
            view.id, shown.round, found.board, thread_id, row.channel_id, post_id=shown.post_id
        )

    return ThreadOpening(row.channel_id, row.guild_id, name, opened)


async def round_started(scribe: Scribe, shown: TournamentPost, locale: str) -> Outgoing:
    """A round's boards: who meets whom and in which thread; byes and forfeits. It pings
    nobody: each player is pinged once a round, by their game's start in its thread."""
    view = shown.tournament
    content = round_text(view, shown.round, dict(shown.threads), locale)
    return _in_channel(view, Draft(content))


async def standings(scribe: Scribe, shown: TournamentPost, locale: str) -> Outgoing:
    """The standings after a round, with their picture."""
    return await _standings(scribe, shown, locale, final=False)


async def final(scribe: Scribe, shown: TournamentPost, locale: str) -> Outgoing:
    """The final standings and the podium, with their picture."""
    return await _standings(scribe, shown, locale, final=True)


async def cancelled(scribe: Scribe, shown: TournamentPost, locale: str) -> Outgoing:
    """The tournament was cancelled: at once in its sign-up, after the round in play once it
    runs (that round's games play on and count)."""
    view = shown.tournament
    return _in_channel(view, Draft(cancelled_text(view.id, shown.round, locale)))


async def _standings(
    scribe: Scribe, shown: TournamentPost, locale: str, *, final: bool
) -> Outgoing:
    view = shown.tournament
    content = standings_text(view, shown.round, locale, final=final)

    async def picture() -> list[discord.File]:
        return [await standings_image(scribe, view, shown.round, locale, final=final)]

    return _in_channel(view, Draft(content, files=picture))


async def standings_image(
    scribe: Scribe, view: TournamentView, round_number: int, locale: str, *, final: bool = False
) -> discord.File:
    """The standings after `round_number` (`final`: the final standings) as a PNG attachment,
    with the players' names on this server, rendered in a worker thread."""
    table = view.standings(round_number)
    names = await scribe.names.many([line.id for line in table], view.row.guild_id)
    withdrawn = text(locale, "tournament.withdrawn")
    rows = [
        (
            str(line.place),
            names[line.id] + (withdrawn if line.withdrawn else ""),
            points(line.points),
            tiebreak_of(line, view, locale),
        )
        for line in table
    ]
    header = (
        "",
        text(locale, "tournament.column.player"),
        text(locale, "tournament.column.points"),
        text(locale, f"tournament.tiebreak.{view.row.format.value}"),
    )
    title = standings_title(view, round_number, locale, final=final)
    png = await asyncio.to_thread(standings_png, title, header, rows)
    name = "final" if final else round_number
    return discord.File(io.BytesIO(png), filename=f"tournament-{view.id}-{name}.png")
