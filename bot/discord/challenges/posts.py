"""How a challenge's posts are drawn: the challenge nobody answered in time says so, and loses its
buttons (an edit of its message: it pings nobody)."""

from __future__ import annotations

from bot.discord.posting.drafts import Edit
from bot.discord.posting.scribe import Scribe
from bot.i18n import text
from bot.service import ChallengeExpired
from bot.store.outbox import Delivered
from bot.words.games import mention


async def expired(scribe: Scribe, shown: ChallengeExpired, locale: str) -> Edit:
    """The challenge's message, edited to say it expired."""
    challenge = shown.challenge
    assert challenge.message_id is not None  # the kind rebuilds only a challenge shown
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
    message = Delivered(0, challenge.channel_id, challenge.message_id, None, None)
    return Edit(message, content=content)
