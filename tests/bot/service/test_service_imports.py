"""Importing records through the service (issue 54, point 3), on both backends: a game exported,
imported and exported again gives the same text; the import is stored as a finished game that
counts for nobody; a bad record, an unfinished one and one import too many change nothing."""

from __future__ import annotations

import json
import random

import pytest

from bot.service import GameService, errors
from bot.service.imports import IMPORTS_PER_DAY
from bot.store.imports import IMPORTED_PLAYERS
from testing.servicekit import ALICE, BOB, CAROL, CHANNEL, play_to_end, start_game

AP_BAD_MOVE = json.dumps(
    {
        "header": {
            "game": {"name": "Ponte del Diavolo"},
            "players": [{"name": "a"}, {"name": "b"}],
        },
        "moves": [["a1b2"]],
    }
)
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


@pytest.mark.parametrize(
    ("record", "refusal", "params"),
    [
        ('[Game "ponte"\n\n1. c3 d5\n', errors.RecordFormError, {"line": 1}),
        (
            '[Game "ponte"]\n[Result "draw"]\n\n1. c3 zz\n',
            errors.RecordMoveError,
            {"unit": "line:4"},
        ),
        (
            '[Game "ponte"]\n[Result "red"]\n\n1. c3 d5\n2. resign red\n',
            errors.RecordResultError,
            {},
        ),
        (
            '[Game "ponte"]\n[Result "white"]\n[Termination "agreement"]\n\n1. c3 d5\n',
            errors.RecordResultError,
            {},
        ),
        ('[Game "ponte"]\n[Result "blue"]\n\n1. c3 d5\n', errors.RecordResultError, {}),
        ('[Variant "online"]\n[Result "red"]\n\n1. c3 d5\n', errors.RecordTagsError, {}),
        ('[Game "ponte"]\n' + "; padding\n" * 7000, errors.RecordTooLargeError, {"kib": 64}),
        ('{"header": {"game": {"name": "Hex"}}, "moves": []}', errors.RecordTagsError, {}),
        (
            AP_BAD_MOVE,
            errors.RecordMoveError,
            {"unit": "move:1"},
        ),
    ],
)
async def test_each_kind_of_bad_record_is_refused_saying_where(
    service: GameService, record: str, refusal: type[errors.ServiceError], params: dict[str, object]
) -> None:
    with pytest.raises(refusal) as caught:
        await service.imports.import_record(ALICE, record)
    assert params.items() <= caught.value.params.items()
    assert await service.queries.games(active=False) == []


@pytest.mark.parametrize(
    ("tags", "result", "termination"),
    [
        ('[Result "red"]\n[Termination "timeout"]\n', "red", "timeout"),
        ('[Result "draw"]\n', "draw", "agreement"),
        ('[Result "white"]\n[TimeControl "3600"]\n', "white", "resignation"),
    ],
)
async def test_a_game_ended_off_the_board_keeps_its_ending(
    service: GameService, tags: str, result: str, termination: str
) -> None:
    record = f'[Game "ponte"]\n{tags}\n1. c3 d5\n2. e7 f9\n'
    view = await service.imports.import_record(ALICE, record)
    assert view.ending is not None and view.ending.result == result
    assert view.ending.termination.value == termination
    assert view.move_seconds == (3600 if "3600" in tags else 86_400)


async def test_a_record_of_a_game_the_bot_lacks_is_refused(service: GameService) -> None:
    with pytest.raises(errors.UnknownGameError):
        await service.imports.import_record(ALICE, '[Game "chess"]\n[Result "*"]\n\n1. e4\n')


async def test_a_users_imports_are_listed_newest_first_bounded_and_theirs_alone(
    service: GameService,
) -> None:
    record = '[Game "ponte"]\n[Result "draw"]\n\n1. c3 d5\n'
    made = [await service.imports.import_record(ALICE, record) for _ in range(3)]
    bobs = await service.imports.import_record(BOB, record)
    newest = await service.imports.imports_of(ALICE, limit=2)
    assert [view.id for view in newest] == [made[2].id, made[1].id]
    assert all(view.imported_by == ALICE for view in newest)
    assert [view.id for view in await service.imports.imports_of(BOB)] == [bobs.id]
    assert await service.imports.imports_of(CAROL) == []
