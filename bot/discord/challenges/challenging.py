"""A challenge's message and its buttons: Accept, Decline, and Decline and block, which keep
working after a restart (a `DynamicItem` whose custom id carries only the action and the
challenge). An open challenge (to anyone in the channel) has Accept alone: whoever presses it
first takes it, and the challenger's own press withdraws it. Each button does its own work
here, and every post it makes is owed with its change and delivered through the outbox (drawn
in `posts`): the opponent accepts (the message edited, then the game started, here or in a
thread the courier opens first), declines (the challenger told by a new message, which pings),
or declines and blocks; the challenger's Decline withdraws the challenge (an edit, which pings
nobody)."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable

import discord

from bot.discord.host import (
    Host,
    PersistentButton,
    action_button,
    answer_change,
    check_place,
    public_locale,
    user_locale,
)
from bot.games import Registry
from bot.i18n import format_duration, text, timestamp
from bot.service import Challenge, Reach
from bot.service.owed import answering
from bot.words.games import game_title, mention

log = logging.getLogger(__name__)


class ChallengeButton(
    PersistentButton,
    template=r"challenge:(?P<action>accept|decline|block):(?P<id>[0-9]+)",
):
    """Accept, decline, or decline and block a challenge; the custom id carries only the
    action and the id."""

    def __init__(self, action: str, challenge_id: int, label: str = "") -> None:
        custom_id = f"challenge:{action}:{challenge_id}"
        button = action_button(action, custom_id, label)
        if action == "block":
            button.style = discord.ButtonStyle.danger
        super().__init__(button)
        self.action, self.challenge_id = action, challenge_id

    @classmethod
    def read(cls, match: re.Match[str]) -> ChallengeButton:
        return cls(match["action"], int(match["id"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Accept, decline or block; refusals go privately to the one who pressed."""
        if self.action == "accept":
            await accept(host, interaction, self.challenge_id)
        elif self.action == "decline":
            await decline(host, interaction, self.challenge_id)
        else:
            await block_challenger(host, interaction, self.challenge_id)


def challenge_buttons(
    challenge_id: int, locale: str, *, to_anyone: bool = False
) -> discord.ui.View:
    """The Accept, Decline and Decline and block buttons of a challenge message (Accept alone
    for an open challenge: nobody was challenged who could decline or block)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("accept", challenge_id, text(locale, "button.accept")))
    if to_anyone:
        return view
    view.add_item(ChallengeButton("decline", challenge_id, text(locale, "button.decline")))
    view.add_item(ChallengeButton("block", challenge_id, text(locale, "button.decline_block")))
    return view


# The challenge's message ------------------------------------------------------------------------


async def post_challenge(
    host: Host, interaction: discord.Interaction, make: Callable[[], Awaitable[Challenge]]
) -> Challenge:
    """Make the challenge and answer with its message (owed with it, so that a crash neither
    loses it nor posts it twice), pinging the opponent (an open challenge pings nobody: nobody
    was named). Nobody could answer a challenge nobody saw: where the bot only answers, one
    Discord refused is withdrawn rather than left to block the same challenge for two days
    (elsewhere it stays owed, and is posted in its channel)."""
    asker, channel_id = interaction.user.id, interaction.channel_id
    with answering(public_locale(interaction), asker, channel_id) as owing:
        made = await make()
    if await host.deliverer.deliver_now(owing.ids, interaction) or made.reach is Reach.POST:
        return made
    await host.service.challenges.cancel(made.id, made.challenger_id)
    raise ChallengeNotShownError(f"Discord refused the answer with challenge {made.id}")


class ChallengeNotShownError(Exception):
    """Discord refused the challenge's message where the bot only answers (it is withdrawn)."""


def challenge_text(registry: Registry, made: Challenge, locale: str) -> str:
    """The challenge as the channel reads it (with the rules of a match, for one)."""
    if made.to_anyone:
        return open_challenge_text(registry, made, locale)
    posted = text(
        locale,
        "challenge.posted",
        challenger=mention(made.challenger_id),
        opponent=mention(made.opponent),
        game=game_title(locale, made.game_kind),
        variant=text(locale, f"variant.{made.variant}"),
        time=format_duration(locale, made.move_seconds),
        expires=timestamp(made.expires_at),
    )
    if made.best_of > 1:
        posted += "\n" + text(locale, "challenge.best_of")
    return posted + "\n" + _first_mover(registry, made, locale)


