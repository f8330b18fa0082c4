"""How a game's posts are drawn in its channel: its start (who plays what, the board, the first
to move mentioned), each move (what was played, the board, the next to move mentioned; at the end
the result, and Rematch), the replay, a loss on time, a draw offered, declined or agreed, a
takeback asked for and answered, and the buttons taken off an answered offer or request. One
mention per message, of the one who must act; the computer is never mentioned.
"""

from __future__ import annotations

import discord

from bot.discord.playing.actions import draw_buttons
from bot.discord.playing.moves import move_buttons
from bot.discord.playing.takebacks import takeback_buttons, takeback_text
from bot.discord.posting.drafts import (
    DirectMessage,
    Draft,
    Edit,
    Outgoing,
    jump_url,
    pings,
    to_channel,
)
from bot.discord.posting.scribe import Scribe
from bot.i18n import text
from bot.service import (
    DrawResult,
    GameView,
    MoveResult,
    Reach,
    Replay,
    Started,
    TakebackAction,
    TakebackResult,
    TimeLoss,
)
from bot.service.game_posts import ButtonsOff, Declined
from bot.service.premoves import LinesDropped
from bot.service.seeks import is_pool_place
from bot.words.games import mention, refusal_key
from bot.words.premoves import dropped_text


def turn_buttons(scribe: Scribe, view: GameView, locale: str) -> discord.ui.View | None:
    """Make move (while a person is to move) and ⋯ More under a turn message; Open board
    too where the board opens as an Activity; then Follow, for those who watch."""
    buttons = move_buttons(view, locale, computer=scribe.is_computer(view.to_move_id))
    if buttons is not None and scribe.activities:
        scribe.slots.on_board(buttons, view, locale)
    if buttons is not None:
        scribe.slots.for_watchers(buttons, view, locale)
    return buttons


def started_draft(scribe: Scribe, view: GameView, locale: str, *, both: bool = False) -> Draft:
    """A game's start: who plays what, the board, a mention of the first player (of both
    players with `both`: a tournament's board, which its round's post does not ping)."""
    content = scribe.texts.started_text(view, locale)
    if both:
        mentions = pings(*(user for user in view.players.values() if not scribe.is_computer(user)))
    else:
        mentions = pings(scribe.to_ping(view.to_move_id))
    buttons = turn_buttons(scribe, view, locale)
    return Draft(content, mentions, scribe.board_of(view, locale), buttons, board=True)


async def started(scribe: Scribe, shown: Started, locale: str) -> Outgoing:
    """A new game's post."""
    return to_channel(shown.view, started_draft(scribe, shown.view, locale, both=shown.greets_both))


async def moved(scribe: Scribe, shown: MoveResult, locale: str) -> Outgoing:
    """A move's post (or a resignation's): what was played, the board, the mentions; at the end
    the result and Rematch."""
    view = shown.view
    content = scribe.texts.turn_text(shown, locale)
    if shown.ending is None:
        buttons = turn_buttons(scribe, view, locale)
    else:
        buttons = scribe.slots.final(view, locale)
    mentions = pings(*(user for user in shown.to_notify if not scribe.is_computer(user)))
    draft = Draft(content, mentions, scribe.board_of(view, locale), buttons, board=True)
    return to_channel(view, draft)


async def replayed(scribe: Scribe, shown: Replay, locale: str) -> Outgoing:
    """A finished game's replay, an animated GIF, after the post of its end."""
    view = shown.view

    async def replay() -> list[discord.File]:
        return [await scribe.replay(view, locale)]

    return to_channel(view, Draft(scribe.texts.replay_text(view, locale), files=replay))


async def lost_on_time(scribe: Scribe, shown: TimeLoss, locale: str) -> Outgoing:
    """A loss on time: the result, the final board and the replay; nobody moved, so both
    players hear that the clock decided it."""
    view = shown.view
    content = scribe.texts.final_text(view, shown.ending, locale)
    players = [user for user in view.players.values() if not scribe.is_computer(user)]
    buttons = scribe.slots.final(view, locale)
    draft = Draft(content, pings(*players), scribe.final_files(view, locale), buttons)
    return to_channel(view, draft)


