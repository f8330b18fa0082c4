"""How a challenge's posts are drawn (issue 53): its message with its buttons (pinging the one
challenged), that message edited once the challenge is accepted or taken, withdrawn, declined
or expired (without its buttons: an edit pings nobody), the new message that tells the
challenger of a decline, and the thread an accepted challenge asked for. Where the bot only
answers (`Reach.REPLY`) each goes through the token of the press or command it answers."""

from __future__ import annotations

from bot.discord.challenges.challenging import challenge_buttons, challenge_text, closed_text
from bot.discord.host import thread_name
from bot.discord.posting.drafts import (
    ChannelPost,
    DirectMessage,
    Draft,
    Edit,
    Outgoing,
    ThreadOpening,
    pings,
)
from bot.discord.posting.scribe import Scribe
from bot.i18n import text
from bot.service import Challenge, Reach
from bot.service.challenge_posts import ChallengePost
from bot.service.seeks import SeekLapsed
from bot.store import ChallengeStatus
from bot.words.games import game_title, mention


def _here(challenge: Challenge, draft: Draft) -> ChannelPost:
    reply_only = challenge.reach is Reach.REPLY
    return ChannelPost(draft, challenge.channel_id, challenge.guild_id, reply_only=reply_only)


async def posted(scribe: Scribe, shown: ChallengePost, locale: str) -> Outgoing:
    """The challenge with its buttons, pinging the one challenged (nobody, for an open one)."""
    made = shown.challenge
    buttons = challenge_buttons(made.id, locale, to_anyone=made.to_anyone)
    if made.to_anyone and scribe.activities and made.reach is Reach.POST and made.guild_id:
        scribe.slots.to_lobby(buttons, locale)  # the server's other challenges and games
    draft = Draft(
        challenge_text(scribe.service.registry, made, locale),
        mentions=pings(made.opponent_id),
        buttons=buttons,
    )
    return _here(made, draft)


async def answered(scribe: Scribe, shown: ChallengePost, locale: str) -> Outgoing:
    """The challenge's message once answered, without its buttons: who accepted (or took) it
    and where the game is played; that it was withdrawn; a decline leaves its words (the
    challenger is told by a new message)."""
    challenge, message = shown.challenge, shown.message
    assert message is not None  # the kind rebuilds only a challenge shown
    reply_only = challenge.reach is Reach.REPLY
    if challenge.status is ChallengeStatus.DECLINED:
        return Edit(message, reply_only=reply_only)
    if challenge.status is ChallengeStatus.ACCEPTED:
        content = text(
            locale,
            "challenge.accepted",
            opponent=mention(challenge.opponent),
            challenger=mention(challenge.challenger_id),
        )
        if shown.thread_id is not None:
            where = f"<#{shown.thread_id}>"
            content += "\n" + text(locale, "challenge.thread_opened", thread=where)
    else:
        content = closed_text(locale, challenge)
    return Edit(message, content=content, reply_only=reply_only)


async def declined(scribe: Scribe, shown: ChallengePost, locale: str) -> Outgoing:
    """A new message that tells the challenger of the decline (it pings them)."""
    challenge = shown.challenge
    draft = Draft(closed_text(locale, challenge), mentions=pings(challenge.challenger_id))
    return _here(challenge, draft)


async def expired(scribe: Scribe, shown: ChallengePost, locale: str) -> Outgoing:
    """The challenge's message, edited to say it expired."""
    challenge, message = shown.challenge, shown.message
    assert message is not None  # the kind rebuilds only a challenge shown
    if challenge.opponent_id is None:  # an open challenge nobody took
        content = text(
            locale, "challenge.open_expired", challenger=mention(challenge.challenger_id)
        )
    else:
        content = text(
            locale,
            "challenge.expired",
            challenger=mention(challenge.challenger_id),
            opponent=mention(challenge.opponent_id),
        )
    return Edit(message, content=content)


async def thread(scribe: Scribe, shown: ChallengePost, locale: str) -> Outgoing:
    """The thread an accepted challenge asked for, named after its game and players; once
    open (or found, after a crash), the game starts there and this post is settled with it."""
    challenge = shown.challenge
    assert challenge.guild_id is not None  # a thread is asked for only in a server's channel
    first, second = challenge.challenger_id, challenge.opponent
    names = await scribe.names.many([first, second], challenge.guild_id)
    name = thread_name(locale, challenge.game_kind, names[first], names[second])
    service = scribe.service

    async def opened(thread_id: int) -> object:
        return await service.challenges.start_in_thread(challenge.id, thread_id, shown.post_id)

    return ThreadOpening(challenge.channel_id, challenge.guild_id, name, opened)


async def seek_lapsed(scribe: Scribe, shown: SeekLapsed, locale: str) -> Outgoing:
    """A seeker's seek lapsed with nobody paired: told in their direct messages (in the
    language they sought in)."""
    said = text(locale, "seek.lapsed", game=game_title(locale, shown.game_kind))
    return DirectMessage(Draft(said), shown.user_id)
