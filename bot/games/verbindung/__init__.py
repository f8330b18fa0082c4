"""Verbindung gesucht (Luca Borsa) in the bot: the dice the bot rolls, its images, suggestions,
notes and the computer player over the engine's rules (see `bot.games.kind`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import astuple
from typing import ClassVar

from PIL import Image

from bot.games.kind import GameKind, Note, Players, WebJson, WebTargets
from bot.games.lessons import Lesson
from bot.games.verbindung import web
from bot.games.verbindung.drawing import verbindung_frames, verbindung_image
from bot.games.verbindung.lessons import LESSON
from bot.games.verbindung.look import COLOURS
from bot.games.verbindung.samples import palette_samples
from bot.games.verbindung.suggest import candidates
from bot.render import ENGLISH, Labels
from bot.render.encode import add_palette_samples
from bot.render.theme import DEFAULT_WIDTH
from engine import verbindung
from engine.ai import Level, Rng, Stop
from engine.ai.verbindung import choose_turn
from engine.ai.verbindung.winning import red_wins
from engine.errors import InvalidMoveError
from engine.verbindung import Phase, Player, VerbindungGame


class VerbindungKind(GameKind[VerbindungGame]):
    """Verbindung gesucht: red begins; the bot rolls the dice before the player sees them."""

    BOARD_SIZES: ClassVar[Mapping[str, str]] = {"6x6": "standard"}
    LEVEL_RATINGS: ClassVar[Mapping[str, int]] = {"easy": 450, "normal": 1000, "hard": 1150}

    def __init__(self) -> None:
        super().__init__(VerbindungGame, texts=__name__)

    def chance(self, game: VerbindungGame, seed: int) -> list[verbindung.Move]:
        if game.phase is not Phase.ROLL:
            return []
        # A fresh generator per roll, seeded by the game's secret seed and the roll's place in
        # the record: reproducible from the database alone, and no state kept in memory.
        rng = random.Random(f"{seed}:{game.ply}")
        return [verbindung.draw_roll(game, rng)]

    def move_notes(self, game: VerbindungGame, played: str | None) -> list[Note]:
        # The dice the bot rolled for the player to move (V5), also at the game's start.
        return self.position_notes(game)

    def position_notes(self, game: VerbindungGame) -> list[Note]:
        # The image shows the roll as dice; the words say it too, each die by its name in the
        # reader's language with the notation to type (`face.<face>`).
        return [] if not game.roll else [Note("move.rolled", said={"roll": _face_keys(game.roll)})]

    def chance_note(self, event: str) -> Note | None:
        try:
            roll = verbindung.Roll.parse(event)
        except InvalidMoveError:  # not a roll: no chance event
            return None
        return Note("takeback.roll", said={"roll": _face_keys(roll.faces)})

    def turn_hint(self, game: VerbindungGame) -> Note | None:
        return None if not game.roll else Note("autocomplete.roll", {"dice": _dice(game, "{}")})

    def lesson(self) -> Lesson[VerbindungGame]:
        return LESSON

    def image(
        self,
        game: VerbindungGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        turn: int | None = None,
    ) -> Image.Image:
        return verbindung_image(game, _names(players), labels=labels, width=width, turn=turn)

    def frames(
        self,
        game: VerbindungGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Iterable[Image.Image]:
        return verbindung_frames(game, _names(players), labels=labels, width=width)

    def web_look(self) -> WebJson:
        return web.look()

    def web_position(self, game: VerbindungGame) -> WebJson:
        return web.position(game)

    def web_targets(self, game: VerbindungGame, picks: Sequence[str]) -> WebTargets:
        return web.targets(game, picks)

    def candidates(self, game: VerbindungGame, typed: str) -> Iterator[str]:
        return candidates(game, typed)

    def choose(self, game: VerbindungGame, level: Level, rng: Rng, stop: Stop) -> str:
        return str(choose_turn(game, level, rng, stop))

    def win_chance(self, game: VerbindungGame) -> float:
        return red_wins(game)


def _face_keys(faces: Iterable[str]) -> tuple[str, ...]:
    """The catalogue keys of dice faces, whose messages name them in words."""
    return tuple(f"face.{face}" for face in faces)


def _dice(game: VerbindungGame, shown: str) -> str:
    return ", ".join(shown.format(face) for face in game.roll)


def _names(players: Players) -> dict[Player, str]:
    return {Player(colour): name for colour, name in players.items()}


VERBINDUNG = VerbindungKind()
add_palette_samples(palette_samples, astuple(COLOURS))
