"""`/tournament create|start|cancel|remove|withdraw|standings|list` and the Join and Leave buttons
of a sign-up message (issue 30). Servers only: a tournament is a server's. Whether a member may
manage the server (start, cancel or remove on another's tournament) is read here from Discord's
permissions and handed to the service; the posts the changes owe are the deliverer's."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import (
    TIMES,
    Host,
    game_choices,
    in_servers,
    ls,
    require_game_permissions,
    user_locale,
    variant_choices,
)
from bot.discord.tournaments.posts import standings_image
from bot.discord.tournaments.signup import say
from bot.service import MATCH_LENGTHS, TournamentView
from bot.service.deadlines import DAY, HOUR
from bot.service.tournament.errors import TournamentChannelError
from bot.service.tournament.rounds import MIN_PLAYERS
from bot.service.tournaments import MAX_PLAYERS, MAX_SIGNUP_SECONDS, MAX_SWISS_ROUNDS
from bot.words.games import mention
from bot.words.tournaments import cancelled_text, list_text, progress_texts

SIGNUP = (
    ("10m", 10 * 60),
    ("1h", HOUR),
    ("6h", 6 * HOUR),
    ("1d", DAY),
    ("2d", 2 * DAY),
    ("3d", 3 * DAY),
    ("7d", 7 * DAY),
    ("14d", 14 * DAY),
    ("30d", MAX_SIGNUP_SECONDS),
)
CREATE = ("game", "format", "signup", "variant", "rounds", "time", "best_of", "max_players")


def key(sub: str, rest: str) -> app_commands.locale_str:
    return ls(f"command.tournament.sub.{sub}.{rest}")


def may_manage(interaction: discord.Interaction) -> bool:
    """Whether the member may manage the server (start, cancel or remove in any tournament)."""
    return bool(interaction.permissions.manage_guild)


class TournamentCog(commands.Cog):
    """A server's tournaments."""

    tournament = in_servers(
        app_commands.Group(
            name=ls("command.tournament.name"),
            description=ls("command.tournament.description"),
            guild_only=True,
        )
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @tournament.command(name=key("create", "name"), description=key("create", "description"))
    @app_commands.rename(**{o: key("create", f"option.{o}.name") for o in CREATE})
    @app_commands.describe(**{o: key("create", f"option.{o}.description") for o in CREATE})
    @app_commands.choices(
        format=[
            app_commands.Choice(name=ls(f"choice.format.{v}"), value=v)
            for v in ("round_robin", "swiss")
        ],
    )
    @app_commands.choices(
        signup=[app_commands.Choice(name=ls(f"choice.signup.{k}"), value=s) for k, s in SIGNUP],
        time=[app_commands.Choice(name=ls(f"choice.time.{k}"), value=s) for k, s in TIMES],
        best_of=[
            app_commands.Choice(name=ls(f"choice.best_of.{n}"), value=n) for n in MATCH_LENGTHS
        ],
    )
    async def create(  # noqa: PLR0917 - discord.py passes the options positionally
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        signup: int,
        variant: str | None = None,
        rounds: app_commands.Range[int, 1, MAX_SWISS_ROUNDS] | None = None,
        time: int | None = None,
        best_of: int | None = None,
        max_players: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] | None = None,
    ) -> None:
        """Open a tournament's sign-up here; the sign-up message follows in the channel.

        Discord's client offers only the choices and bounds declared here; the options are
        plain values (not `Choice`s, which discord.py cannot build from a value outside them)
        so that the service, whose limits they are, refuses a modified client's clearly."""
        if not isinstance(interaction.channel, discord.TextChannel):
            raise TournamentChannelError("a tournament needs a text channel for its threads")
        require_game_permissions(interaction, new_thread=False)
        require_game_permissions(interaction, new_thread=True)
        assert interaction.guild_id is not None  # servers only
        made = await self.bot.service.tournaments.create_tournament(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel.id,
            organiser_id=interaction.user.id,
            game_kind=game,
            format=format,
            signup_seconds=signup,
            variant=variant,
            rounds=rounds,
            move_seconds=time,
            best_of=best_of,
            max_players=max_players,
        )
        await self._say(interaction, "tournament.created", id=made.id)

    @create.autocomplete("game")
    async def create_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    @create.autocomplete("variant")
    async def create_variant(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The variants of the game chosen."""
        return variant_choices(self.bot, interaction, current)

    @tournament.command(name=key("start", "name"), description=key("start", "description"))
    @app_commands.rename(tournament=key("start", "option.tournament.name"))
    @app_commands.describe(tournament=key("start", "option.tournament.description"))
    async def start(self, interaction: discord.Interaction, tournament: int) -> None:
        """Start before the deadline (the organiser, or a member who may manage the server)."""
        await self._own(interaction, tournament)
        started = await self.bot.service.tournaments.start_tournament(
            tournament, interaction.user.id, may_manage=may_manage(interaction)
        )
        await self._say(interaction, "tournament.started", id=started.id)

    @tournament.command(name=key("cancel", "name"), description=key("cancel", "description"))
    @app_commands.rename(tournament=key("cancel", "option.tournament.name"))
    @app_commands.describe(tournament=key("cancel", "option.tournament.description"))
    async def cancel(self, interaction: discord.Interaction, tournament: int) -> None:
        """Cancel (the organiser, or a member who may manage the server)."""
        await self._own(interaction, tournament)
        view = await self.bot.service.tournaments.cancel_tournament(
            tournament, interaction.user.id, may_manage=may_manage(interaction)
        )
        last = 0 if view.state.value == "cancelled" else view.row.current_round
        await interaction.response.send_message(
            cancelled_text(view.id, last, user_locale(interaction)), ephemeral=True
        )

    @tournament.command(name=key("remove", "name"), description=key("remove", "description"))
    @app_commands.rename(
        tournament=key("remove", "option.tournament.name"),
        player=key("remove", "option.player.name"),
    )
    @app_commands.describe(
        tournament=key("remove", "option.tournament.description"),
        player=key("remove", "option.player.description"),
    )
    async def remove(
        self, interaction: discord.Interaction, tournament: int, player: discord.User
    ) -> None:
        """Take a player off the list, or out of the running tournament."""
        await self._own(interaction, tournament)
        await self.bot.service.tournaments.remove_player(
            tournament, interaction.user.id, player.id, may_manage=may_manage(interaction)
        )
        await self._say(interaction, "tournament.removed", id=tournament, player=mention(player.id))

    @tournament.command(name=key("withdraw", "name"), description=key("withdraw", "description"))
    @app_commands.rename(tournament=key("withdraw", "option.tournament.name"))
    @app_commands.describe(tournament=key("withdraw", "option.tournament.description"))
    async def withdraw(self, interaction: discord.Interaction, tournament: int) -> None:
        """Leave a running tournament."""
        await self._own(interaction, tournament)
        await self.bot.service.tournaments.withdraw_from_tournament(tournament, interaction.user.id)
        await self._say(interaction, "tournament.withdrew", id=tournament)

    @tournament.command(name=key("standings", "name"), description=key("standings", "description"))
    @app_commands.rename(tournament=key("standings", "option.tournament.name"))
    @app_commands.describe(tournament=key("standings", "option.tournament.description"))
    async def standings(self, interaction: discord.Interaction, tournament: int) -> None:
        """Where the tournament stands (privately): the round in play, the standings after the
        last round over with their picture, as the round's posts show them, and the games
        still being played with whose turn it is."""
        progress = await self.bot.service.tournaments.progress(tournament, interaction.guild_id)
        await interaction.response.defer(
            ephemeral=True, thinking=True
        )  # the picture takes a moment
        locale = user_locale(interaction)
        view, completed = progress.tournament, progress.completed
        files = []
        if completed:
            final = progress.final
            files.append(
                await standings_image(self.bot.scribe, view, completed, locale, final=final)
            )
        quiet = discord.AllowedMentions.none()
        first, *rest = progress_texts(progress, locale)
        await interaction.followup.send(first, files=files, ephemeral=True, allowed_mentions=quiet)
        for more in rest:
            await interaction.followup.send(more, ephemeral=True, allowed_mentions=quiet)

    @tournament.command(name=key("list", "name"), description=key("list", "description"))
    async def listing(self, interaction: discord.Interaction) -> None:
        """This server's tournaments (privately)."""
        assert interaction.guild_id is not None
        views = await self.bot.service.tournaments.server_tournaments(interaction.guild_id)
        await interaction.response.send_message(
            list_text(views, user_locale(interaction)), ephemeral=True
        )

    # Steps -----------------------------------------------------------------------------------

    async def _own(self, interaction: discord.Interaction, tournament_id: int) -> TournamentView:
        """The tournament, if it is this server's (else `TournamentNotFoundError`)."""
        return await self.bot.service.tournaments.tournament(tournament_id, interaction.guild_id)

    async def _say(self, interaction: discord.Interaction, message: str, **params: object) -> None:
        """Answer privately (the posts the change owes are the deliverer's)."""
        await say(interaction, message, **params)
