"""Ratings on a server: `/leaderboard game [scope]` (paged with buttons that keep working after
a restart; `scope:everywhere` shows the pool across servers' ratings, issue 53) and `/stats
[player] [game]` with a chart of the rating, and under another member's a Challenge button (lent
by challenges, `bot.discord.posting.slots`). Both answer privately."""

from __future__ import annotations

import asyncio
import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import (
    Host,
    PersistentButton,
    game_choices,
    in_servers,
    ls,
    step_button,
    user_locale,
)
from bot.i18n import counted, describe_error, text, timestamp
from bot.render.chart import rating_chart_png
from bot.service import Leaderboard, PlayerStats
from bot.service.errors import NoGamesYetError
from bot.service.rating_model import INITIAL, PROVISIONAL_RESULTS
from bot.service.seeks import EVERYWHERE
from bot.words.games import game_title, mention

PROVISIONAL_MARK = "?"
SCOPES = ("server", "everywhere")
"""Whose ratings `/leaderboard` shows: the server's own, or the pool across servers'."""


class LeaderboardButton(
    PersistentButton,
    template=r"leaderboard:(?P<kind>[a-z0-9_]+):(?P<page>[0-9]+)(?::(?P<everywhere>everywhere))?",
):
    """Turn a leaderboard to page `page`; the server is the one it is pressed in, unless the
    leaderboard is the pool across servers' (`everywhere`, said at the custom id's end so that
    the server's buttons posted before it keep their ids)."""

    def __init__(
        self,
        kind: str,
        page: int,
        label: str = "",
        *,
        disabled: bool = False,
        everywhere: bool = False,
    ) -> None:
        custom_id = f"leaderboard:{kind}:{page}" + (":everywhere" if everywhere else "")
        super().__init__(step_button(custom_id, label or str(page + 1), disabled=disabled))
        self.kind, self.page, self.everywhere = kind, page, everywhere

    @classmethod
    def read(cls, match: re.Match[str]) -> LeaderboardButton:
        return cls(match["kind"], int(match["page"]), everywhere=bool(match["everywhere"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Show the page in place of the one pressed on."""
        await turn_page(host, interaction, self.kind, self.page, everywhere=self.everywhere)


def _provisional(flag: bool) -> str:
    return PROVISIONAL_MARK if flag else ""


def _tally(locale: str, wins: int, losses: int, draws: int) -> dict[str, str]:
    """Won, lost and drawn games in words, each in its count's plural form (French agrees:
    "1 gagnée, 0 perdue, 2 nulles")."""
    return {
        "wins": counted(locale, "stats.won", wins),
        "losses": counted(locale, "stats.lost", losses),
        "draws": counted(locale, "stats.drawn", draws),
    }


def board_text(board: Leaderboard, locale: str, *, everywhere: bool = False) -> str:
    """One page of the leaderboard as the message shows it (the pool across servers' if
    `everywhere`)."""
    title = game_title(locale, board.game_kind)
    key = "leaderboard.title_everywhere" if everywhere else "leaderboard.title"
    lines = [text(locale, key, game=title)]
    lines += [
        text(
            locale,
            "leaderboard.line",
            rank=entry.rank,
            player=mention(entry.user_id),
            rating=entry.rating,
            provisional=_provisional(entry.provisional),
            results=counted(locale, "leaderboard.rated", entry.results),
            **_tally(locale, entry.wins, entry.losses, entry.draws),
        )
        for entry in board.entries
    ]
    lines.append(
        text(
            locale,
            "leaderboard.footer",
            page=board.page + 1,
            pages=board.pages,
            players=board.players,
            needed=PROVISIONAL_RESULTS,
        )
    )
    return "\n".join(lines)


def board_buttons(
    board: Leaderboard, locale: str, *, everywhere: bool = False
) -> discord.ui.View | None:
    """◀ and ▶ for a leaderboard longer than one page (disabled at its ends)."""
    if board.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        LeaderboardButton(
            board.game_kind,
            max(board.page - 1, 0),
            text(locale, "button.previous"),
            disabled=board.page == 0,
            everywhere=everywhere,
        )
    )
    view.add_item(
        LeaderboardButton(
            board.game_kind,
            min(board.page + 1, board.pages - 1),
            text(locale, "button.next"),
            disabled=board.page == board.pages - 1,
            everywhere=everywhere,
        )
    )
    return view


def stats_text(stats: PlayerStats, locale: str) -> str:
    """A player's statistics as the message shows them."""
    lines = [text(locale, "stats.title", player=mention(stats.user_id))]
    for summary in stats.ratings:
        lines.append(
            text(
                locale,
                "stats.rating",
                game=game_title(locale, summary.game_kind),
                rating=summary.rating,
                provisional=_provisional(summary.provisional),
                rank=summary.rank,
                results=counted(locale, "stats.result_count", summary.results),
                opponents=counted(locale, "stats.opponent_count", summary.opponents),
            )
        )
    for totals in stats.totals:
        for key, tally in (("stats.people", totals.people), ("stats.computer", totals.computer)):
            if tally.games:
                lines.append(
                    text(
                        locale,
                        key,
                        game=game_title(locale, totals.game_kind),
                        **_tally(locale, tally.wins, tally.losses, tally.draws),
                    )
                )
    if stats.streak is not None and stats.streak.length > 1:
        count = f"{stats.streak.length}+" if stats.streak.at_least else str(stats.streak.length)
        lines.append(text(locale, f"stats.streak.{stats.streak.outcome}", count=count))
    if stats.head_to_head is not None and stats.head_to_head.games:
        versus = stats.head_to_head
        against = _tally(locale, versus.wins, versus.losses, versus.draws)
        lines.append(text(locale, "stats.head_to_head", **against))
    lines.append(text(locale, "stats.recent"))
    lines += [
        text(
            locale,
            "stats.recent_line",
            date=timestamp(result.finished_at, "d"),
            game=game_title(locale, result.game_kind),
            opponent=mention(result.opponent_id),
            outcome=text(locale, f"outcome.{result.outcome}"),
        )
        for result in stats.recent
    ]
    return "\n".join(lines)


def chart_ratings(stats: PlayerStats) -> list[float]:
    """The ratings the chart draws: from the start rating when the history goes back that far."""
    ratings = [point.mu for point in stats.history]
    shown = next((s for s in stats.ratings if s.game_kind == stats.chart_kind), None)
    if shown is not None and len(ratings) == shown.results:
        ratings.insert(0, INITIAL.mu)
    return ratings


def pool_of(interaction: discord.Interaction, everywhere: bool) -> int:
    """The ratings' pool a leaderboard shows: the server's, or the pool across servers'."""
    return EVERYWHERE if everywhere or interaction.guild_id is None else interaction.guild_id


async def turn_page(
    host: Host, interaction: discord.Interaction, kind: str, page: int, *, everywhere: bool
) -> None:
    """A press on a leaderboard's ◀ or ▶: the page, in place."""
    pool = pool_of(interaction, everywhere)
    board = await host.service.ratings.leaderboard(pool, kind, page)
    locale = user_locale(interaction)
    await interaction.response.edit_message(
        content=board_text(board, locale, everywhere=everywhere),
        view=board_buttons(board, locale, everywhere=everywhere),
    )


class RankingCog(commands.Cog):
    """The leaderboard and the statistics of a server's players."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.leaderboard.name"), description=ls("command.leaderboard.description")
    )
    @app_commands.rename(
        game=ls("command.leaderboard.option.game.name"),
        scope=ls("command.leaderboard.option.scope.name"),
    )
    @app_commands.describe(
        game=ls("command.leaderboard.option.game.description"),
        scope=ls("command.leaderboard.option.scope.description"),
    )
    @app_commands.choices(
        scope=[app_commands.Choice(name=ls(f"choice.scope.{s}"), value=s) for s in SCOPES]
    )
    @in_servers  # ratings are per server
    async def leaderboard(
        self, interaction: discord.Interaction, game: str, scope: str | None = None
    ) -> None:
        """The server's best players of a game (or the pool across servers'), privately."""
        everywhere = scope == "everywhere"
        pool = pool_of(interaction, everywhere)
        board = await self.bot.service.ratings.leaderboard(pool, game)
        locale = user_locale(interaction)
        await interaction.response.send_message(
            board_text(board, locale, everywhere=everywhere),
            view=board_buttons(board, locale, everywhere=everywhere) or discord.utils.MISSING,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @leaderboard.autocomplete("game")
    async def leaderboard_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    @app_commands.command(
        name=ls("command.stats.name"), description=ls("command.stats.description")
    )
    @app_commands.rename(
        player=ls("command.stats.option.player.name"), game=ls("command.stats.option.game.name")
    )
    @app_commands.describe(
        player=ls("command.stats.option.player.description"),
        game=ls("command.stats.option.game.description"),
    )
    @in_servers  # statistics are per server
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """A player's rating with its chart, results, streak and last games, privately."""
        target = player or interaction.user
        locale = user_locale(interaction)
        # Another member's statistics offer to challenge them (the form Apps → Challenge
        # opens), even before their first game; one's own, or a bot's, do not.
        challenge = None
        if target.id != interaction.user.id and not target.bot:
            challenge = self.bot.scribe.slots.for_member(target.id, locale)
        try:
            stats = await self.bot.service.ratings.stats(
                interaction.guild_id or 0,
                target.id,
                game,
                viewer_id=interaction.user.id,
            )
        except NoGamesYetError as error:
            if challenge is None:
                raise  # answered privately by the command tree, as every refusal
            await interaction.response.send_message(
                describe_error(error, locale),
                view=challenge,
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the chart takes a moment
        files = []
        ratings = chart_ratings(stats)
        if ratings and stats.chart_kind is not None:
            title = text(
                locale,
                "stats.chart_title",
                game=game_title(locale, stats.chart_kind),
            )
            png = await asyncio.to_thread(
                rating_chart_png, ratings, title, text(locale, "stats.chart_results")
            )
            files.append(discord.File(io.BytesIO(png), filename=f"rating-{target.id}.png"))
        await interaction.followup.send(
            stats_text(stats, locale),
            files=files,
            view=challenge or discord.utils.MISSING,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @stats.autocomplete("game")
    async def stats_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)
