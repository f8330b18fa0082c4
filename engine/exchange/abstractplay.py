"""AbstractPlay's Ponte del Diavolo records (docs/records.md, "AbstractPlay"), read into the open
format.

AbstractPlay archives a game as JSON (its `APGameRecord`: a `header` with the game's name and
variants, the site's game id, the dates and the players in seating order with their results,
and `moves`, a list of rounds, each a list of one move per seat). Its Ponte game (`pontedd`)
writes two stones as ``a1,b2``, a bridge as ``a1-c2`` and ``pass``, on the same coordinates as
ours (columns from ``a`` on the left, rows from 1 at the bottom); its default board is 10x10
with 40 stones and 15 bridges (our `classic`), its ``size-12`` variant the 12x12 board (our
`online`). The pie rule is the site's, not a move: a header's ``pied`` (or ``pie-invoked``)
says the second player took over white after the first move, which we write as ``swap``; the
players are then listed as seated after it (the first holds white). A game the site ended
before the rules did (a resignation, a timeout) ends here with the loser's resignation.
"""

from __future__ import annotations

import json
from typing import cast

from engine.errors import InvalidMoveError
from engine.exchange.open_format import RecordFormatError, Tagged
from engine.record import Record

GAME_NAME = "ponte del diavolo"
SOURCE = "Abstract Play"


def is_abstractplay(text: str) -> bool:
    """Whether `text` looks like an AbstractPlay record (a JSON object with a header)."""
    stripped = text.lstrip("\ufeff \t\r\n")
    return stripped.startswith("{") and '"header"' in stripped


def read_abstractplay(text: str) -> Tagged:
    """The AbstractPlay record `text` as an open record of Ponte (its moves converted, not yet
    checked; each entry's place is its number among the record's moves). Raises
    `RecordFormatError` for a record that is not one, `InvalidMoveError` for a move that is not
    in AbstractPlay's notation (with its place)."""
    data = _object(text)
    header = cast(dict[str, object], _field(data, "header", dict))
    game = cast(dict[str, object], _field(header, "game", dict))
    name = game.get("name")
    if not isinstance(name, str) or name.strip().lower() != GAME_NAME:
        raise RecordFormatError(f"the record is of {name!r}, not Ponte del Diavolo")
    variants = game.get("variants") or []
    variant = "online" if isinstance(variants, list) and "size-12" in variants else "classic"
    seats = _players(header)
    moves = _moves(cast(list[object], _field(data, "moves", list)))
    if header.get("pied") is True or header.get("pie-invoked") is True:
        moves[1:1] = ["swap"] if moves else []
    result = _result(seats)
    tags = [("Game", "ponte"), ("Variant", variant)]
    site = header.get("site")
    gameid = site.get("gameid") if isinstance(site, dict) else None
    if isinstance(gameid, str | int):
        tags.append(("Id", f"abstractplay:{gameid}"))
    tags += [("White", seats[0][0]), ("Red", seats[1][0])]
    for key, tag in (("date-start", "Started"), ("date-end", "Ended")):
        value = header.get(key)
        if isinstance(value, str):
            tags.append((tag, value))
    tags += [("Result", result), ("Source", SOURCE)]
    places = tuple(range(1, len(moves) + 1))
    record = Record("ponte", variant, tuple(moves), places)
    return Tagged(record, tuple(tags))


def _object(text: str) -> dict[str, object]:
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError) as error:
        raise RecordFormatError(f"the AbstractPlay record is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordFormatError("an AbstractPlay record is a JSON object")
    return data


def _field(data: dict[str, object], key: str, kind: type) -> object:
    value = data.get(key)
    if not isinstance(value, kind):
        raise RecordFormatError(f'the AbstractPlay record has no "{key}"')
    return value


def _players(header: dict[str, object]) -> list[tuple[str, int]]:
    players = header.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise RecordFormatError("an AbstractPlay record of Ponte names two players")
    seats = []
    for player in players:
        name = player.get("name") if isinstance(player, dict) else None
        if not isinstance(name, str) or not isinstance(player, dict):
            raise RecordFormatError("each AbstractPlay player has a name")
        result = player.get("result")
        seats.append((name, result if isinstance(result, int) else 0))
    return seats


def _result(seats: list[tuple[str, int]]) -> str:
    (_, first), (_, second) = seats
    return "draw" if first == second else "white" if first > second else "red"


def _moves(rounds: list[object]) -> list[str]:
    moves: list[str] = []
    for round_ in rounds:
        if not isinstance(round_, list):
            raise RecordFormatError("each AbstractPlay round is a list of moves")
        for entry in round_:
            if entry is None:
                continue
            text = entry.get("move") if isinstance(entry, dict) else entry
            if not isinstance(text, str):
                raise RecordFormatError("an AbstractPlay move is a text")
            moves.append(_converted(text, len(moves) + 1))
    return moves


def _converted(text: str, place: int) -> str:
    """One AbstractPlay move in our notation."""
    move = "".join(text.lower().split())
    if move == "pass":
        return "pass"
    if move.count(",") == 1:
        return move.replace(",", " ")
    if move.count("-") == 1:
        return move
    error = InvalidMoveError(
        f"{text!r} is not an AbstractPlay move of Ponte (a1,b2, a1-c2 or pass)",
        reason="not_a_move",
        params={"text": text[:40]},
    )
    error.record_index, error.record_text = place, text
    raise error
