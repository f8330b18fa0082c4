"""The posts a game owes Discord (issue 45): its start, each move, its end and replay, the
reminders and the loss on time, the holiday notices, the draw offers and takebacks and their
answers, and the direct messages of a player's turn. Each is a `PostKind` of the subject
'game', rebuilt from the game as it is when it goes out; one that a later change made pointless
(a move's post once the game moved on, a reminder of a turn already played) is settled
without a post.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.service.context import TO, Context
from bot.service.deadlines import moment
from bot.service.owed import PostData, PostKind, Stored, Subject
from bot.service.results import (
    DigestItem,
    DrawAction,
    DrawResult,
    GameView,
    MoveResult,
    Reminder,
    ReminderDigest,
    Replay,
    Started,
    TakebackAction,
    TakebackResult,
    TimeLoss,
    TimeLossDm,
    TurnDm,
    VacationNotice,
)
from bot.store import Db, GameRow, GameStatus, Notify, Reach, outbox, tournaments
from bot.store.outbox import Delivered, OutboxRow
from bot.store.users import Player


async def game_of(ctx: Context, db: Db, row: OutboxRow) -> GameView:
    """The game a post is about, as it is now."""
    return await ctx.view(db, await ctx.row_by_id(db, row.subject_id))


async def current(ctx: Context, db: Db, row: OutboxRow) -> GameView | None:
    """The game a post is about, if it is still at the revision the post is about."""
    view = await game_of(ctx, db, row)
    return view if view.revision == row.revision else None


def waits_for(view: GameView, user_id: int) -> bool:
    """Whether the game is running with `user_id` to move."""
    return view.status is GameStatus.ACTIVE and view.to_move_id == user_id


# The start, the moves and the end ------------------------------------------------------------


async def _start(ctx: Context, db: Db, row: OutboxRow) -> Started | None:
    view = await current(ctx, db, row)
    if view is None or not view.is_active:
        return None
    # A tournament's board begins in a thread of its own: where both its players hear of the
    # round, once (the round's post pings nobody). A best-of's later games are turns as usual.
    board = await tournaments.board_of_game(db, view.id, None)
    return Started(view, greets_both=board is not None)


async def _move(ctx: Context, db: Db, row: OutboxRow) -> MoveResult | None:
    view = await current(ctx, db, row)
    if view is None:
        return None
    data = PostData(row)
    mover, played = data.number("mover_id"), data.word("played")
    before, before_id = data.maybe_word("after"), data.maybe_word("after_id")
    after = None if before is None or before_id is None else (int(before_id), before)
    return MoveResult(view, mover, played, data.words("drawn"), view.ending, after=after)


async def _replay(ctx: Context, db: Db, row: OutboxRow) -> Replay:
    # A finished game changes no more: its replay is always due.
    return Replay(await game_of(ctx, db, row))


async def _time_loss(ctx: Context, db: Db, row: OutboxRow) -> TimeLoss | None:
    view = await current(ctx, db, row)
    if view is None or view.ending is None:
        return None
    return TimeLoss(view, PostData(row).number("loser_id"), view.ending)


START = PostKind("start", Subject.GAME, _start)
"""A game began: who plays what, the board, a mention of the first to move (of both players
for a tournament's board)."""
MOVE = PostKind("move", Subject.GAME, _move)
"""A move (or resignation) made: what was played, the board, a mention of who is next."""
REPLAY = PostKind("replay", Subject.GAME, _replay)
"""A finished game's animation, after the post of its end."""
TIME_LOSS = PostKind("time_loss", Subject.GAME, _time_loss)
"""A game lost on time: the final board and the replay, both players told."""


# Time ----------------------------------------------------------------------------------------


async def _reminder(ctx: Context, db: Db, row: OutboxRow) -> Reminder | None:
    view = await current(ctx, db, row)
    data = PostData(row)
    user_id = data.number("user_id")
    if view is None or not waits_for(view, user_id):
        return None
    return Reminder(view, user_id, data.number("stage"), moment(view.turn.deadline))


async def _vacation(ctx: Context, db: Db, row: OutboxRow) -> VacationNotice | None:
    view = await game_of(ctx, db, row)  # news of a player, not of a position
    if not view.is_active:
        return None
    data = PostData(row)
    until = moment(data.number("until"))
    return VacationNotice(view, data.number("user_id"), until, data.flag("back"))


REMINDER = PostKind("reminder", Subject.GAME, _reminder)
"""Half the time (or nearly all of it) is gone: the player to move is mentioned."""
VACATION = PostKind("vacation", Subject.GAME, _vacation)
"""A player went on holiday (or came back early): their clock stands still meanwhile."""


# Direct messages -----------------------------------------------------------------------------


async def link_to(db: Db, view: GameView) -> Delivered | None:
    """The message that showed the game's position as it is now (its start or the move that
    led there), once posted."""
    kinds = (START.name, MOVE.name)
    return await outbox.latest_delivered(db, Subject.GAME.value, view.id, kinds, view.revision)


async def _letter_game(ctx: Context, db: Db, row: OutboxRow) -> GameView | None:
    """The game a letter is about, if it is still at the revision the letter is about."""
    view = await ctx.view(db, await ctx.row_by_id(db, PostData(row).number("game_id")))
    return view if view.revision == row.revision else None


async def _turn_dm(ctx: Context, db: Db, row: OutboxRow) -> TurnDm | None:
    view = await _letter_game(ctx, db, row)
    user_id = row.subject_id
    if view is None or not waits_for(view, user_id):
        return None
    link = await link_to(db, view)
    return TurnDm(view, user_id, None if link is None else link.message_id)


async def _time_loss_dm(ctx: Context, db: Db, row: OutboxRow) -> TimeLossDm | None:
    view = await _letter_game(ctx, db, row)  # a finished game changes no more
    if view is None or view.ending is None:
        return None
    loss = TimeLoss(view, PostData(row).number("loser_id"), view.ending)
    return TimeLossDm(loss, row.subject_id)


async def _digest(ctx: Context, db: Db, row: OutboxRow) -> ReminderDigest | None:
    """The games of a reminder digest that still wait for the player at the same turn."""
    user_id = row.subject_id
    items = []
    for game_id, revision, stage in PostData(row).table("games"):
        assert isinstance(game_id, int) and isinstance(stage, int)
        view = await ctx.view(db, await ctx.row_by_id(db, game_id))
        if view.revision == revision and waits_for(view, user_id):
            link = await link_to(db, view)
            deadline = moment(view.turn.deadline)
            items.append(
                DigestItem(view, stage, deadline, None if link is None else link.message_id)
            )
    return ReminderDigest(user_id, tuple(items)) if items else None


TURN_DM = PostKind("turn_dm", Subject.USER, _turn_dm)
"""A direct message: it is your turn (for a player who asked for one, `/notify`). Letters are
about their reader (subject 'user'): one that Discord refuses holds up no post of the game."""
TIME_LOSS_DM = PostKind("time_loss_dm", Subject.USER, _time_loss_dm)
"""A direct message: a reply-only game was lost on time (no channel post can say it)."""
REMINDER_DM = PostKind("reminder_dm", Subject.USER, _digest)
"""A direct message: the reminders of every game of the player's due within the hour, in one
message."""


async def owe_letter(
    ctx: Context, db: Db, kind: PostKind[object], view: GameView, user_id: int, **data: Stored
) -> None:
    """Owe `user_id` a direct message of `kind` about the game of `view` (at its revision),
    after the posts the change owed before it (a turn's letter links to the move's post,
    delivered first in the same round)."""
    kept = {"game_id": view.id, **data}
    await ctx.owe_with(db, kind, user_id, kept, guild_id=view.guild_id, revision=view.revision)


async def owe_turn_dm(ctx: Context, db: Db, view: GameView, player: Player | None) -> None:
    """Owe the player to move a direct message about their turn, if they asked for one
    (`/notify`) and have not closed their direct messages."""
    if player is None or player.notify is not Notify.TURNS:  # most players: asked first
        return
    user = view.to_move_id
    if user is not None and player.dms_open:
        await owe_letter(ctx, db, TURN_DM, view, user)


# Draws and takebacks -------------------------------------------------------------------------


async def _draw_offered(ctx: Context, db: Db, row: OutboxRow) -> DrawResult | None:
    view = await current(ctx, db, row)
    by = PostData(row).number("by_id")
    if view is None or not view.is_active or view.draw_offered_by != by:
        return None  # answered, or lapsed with a move
    return DrawResult(view, DrawAction.OFFERED, by, None)


@dataclass(frozen=True, slots=True)
class Declined:
    """A draw offer declined, and the offer's message (once posted), which says so."""

    result: DrawResult
    offer: Delivered | None


async def _draw_declined(ctx: Context, db: Db, row: OutboxRow) -> Declined | None:
    view = await current(ctx, db, row)
    if view is None:
        return None
    result = DrawResult(view, DrawAction.DECLINED, PostData(row).number("by_id"), None)
    offered = (DRAW_OFFERED.name,)
    return Declined(result, await _latest_shown(db, row, view.id, offered))


async def _latest_shown(
    db: Db, row: OutboxRow, game_id: int, kinds: tuple[str, ...]
) -> Delivered | None:
    """Where the latest delivered post of these kinds about the game went: for a post of a pool
    game owed to one player (`TO`), that player's copy."""
    reader = json.loads(row.data).get(TO)
    if reader is None:
        return await outbox.latest_delivered(db, Subject.GAME.value, game_id, kinds)
    posts = await outbox.delivered_posts(db, Subject.GAME.value, game_id, kinds, COPIES_LOOKED_AT)
    for post in posts:
        if json.loads(post.data).get(TO) == reader:
            return Delivered(
                post.id, post.channel_id, post.message_id, post.answer_token, post.answer_expires_at
            )
    return None


COPIES_LOOKED_AT = 10
"""The latest posts of a kind a pool game's edit looks through for its player's copy (the
two players' copies are owed side by side)."""


async def _draw_agreed(ctx: Context, db: Db, row: OutboxRow) -> DrawResult | None:
    view = await current(ctx, db, row)  # a finished game changes no more
    if view is None or view.ending is None:
        return None
    return DrawResult(view, DrawAction.ACCEPTED, PostData(row).number("by_id"), view.ending)


DRAW_OFFERED = PostKind("draw_offered", Subject.GAME, _draw_offered)
"""A draw offered, with Accept and Decline; the opponent is mentioned."""
DRAW_DECLINED = PostKind("draw_declined", Subject.GAME, _draw_declined)
"""A draw offer declined: the offer's message says so and loses its buttons (an edit: it pings
nobody)."""
DRAW_AGREED = PostKind("draw_agreed", Subject.GAME, _draw_agreed)
"""A game drawn by agreement: the final board, then its replay."""


def takeback_data(result: TakebackResult) -> dict[str, Stored]:
    """What a takeback's post keeps of its result (the moves it took back are no longer in
    the position, and an answer to the request cannot be read from the game)."""
    return {
        "asker_id": result.asker_id,
        "by_id": result.by_id,
        "taken": list(result.taken),
        "own": list(result.own),
        "answer": list(result.answer),
        "rolls": [list(roll) for roll in result.rolls],
    }


def _takeback(view: GameView, action: TakebackAction, data: PostData) -> TakebackResult:
    rolls = tuple((int(roller), str(event)) for roller, event in data.table("rolls"))
    return TakebackResult(
        view,
        action,
        data.number("asker_id"),
        data.number("by_id"),
        data.words("taken"),
        data.words("own"),
        data.words("answer"),
        rolls,
    )


async def _takeback_asked(ctx: Context, db: Db, row: OutboxRow) -> TakebackResult | None:
    view = await current(ctx, db, row)
    data = PostData(row)
    if view is None or not view.is_active or view.takeback_by != data.number("asker_id"):
        return None  # answered, or lapsed with a move
    return _takeback(view, TakebackAction.ASKED, data)


async def _takeback_answered(ctx: Context, db: Db, row: OutboxRow) -> TakebackResult | None:
    view = await current(ctx, db, row)
    if view is None:
        return None
    data = PostData(row)
    return _takeback(view, TakebackAction(data.word("action")), data)


TAKEBACK_ASKED = PostKind("takeback_asked", Subject.GAME, _takeback_asked)
"""A takeback asked for, with Allow and Refuse; the opponent is mentioned."""
TAKEBACK_ANSWERED = PostKind("takeback_answered", Subject.GAME, _takeback_answered)
"""A takeback refused, or granted: then the position given back, the asker mentioned."""


# Buttons off ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ButtonsOff:
    """An earlier message of the game whose buttons no longer work: it loses them."""

    view: GameView
    message: Delivered


async def _buttons_off(ctx: Context, db: Db, row: OutboxRow) -> ButtonsOff | None:
    earlier = await outbox.get(db, PostData(row).number("post_id"))
    if earlier is not None:
        earlier = await _own_copy(db, row, earlier)
    if earlier is None or earlier.message_id is None:
        return None  # never shown, or shown where nobody knows its message
    message = Delivered(
        earlier.id,
        earlier.channel_id,
        earlier.message_id,
        earlier.answer_token,
        earlier.answer_expires_at,
    )
    return ButtonsOff(await game_of(ctx, db, row), message)


async def _own_copy(db: Db, row: OutboxRow, earlier: OutboxRow) -> OutboxRow | None:
    """A pool game's post is owed once per player (`Context.owe_game`): the edit owed to one
    player (`TO`) changes that player's copy of the earlier post, the one owed beside it."""
    reader = json.loads(row.data).get(TO)
    if reader is None or json.loads(earlier.data).get(TO) == reader:
        return earlier
    copies = await outbox.posts_at(
        db, earlier.subject, earlier.subject_id, (earlier.kind,), earlier.revision
    )
    theirs = [copy for copy in copies if json.loads(copy.data).get(TO) == reader]
    return min(theirs, key=lambda copy: abs(copy.id - earlier.id), default=None)


BUTTONS_OFF = PostKind("buttons_off", Subject.GAME, _buttons_off)
"""An offer, a request or a board that is answered or outdated loses its buttons (an edit:
it pings nobody)."""


BOARDS = (START.name, MOVE.name, TAKEBACK_ANSWERED.name)
"""The kinds of post that can show a game's position with Make move and ⋯ More under it."""


def _shows_board(row: OutboxRow) -> bool:
    """Whether post `row` (of one of the `BOARDS` kinds) shows a position: a takeback's answer
    does only when it was granted."""
    granted = TakebackAction.ACCEPTED.value
    return row.kind != TAKEBACK_ANSWERED.name or PostData(row).maybe_word("action") == granted


async def owe_board(
    ctx: Context, db: Db, kind: PostKind[object], game: GameRow | GameView, **data: Stored
) -> int:
    """Owe a post of `kind` that shows the game's next board (a move, a takeback granted, a
    draw agreed; `game` as it is now, `data` as `owe_game` takes it). In a reply-only game the
    board before it is an answer whose buttons no longer work (its Make move only says it is
    outdated): the edit that takes them off is owed after the new board, so that a chat does
    not fill with live-looking buttons (the edit goes through the token of the command that
    board answered, which works for 15 minutes; later, nothing can edit it)."""
    earlier = None
    if game.reach is Reach.REPLY:
        earlier = await _board_of(db, game.id, game.revision - 1)
    post_id = await ctx.owe_game(db, kind, game, **data)
    if earlier is not None:
        await ctx.owe_game(db, BUTTONS_OFF, game, post_id=earlier)
    return post_id


async def _board_of(db: Db, game_id: int, revision: int) -> int | None:
    """The latest post that showed the game's position at `revision`, if one was owed."""
    boards = await outbox.posts_at(db, Subject.GAME.value, game_id, BOARDS, revision)
    shown = [row.id for row in boards if _shows_board(row)]
    return shown[-1] if shown else None


async def owe_buttons_off(ctx: Context, db: Db, view: GameView, kinds: tuple[str, ...]) -> None:
    """Owe the edit that takes the buttons off the latest post of `kinds` about the game (an
    offer now answered, say), if there is one: it follows that post, whenever that goes out."""
    earlier = await outbox.latest_post(db, Subject.GAME.value, view.id, kinds)
    if earlier is not None:
        await ctx.owe_game(db, BUTTONS_OFF, view, post_id=earlier)
