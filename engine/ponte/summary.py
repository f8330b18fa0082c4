"""The JSON summary that ``python -m engine replay --game ponte`` prints."""

from __future__ import annotations

from engine.errors import EngineError, IllegalMoveError
from engine.ponte.game import PonteGame
from engine.ponte.variants import Colour
from engine.record import Record


def replay_summary(text: str, variant: str = "online") -> dict[str, object]:
    """Replay a text record; describe the position reached, or the first bad move as
    ``{"error": {"ply", "line", "move", "rule", "message"}}``. Never raises for any text."""
    record = Record.from_text(text, PonteGame.KEY, variant)
    try:
        game = PonteGame.from_record(record)
    except EngineError as error:
        return {"error": error_summary(error, record)}
    return position_summary(game)


def error_summary(error: EngineError, record: Record) -> dict[str, object]:
    """The error object of a bad record entry: its place among the moves and in the text."""
    line = error.record_index
    return {
        "ply": record.lines.index(line) + 1 if line in record.lines else None,
        "line": line,
        "move": error.record_text,
        "rule": error.rule if isinstance(error, IllegalMoveError) else None,
        "message": error.message,
    }


def position_summary(game: PonteGame) -> dict[str, object]:
    """Everything a caller needs to know about a position, as plain data."""
    return {
        "game": "ponte",
        "variant": game.variant.name,
        "plies": game.ply,
        "over": game.is_over,
        "to_move": None if game.is_over else str(game.to_move),
        "winner": _winner_name(game),
        "can_pass": game.can_pass(),
        "score": {str(colour): game.score(colour).as_dict() for colour in Colour},
        "legal_fields": [str(field) for field in game.legal_fields()],
        "legal_bridges": [str(bridge) for bridge in game.legal_bridges()],
    }


def _winner_name(game: PonteGame) -> str | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    return "draw" if outcome.winner is None else str(outcome.winner)
