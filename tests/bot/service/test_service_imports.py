"""Importing records through the service (issue 54, point 3), on both backends: a game exported,
imported and exported again gives the same text; the import is stored as a finished game that
counts for nobody; a bad record, an unfinished one and one import too many change nothing."""

from __future__ import annotations

import random

import pytest

from bot.service import GameService, errors
from bot.service.imports import IMPORTS_PER_DAY
from bot.store.imports import IMPORTED_PLAYERS
from testing.servicekit import ALICE, BOB, CAROL, CHANNEL, play_to_end, start_game

BAD = '[Game "ponte"]\n[Variant "online"]\n[Result "white"]\n\n1. c3 d5\n2. c3 e7\n'


@pytest.mark.parametrize("kind", ["ponte", "verbindung"])
async def test_export_import_export_gives_the_same_record(service: GameService, kind: str) -> None:
    view = (await start_game(service, kind)).view
    await play_to_end(service, CHANNEL, random.Random(7))
    exported = (await service.queries.export(view.id, {ALICE: "Alice", BOB: "Bob"})).text
    imported = await service.imports.import_record(CAROL, exported)
    assert imported.imported_by == CAROL and not imported.is_active
    assert imported.game.moves == (await service.queries.game(view.id)).game.moves
    assert (await service.queries.export(imported.id, reader_id=CAROL)).text == exported
    assert tuple(imported.players.values()) in (IMPORTED_PLAYERS, IMPORTED_PLAYERS[::-1])
    assert await service.queries.totals(CAROL) == []  # counted as played by nobody
    assert imported.id not in [v.id for v in (await service.queries.finished_games(CAROL)).views]


async def test_a_bad_record_is_refused_with_its_rule_and_line(service: GameService) -> None:
    with pytest.raises(errors.RecordRuleError) as caught:
        await service.imports.import_record(ALICE, BAD)
    assert caught.value.params["broken_rule"] == "P5"
    assert caught.value.params["unit"] == "line:6" and caught.value.params["entry"] == "c3 e7"
    with pytest.raises(errors.RecordUnfinishedError):
        await service.imports.import_record(ALICE, '[Game "ponte"]\n\n1. c3 d5\n')
    with pytest.raises(errors.NotARecordError):
        await service.imports.import_record(ALICE, "c3 d5\nswap\n")
    assert await service.queries.games(active=False) == []


async def test_imports_are_bounded_per_day(service: GameService) -> None:
    record = '[Game "ponte"]\n[Result "red"]\n\n1. c3 d5\n2. resign white\n'
    for _ in range(IMPORTS_PER_DAY):
        await service.imports.import_record(ALICE, record)
    with pytest.raises(errors.TooManyImportsError):
        await service.imports.import_record(ALICE, record)
    await service.imports.import_record(BOB, record)  # another's count is their own
