"""`/challenge`: a challenge with Accept and Decline buttons (`challenging`); a challenge of
the bot itself starts a game against the computer at once, here or in a thread of its own; a
challenge of nobody is open to anyone in the channel (issue 53)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.challenges.challenging import post_challenge
from bot.discord.host import (
    TIMES,
    Host,
    answer_change,
    check_place,
    close_unused,
    everywhere,
    game_choices,
    level_choices,
    ls,
    open_thread,
    public_locale,
    user_locale,
    variant_choices,
)
from bot.discord.posting.drafts import pings
from bot.discord.shared.reach import reach_of, why_not
from bot.i18n import text
from bot.service import FIRST_MOVERS, MATCH_LENGTHS, Challenge, Started, who_moves_first
from bot.service.errors import OpenChallengeOptionError, OpponentNeededError
from bot.service.open_challenges import OFFERED_EXPIRIES, OFFERED_WINDOWS

log = logging.getLogger(__name__)

EXPIRIES = OFFERED_EXPIRIES
"""How long an open challenge may wait, as offered (named as the times per move are)."""
RATING_WINDOWS = OFFERED_WINDOWS
OPTIONS = (
    "game",
    "opponent",
    "variant",
    "time",
    "thread",
    "first",
    "level",
    "best_of",
    "rating_window",
    "expires",
)


class ChallengeCog(commands.Cog):
    """Challenging another user to a game."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.challenge.name"), description=ls("command.challenge.description")
    )
    @app_commands.rename(**{o: ls(f"command.challenge.option.{o}.name") for o in OPTIONS})
    @app_commands.describe(**{o: ls(f"command.challenge.option.{o}.description") for o in OPTIONS})
    @app_commands.choices(
        first=[app_commands.Choice(name=ls(f"choice.first.{v}"), value=v) for v in FIRST_MOVERS],
    )
    @app_commands.choices(
        time=[app_commands.Choice(name=ls(f"choice.time.{key}"), value=s) for key, s in TIMES],
        best_of=[
            app_commands.Choice(name=ls(f"choice.best_of.{n}"), value=n) for n in MATCH_LENGTHS
        ],
        rating_window=[
            app_commands.Choice(name=ls(f"choice.rating_window.{n}"), value=n)
            for n in RATING_WINDOWS
        ],
        expires=[
            app_commands.Choice(name=ls(f"choice.time.{key}"), value=s)
            for key, s in TIMES
            if key in EXPIRIES
        ],
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def challenge(  # noqa: PLR0917 - discord.py passes the options positionally
        self,
        interaction: discord.Interaction,
        game: str,
        opponent: discord.User | None = None,
        variant: str | None = None,
        time: int | None = None,
        thread: bool = False,
        first: str | None = None,
        level: str | None = None,
        best_of: int | None = None,
        rating_window: int | None = None,
        expires: int | None = None,
    ) -> None:
        """Post a challenge with Accept and Decline buttons for the opponent; against the bot
        itself, start the game at once; with no opponent, an open challenge anyone here may
        take (`rating_window` and `expires` are its own options).

        Discord's client offers only the choices declared here; the options are plain values
        (not `Choice`s, which discord.py cannot build from a value outside them) so that the
        service, whose limits they are, refuses a modified client's clearly."""
        asked = Asked(
            game=game,
            opponent=opponent,
            variant=variant,
            time=time,
            thread=thread,
            first=first,
            level=level,
            best_of=best_of,
            rating_window=rating_window,
            expires=expires,
        )
        await make_challenge(self.bot, interaction, asked)

    @challenge.autocomplete("game")
    async def challenge_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    @challenge.autocomplete("level")
    async def challenge_level(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The computer's levels, strongest first, with their ratings in the game chosen."""
        return level_choices(self.bot, interaction, current)

    @challenge.autocomplete("variant")
    async def challenge_variant(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The variants of the game chosen."""
        return variant_choices(self.bot, interaction, current)


@dataclass(frozen=True)
class Asked:
    """What `/challenge` was given (the challenge form gives the same, its member the
    opponent)."""

    game: str
    opponent: discord.User | discord.Member | None = None
    variant: str | None = None
    time: int | None = None
    thread: bool = False
    first: str | None = None
    level: str | None = None
    best_of: int | None = None
    rating_window: int | None = None
    expires: int | None = None


async def make_challenge(host: Host, interaction: discord.Interaction, asked: Asked) -> None:
    """Post a challenge of `asked.opponent` with Accept and Decline buttons; against the bot
    itself, start the game at once; with no opponent, an open challenge anyone here may take.
    Refusals go privately to the user, in their language, and change nothing."""
    reach = reach_of(interaction)
    if reach is None:  # every answer here would be private: no game can be played
        await interaction.response.send_message(why_not(user_locale(interaction)), ephemeral=True)
        return
    check_place(interaction, reach, thread=asked.thread)
    host.names.remember(interaction.user)
    who_first = who_moves_first(asked.first)
    options: dict[str, Any] = {
        "game_kind": asked.game,
        "guild_id": interaction.guild_id,
        "variant": asked.variant,
        "move_seconds": asked.time,
        "best_of": asked.best_of,
        "reach": reach,
    }
    if asked.opponent is None:
        options.update(
            level=asked.level, rating_window=asked.rating_window, expires_seconds=asked.expires
        )
        await _to_anyone(host, interaction, who_first, asked.thread, options)
        return
    _refuse_open_options(interaction, rating_window=asked.rating_window, expires=asked.expires)
    host.names.remember(asked.opponent)
    if host.service.challenges.is_computer_player(asked.opponent.id):
        options.update(player_id=interaction.user.id, player_first=who_first, level=asked.level)
        await _versus_computer(host, interaction, asked.thread, options)
        return
    opponent, challenges = asked.opponent, host.service.challenges

    async def make() -> Challenge:
        return await challenges.challenge(
            channel_id=interaction.channel_id or 0,
            challenger_id=interaction.user.id,
            opponent_id=opponent.id,
            opponent_is_bot=opponent.bot,
            level=asked.level,
            challenger_first=who_first,
            wants_thread=asked.thread,
            request_id=interaction.id,  # one challenge, should Discord deliver this twice
            **options,
        )

    await post_challenge(host, interaction, make)


async def _to_anyone(
    host: Host,
    interaction: discord.Interaction,
    who_first: bool | None,
    thread: bool,
    options: dict[str, Any],
) -> None:
    """An open challenge, where more than one other person could take it: in a direct
    message only one could, who is to be named."""
    if interaction.context.dm_channel or isinstance(interaction.channel, discord.DMChannel):
        raise OpponentNeededError("only one other person is here: name them")
    open_challenges = host.service.open_challenges

    async def make() -> Challenge:
        return await open_challenges.challenge_anyone(
            channel_id=interaction.channel_id or 0,
            challenger_id=interaction.user.id,
            challenger_first=who_first,
            wants_thread=thread,
            request_id=interaction.id,  # one challenge, should Discord deliver this twice
            **options,
        )

    await post_challenge(host, interaction, make)


# Against the computer ----------------------------------------------------------------------


async def _versus_computer(
    host: Host, interaction: discord.Interaction, thread: bool, options: dict[str, Any]
) -> None:
    """Start the game at once (the computer needs no Accept), here or in a new thread,
    opened only once the options are known to be good. The start is owed with the game and
    posted before the computer's first move (its post waits for the start's)."""
    channel_id, parent_id = interaction.channel_id or 0, None
    opened: discord.Thread | None = None
    service = host.service
    if thread:
        # Every option and the player's limit of computer games are checked before a
        # thread is made for the game.
        checked = {k: v for k, v in options.items() if k not in ("player_first", "reach")}
        await service.computer.check_computer_game(**checked)
        await interaction.response.defer()  # opening a thread takes a request of its own
        computer = host.user.id if host.user else 0
        opened = await open_thread(
            host, interaction, options["game_kind"], interaction.user.id, computer
        )
        channel_id, parent_id = opened.id, interaction.channel_id

    async def start() -> Started:
        return await service.computer.start_computer_game(
            channel_id=channel_id, parent_channel_id=parent_id, **options
        )

    try:
        started = await answer_change(host, interaction, start)
    except Exception:
        if opened is not None:
            await close_unused(opened, interaction)
        raise
    if opened is not None:
        await _point_to_thread(interaction, opened, started.view.id)


async def _point_to_thread(
    interaction: discord.Interaction, thread: discord.Thread, game_id: int
) -> None:
    opened = text(public_locale(interaction), "challenge.thread_opened", thread=thread.mention)
    try:
        await interaction.followup.send(opened, allowed_mentions=pings())
    except discord.HTTPException:  # the game is stored and must start all the same
        log.warning("could not point to the thread of computer game %s", game_id)


def _refuse_open_options(interaction: discord.Interaction, **given: int | None) -> None:
    """Refuse an open challenge's own option given to a named challenge, naming it as the
    user's client shows it (it would otherwise be ignored without a word)."""
    for option, value in given.items():
        if value is not None:
            raise OpenChallengeOptionError(
                f"{option} is for open challenges",
                option=option_name(interaction, option),
                opponent=option_name(interaction, "opponent"),
            )


def option_name(interaction: discord.Interaction, option: str) -> str:
    """`/challenge`'s option as the user's client names it."""
    return text(user_locale(interaction), f"command.challenge.option.{option}.name")
