"""The JSON summary that ``python -m engine replay --game verbindung`` prints for a record."""

from __future__ import annotations

from engine.errors import EngineError, IllegalMoveError
from engine.verbindung.game import VerbindungGame
from engine.verbindung.layout import Player
from engine.verbindung.moves import Place


def _placement_text(place: Place) -> str:
    """A placement without its face, as the ``legal`` lists show it: ``b4 ns`` or ``d3``."""
    return str(place).split(" ", 1)[1]


def summarise(game: VerbindungGame) -> dict[str, object]:
    """The summary object of `game` (see the issue's command-line tool)."""
    outcome = game.outcome()
    return {
        "game": "verbindung",
        "turns": game.turns,
        "over": outcome is not None,
        "to_move": None if game.to_move is None else str(game.to_move),
        "phase": game.phase,
        "winner": None if outcome is None else outcome.result,
        "roll": [str(face) for face in game.roll],
        "supply": game.supply,
        "board": {name: str(tile) for name, tile in game.board.items()},
        "bases_joined": {str(p): game.bases_joined(p) for p in Player},
        "legal": {
            str(face): [_placement_text(p) for p in game.placements(face)]
            for face in dict.fromkeys(game.roll)
        },
    }


def _error(line: int, text: str, rule: str | None, message: str) -> dict[str, object]:
    return {"error": {"line": line, "text": text, "rule": rule, "message": message}}


def _source_line(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def replay_summary(text: str) -> dict[str, object]:
    """Replay the text record `text` and summarise the game, or describe its first bad line.

    Returns ``{"error": {"line", "text", "rule", "message"}}`` for a line that does not parse
    (rule None) or breaks a rule; never raises.
    """
    try:
        game = VerbindungGame.from_text(text)
    except EngineError as error:
        line = error.record_index or 0
        rule = error.rule if isinstance(error, IllegalMoveError) else None
        return _error(line, _source_line(text, line), rule, error.message)
    return summarise(game)