def open_challenge_text(registry: Registry, made: Challenge, locale: str) -> str:
    """An open challenge as the channel reads it: the game and its options, the rating window,
    when it expires, who moves first."""
    challenger = mention(made.challenger_id)
    lines = [
        text(
            locale,
            "challenge.open_posted",
            challenger=challenger,
            game=game_title(locale, made.game_kind),
            variant=text(locale, f"variant.{made.variant}"),
            time=format_duration(locale, made.move_seconds),
            expires=timestamp(made.expires_at),
        )
    ]
    if made.best_of > 1:
        lines.append(text(locale, "challenge.best_of"))
    if made.rating_window is not None:
        lines.append(
            text(locale, "challenge.open_window", window=made.rating_window, challenger=challenger)
        )
    if made.challenger_first:
        lines.append(_first_mover(registry, made, locale))
    else:
        colour = registry.kind(made.game_kind).colours[0].value
        lines.append(
            text(locale, "challenge.open_taker_first", colour=text(locale, f"colour.{colour}"))
        )
    lines.append(text(locale, "challenge.open_how", challenger=challenger))
    return "\n".join(lines)


def _first_mover(registry: Registry, made: Challenge, locale: str) -> str:
    """Who makes the first move (of a match: of its first game), with the colour: the opponent
    decides knowing it, and a rematch exchanges it."""
    first = made.challenger_id if made.challenger_first else made.opponent
    colour = registry.kind(made.game_kind).colours[0].value
    key = "challenge.first_match" if made.best_of > 1 else "challenge.first"
    return text(locale, key, player=mention(first), colour=text(locale, f"colour.{colour}"))


# Accept ---------------------------------------------------------------------------------------


async def accept(host: Host, interaction: discord.Interaction, challenge_id: int) -> None:
    """The opponent accepts (or someone takes an open challenge): the challenge's message says
    so and the game starts, here or in the thread it asked for, which the courier opens (or
    finds, after a crash) before the game starts there. Of several presses at once one
    accepts, and the others are told who took it. The challenger's own press on an open
    challenge withdraws it."""
    service = host.service
    shown = await service.challenges.get_challenge(challenge_id)
    if shown.to_anyone and interaction.user.id == shown.challenger_id:
        await decline(host, interaction, challenge_id)
        return
    challenge = await service.challenges.check_accept(challenge_id, interaction.user.id)
    # The channel may have changed since the challenge: refuse before anything is made.
    check_place(interaction, challenge.reach, thread=challenge.wants_thread)
    if challenge.wants_thread:  # opening a thread takes a request of its own
        await interaction.response.defer()
    host.names.remember(interaction.user)

    asker, channel_id = interaction.user.id, interaction.channel_id
    with answering(public_locale(interaction), asker, channel_id) as owing:
        await service.challenges.accept(challenge_id, asker)
    if not await host.deliverer.deliver_now(owing.ids, interaction):
        await _start_owed(interaction, challenge_id)


async def _start_owed(interaction: discord.Interaction, challenge_id: int) -> None:
    """The game exists, but Discord refused a post of its start: the player hears so
    privately (it is posted later)."""
    log.warning("could not post the start of challenge %s's game now; it stays owed", challenge_id)
    owed = text(user_locale(interaction), "error.start_post_owed")
    try:
        if interaction.response.is_done():
            await interaction.followup.send(owed, ephemeral=True)
        else:
            await interaction.response.send_message(owed, ephemeral=True)
    except discord.HTTPException:
        return


# Decline, withdraw, block -------------------------------------------------------------------


async def decline(host: Host, interaction: discord.Interaction, challenge_id: int) -> None:
    """The opponent declines (the challenge loses its buttons, and a new message tells the
    challenger, who may be waiting for an answer), or the challenger withdraws the challenge
    (it says so, edited: an edit notifies nobody, issue 27)."""

    async def turned_down() -> Challenge:
        return await host.service.challenges.turn_down(challenge_id, interaction.user.id)

    await answer_change(host, interaction, turned_down)


async def block_challenger(host: Host, interaction: discord.Interaction, challenge_id: int) -> None:
    """The opponent declines and blocks the challenger. Everyone else sees a decline, the
    challenger too; the one who blocked is told privately what the block does."""

    async def blocked() -> Challenge:
        return await host.service.challenges.decline_and_block(challenge_id, interaction.user.id)

    closed = await answer_change(host, interaction, blocked)
    told = text(user_locale(interaction), "block.blocked", player=mention(closed.challenger_id))
    if interaction.response.is_done():
        await interaction.followup.send(told, ephemeral=True)
    else:
        await interaction.response.send_message(told, ephemeral=True)


def closed_text(locale: str, closed: Challenge) -> str:
    """What a withdrawn or declined challenge says."""
    if closed.opponent_id is None:  # an open challenge, withdrawn before anyone took it
        challenger = mention(closed.challenger_id)
        return text(locale, f"challenge.open_{closed.status}", challenger=challenger)
    return text(
        locale,
        f"challenge.{closed.status}",
        opponent=mention(closed.opponent_id),
        challenger=mention(closed.challenger_id),
    )
