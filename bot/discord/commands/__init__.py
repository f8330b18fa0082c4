"""The slash commands (one cog per concern) and the persistent buttons."""

from functools import partial
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord.analysing import AnalyseButton
from bot.discord.announce import RematchButton
from bot.discord.commands.analysis import AnalysisCog
from bot.discord.commands.blocks import BlocksCog
from bot.discord.commands.challenge import ChallengeButton, ChallengeCog
from bot.discord.commands.common import Host, answering_errors
from bot.discord.commands.days import DaysCog, TakebackButton
from bot.discord.commands.info import GamesPageButton, InfoCog
from bot.discord.commands.menu import GameMenu
from bot.discord.commands.moves import MoveByButton
from bot.discord.commands.play import DrawButton, HistoryButton, PlayCog
from bot.discord.commands.ranking import LeaderboardButton, RankingCog
from bot.discord.commands.tournament import TournamentCog
from bot.discord.commands.unseen import UnseenLosses
from bot.discord.menu import GameActionButton, GameMenuButton
from bot.discord.moving import MakeMoveButton
from bot.discord.tourney import TournamentButton

DYNAMIC_ITEMS = (
    ChallengeButton,
    DrawButton,
    RematchButton,
    AnalyseButton,
    LeaderboardButton,
    TakebackButton,
    HistoryButton,
    GamesPageButton,
    MakeMoveButton,
    GameMenuButton,
    GameActionButton,
    TournamentButton,
)


class CommandSet:
    """The cogs of one bot, and the handlers its buttons call (`bot.discord.presses.Presses`):
    each press goes to the cog of its button, any refusal privately to the one who pressed."""

    def __init__(self, host: Host) -> None:
        self.challenges, self.play, self.info = ChallengeCog(host), PlayCog(host), InfoCog(host)
        self.ranking, self.days = RankingCog(host), DaysCog(host)
        self.blocks = BlocksCog(host)
        self.tournaments = TournamentCog(host)
        self.analysis = AnalysisCog(host)
        self.moves = MoveByButton(host)  # Make move: a button and a modal, no command
        self.unseen = UnseenLosses(host)  # a game's buttons show its unseen loss on time first
        self.menu = GameMenu(host, self.play, self.days)  # ⋯ More: draw, resign, take back

    @property
    def cogs(
        self,
    ) -> tuple[
        ChallengeCog, PlayCog, InfoCog, RankingCog, DaysCog, BlocksCog, TournamentCog, AnalysisCog
    ]:
        """Every cog, to add to the bot."""
        cogs = (self.challenges, self.play, self.info, self.ranking, self.days, self.blocks)
        return (*cogs, self.tournaments, self.analysis)

    async def challenge(
        self, interaction: discord.Interaction, challenge_id: int, *, accept: bool
    ) -> None:
        answer = self.challenges.accept if accept else self.challenges.decline
        await answering_errors(interaction, answer(interaction, challenge_id))

    async def block_challenger(self, interaction: discord.Interaction, challenge_id: int) -> None:
        work = self.challenges.block_challenger(interaction, challenge_id)
        await answering_errors(interaction, work)

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        await answering_errors(interaction, self.challenges.rematch(interaction, game_id))

    async def analyse(self, interaction: discord.Interaction, game_id: int) -> None:
        await answering_errors(interaction, self.analysis.analyse_game(interaction, game_id))

    async def draw(self, interaction: discord.Interaction, game_id: int, *, accept: bool) -> None:
        work = partial(self.play.answer_draw, interaction, game_id, accept)
        await answering_errors(interaction, self.unseen.first(interaction, work, game_id=game_id))

    async def history(self, interaction: discord.Interaction, game_id: int, turn: int) -> None:
        await answering_errors(interaction, self.play.step(interaction, game_id, turn))

    async def takeback(
        self, interaction: discord.Interaction, game_id: int, *, accept: bool
    ) -> None:
        work = partial(self.days.answer_takeback, interaction, game_id, accept)
        await answering_errors(interaction, self.unseen.first(interaction, work, game_id=game_id))

    async def make_move(
        self, interaction: discord.Interaction, game_id: int, revision: int
    ) -> None:
        work = partial(self.moves.open, interaction, game_id, revision)
        await answering_errors(interaction, self.unseen.first(interaction, work, game_id=game_id))

    async def submit_move(
        self, interaction: discord.Interaction, game_id: int, revision: int, move: str
    ) -> None:
        work = partial(self.moves.submit, interaction, game_id, revision, move)
        await answering_errors(interaction, self.unseen.first(interaction, work, game_id=game_id))

    async def game_menu(self, interaction: discord.Interaction, game_id: int) -> None:
        work = partial(self.menu.open, interaction, game_id)
        await answering_errors(interaction, self.unseen.first(interaction, work, game_id=game_id))

    async def game_action(
        self, interaction: discord.Interaction, action: str, game_id: int
    ) -> None:
        work = partial(self.menu.act, interaction, action, game_id)
        await answering_errors(interaction, self.unseen.first(interaction, work, game_id=game_id))

    async def tournament_signup(
        self, interaction: discord.Interaction, tournament_id: int, *, join: bool
    ) -> None:
        work = self.tournaments.signup(interaction, tournament_id, join)
        await answering_errors(interaction, work)

    async def games_page(self, interaction: discord.Interaction, page: int) -> None:
        await answering_errors(interaction, self.info.games_page(interaction, page))

    async def leaderboard_page(
        self, interaction: discord.Interaction, kind: str, page: int
    ) -> None:
        await answering_errors(interaction, self.ranking.turn_page(interaction, kind, page))


def declared_commands() -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    """Every slash command as the cogs declare it, for syncing without running the bot (and for
    checking the commands). Each cog is made around no bot: its commands are only read here,
    never run, and a cog uses its bot only when one runs."""
    unserved = cast(Host, None)
    return [command for cog in CommandSet(unserved).cogs for command in cog.get_app_commands()]


__all__ = [
    "DYNAMIC_ITEMS",
    "AnalyseButton",
    "AnalysisCog",
    "BlocksCog",
    "ChallengeButton",
    "ChallengeCog",
    "CommandSet",
    "DaysCog",
    "DrawButton",
    "GamesPageButton",
    "HistoryButton",
    "InfoCog",
    "LeaderboardButton",
    "MakeMoveButton",
    "MoveByButton",
    "RankingCog",
    "TakebackButton",
    "TournamentButton",
    "TournamentCog",
    "declared_commands",
]
