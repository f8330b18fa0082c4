"""Importing a game record (issue 54, point 3): a record of ours, AbstractPlay's or boardspace's,
read (`engine.exchange`, bounded), replayed with every rule checked, and stored as a finished game
of its own kind, its importer's alone: not rated, in no one's statistics, leaderboards or lists
of games, its players the record's names (who need not be on Discord). It can then be replayed,
drawn, analysed and exported (its tags written again as read). A bad record changes nothing and
is refused with what is wrong and where: the rule a move breaks (P1.., V1..) and its line (or its
move in another site's record)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from bot.games import SomeKind
from bot.games.kind import SomeGame
from bot.service.context import Context
from bot.service.deadlines import DAY
from bot.service.errors import (
    NotARecordError,
    RecordFormError,
    RecordMoveError,
    RecordResultError,
    RecordRuleError,
    RecordTagsError,
    RecordTooLargeError,
    RecordUnfinishedError,
    TooManyImportsError,
)
from bot.service.results import GameView, Ruling, reason_of, scores_json
from bot.store import imports
from bot.store.imports import ImportedGame
from engine.errors import EngineError, IllegalMoveError
from engine.exchange import MAX_ENTRIES, MAX_RECORD_BYTES, RecordFormatError, Tagged, read_any
from engine.exchange.imports import OPEN, detect, replay
from engine.exchange.open_format import UNFINISHED
from engine.game import Outcome, Side

IMPORTS_PER_DAY = 20
"""Records a user may import in 24 hours: each is a game stored for good."""
LISTED_IMPORTS = 20
"""How many of a user's imports a list shows: the newest."""
DEFAULT_MOVE_SECONDS = 86_400
"""The time control an imported game without a TimeControl tag is stored with (a day a move)."""
_UNITS = {OPEN: "line", "abstractplay": "move", "boardspace": "step"}


class Imports:
    """Records read into games of their own."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def import_record(self, importer_id: int, text: str) -> GameView:
        """Read `text`, replay it and keep it as `importer_id`'s imported game; return it.
        Raises the `RecordRefusedError`s (with the rule and place of a bad move) and
        `TooManyImportsError`, storing nothing."""
        # Replaying up to a thousand moves, every rule checked, is the thread's, not the loop's.
        kind, game, kept, outcome = await asyncio.to_thread(_checked, text, self.ctx.kind)
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            asked = await imports.imported_since(db, importer_id, now - DAY + 1)
            if len(asked) >= IMPORTS_PER_DAY:
                retry_at = asked[len(asked) - IMPORTS_PER_DAY] + DAY
                raise TooManyImportsError(
                    "too many imports today", imports=IMPORTS_PER_DAY, retry_at=retry_at
                )
            first = game.first_player_colour
            stored = ImportedGame(
                game_kind=kind.key,
                variant=game.variant_name,
                first_colour=first.value,
                second_colour=first.other.value,
                move_seconds=_move_seconds(kept),
                record=game.record().to_json(),
                result=outcome.result,
                termination=outcome.termination.value,
                rule=outcome.rule,
                scores=scores_json(outcome),
                imported_by=importer_id,
                record_tags=json.dumps([list(pair) for pair in kept.tags]),
                started_at=now,
                finished_at=now,
                imported_at=now,
            )
            game_id = await imports.insert_imported(db, stored)
            return await self.ctx.view(db, await self.ctx.row_by_id(db, game_id), game)

    async def imports_of(self, importer_id: int, limit: int = LISTED_IMPORTS) -> list[GameView]:
        """`importer_id`'s own imported games, the newest first, at most `limit`: no one
        else's, ever (the board page's lobby lists them)."""
        async with self.ctx.connection.read() as db:
            rows = await imports.imports_of(db, importer_id, limit)
        return [self.ctx.bare_view(row) for row in rows]


def _checked(
    text: str, kind_of: Callable[[str], SomeKind]
) -> tuple[SomeKind, SomeGame, Tagged, Outcome[Side]]:
    """The record read and replayed: its game's kind, the game, the record as kept (another
    site's ended by a resignation where its result says so) and how it ended. Raises the
    `RecordRefusedError`s and `UnknownGameError`."""
    form, tagged = _read(text)
    kind = kind_of(tagged.record.game)
    try:
        game, kept = replay(tagged, kind.game)
    except RecordFormatError as error:
        raise _form_error(error) from None
    except EngineError as error:
        raise _move_error(error, form) from None
    return kind, game, kept, game.outcome() or _ruled(kept, kind.colour)


def _read(text: str) -> tuple[str, Tagged]:
    try:
        return read_any(text)
    except RecordFormatError as error:
        raise _form_error(error) from None
    except EngineError as error:  # another site's move that cannot be converted
        raise _move_error(error, detect(text)) from None


def _form_error(error: RecordFormatError) -> Exception:
    if error.problem == "unknown_form":
        return NotARecordError(error.message)
    if error.problem in ("too_large", "too_long"):
        return RecordTooLargeError(error.message, kib=MAX_RECORD_BYTES // 1024, moves=MAX_ENTRIES)
    if error.problem == "result":
        return RecordResultError(error.message, detail=error.message)
    if error.line is None:
        return RecordTagsError(error.message, detail=error.message)
    return RecordFormError(error.message, line=error.line, detail=error.message)


def _move_error(error: EngineError, form: str) -> Exception:
    unit = _UNITS.get(form, "step")
    place = error.record_index or 0
    entry = (error.record_text or "")[:60]
    if isinstance(error, IllegalMoveError) and error.rule:
        return RecordRuleError(
            str(error),
            broken_rule=error.rule,
            rule_words=error.rule,
            unit=f"{unit}:{place}",
            entry=entry,
        )
    return RecordMoveError(error.message, unit=f"{unit}:{place}", entry=entry)


def _ruled(tagged: Tagged, colour_of: Callable[[str], Side]) -> Outcome[Side]:
    """How a game its moves did not end ended, by its tags: a timeout, or a draw agreed (the
    record's Termination, an agreement for a draw without one). An unfinished game, or an end
    by the rules the moves do not reach, is refused."""
    result = tagged.result
    if result == UNFINISHED:
        raise RecordUnfinishedError("only finished games can be imported")
    default = Ruling.AGREEMENT.value if result == "draw" else Ruling.TIMEOUT.value
    named = tagged.tag("Termination") or default
    try:
        reason = reason_of(named)
        winner = None if result == "draw" else colour_of(result)
    except ValueError:
        reason = None
    fits = reason is Ruling.AGREEMENT if result == "draw" else reason is Ruling.TIMEOUT
    if reason is None or not fits:
        message = f"the moves do not end the game as {result} by {named}"
        raise RecordResultError(message, detail=message)
    return Outcome(winner, reason, None)


def _move_seconds(tagged: Tagged) -> int:
    value = tagged.tag("TimeControl") or ""
    return int(value) if value.isdigit() and 0 < int(value) < 10**9 else DEFAULT_MOVE_SECONDS
