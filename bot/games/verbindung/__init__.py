"""Verbindung gesucht (Luca Borsa) in the bot: its rules adapter with the dice the bot rolls,
images, suggestions and the computer player (see `bot.games.spec`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from PIL import Image

from bot.games.spec import Ending, GameSpec, Note, Players, RollNotYoursError
from bot.games.verbindung.drawing import verbindung_frames, verbindung_image
from bot.games.verbindung.samples import palette_samples
from bot.games.verbindung.suggest import candidates
from bot.render import ENGLISH, Labels
from bot.render.encode import add_palette_samples
from bot.render.theme import DEFAULT_WIDTH
from engine import verbindung
from engine.ai import Level, Rng, Stop
from engine.ai.verbindung import choose_turn


class VerbindungSpec(GameSpec[verbindung.VerbindungGame, verbindung.Move]):
    """Verbindung gesucht: red begins; the bot rolls the dice before the player sees them."""

    key = "verbindung"
    colours = ("red", "black")
    variants = ("standard",)

    def new(self, variant: str) -> verbindung.VerbindungGame:
        return verbindung.VerbindungGame()

    def load(self, record: str) -> verbindung.VerbindungGame:
        return verbindung.VerbindungGame.from_json(record)

    def dump(self, game: verbindung.VerbindungGame) -> str:
        return game.record().to_json()

    def export(self, game: verbindung.VerbindungGame) -> str:
        return game.record().to_text()

    def to_move(self, game: verbindung.VerbindungGame) -> str | None:
        return None if game.to_move is None else game.to_move.value

    def first_colour(self, game: verbindung.VerbindungGame) -> str:
        return "red"

    def parse(self, game: verbindung.VerbindungGame, text: str, colour: str) -> verbindung.Move:
        if text.split() == ["resign"]:
            return verbindung.Resign(verbindung.Player(colour))
        move = game.parse_move(text)
        if isinstance(move, verbindung.Roll):
            example = self.example_move(game)
            raise RollNotYoursError("the bot rolls the dice; play the rolled dice instead", example)
        return move

    def check(self, game: verbindung.VerbindungGame, move: verbindung.Move) -> None:
        game.check(move)

    def push(self, game: verbindung.VerbindungGame, move: verbindung.Move) -> None:
        game.push(move)

    def resignation(self, game: verbindung.VerbindungGame, colour: str) -> verbindung.Move:
        return verbindung.Resign(verbindung.Player(colour))

    def resigner(self, move: verbindung.Move) -> str | None:
        return move.player.value if isinstance(move, verbindung.Resign) else None

    def last_move_by(self, game: verbindung.VerbindungGame, colour: str) -> verbindung.Move | None:
        return game.last_move_by(verbindung.Player(colour))

    def movers(self, game: verbindung.VerbindungGame) -> tuple[str | None, ...]:
        return tuple(None if mover is None else mover.value for mover in game.movers())

    def take_back(self, game: verbindung.VerbindungGame, count: int) -> verbindung.VerbindungGame:
        return game.take_back(count)

    def position_at(self, game: verbindung.VerbindungGame, ply: int) -> verbindung.VerbindungGame:
        for position in game.positions():
            if position.ply == ply:
                return position.copy()
        raise ValueError(f"the game has no position after {ply} moves")

    def ending(self, game: verbindung.VerbindungGame) -> Ending | None:
        outcome = game.outcome()
        if outcome is None:
            return None
        winner = None if outcome.winner is None else outcome.winner.value
        return Ending(winner, outcome.termination, outcome.rule, None)

    def chance(self, game: verbindung.VerbindungGame, seed: int) -> list[verbindung.Move]:
        if game.phase != "roll":
            return []
        # A fresh generator per roll, seeded by the game's secret seed and the roll's place in
        # the record: reproducible from the database alone, and no state kept in memory.
        rng = random.Random(f"{seed}:{len(game.moves)}")
        return [verbindung.draw_roll(game, rng)]

    def moves(self, game: verbindung.VerbindungGame) -> tuple[verbindung.Move, ...]:
        return game.moves

    def move_notes(self, game: verbindung.VerbindungGame, played: str | None) -> list[Note]:
        # The dice the bot rolled for the player to move (V5), also at the game's start.
        return [] if not game.roll else [Note("move.rolled", {"roll": _dice(game, "`{}`")})]

    def turn_hint(self, game: verbindung.VerbindungGame) -> Note | None:
        return None if not game.roll else Note("autocomplete.roll", {"dice": _dice(game, "{}")})

    def image(
        self,
        game: verbindung.VerbindungGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Image.Image:
        return verbindung_image(game, _names(players), labels=labels, width=width)

    def read(self, text: str, variant: str) -> verbindung.VerbindungGame:
        return verbindung.VerbindungGame.from_text(text, variant)

    def frames(
        self,
        game: verbindung.VerbindungGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Iterable[Image.Image]:
        return verbindung_frames(game, _names(players), labels=labels, width=width)

    def candidates(self, game: verbindung.VerbindungGame, typed: str) -> Iterator[str]:
        return candidates(game, typed)

    def choose(self, game: verbindung.VerbindungGame, level: Level, rng: Rng, stop: Stop) -> str:
        return str(choose_turn(game, level, rng, stop))


def _dice(game: verbindung.VerbindungGame, shown: str) -> str:
    return ", ".join(shown.format(face) for face in game.roll)


def _names(players: Players) -> dict[verbindung.Player, str]:
    return {verbindung.Player(colour): name for colour, name in players.items()}


SPEC = VerbindungSpec()
add_palette_samples(palette_samples)
