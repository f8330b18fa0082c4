"""What the service needs to know about each game, behind one small interface.

The service speaks of colours as plain strings (``"white"``, ``"red"``, ``"black"``) and of records
as the engines' JSON form; everything game-specific (the pie rule's change of colours, the dice of
Verbindung gesucht) lives here.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from engine import ponte, verbindung
from engine.errors import InvalidMoveError

EngineGame = ponte.PonteGame | verbindung.VerbindungGame


class RollNotYoursError(InvalidMoveError):
    """A player typed a roll: the bot draws the dice (V5)."""


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended, in the service's words: colours as strings, scores as points."""

    result: str  # the winning colour, or "draw"
    termination: str  # the engine's reason, or "timeout" / "agreement"
    rule: str | None  # the rule id that ended it, when a rule did
    scores: dict[str, int] | None  # points per colour, for games that score


class Kind(ABC):
    """One game's rules as the service uses them."""

    key: ClassVar[str]
    title: ClassVar[str]
    colours: ClassVar[tuple[str, str]]  # the first mover's colour, then the other
    variants: ClassVar[tuple[str, ...]]  # the first is the default

    @abstractmethod
    def new(self, variant: str) -> EngineGame:
        """A new game of `variant`."""

    @abstractmethod
    def load(self, record: str) -> EngineGame:
        """The game a stored JSON record describes (replayed, every move checked)."""

    @abstractmethod
    def dump(self, game: EngineGame) -> str:
        """The JSON record of `game`."""

    @abstractmethod
    def export(self, game: EngineGame) -> str:
        """The canonical text record of `game`."""

    @abstractmethod
    def to_move(self, game: EngineGame) -> str | None:
        """The colour to move, None after the end."""

    @abstractmethod
    def first_colour(self, game: EngineGame) -> str:
        """The colour the first mover plays now."""

    @abstractmethod
    def parse(self, game: EngineGame, text: str, colour: str) -> Any:
        """The move `colour` typed; raise `InvalidMoveError` (also for a typed roll)."""

    @abstractmethod
    def resignation(self, game: EngineGame, colour: str) -> Any:
        """The move by which `colour` resigns."""

    @abstractmethod
    def resigner(self, move: Any) -> str | None:
        """The colour a move resigns for, or None if it is not a resignation."""

    @abstractmethod
    def last_move_by(self, game: EngineGame, colour: str) -> Any:
        """The last move `colour` made (not counting chance events), or None."""

    @abstractmethod
    def ending(self, game: EngineGame) -> Ending | None:
        """How the game ended, or None while it runs."""

    def other(self, colour: str) -> str:
        """The opposing colour."""
        first, second = self.colours
        return second if colour == first else first

    def scores(self, game: EngineGame) -> dict[str, int] | None:
        """The current points per colour (None for a game without points)."""
        return None

    def chance(self, game: EngineGame, seed: int) -> list[Any]:
        """The chance events now due, drawn reproducibly from the game's seed (none by default)."""
        return []

    def check_variant(self, variant: str | None) -> str:
        """The variant's canonical name (the default for None); raise `ValueError` if unknown."""
        if variant is None:
            return self.variants[0]
        name = variant.strip().lower()
        if name not in self.variants:
            raise ValueError(name)
        return name


