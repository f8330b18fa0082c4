"""How the posts of play over days are drawn: the reminders in a game's channel, the holiday
notices, and the direct messages to players who asked for them (`/notify`): their turn, a digest
of reminders, and a reply-only game lost on time.

A direct message speaks the language the player chose it in (else the server's) and links to
the game's message in its channel.
"""

from __future__ import annotations

from bot.discord.posting.drafts import (
    DirectMessage,
    Draft,
    Outgoing,
    jump_url,
    pings,
    to_channel,
)
from bot.discord.posting.scribe import Scribe
from bot.i18n import counted, text, timestamp
from bot.service import (
    DigestItem,
    GameView,
    Reminder,
    ReminderDigest,
    TimeLossDm,
    TurnDm,
    VacationNotice,
)
from bot.service.follows import FollowLetter
from bot.words.games import mention
from bot.words.matches import score_line

# In the game's channel -----------------------------------------------------------------------


async def reminder(scribe: Scribe, shown: Reminder, locale: str) -> Outgoing:
    """Half the time (or nearly all) is gone: the player to move is mentioned."""
    view = shown.view
    key = "reminder.half" if shown.stage == 1 else "reminder.last"
    content = text(
        locale,
        key,
        player=mention(shown.user_id),
        channel=f"<#{view.channel_id}>",
        deadline=timestamp(shown.deadline),
    )
    if view.match is not None:
        content = f"{score_line(view.match, locale)}\n{content}"
    return to_channel(view, Draft(content, pings(shown.user_id)))


async def vacation(scribe: Scribe, shown: VacationNotice, locale: str) -> Outgoing:
    """A player is away (or back early), pinging the opponent: their clock stands still."""
    view = shown.view
    opponent = view.opponent_of(shown.user_id)
    content = text(
        locale,
        "vacation.back" if shown.back else "vacation.away",
        player=mention(shown.user_id),
        opponent=mention(opponent),
        until=timestamp(shown.until, "D"),
    )
    return to_channel(view, Draft(content, pings(opponent)))


# Direct messages -----------------------------------------------------------------------------


async def turn_dm(scribe: Scribe, shown: TurnDm, locale: str) -> Outgoing:
    """Your turn, by direct message, with the board."""
    view = shown.view
    locale = await scribe.letter_locale(shown.user_id, view.guild_id)
    opponent = view.opponent_of(shown.user_id)
    content = text(
        locale,
        "dm.turn",
        game=text(locale, view.kind.title_key),
        opponent=mention(opponent),
        channel=f"<#{view.channel_id}>",
        last=_last_move(view, opponent, locale),
        deadline=timestamp(view.deadline_at),
        link=jump_url(view, shown.link_id),
    )
    lines = [content, *scribe.texts.position_lines(view, locale)]  # the roll
    draft = Draft("\n".join(lines), files=scribe.board_of(view, locale))
    return DirectMessage(draft, shown.user_id)


async def digest(scribe: Scribe, shown: ReminderDigest, locale: str) -> Outgoing:
    """Every game whose reminder is due, in one direct message."""
    locale = await scribe.letter_locale(shown.user_id, shown.items[0].view.guild_id)
    lines = [counted(locale, "dm.digest", len(shown.items))]
    lines += [_digest_line(item, shown.user_id, locale) for item in shown.items]
    return DirectMessage(Draft("\n".join(lines)), shown.user_id)


async def time_loss_dm(scribe: Scribe, shown: TimeLossDm, locale: str) -> Outgoing:
    """A reply-only game lost on time, told by direct message (no channel post can)."""
    view, loss = shown.view, shown.loss
    locale = await scribe.letter_locale(shown.user_id, view.guild_id)
    content = text(
        locale,
        "dm.time_loss",
        game=text(locale, view.kind.title_key),
        opponent=mention(view.opponent_of(shown.user_id)),
        channel=f"<#{view.channel_id}>",
        loser=mention(loss.loser_id),
        winner=mention(view.opponent_of(loss.loser_id)),
        link=jump_url(view, None),
    )
    return DirectMessage(Draft(content), shown.user_id)


def _digest_line(item: DigestItem, user_id: int, locale: str) -> str:
    view = item.view
    return text(
        locale,
        "dm.digest_line",
        game=text(locale, view.kind.title_key),
        opponent=mention(view.opponent_of(user_id)),
        channel=f"<#{view.channel_id}>",
        deadline=timestamp(item.deadline),
        link=jump_url(view, item.link_id),
    )


def _last_move(view: GameView, opponent: int, locale: str) -> str:
    """The move the opponent made last (a roll is not one), or that the game begins."""
    moves, movers = view.game.moves, view.game.movers()
    for move, mover in zip(reversed(moves), reversed(movers), strict=True):
        if mover is not None:
            return text(locale, "dm.turn_played", player=mention(opponent), move=str(move))
    return text(locale, "dm.turn_start")


async def follow_dm(scribe: Scribe, shown: FollowLetter, locale: str) -> Outgoing:
    """A game the reader follows: its latest move, or its end, with a link to it (mentions
    in a direct message ping nobody: the players are named, not called)."""
    view = shown.view
    locale = await scribe.letter_locale(shown.user_id, view.guild_id)
    where = {
        "game_id": view.id,
        "game": text(locale, view.kind.title_key),
        "channel": f"<#{view.channel_id}>",
        "link": jump_url(view, shown.link_id),
    }
    if view.ending is not None:
        result = scribe.texts.ending_text(view, view.ending, locale)
        content = text(locale, "follow.ended", result=result, **where)
    else:
        content = text(
            locale,
            "follow.moved",
            mover=mention(shown.mover_id or 0),
            move=shown.played or "",
            player=mention(view.to_move_id or 0),
            **where,
        )
    return DirectMessage(Draft(content, pings()), shown.user_id, onlooker_of=view)
