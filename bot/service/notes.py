"""Private notes on a game (issue 54, point 2): each player, or anyone who may see the game,
keeps a note on the whole game and one on each of its turns, for themselves alone. Nothing here
returns a note to anyone but its author: every use case is given the author, and reads only
theirs. Notes are bounded (their length, and how many an author keeps on one game), so a note
cannot become a way to fill the database."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.context import Context
from bot.service.errors import NoNoteError, NoSuchTurnError, NoteTooLongError, TooManyNotesError
from bot.service.results import GameView
from bot.store import notes

NOTE_LENGTH = 1000
"""The most characters a note holds (a Discord message shows it whole with room to spare)."""
NOTES_PER_GAME = 50
"""The most notes an author keeps on one game (the whole game's and those of 49 turns)."""
WHOLE_GAME = 0
"""The turn of a note on the game as a whole."""


@dataclass(frozen=True, slots=True)
class Note:
    """An author's note on turn `turn` of a game (`WHOLE_GAME`: on the game as a whole)."""

    turn: int
    text: str


@dataclass(frozen=True, slots=True)
class NoteWritten:
    """A note kept (or removed, when its text was empty) on turn `turn` of game `game_id`."""

    game_id: int
    turn: int
    removed: bool


def last_turn(view: GameView) -> int:
    """The last turn a note may be on: the turn being played in an active game, else the last
    one played."""
    played = len(view.game.turn_plies()) - 1
    return played + 1 if view.is_active else played


def default_turn(view: GameView) -> int:
    """The turn a note is on when none is named: the one being played, or the whole game once
    it is over."""
    return last_turn(view) if view.is_active else WHOLE_GAME


class Notes:
    """An author's notes on games."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def write(self, author_id: int, game_id: int, turn: int | None, text: str) -> NoteWritten:
        """Keep `text` as the author's note on turn `turn` of the game (None: `default_turn`),
        replacing the one they had there; an empty text removes it. Raises
        `GameNotFoundError`, `NoSuchTurnError`, `NoteTooLongError`, `TooManyNotesError` and
        (removing none) `NoNoteError`."""
        body = text.strip()
        if len(body) > NOTE_LENGTH:
            raise NoteTooLongError("that note is too long", limit=NOTE_LENGTH)
        async with self.ctx.connection.transaction() as db:
            view = await self.ctx.view(db, await self.ctx.row_by_id(db, game_id))
            last = last_turn(view)
            turn = default_turn(view) if turn is None else turn
            if not WHOLE_GAME <= turn <= last:
                raise NoSuchTurnError("the game has no such turn", last=last)
            if not body:
                if not await notes.remove_note(db, game_id, author_id, turn):
                    raise NoNoteError("there is no note to remove", turn=turn)
                return NoteWritten(game_id, turn, removed=True)
            replacing = await notes.has_note(db, game_id, author_id, turn)
            if not replacing and await notes.count_notes(db, game_id, author_id) >= NOTES_PER_GAME:
                raise TooManyNotesError("no room for another note", limit=NOTES_PER_GAME)
            await notes.write_note(db, game_id, author_id, turn, body, now=self.ctx.now())
        return NoteWritten(game_id, turn, removed=False)

    async def of(self, author_id: int, game_id: int) -> list[Note]:
        """The author's notes on the game, the whole game's first, then by turn."""
        async with self.ctx.connection.read() as db:
            rows = await notes.notes_of(db, game_id, author_id)
        return [Note(row.turn, row.body) for row in rows]