class Ponte(Kind):
    """Ponte del Diavolo: white moves first; the pie rule may swap the colours' owners."""

    key = "ponte"
    title = "Ponte del Diavolo"
    colours = ("white", "red")
    variants = ("online", "classic")

    def new(self, variant: str) -> EngineGame:
        return ponte.PonteGame(variant)

    def load(self, record: str) -> EngineGame:
        return ponte.PonteRecord.from_json(record).replay()

    def dump(self, game: EngineGame) -> str:
        assert isinstance(game, ponte.PonteGame)
        return ponte.PonteRecord.of(game).to_json()

    def export(self, game: EngineGame) -> str:
        assert isinstance(game, ponte.PonteGame)
        return ponte.PonteRecord.of(game).to_text()

    def to_move(self, game: EngineGame) -> str | None:
        assert isinstance(game, ponte.PonteGame)
        return None if game.is_over else game.to_move.value

    def first_colour(self, game: EngineGame) -> str:
        assert isinstance(game, ponte.PonteGame)
        return game.first_player_colour.value

    def parse(self, game: EngineGame, text: str, colour: str) -> Any:
        # A bare "resign" means the one who typed it, not the player to move.
        return ponte.parse_move(text, mover=ponte.Colour(colour))

    def resignation(self, game: EngineGame, colour: str) -> Any:
        return ponte.Resign(ponte.Colour(colour))

    def resigner(self, move: Any) -> str | None:
        return move.colour.value if isinstance(move, ponte.Resign) else None

    def last_move_by(self, game: EngineGame, colour: str) -> Any:
        assert isinstance(game, ponte.PonteGame)
        if not game.moves:
            return None
        last = game.moves[-1]
        # Every move but a resignation hands the turn over (a swap leaves red to move, and the
        # swapper now plays white), so the last move was made by the colour not to move.
        maker = last.colour if isinstance(last, ponte.Resign) else game.to_move.other
        return last if maker.value == colour else None

    def scores(self, game: EngineGame) -> dict[str, int] | None:
        assert isinstance(game, ponte.PonteGame)
        return {colour.value: game.score(colour).points for colour in ponte.Colour}

    def ending(self, game: EngineGame) -> Ending | None:
        assert isinstance(game, ponte.PonteGame)
        outcome = game.outcome()
        if outcome is None:
            return None
        result = "draw" if outcome.winner is None else outcome.winner.value
        return Ending(result, outcome.termination.value, outcome.rule, self.scores(game))


class Verbindung(Kind):
    """Verbindung gesucht: red begins; the bot rolls the dice before the player sees them."""

    key = "verbindung"
    title = "Verbindung gesucht"
    colours = ("red", "black")
    variants = ("standard",)

    def new(self, variant: str) -> EngineGame:
        return verbindung.VerbindungGame()

    def load(self, record: str) -> EngineGame:
        return verbindung.load_json(record)

    def dump(self, game: EngineGame) -> str:
        assert isinstance(game, verbindung.VerbindungGame)
        return verbindung.Record.of(game).to_json()

    def export(self, game: EngineGame) -> str:
        assert isinstance(game, verbindung.VerbindungGame)
        return "# Verbindung gesucht\n" + verbindung.Record.of(game).to_text()

    def to_move(self, game: EngineGame) -> str | None:
        assert isinstance(game, verbindung.VerbindungGame)
        return None if game.to_move is None else game.to_move.value

    def first_colour(self, game: EngineGame) -> str:
        return "red"

    def parse(self, game: EngineGame, text: str, colour: str) -> Any:
        if text.split() == ["resign"]:
            return verbindung.Resign(verbindung.Player(colour))
        move = game.parse_move(text)
        if isinstance(move, verbindung.Roll):
            raise RollNotYoursError("the bot rolls the dice; play the rolled dice instead")
        return move

    def resignation(self, game: EngineGame, colour: str) -> Any:
        return verbindung.Resign(verbindung.Player(colour))

    def resigner(self, move: Any) -> str | None:
        return move.player.value if isinstance(move, verbindung.Resign) else None

    def last_move_by(self, game: EngineGame, colour: str) -> Any:
        assert isinstance(game, verbindung.VerbindungGame)
        last: Any = None
        roller: verbindung.Player | None = None
        players = (verbindung.Player.RED, verbindung.Player.BLACK)
        rolls = 0
        for move in game.moves:  # rolls alternate from red; a turn is its roller's
            if isinstance(move, verbindung.Roll):
                roller, rolls = players[rolls % 2], rolls + 1
            elif isinstance(move, verbindung.Resign):
                if move.player.value == colour:
                    last = move
            elif roller is not None and roller.value == colour:
                last = move
        return last

    def ending(self, game: EngineGame) -> Ending | None:
        assert isinstance(game, verbindung.VerbindungGame)
        outcome = game.outcome()
        if outcome is None:
            return None
        return Ending(outcome.result, outcome.termination.value, outcome.rule, None)

    def chance(self, game: EngineGame, seed: int) -> list[Any]:
        assert isinstance(game, verbindung.VerbindungGame)
        if game.phase != "roll":
            return []
        # A fresh generator per roll, seeded by the game's secret seed and the roll's place in
        # the record: reproducible from the database alone, and no state kept in memory.
        rng = random.Random(f"{seed}:{len(game.moves)}")
        return [verbindung.draw_roll(game, rng)]


KINDS: dict[str, Kind] = {kind.key: kind for kind in (Ponte(), Verbindung())}


def kind_of(key: str) -> Kind:
    """The rules adapter for a stored game kind."""
    return KINDS[key]
