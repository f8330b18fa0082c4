"""Conditional moves (issue 54, point 1): on the opponent's turn a player queues lines, each the
opponent's expected moves (and in Verbindung the rolls, in the record's notation) with the
player's answer after each, several turns deep. Every move of a line is checked when it is
queued, on the position it would be played in, so a line that can never be legal is refused with
the rule it breaks.

After every move the writer asks `answer_to` in the move's own transaction: a line that
expected the move (and the rolls drawn after it) gives its owner's answer, which the writer plays
at once as the next move of the same transaction, so a crash can neither lose it nor play it
twice; every line that did not expect it is dropped, and a player who lost all their lines is
told by a direct message (`LINES_DROPPED_DM`). A takeback and the game's end clear every line
(`GameWriter`). Lines are their owner's alone: every use case here is given the owner and reads
only theirs."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from bot.games import SomeGame
from bot.service import game_posts
from bot.service.context import Context, parse_move
from bot.service.errors import (
    LineConflictError,
    LineMoveError,
    LineResignsError,
    LineTooDeepError,
    LineUnansweredError,
    NoLineError,
    PremoveOwnTurnError,
    TooManyLinesError,
)
from bot.service.owed import PostData, PostKind, Subject
from bot.service.results import GameView
from bot.store import Db, premoves
from bot.store.outbox import OutboxRow
from bot.store.premoves import LineRow
from engine.errors import GameOverError, IllegalMoveError, InvalidMoveError

LINES_PER_GAME = 20
"""Lines one player keeps queued in one game at most."""
LINE_DEPTH = 5
"""Answers of the player's one line holds at most (the turns deep it reaches)."""
LINE_PLIES = 4 * LINE_DEPTH
"""Moves and rolls one line holds at most (a Verbindung turn is a roll and a move each side)."""
SEPARATOR = ";"
"""What separates the moves of a line as it is typed (a Verbindung move holds commas)."""

Step = tuple[str, bool]
"""One move of a line in the record's notation, and whether it is the owner's answer."""


@dataclass(frozen=True, slots=True)
class Line:
    """A queued line as its owner reads it: `number` (from 1, by age) and its moves."""

    number: int
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Lines:
    """The owner's lines in game `view`."""

    view: GameView
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Queued:
    """Line `line` queued in game `view` (again, when the same line was queued before)."""

    view: GameView
    line: Line


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """`count` lines withdrawn from game `view`."""

    view: GameView
    count: int


@dataclass(frozen=True, slots=True)
class Answer:
    """The move a queued line answers with, for `player_id`."""

    player_id: int
    text: str


@dataclass(frozen=True, slots=True)
class LinesDropped:
    """A letter: `count` of the player's lines in game `view` were dropped, since the opponent
    played `played`, which none expected; `link_id` the game's message that shows it."""

    view: GameView
    user_id: int
    count: int
    played: str
    link_id: int | None


