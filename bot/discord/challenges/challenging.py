"""A challenge's message and its buttons: Accept, Decline, and Decline and block, which keep
working after a restart (a `DynamicItem` whose custom id carries only the action and the
challenge). An open challenge (to anyone in the channel) has Accept alone: whoever presses it
first takes it, and the challenger's own press withdraws it. Each button does its own work
here: the opponent accepts (a thread opened first if
one was asked for, then the game started, its start owed and posted), declines (the challenger
told by a new message, which pings), or declines and blocks; the challenger's Decline withdraws
the challenge (an edit, which pings nobody)."""

from __future__ import annotations

import asyncio
import logging
import re
import weakref

import discord

from bot.discord.host import (
    Host,
    PersistentButton,
    action_button,
    check_place,
    close_unused,
    open_thread,
    public_locale,
    user_locale,
)
from bot.discord.posting.drafts import pings
from bot.i18n import format_duration, text, timestamp
from bot.service import AcceptResult, Challenge, Reach
from bot.service.owed import answering
from bot.words.games import game_title, mention

log = logging.getLogger(__name__)

_accepting: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
"""One Accept at a time per challenge in this process: a double click must not open a second
thread."""


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
    host: Host, interaction: discord.Interaction, made: Challenge, opponent_id: int | None
) -> None:
    """Answer with the challenge and its buttons, pinging the opponent (an open challenge pings
    nobody: nobody was named). Nobody could answer a challenge nobody saw: one Discord refused
    is withdrawn rather than left to block the same challenge for two days."""
    locale = public_locale(interaction)
    try:
        callback = await interaction.response.send_message(
            challenge_text(host, made, locale),
            view=challenge_buttons(made.id, locale, to_anyone=made.to_anyone),
            allowed_mentions=pings(opponent_id),
        )
    except discord.HTTPException:
        await host.service.challenges.cancel(made.id, interaction.user.id)
        raise
    if isinstance(callback.resource, discord.InteractionMessage):  # to edit it on expiry
        await host.service.challenges.set_challenge_message(made.id, callback.resource.id)


def challenge_text(host: Host, made: Challenge, locale: str) -> str:
    """The challenge as the channel reads it (with the rules of a match, for one)."""
    if made.to_anyone:
        return open_challenge_text(host, made, locale)
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
    return posted + "\n" + _first_mover(host, made, locale)


def open_challenge_text(host: Host, made: Challenge, locale: str) -> str:
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
        lines.append(_first_mover(host, made, locale))
    else:
        colour = host.service.registry.kind(made.game_kind).colours[0].value
        lines.append(
            text(locale, "challenge.open_taker_first", colour=text(locale, f"colour.{colour}"))
        )
    lines.append(text(locale, "challenge.open_how", challenger=challenger))
    return "\n".join(lines)


def _first_mover(host: Host, made: Challenge, locale: str) -> str:
    """Who makes the first move (of a match: of its first game), with the colour: the opponent
    decides knowing it, and a rematch exchanges it."""
    first = made.challenger_id if made.challenger_first else made.opponent
    colour = host.service.registry.kind(made.game_kind).colours[0].value
    key = "challenge.first_match" if made.best_of > 1 else "challenge.first"
    return text(locale, key, player=mention(first), colour=text(locale, f"colour.{colour}"))


# Accept -------------------------------------------------------------------------------------


async def accept(host: Host, interaction: discord.Interaction, challenge_id: int) -> None:
    """The opponent accepts (or someone takes an open challenge): open the thread if one was
    asked for, start, post the board. Presses of one challenge go one at a time, so a second
    one (a double click, another taker) is told the challenge was accepted (who took it), and
    opens no thread. The challenger's own press on an open challenge withdraws it."""
    shown = await host.service.challenges.get_challenge(challenge_id)
    if shown.to_anyone and interaction.user.id == shown.challenger_id:
        await decline(host, interaction, challenge_id)
        return
    lock = _accepting.get(challenge_id)
    if lock is None:
        lock = _accepting[challenge_id] = asyncio.Lock()
    if lock.locked():  # another press is opening a thread: wait inside the 3 seconds
        await interaction.response.defer()
    async with lock:
        challenge, result, thread, owed = await _accepted(host, interaction, challenge_id)
    locale = public_locale(interaction)
    accepted = text(
        locale,
        "challenge.accepted",
        opponent=mention(result.challenge.opponent),
        challenger=mention(challenge.challenger_id),
    )
    if thread is not None:
        accepted += "\n" + text(locale, "challenge.thread_opened", thread=thread.mention)
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(content=accepted, view=None)
        else:  # a reply-only game: the press is answered by updating the challenge
            await interaction.response.edit_message(content=accepted, view=None)
    except discord.HTTPException:  # the challenge message is gone; the game starts anyway
        log.info("could not update the message of challenge %s", challenge_id)
    # The start: in the channel or its new thread, or (a reply-only game) a follow-up of the
    # press, a new message that pings the first mover (an edit notifies nobody).
    if not await host.deliverer.deliver_now(owed, interaction):
        await _start_owed(interaction, result)