async def draw_offered(scribe: Scribe, shown: DrawResult, locale: str) -> Outgoing:
    """A draw offered, with Accept and Decline, mentioning the opponent."""
    view = shown.view
    opponent = view.opponent_of(shown.by_id)
    offered = text(locale, "draw.offered", player=mention(shown.by_id), opponent=mention(opponent))
    content = scribe.texts.scored(view, offered, locale)
    return to_channel(view, Draft(content, pings(opponent), buttons=draw_buttons(view.id, locale)))


async def draw_declined(scribe: Scribe, shown: Declined, locale: str) -> Outgoing:
    """A draw offer declined: the offer's message says so, without its buttons (an edit pings
    nobody); where the offer's message is not known, a new one that pings nobody."""
    content = text(locale, "draw.declined", player=mention(shown.result.by_id))
    if shown.offer is not None:
        return Edit(shown.offer, content=content)
    return to_channel(shown.result.view, Draft(content))


async def draw_agreed(scribe: Scribe, shown: DrawResult, locale: str) -> Outgoing:
    """A game drawn by agreement: the result and the final board, mentioning the one who did
    not end it (who offered the draw)."""
    view = shown.view
    assert shown.ending is not None
    content = scribe.texts.final_text(view, shown.ending, locale)
    offerer = pings(view.opponent_of(shown.by_id))
    buttons = scribe.slots.final(view, locale)
    return to_channel(view, Draft(content, offerer, scribe.board_of(view, locale), buttons))


async def takeback_asked(scribe: Scribe, shown: TakebackResult, locale: str) -> Outgoing:
    """A takeback asked for, with Allow and Refuse, pinging the opponent."""
    view = shown.view
    content = takeback_text(shown, "takeback.asked", locale)
    opponent = pings(view.opponent_of(shown.asker_id))
    return to_channel(view, Draft(content, opponent, buttons=takeback_buttons(view.id, locale)))


async def takeback_answered(scribe: Scribe, shown: TakebackResult, locale: str) -> Outgoing:
    """A takeback refused (by the opponent, pinging the asker; by the computer, pinging
    nobody), or granted: the position given back is a turn again, with its roll in words, the
    board, Make move and ⋯ More, and the asker mentioned."""
    view = shown.view
    if shown.action is not TakebackAction.ACCEPTED:
        refused = shown.action is TakebackAction.REFUSED
        key = refusal_key("takeback.computer_refuses", view) if refused else "takeback.declined"
        asker = pings() if refused else pings(shown.asker_id)
        return to_channel(view, Draft(takeback_text(shown, key, locale), asker))
    key = "takeback.accepted_answer" if shown.answer else "takeback.accepted"
    lines = [takeback_text(shown, key, locale), *scribe.texts.position_lines(view, locale)]
    buttons = turn_buttons(scribe, view, locale)
    board = scribe.board_of(view, locale)
    draft = Draft("\n".join(lines), pings(shown.asker_id), board, buttons, board=True)
    return to_channel(view, draft)


async def buttons_off(scribe: Scribe, shown: ButtonsOff, locale: str) -> Outgoing:
    """An earlier message of the game loses its buttons (an answered offer, an older board)."""
    return Edit(shown.message, reply_only=shown.view.reach is Reach.REPLY)


async def lines_dropped(scribe: Scribe, shown: LinesDropped, locale: str) -> Outgoing:
    """A direct message to a player whose queued lines the opponent's move dropped (issue 54,
    point 1): the move, how many lines, and a link to the game (naming, not pinging, the
    opponent). Only its reader learns that they had lines."""
    view = shown.view
    locale = await scribe.letter_locale(shown.user_id, view.guild_id)
    opponent = mention(view.opponent_of(shown.user_id))
    # A pool game lives in two DMs (issue 53): no one link reaches it for both.
    link = "" if is_pool_place(view.channel_id) else jump_url(view, shown.link_id)
    content = dropped_text(
        view.id, shown.count, shown.played, opponent=opponent, link=link, locale=locale
    )
    return DirectMessage(Draft(content, pings()), shown.user_id)
