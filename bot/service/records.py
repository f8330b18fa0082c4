"""The open record of a game (docs/records.md, issue 54 point 3): its tags, from what the bot
stores, and its moves numbered by turn. Nothing here names a server or a channel: a game's `Id`
is a UUID derived from its own facts, the same in every export and unlike any other game's."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from bot.games.kind import SomeGame
from bot.service.results import GameView
from engine.exchange import write_open
from engine.exchange.open_format import UNFINISHED

RECORDS = uuid.UUID("0c8f4e2a-54d3-5b7e-9a61-3f2d8c1b7e90")
"""The namespace of the games' ids (a UUID of this project's own)."""


def game_uuid(view: GameView) -> str:
    """The game's server-independent id: a name-based UUID of its number, its start and its
    players, so two bots' games of the same number differ."""
    name = f"{view.id}:{view.created_at}:{view.first_id}:{view.second_id}"
    return str(uuid.uuid5(RECORDS, name))


def stamp(seconds: int) -> str:
    """An epoch time as ISO 8601 in UTC, to the second."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def game_tags(view: GameView, names: Mapping[int, str]) -> list[tuple[str, str]]:
    """The tags of a game of this bot, in the writer's order."""
    tags = [("Game", view.kind.key), ("Variant", view.variant), ("Id", game_uuid(view))]
    for colour, user in view.players.items():
        tags.append((colour.capitalize(), names.get(user, f"user {user}")))
    tags.append(("Started", stamp(view.created_at)))
    if view.finished_at is not None:
        tags.append(("Ended", stamp(view.finished_at)))
    ending = view.ending
    tags.append(("Result", ending.result if ending is not None else UNFINISHED))
    if ending is not None:
        tags.append(("Termination", ending.termination.value))
    tags.append(("TimeControl", str(view.move_seconds)))
    return tags


def turn_numbers(game: SomeGame) -> list[int]:
    """For each entry of the game's record, the turn it belongs to, from 1: a player's move is
    a turn of its own, a chance event (a roll) belongs to the turn it opens."""
    numbers, played = [], 0
    for mover in game.movers():
        if mover is None:
            numbers.append(played + 1)
        else:
            played += 1
            numbers.append(played)
    return numbers


def open_record(view: GameView, names: Mapping[int, str], comments: Iterable[str] = ()) -> str:
    """The game's record in the open format, with `comments` (the asker's own notes); an
    imported game's tags are written again as they were read."""
    tags = list(view.record_tags) if view.imported_by is not None else game_tags(view, names)
    return write_open(tags, view.game.record(), turn_numbers(view.game), comments)
