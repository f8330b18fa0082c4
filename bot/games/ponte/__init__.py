"""Ponte del Diavolo (Martin Ebel) in the bot: its images, suggestions, notes and the computer
player over the engine's rules (see `bot.games.kind`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import astuple
from typing import ClassVar

from PIL import Image

from bot.games.kind import GameKind, Note, Players, WebJson, WebTargets
from bot.games.lessons import Lesson
from bot.games.ponte import web
from bot.games.ponte.drawing import ponte_frames, ponte_image
from bot.games.ponte.lessons import LESSON
from bot.games.ponte.look import COLOURS
from bot.games.ponte.samples import palette_samples
from bot.games.ponte.suggest import candidates
from bot.render import ENGLISH, Labels
from bot.render.encode import add_palette_samples
from bot.render.theme import DEFAULT_WIDTH
from engine.ai import Level, Rng, Stop
from engine.ai.ponte import choose_move
from engine.ai.ponte.winning import analysis_chance, answered
from engine.ponte import Colour, PonteGame


class PonteKind(GameKind[PonteGame]):
    """Ponte del Diavolo: white moves first; the pie rule may swap the colours' owners."""

    BOARD_SIZES: ClassVar[Mapping[str, str]] = {"12x12": "online", "10x10": "classic"}
    LEVEL_RATINGS: ClassVar[Mapping[str, int]] = {"easy": 900, "normal": 1300, "hard": 1750}

    def __init__(self) -> None:
        super().__init__(PonteGame, texts=__name__)

    def move_notes(self, game: PonteGame, played: str | None) -> list[Note]:
        # P4: after a swap the colours changed owners; say who plays which now.
        return [Note("move.swapped", tells_move=True)] if played == "swap" else []

    def turn_warnings(self, game: PonteGame) -> list[Note]:
        notes = []
        if game.is_final_turn():  # P16: white passed, red's turn is the last
            notes.append(Note("move.last_turn"))
        if game.ply == 1:  # P4, the pie rule
            notes.append(Note("move.swap_hint"))
        return notes

    def lesson(self) -> Lesson[PonteGame]:
        return LESSON

    def image(
        self,
        game: PonteGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        turn: int | None = None,
    ) -> Image.Image:
        return ponte_image(game, _names(players), labels=labels, width=width, turn=turn)

    def frames(
        self,
        game: PonteGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Iterable[Image.Image]:
        return ponte_frames(game, _names(players), labels=labels, width=width)

    def web_look(self) -> WebJson:
        return web.look()

    def web_position(self, game: PonteGame) -> WebJson:
        return web.position(game)

    def web_targets(self, game: PonteGame, picks: Sequence[str]) -> WebTargets:
        return web.targets(game, picks)

    def candidates(self, game: PonteGame, typed: str) -> Iterator[str]:
        return candidates(game, typed)

    def choose(self, game: PonteGame, level: Level, rng: Rng, stop: Stop) -> str:
        return str(choose_move(game, level, rng, stop))

    def win_chance(self, game: PonteGame) -> float:
        return analysis_chance(game)

    def judged_chance(self, game: PonteGame, rng: Rng) -> float | None:
        return answered(game, rng)


def _names(players: Players) -> dict[Colour, str]:
    return {Colour(colour): name for colour, name in players.items()}


PONTE = PonteKind()
add_palette_samples(palette_samples, astuple(COLOURS))
