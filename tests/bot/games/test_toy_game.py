"""A third game needs an engine class and a kind, nothing else: a toy game in a registry of the
test's own is challenged, played to the end (a draw) through the service, and drawn."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.i18n import Catalogue
from bot.service import GameService, errors
from testing.servicekit import ALICE, BOB, CHANNEL, open_service, start_game
from testing.toygame import TOY

PNG = b"\x89PNG\r\n\x1a\n"
GIF = b"GIF89a"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await open_service(tmp_path / "bot.sqlite3", registry=GAMES.with_kind(TOY))
    yield service
    await service.connection.close()


async def test_a_registered_game_is_challenged_played_to_a_draw_and_drawn(
    service: GameService,
) -> None:
    started = await start_game(service, "toy")
    assert started.view.kind is TOY and started.view.players == {"gold": ALICE, "blue": BOB}
    with pytest.raises(errors.UnknownVariantError):
        await service.challenges.challenge(
            game_kind="toy",
            channel_id=CHANNEL + 1,
            challenger_id=ALICE,
            opponent_id=BOB,
            variant="classic",  # the toy has one board, "row"
        )
    results = []
    for cell, player in zip("cadb", (ALICE, BOB, ALICE, BOB), strict=True):
        results.append(await service.moves.play(CHANNEL, player, cell))
    ending = results[-1].ending
    assert ending is not None and ending.result == "draw"
    finished = await service.queries.latest_game_in(CHANNEL)
    assert not finished.is_active and finished.winner_id is None
    assert TOY.png(finished.game, {"gold": "Ann", "blue": "Bo"}).startswith(PNG)
    assert TOY.replay(finished.game, {}).startswith(GIF)
    export = await service.queries.export(finished.id)
    assert export.filename == f"toy-row-game-{finished.id}.txt"
    assert export.text.endswith("1. c\n2. a\n3. d\n4. b\n")


async def test_its_rules_refuse_through_the_service_like_any_game(service: GameService) -> None:
    await start_game(service, "toy")
    await service.moves.play(CHANNEL, ALICE, "a")
    with pytest.raises(errors.NotYourTurnError):
        await service.moves.play(CHANNEL, ALICE, "b")
    with pytest.raises(Exception, match="taken"):
        await service.moves.play(CHANNEL, BOB, "a")
    assert TOY.suggest((await service.queries.game_in(CHANNEL)).game, "") == ["b", "c", "d"]


async def test_a_game_missing_from_the_registry_is_unknown_to_the_service(tmp_path: Path) -> None:
    plain = await open_service(tmp_path / "plain.sqlite3")
    try:
        with pytest.raises(errors.UnknownGameError):
            await start_game(plain, "toy")
    finally:
        await plain.connection.close()


def test_a_key_can_be_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        GAMES.with_kind(GAMES.kind("ponte"))
    assert "toy" not in GAMES  # a registry with the toy is a new one


def test_its_own_texts_are_complete_in_every_language() -> None:
    merged = Catalogue.load([*GAMES, TOY])
    assert merged.problems() == []
    assert merged.text("de", "title.toy") == "Viererreihe"
    assert Catalogue.load().problems() == [] and not Catalogue.load().has("title.toy")
