"""Reading a record of any of the three forms (ours, AbstractPlay's, boardspace's), bounded, and
replaying it into the game it describes, every rule checked.

A bad move fails with the game's own `IllegalMoveError` (its rule, P1.. or V1..) or
`InvalidMoveError`, carrying `record_index` (where: the line of an open record, the place of the
move in another site's) and `record_text`; `place` words it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

from engine.errors import EngineError
from engine.exchange.abstractplay import is_abstractplay, read_abstractplay
from engine.exchange.boardspace import is_boardspace, read_boardspace
from engine.exchange.open_format import (
    UNFINISHED,
    RecordFormatError,
    Tagged,
    is_open,
    ordered_tags,
    read_open,
)
from engine.game import Game, Side, Termination

MAX_RECORD_BYTES = 64 * 1024
"""The largest record read: a whole game of either takes a few KiB (a move is at most some
40 characters), so this leaves room for long tags and comments and nothing more."""
MAX_ENTRIES = 1000
"""The most moves a record holds: a 12x12 Ponte game has at most 72 turns of stones and a
bridge for every two stones, a Verbindung game a roll and a turn for each of its 36 dice; a
thousand is several times either, and bounds the replay's work."""
OPEN, ABSTRACTPLAY, BOARDSPACE = "open", "abstractplay", "boardspace"

AnyGame = Game[Hashable, Side]


def detect(text: str) -> str:
    """Which form `text` is in; raise `RecordFormatError` for none."""
    if is_open(text):
        return OPEN
    if is_abstractplay(text):
        return ABSTRACTPLAY
    if is_boardspace(text):
        return BOARDSPACE
    raise RecordFormatError(
        "this is not a record this bot reads (its own tags, AbstractPlay's JSON or a boardspace"
        " file)",
        problem="unknown_form",
    )


def read_any(text: str) -> tuple[str, Tagged]:
    """The form of `text` and the record it holds, within the bounds (`MAX_RECORD_BYTES`,
    `MAX_ENTRIES`). Raises `RecordFormatError` and, for another site's move it cannot
    convert, `InvalidMoveError` with its place."""
    if len(text.encode("utf-8", "replace")) > MAX_RECORD_BYTES:
        raise RecordFormatError(
            f"a record is at most {MAX_RECORD_BYTES // 1024} KiB", problem="too_large"
        )
    form = detect(text)
    reader = {OPEN: read_open, ABSTRACTPLAY: read_abstractplay, BOARDSPACE: read_boardspace}
    tagged = reader[form](text)
    if len(tagged.record.moves) > MAX_ENTRIES:
        raise RecordFormatError(f"a record holds at most {MAX_ENTRIES} moves", problem="too_long")
    return form, tagged


def replay(tagged: Tagged, game_class: type[AnyGame]) -> tuple[AnyGame, Tagged]:
    """The game `tagged` describes, every move checked, and the record as it is kept: a game
    another site ended before its rules did (its result names a winner, its moves do not end
    it, and no Termination tag says otherwise) ends with the loser's resignation, as a site
    ends a game resigned or lost on time. Raises the engine's typed errors with the place, and
    `RecordFormatError` for a Result tag the moves contradict."""
    game = game_class.from_record(tagged.record)
    result = tagged.result
    outcome = game.outcome()
    if (
        outcome is None
        and result not in (UNFINISHED, "draw")
        and tagged.tag("Termination")
        in (
            None,
            Termination.RESIGNATION.value,
        )
    ):
        loser = _colour(game_class, result).other
        resign = str(game.resignation(loser))
        game.push(game.resignation(loser))
        record = tagged.record
        moves, lines = (*record.moves, resign), (*record.lines, (record.lines or (0,))[-1])
        tagged = replace(tagged, record=replace(record, moves=moves, lines=lines))
        outcome = game.outcome()
    if outcome is not None and tagged.tag("Result") is None:  # another site's, ended by the rules
        ending = (("Result", outcome.result), ("Termination", outcome.termination.value))
        tagged = replace(tagged, tags=tuple(ordered_tags([*tagged.tags, *ending])))
        result = outcome.result
    if outcome is not None and result not in (UNFINISHED, outcome.result):
        raise RecordFormatError(
            f"the Result tag says {result}, but the moves end with {outcome.result}"
            f" ({outcome.rule})",
            problem="result",
        )
    return game, tagged


def _colour(game_class: type[AnyGame], name: str) -> Side:
    try:
        return game_class.colour(name)
    except ValueError:
        message = f"the Result tag names no colour of the game: {name!r}"
        raise RecordFormatError(message, problem="result") from None


def place(error: EngineError, form: str) -> str:
    """Where a bad record is wrong, in words: a line of ours, a move of another site's."""
    index = error.record_index
    if index is None:
        return "the record"
    unit = "line" if form == OPEN else "step" if form == BOARDSPACE else "move"
    text = f" ({error.record_text})" if error.record_text else ""
    return f"{unit} {index}{text}"


__all__ = [
    "ABSTRACTPLAY",
    "BOARDSPACE",
    "MAX_ENTRIES",
    "MAX_RECORD_BYTES",
    "OPEN",
    "detect",
    "place",
    "read_any",
    "replay",
]