async def _accepted(
    host: Host, interaction: discord.Interaction, challenge_id: int
) -> tuple[Challenge, AcceptResult, discord.Thread | None, list[int]]:
    """Check, open the thread if one was asked for, and accept: the challenge, the game
    started, its thread, the posts owed. A thread the game cannot start in after all (the
    challenge was withdrawn meanwhile) is closed again."""
    service = host.service
    challenge = await service.challenges.check_accept(challenge_id, interaction.user.id)
    # The channel may have changed since the challenge: refuse before anything is made.
    check_place(interaction, challenge.reach, thread=challenge.wants_thread)
    if challenge.reach is Reach.POST and not interaction.response.is_done():
        await interaction.response.defer()
    host.names.remember(interaction.user)
    thread = None
    if challenge.wants_thread:
        opponent = interaction.user.id if challenge.to_anyone else challenge.opponent
        thread = await open_thread(
            host, interaction, challenge.game_kind, challenge.challenger_id, opponent
        )
    try:
        with answering(
            public_locale(interaction), interaction.user.id, interaction.channel_id
        ) as owing:
            result = await service.challenges.accept(
                challenge_id,
                interaction.user.id,
                channel_id=thread.id if thread else None,
                parent_channel_id=interaction.channel_id if thread else None,
            )
    except Exception:
        if thread is not None:  # a withdrawal or another process got there first
            await close_unused(thread, interaction)
        raise
    return challenge, result, thread, owing.ids


async def _start_owed(interaction: discord.Interaction, result: AcceptResult) -> None:
    """The game exists, but Discord refused its start: the player hears so privately (it is
    posted later)."""
    log.warning("could not post the start of game %s now; it stays owed", result.view.id)
    owed = text(user_locale(interaction), "error.start_post_owed")
    try:
        await interaction.followup.send(owed, ephemeral=True)
    except discord.HTTPException:
        return


# Decline, withdraw, block -------------------------------------------------------------------


async def decline(host: Host, interaction: discord.Interaction, challenge_id: int) -> None:
    """The opponent declines, or the challenger withdraws the challenge."""
    closed = await host.service.challenges.turn_down(challenge_id, interaction.user.id)
    content = _closed_text(interaction, closed)
    if interaction.user.id == closed.challenger_id:
        # A withdrawal notifies nobody (issue 27: challenge and withdraw made a ping loop):
        # the challenge itself says so, edited, and an edit notifies no one.
        await interaction.response.edit_message(
            content=content, view=None, allowed_mentions=pings()
        )
        return
    await _tell_challenger(interaction, closed, content)


async def block_challenger(host: Host, interaction: discord.Interaction, challenge_id: int) -> None:
    """The opponent declines and blocks the challenger. Everyone else sees a decline, the
    challenger too; the one who blocked is told privately what the block does."""
    closed = await host.service.challenges.decline_and_block(challenge_id, interaction.user.id)
    await _tell_challenger(interaction, closed, _closed_text(interaction, closed))
    blocked = text(user_locale(interaction), "block.blocked", player=mention(closed.challenger_id))
    await interaction.followup.send(blocked, ephemeral=True)


def _closed_text(interaction: discord.Interaction, closed: Challenge) -> str:
    if closed.opponent_id is None:  # an open challenge, withdrawn before anyone took it
        challenger = mention(closed.challenger_id)
        return text(
            public_locale(interaction), f"challenge.open_{closed.status}", challenger=challenger
        )
    return text(
        public_locale(interaction),
        f"challenge.{closed.status}",
        opponent=mention(closed.opponent_id),
        challenger=mention(closed.challenger_id),
    )


async def _tell_challenger(
    interaction: discord.Interaction, closed: Challenge, content: str
) -> None:
    # An edit notifies nobody: the challenge loses its buttons, and a new message tells the
    # challenger, who may be waiting for an answer.
    await interaction.response.edit_message(view=None)
    await interaction.followup.send(content, allowed_mentions=pings(closed.challenger_id))
