"""Private notes on a game (issue 54, point 2): one per author per turn (0: the whole game),
replaced by a new one, removed by an empty text, bounded in length and number, read only by
their author, and in the author's own export alone."""

from __future__ import annotations

import pytest

from bot.service import GameService, errors
from bot.service import notes as notes_module
from bot.service.notes import NOTE_LENGTH, NOTES_PER_GAME, WHOLE_GAME, Note
from engine.exchange import read_open
from testing.servicekit import ALICE, BOB, CAROL, CHANNEL, play_moves, start_game


async def test_a_note_is_kept_replaced_and_removed_per_turn(service: GameService) -> None:
    game = (await start_game(service)).view.id
    await play_moves(service, count=2)  # turn 3 is being played
    written = await service.notes.write(ALICE, game, None, "the centre is open")
    assert (written.turn, written.removed) == (3, False)  # by default, the turn being played
    await service.notes.write(ALICE, game, WHOLE_GAME, "a sharp game")
    await service.notes.write(ALICE, game, 1, "a quiet start")
    await service.notes.write(ALICE, game, 3, "  the centre was open  ")  # replaces turn 3's
    assert await service.notes.of(ALICE, game) == [
        Note(WHOLE_GAME, "a sharp game"),
        Note(1, "a quiet start"),
        Note(3, "the centre was open"),
    ]
    removed = await service.notes.write(ALICE, game, 1, "   ")
    assert removed.removed
    assert [note.turn for note in await service.notes.of(ALICE, game)] == [WHOLE_GAME, 3]
    with pytest.raises(errors.NoNoteError):
        await service.notes.write(ALICE, game, 1, "")


async def test_notes_are_their_authors_alone(service: GameService) -> None:
    game = (await start_game(service)).view.id
    await service.notes.write(ALICE, game, WHOLE_GAME, "bob overextends")
    await service.notes.write(CAROL, game, WHOLE_GAME, "a watcher's thought")  # not a player
    assert await service.notes.of(BOB, game) == []
    assert await service.notes.of(CAROL, game) == [Note(WHOLE_GAME, "a watcher's thought")]
    mine = await service.queries.export(game, reader_id=ALICE)
    theirs = await service.queries.export(game, reader_id=BOB)
    anyones = await service.queries.export(game)
    assert "bob overextends" in mine.text and "watcher" not in mine.text
    assert "bob overextends" not in theirs.text and "watcher" not in theirs.text
    assert "; my note" not in anyones.text


async def test_a_note_in_an_export_stays_one_comment_line(service: GameService) -> None:
    game = (await start_game(service)).view.id
    await play_moves(service, count=2)
    await service.notes.write(ALICE, game, 2, "line one\nc3 d4\\n")
    export = await service.queries.export(game, reader_id=ALICE)
    noted = [line for line in export.text.splitlines() if "line one" in line]
    assert noted == ["; my note (turn 2): line one\\nc3 d4\\\\n"]
    view = await service.queries.game_in(CHANNEL)
    assert read_open(export.text).record.moves == view.game.record().moves


async def test_bad_notes_are_refused_and_change_nothing(service: GameService) -> None:
    game = (await start_game(service)).view.id
    with pytest.raises(errors.NoteTooLongError) as long:
        await service.notes.write(ALICE, game, WHOLE_GAME, "x" * (NOTE_LENGTH + 1))
    assert long.value.params["limit"] == NOTE_LENGTH
    with pytest.raises(errors.NoSuchTurnError) as far:
        await service.notes.write(ALICE, game, 2, "not yet")  # turn 1 is being played
    assert far.value.params["last"] == 1
    with pytest.raises(errors.GameNotFoundError):
        await service.notes.write(ALICE, game + 99, WHOLE_GAME, "no such game")
    assert await service.notes.of(ALICE, game) == []
    await service.notes.write(ALICE, game, WHOLE_GAME, "x" * NOTE_LENGTH)  # the bound is kept


async def test_an_author_keeps_a_bounded_number_of_notes_per_game(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert NOTES_PER_GAME == 50
    monkeypatch.setattr(notes_module, "NOTES_PER_GAME", 3)  # three turns to note, not fifty
    game = (await start_game(service)).view.id
    await play_moves(service, count=3)
    for turn in range(3):
        await service.notes.write(ALICE, game, turn, f"note {turn}")
    with pytest.raises(errors.TooManyNotesError) as full:
        await service.notes.write(ALICE, game, 3, "one more")
    assert full.value.params["limit"] == 3
    await service.notes.write(ALICE, game, 1, "replaced")  # replacing one takes no room
    await service.notes.write(BOB, game, 3, "another author's own room")
    assert await service.notes.of(ALICE, game) == [
        Note(0, "note 0"),
        Note(1, "replaced"),
        Note(2, "note 2"),
    ]


async def test_a_finished_games_note_is_on_the_whole_game_by_default(service: GameService) -> None:
    game = (await start_game(service)).view.id
    await play_moves(service, count=2)
    await service.moves.resign(CHANNEL, BOB)
    written = await service.notes.write(BOB, game, None, "resigned too soon")
    assert written.turn == WHOLE_GAME
    with pytest.raises(errors.NoSuchTurnError) as far:
        await service.notes.write(BOB, game, 4, "the resignation was the last turn")
    assert far.value.params["last"] == 3  # two moves, then the resignation
    await service.notes.write(BOB, game, 3, "resigning here was hasty")