class Premoves:
    """A player's queued lines in a game."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def queue(self, channel_id: int, user_id: int, text: str) -> Queued:
        """Queue the line `text` (moves separated by `SEPARATOR`) for `user_id` in the channel's
        game. Raises `NoGameHereError`, `NotAPlayerError`, `PremoveOwnTurnError`,
        `LineMoveError`, `LineResignsError`, `LineUnansweredError`, `LineTooDeepError`,
        `TooManyLinesError` and `LineConflictError`."""
        async with self.ctx.connection.transaction() as db:
            view = (await self.ctx.load(db, await self.ctx.active_row(db, channel_id))).view
            self.ctx.player_colour(view, user_id)
            if view.to_move_id == user_id:
                raise PremoveOwnTurnError("it is your turn: play it with /move")
            steps = plan(view, user_id, split_line(text))
            rows = await premoves.lines_of(db, view.id, user_id)
            number = _same_line(rows, view.game.ply, steps)
            if number is None:
                if len(rows) >= LINES_PER_GAME:
                    raise TooManyLinesError("no room for another line", limit=LINES_PER_GAME)
                now, ply = self.ctx.now(), view.game.ply
                await premoves.add_line(db, view.id, user_id, ply, steps, now=now)
                number = len(rows) + 1
        return Queued(view, Line(number, tuple(steps)))

    async def of(self, channel_id: int, user_id: int) -> Lines:
        """The player's lines in the channel's game, what is left of each to play. Raises
        `NoGameHereError` and `NotAPlayerError`."""
        async with self.ctx.connection.read() as db:
            view = await self.ctx.view(db, await self.ctx.active_row(db, channel_id))
            self.ctx.player_colour(view, user_id)
            rows = await premoves.lines_of(db, view.id, user_id)
        ply = view.game.ply
        shown = (Line(number, tuple(_left(row, ply))) for number, row in enumerate(rows, 1))
        return Lines(view, tuple(shown))

    async def withdraw(self, channel_id: int, user_id: int, number: int | None) -> Withdrawn:
        """Withdraw the player's line `number` (None: all of them) in the channel's game.
        Raises `NoGameHereError`, `NotAPlayerError` and `NoLineError`."""
        async with self.ctx.connection.transaction() as db:
            view = await self.ctx.view(db, await self.ctx.active_row(db, channel_id))
            self.ctx.player_colour(view, user_id)
            rows = await premoves.lines_of(db, view.id, user_id)
            if not rows or (number is not None and not 1 <= number <= len(rows)):
                raise NoLineError("there is no such line", number=number or 0, count=len(rows))
            if number is None:
                await premoves.remove_lines_of(db, view.id, user_id)
                return Withdrawn(view, len(rows))
            await premoves.remove_line(db, rows[number - 1].id)
        return Withdrawn(view, 1)


# Checking a line -----------------------------------------------------------------------------


def split_line(text: str) -> list[str]:
    """The moves of a line as typed: separated by `SEPARATOR` or new lines, blanks left out."""
    parts = text.replace("\n", SEPARATOR).split(SEPARATOR)
    return [" ".join(part.split()) for part in parts if part.strip()]


def plan(view: GameView, owner_id: int, texts: list[str]) -> list[Step]:
    """The line `texts` checked move by move on the position each would be played in, each
    move in the record's notation and marked as the owner's answer or an expected move.
    Raises `LineMoveError` (with the engine's refusal: the notation, or the rule broken),
    `LineResignsError`, `LineTooDeepError` and `LineUnansweredError`."""
    _, steps = walk(view, owner_id, texts)
    if not steps or not steps[-1][1]:
        raise LineUnansweredError("a line ends with your answer")
    return steps


def walk(view: GameView, owner_id: int, texts: list[str]) -> tuple[SomeGame, list[Step]]:
    """The start of a line, `texts`, checked as `plan` checks a whole one, and the position
    after it (for the board page, which builds a line by clicks: issue 54, point 1). Raises
    `LineMoveError`, `LineResignsError` and `LineTooDeepError`."""
    if len(texts) > LINE_PLIES:
        raise LineTooDeepError("that line is too long", limit=LINE_DEPTH)
    game = view.game.copy()
    steps: list[Step] = []
    for position, text in enumerate(texts, 1):
        mover = game.to_move
        try:
            move = game.parse_move(text, by=mover)
            if game.resigner(move) is not None:
                raise LineResignsError("a line cannot resign", position=position)
            game.check(move)
        except (InvalidMoveError, IllegalMoveError, GameOverError) as error:
            if isinstance(error, InvalidMoveError):
                error.game = view.kind.key  # its answer shows how this game writes its moves
            raise LineMoveError(str(error), error, position=position, move=text) from error
        chance = game.is_chance(move)
        holder = view.first_id if mover == game.first_player_colour else view.second_id
        steps.append((str(move), not chance and holder == owner_id))
        game.push(move)
    if sum(mine for _, mine in steps) > LINE_DEPTH:
        raise LineTooDeepError("that line is too deep", limit=LINE_DEPTH)
    return game, steps


def is_full(steps: list[Step]) -> bool:
    """Whether a line holds as many moves, or answers, as a line may: nothing may follow."""
    return len(steps) >= LINE_PLIES or sum(mine for _, mine in steps) >= LINE_DEPTH


def _left(row: LineRow, ply: int) -> list[Step]:
    """What is left to play of a line queued at an earlier ply (the rest matched already)."""
    return row.steps[ply - row.base_ply :]


def _same_line(rows: list[LineRow], ply: int, steps: list[Step]) -> int | None:
    """The number of the queued line that is `steps` already (None: none is); raise
    `LineConflictError` when one answers a position of `steps` with another move."""
    for number, row in enumerate(rows, 1):
        queued = _left(row, ply)
        for ours, theirs in zip(steps, queued, strict=False):
            if ours != theirs:
                if ours[1] and theirs[1]:  # the same position, another answer
                    raise LineConflictError("another line answers there", number=number)
                break
        else:
            if len(queued) == len(steps):
                return number
    return None


# After a move --------------------------------------------------------------------------------


async def answer_to(
    ctx: Context, db: Db, view: GameView, mover_id: int, move: str
) -> Answer | None:
    """In the transaction of the move `move` (by `mover_id`) that led to `view`: the answer a
    queued line gives now, if one expected every move and roll since it was queued. Lines that
    did not expect them are dropped (their owners told, unless the move was their own), and
    lines played to their end removed."""
    rows = await premoves.game_lines(db, view.id)
    if not rows:
        return None
    played = [str(move) for move in view.game.moves]
    answer, dropped, kept = None, dict[int, int](), set[int]()
    for row in rows:
        done = played[row.base_ply :]
        steps = row.steps
        expected = [text for text, _ in steps[: len(done)]]
        if expected != done or len(done) >= len(steps):
            await premoves.remove_line(db, row.id)
            if expected != done:
                dropped[row.player_id] = dropped.get(row.player_id, 0) + 1
            continue
        kept.add(row.player_id)
        text, mine = steps[len(done)]
        if mine and view.to_move_id == row.player_id:
            answer = Answer(row.player_id, text)
    for owner, count in dropped.items():
        if owner not in kept and owner != mover_id:
            await game_posts.owe_letter(
                ctx, db, LINES_DROPPED_DM, view, owner, count=count, played=move
            )  # the move, not the roll drawn after it, which a line may have named too
    return answer


def answer_move(view: GameView, answer: Answer) -> Hashable | None:
    """The queued `answer` as a move checked on `view`'s position (None if it cannot be played
    there after all: a line is checked when queued, so this is a safeguard, not a path)."""
    colour = view.colour_of(answer.player_id)
    if colour is None:
        return None
    try:
        move = parse_move(view, answer.text, colour)
        view.game.check(move)
    except (InvalidMoveError, IllegalMoveError, GameOverError):
        return None
    return move


async def _dropped(ctx: Context, db: Db, row: OutboxRow) -> LinesDropped | None:
    view = await ctx.view(db, await ctx.row_by_id(db, PostData(row).number("game_id")))
    data = PostData(row)
    link = await game_posts.link_to(db, view)
    link_id = None if link is None else link.message_id
    return LinesDropped(view, row.subject_id, data.number("count"), data.word("played"), link_id)


LINES_DROPPED_DM = PostKind("lines_dropped_dm", Subject.USER, _dropped)
"""A direct message to a player: the opponent played a move none of their queued lines
expected, so every line of theirs in that game was dropped."""
