"""The texts of a game's messages: the start of a game hints at a first move the player can make."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.i18n import LANGUAGES
from bot.words.games import TurnTexts
from engine.ponte import PonteGame
from engine.verbindung import Face, Place, Turn, VerbindungGame
from testing.servicekit import CHANNEL, COMPUTER, CountingSeeds, open_service, start_game

TEXTS = TurnTexts(lambda user: user == COMPUTER)


def example(started: str) -> str:
    """The example move of a start message's hint for the first mover (its second line)."""
    (found,) = re.findall(r"`([^`]+)`", started.splitlines()[1])
    return found


@pytest.mark.parametrize("seed", range(1, 9))  # the game's seed decides its first roll
async def test_the_verbindung_start_names_only_dice_that_were_rolled(
    tmp_path: Path, seed: int
) -> None:
    # Found by review (issue 13, point 5): "e.g. `red-cross a2`" with no red cross rolled.
    service = await open_service(tmp_path / "bot.sqlite3", seeds=CountingSeeds(seed))
    try:
        view = (await start_game(service, "verbindung", channel_id=CHANNEL + seed)).view
        game = view.game
        assert isinstance(game, VerbindungGame)
        for language in LANGUAGES:
            shown = example(TEXTS.started_text(view, language))
            move = game.parse_move(shown)
            assert isinstance(move, Turn) and game.is_legal(move), shown
            faces = [a.face for a in move.actions if isinstance(a, Place)]
            assert all(face in game.roll for face in faces), (game.roll, shown)
    finally:
        await service.connection.close()


async def test_the_ponte_start_suggests_a_legal_opening(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "bot.sqlite3")
    try:
        view = (await start_game(service, "ponte")).view
        game = view.game
        assert isinstance(game, PonteGame)
        for language in LANGUAGES:
            shown = example(TEXTS.started_text(view, language))
            assert game.is_legal(game.parse_move(shown)), shown
    finally:
        await service.connection.close()


def test_a_roll_without_a_placement_still_gets_a_hint() -> None:
    spec = GAMES.kind("verbindung")
    game = VerbindungGame()
    game.play(f"roll {Face.BLACK_CROSS} {Face.BLACK_CROSS}")  # nothing fits red's bases
    assert spec.example_move(game) == "pass"
    assert spec.first_move_note(game).params == {"example": "pass"}
