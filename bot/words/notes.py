"""The words of a player's private notes on a game (issue 54, point 2): that one was kept or
removed, and the list of them, for their author's eyes only."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import text
from bot.service.notes import WHOLE_GAME, Note, NoteWritten

MESSAGE_LIMIT = 2000
"""Discord refuses longer message contents."""


def where_text(turn: int, locale: str) -> str:
    """What a note is on: the whole game, or a turn."""
    if turn == WHOLE_GAME:
        return text(locale, "note.whole_game")
    return text(locale, "note.turn", turn=turn)


def written_text(written: NoteWritten, locale: str) -> str:
    """A note kept, or removed."""
    key = "note.removed" if written.removed else "note.kept"
    return text(locale, key, where=where_text(written.turn, locale), game_id=written.game_id)


def notes_text(game_id: int, notes: Sequence[Note], locale: str) -> str:
    """The author's notes on the game, the whole game's first, then by turn (cut, with an
    ellipsis, where Discord's limit on a message's length falls)."""
    if not notes:
        return text(locale, "note.none", game_id=game_id)
    lines = [text(locale, "note.list", game_id=game_id)]
    for note in notes:
        if note.turn == WHOLE_GAME:
            lines.append(text(locale, "note.line_game", text=note.text))
        else:
            lines.append(text(locale, "note.line_turn", turn=note.turn, text=note.text))
    shown = "\n".join(lines)
    return shown if len(shown) <= MESSAGE_LIMIT else shown[: MESSAGE_LIMIT - 1] + "…"
