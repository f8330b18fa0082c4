"""One description per game: what the bot needs of a game beyond its rules, behind one interface.

The rules are the engine's own `Game[Move, Colour]`, which the layers above use directly (its
moves, colours and `Outcome`). A `GameKind` adds what only the bot needs, and what is the game's
own: its images, its move suggestions, the notes of its turn messages, the chance events the bot
draws for it, its computer player, and the catalogue keys of its texts. The layers above look a
game up by its key in a `Registry` (`bot.games`) and never name one: a new game is an engine
package and one kind.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from importlib.resources import files
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from PIL import Image

from bot.games.puzzles import FoundPuzzle, read_shipped
from bot.render import ENGLISH, Labels
from bot.render.caption import side_by_side, with_caption
from bot.render.encode import png_bytes
from bot.render.replay import render_replay
from bot.render.theme import DEFAULT_THEME, DEFAULT_WIDTH
from engine.ai import Level, Rng, Stop
from engine.errors import InvalidMoveError
from engine.game import Game, Side

if TYPE_CHECKING:  # the lessons' types are built on this module's
    from bot.games.lessons import Lesson

SUGGESTIONS = 25
"""Discord shows at most 25 choices."""

SMALL_WIDTH = 480
"""A board of a pair shown side by side: two make 960 pixels, as wide as a phone shows them."""

# Python has no existential types: "a game of some move and colour type" can only be said with
# Any. It is said here and in the registry's storage, nowhere else: a kind is typed by its engine
# class (`GameKind[PonteGame]`), and the layers above hold `SomeGame`, whose moves are hashable
# values and whose colours are `Side`s.
AnyGame = Game[Any, Any]  # the bound of every engine class
G = TypeVar("G", bound=AnyGame)
"""The engine's class of the game's positions."""

SomeGame = Game[Hashable, Side]
"""A game of any kind, as the layers above hold it."""

# The one count of turns a player reads (issue 52, point 10): the board image's header, a
# lesson's board, a puzzle's text and picture, the history and the analysis all number a turn
# as the players experience it, from 1. Chance events (a roll) belong to the turn they open.


def turns_played(game: AnyGame) -> int:
    """How many turns the players have made (chance events not counted)."""
    return len(game.turn_plies()) - 1


def turn_in_play(game: AnyGame) -> int:
    """The number of the turn `game` is at: the one being played, counted from 1, or for a
    finished game its last one. A history's position after its turn `n` is at turn `n + 1`,
    and a puzzle of turn `n` (the position before it) at turn `n`."""
    played = turns_played(game)
    return played if game.is_over else played + 1


Players = Mapping[str, str]
"""A display name for each colour (by the colour, which is a string enum, or its name)."""


WebJson = dict[str, object]
"""A JSON object for the web board (`bot.web`): plain strings, numbers, lists and objects."""


def hex_palette(colours: object) -> dict[str, str]:
    """A dataclass of RGB colours (a theme, a game's `look`) as CSS writes them (`#rrggbb`), by
    field name: the web board draws in the colours the images use."""
    return {name: hex_colour(rgb) for name, rgb in asdict(colours).items()}  # type: ignore[call-overload]


def hex_colour(rgb: tuple[int, int, int]) -> str:
    """One colour as CSS writes it (`#rrggbb`)."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def web_marker(fill: tuple[int, int, int], rim: tuple[int, int, int]) -> dict[str, str]:
    """A player's marker on the web board's cards: the stone the images' cards show."""
    return {"fill": hex_colour(fill), "rim": hex_colour(rim)}


WEB_PICKS = 4
"""The most clicks a turn is built of on the web board (two stones, or two dice, need two)."""


@dataclass(frozen=True, slots=True)
class WebTargets:
    """What the web board's player to move may click next, after the clicks made so far: the
    game's own description of the targets (`targets`), and the turn those clicks make, in
    notation, when it may be sent as it is (`move`, else None)."""

    targets: WebJson
    move: str | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """A line of a turn's message, as a catalogue key and its parameters; a parameter in
    `said` is a list of catalogue keys, each said in the reader's language (the dice of a
    roll), joined by commas."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)
    tells_move: bool = False  # it says in words what was played: no notation line is needed
    said: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


class GameKind(ABC, Generic[G]):
    """One game as the bot uses it: `game` is the engine's class of its positions."""

    FIRST_MOVE_PLAIN: ClassVar[str] = "game.first_any"
    """The hint for the first mover when no example can be given."""
    BY_BUTTONS: ClassVar[str] = "_buttons"
    """What the keys of the first mover's hints end with where players have no slash commands
    (the same hint, pointing to Make move)."""
    BOARD_SIZES: ClassVar[Mapping[str, str]] = {}
    """The variants by their board's size (``12x12``), which is how players read them (the
    catalogues' `variant.<variant>`): a size typed for a variant is that variant. The variants'
    own names stay what is stored and what the commands have always accepted."""

    LEVEL_RATINGS: ClassVar[Mapping[str, int]] = {}
    """The computer's levels by their strength in this game: each level's rating on the ladder
    of docs/strength.md (`python -m bench.strength.ladder`, 2 s a move, random play fixed at 0),
    rounded to 50, so that a player picks an opponent by strength ("hard, about 1750").
    tests/bot/games/test_level_ratings.py holds them to the table they come from."""

    def __init__(self, game: type[G], texts: str | None = None) -> None:
        self.game = game
        self._texts = texts  # the package whose ``texts/<language>.json`` hold its messages
        self.key: str = game.KEY
        self.variants: tuple[str, ...] = game.VARIANTS  # the first is the default
        self.colours: tuple[Side, Side] = game.colours()  # the first mover's, then the other

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"

    # Texts: catalogue keys, by convention from the game's key ----------------------------------

    def texts(self, language: str) -> dict[str, object]:
        """The game's own messages in `language` (its name, notation, rules, rule reasons,
        notes, image words), nested as in the bot's catalogue files; empty where it has none.
        The bot's catalogue merges them with its own. Raises `ValueError` for a file that is
        not JSON."""
        if self._texts is None:
            return {}
        source = files(self._texts) / "texts" / f"{language}.json"
        if not source.is_file():
            return {}
        loaded = json.loads(source.read_text(encoding="utf-8"))
        if not isinstance(loaded, dict):
            raise ValueError(f"{self.key}: {language}.json holds no object")
        return loaded

    @property
    def title_key(self) -> str:
        """The game's name."""
        return f"title.{self.key}"

    @property
    def notation_key(self) -> str:
        """How moves are written (shown with a move that could not be read)."""
        return f"notation.{self.key}"

    @property
    def first_move_key(self) -> str:
        """The hint for the first mover of a new game (with an `example` move); the game's
        texts also hold it with `BY_BUTTONS` appended, for players without slash commands."""
        return f"game.first_{self.key}"

    # Games -------------------------------------------------------------------------------------

    def new(self, variant: str) -> G:
        """A new game of `variant`."""
        return self.game.new(variant)

    def load(self, record: str) -> G:
        """The game a stored JSON record describes (replayed, every move checked)."""
        return self.game.from_json(record)

    def read(self, text: str, variant: str) -> G:
        """The game a text record describes (replayed, every move checked); raises the engine's
        typed errors with the line of the first bad entry."""
        return self.game.from_text(text, variant)

    def colour(self, name: str) -> Side:
        """The colour called `name`; raise `ValueError`."""
        colour: Side = self.game.colour(name)
        return colour

    def check_variant(self, variant: str | None) -> str:
        """The variant's canonical name (the default for None), from its name or its board's
        size (`BOARD_SIZES`: ``12x12``, also written with a multiplication sign); raise
        `ValueError` if unknown."""
        if variant is None:
            return self.variants[0]
        name = variant.strip().lower()
        if name in self.variants:
            return name
        size = name.replace("\N{MULTIPLICATION SIGN}", "x").replace(" ", "")
        by_size = self.BOARD_SIZES.get(size)
        if by_size is None:
            raise ValueError(name)
        return by_size

    def chance(self, game: G, seed: int) -> Sequence[Hashable]:
        """The chance events now due, drawn reproducibly from the game's seed (none by default)."""
        return []

    # What the players read -------------------------------------------------------------------

    def move_notes(self, game: G, played: str | None) -> list[Note]:
        """Lines after the move `played` (None: the game's start), before whose turn it is: the
        dice rolled for the next player, what the move changed. Their parameters `player` (the
        mover) and `other` (the one to move) are filled in by the caller."""
        return []

    def position_notes(self, game: G) -> list[Note]:
        """Lines that say in words what only the image shows of the position now (the dice
        rolled for the player to move), for `/board` and every turn: for players on screen
        readers, and for searching the channel. None by default."""
        return []

    def chance_note(self, event: str) -> Note | None:
        """A chance event of the record (a roll, in notation) in words, for a message that
        says it was taken back: its `roller` is whom it was drawn for (the caller fills it
        in). None for a game without chance."""
        return None

    def turn_warnings(self, game: G) -> list[Note]:
        """Lines for the player to move about a rule that matters now (a last turn, a choice
        only this turn offers); shown to people, not to the computer."""
        return []

    def first_move_note(self, game: G, *, buttons: bool = False) -> Note:
        """The hint for the first mover of a new game, with an example that can be played
        (the first roll decides what can). `buttons`: where the players have no slash commands
        (a DM or group DM), the hint points to Make move (its key ends with `BY_BUTTONS`)."""
        ending = self.BY_BUTTONS if buttons else ""
        example = self.example_move(game)
        if example is None:
            return Note(self.FIRST_MOVE_PLAIN + ending)
        return Note(self.first_move_key + ending, {"example": example})

    def example_move(self, game: G) -> str | None:
        """A legal move for the player to move, to show how moves are written; None when there
        is none. By default the best suggestion for an empty prompt that places something: a
        bare `pass` or `swap` shows nothing of the notation."""
        found = self.suggest(game, "")
        for move in found:
            if len(move.split()) > 1 or "-" in move:
                return move
        return found[0] if found else None

    def turn_hint(self, game: G) -> Note | None:
        """A short reminder shown beside each move suggestion (the dice rolled), or None."""
        return None

    # Learning ----------------------------------------------------------------------------------

    def lesson(self) -> Lesson[G] | None:
        """The game's lesson for newcomers (`bot.games.lessons`): steps on positions the engine
        replays, each with a move to find; None for a game without one (the default)."""
        return None

    def shipped_puzzles(self) -> tuple[FoundPuzzle, ...]:
        """The puzzles the project ships for the game (`puzzles.json` in its package, made
        from the computer's own games), for a server without puzzles of its own yet; none
        where the game's package has no such file. Raises `ValueError` for a broken file."""
        if self._texts is None:
            return ()
        source = files(self._texts) / "puzzles.json"
        return read_shipped(source.read_text(encoding="utf-8")) if source.is_file() else ()

    # Images ------------------------------------------------------------------------------------

    @abstractmethod
    def image(
        self,
        game: G,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        turn: int | None = None,
    ) -> Image.Image:
        """The position as a picture; a turn number it shows is `turn`, by default the turn
        being played (`bot.games.kind.turn_in_play`)."""

    def png(
        self,
        game: G,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        caption: str | None = None,
    ) -> bytes:
        """The position as PNG bytes (through the shared palette), under a `caption` band
        when one is given (the score of a match)."""
        image = self.image(game, players, labels=labels, width=width)
        if caption:
            image = with_caption(image, caption)
        return png_bytes(image, DEFAULT_THEME)

    @abstractmethod
    def frames(
        self,
        game: G,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Iterable[Image.Image]:
        """The replay's pictures, one per turn, the names as the colours are held at the end."""

    def turn_png(
        self,
        game: G,
        played: str,
        better: str,
        players: Players,
        *,
        captions: tuple[str, str],
        labels: Labels = ENGLISH,
        width: int = SMALL_WIDTH,
    ) -> bytes:
        """A turn of the analysis: the position `game` after the turn `played` and after the
        `better` one, side by side, each under its caption, each turn marked as the image marks
        a last turn. `players` names the colours as they are held in `game`; a turn that
        changes their owners (the pie rule's swap) is drawn with the names exchanged, so it
        names the one who made it. Raises the engine's errors if either cannot be played in
        `game`."""
        boards = []
        turn = turn_in_play(game)  # the turn both pictures show the result of, as the text says
        for text, caption in zip((played, better), captions, strict=True):
            after = game.copy()
            after.play(text)
            held = self.held_after(players, game, after)
            image = self.image(after, held, labels=labels, width=width, turn=turn)
            boards.append(with_caption(image, caption))
        return png_bytes(side_by_side(boards, DEFAULT_THEME), DEFAULT_THEME)

    def held_after(self, players: Players, before: G, after: G) -> dict[str, str]:
        """`players` (the colours' names as held in `before`) as the colours are held in
        `after`, another position of the same game (later or earlier): the two names exchanged
        if the owners differ between them (the pie rule's swap), else the same."""
        names = {str(getattr(colour, "value", colour)): name for colour, name in players.items()}
        if before.first_player_colour == after.first_player_colour:
            return names
        first, second = (colour.value for colour in self.colours)
        return {first: names.get(second, ""), second: names.get(first, "")}

    def replay(
        self,
        game: G,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        caption: str | None = None,
    ) -> bytes:
        """The whole game as an animated GIF (under Discord's upload limit), each frame under
        the `caption` band when one is given."""

        def frames(size: int) -> Iterable[Image.Image]:
            drawn = self.frames(game, players, labels=labels, width=size)
            return (with_caption(frame, caption) for frame in drawn) if caption else drawn

        return render_replay(frames, game.ply, width=width)

    # The web board -----------------------------------------------------------------------------

    def web_look(self) -> WebJson:
        """The colours and proportions the web board draws the game with: the same constants
        its images use (nothing by default)."""
        return {}

    def web_position(self, game: G) -> WebJson:
        """The position as the web board draws it. By default the moves so far in notation,
        which any game has; a game with a board of its own describes its board."""
        return {"moves": [str(move) for move in game.moves]}

    def web_targets(self, game: G, picks: Sequence[str]) -> WebTargets:
        """What the player to move may click next after `picks` (what they clicked so far,
        in the game's own words), and the turn those clicks make once it is complete. Raises
        the engine's `InvalidMoveError` or `IllegalMoveError` (with the rule) for a click
        that may not be made, so that the board can say why.

        By default every legal move is one click: the first pick is the whole move."""
        if not picks:
            legal = (move for move in game.legal_moves() if not game.is_chance(move))
            return WebTargets({"moves": [str(move) for move in islice(legal, 200)]})
        if len(picks) > 1:
            raise InvalidMoveError("a move of this game is one click")
        move = game.parse_move(picks[0])
        game.check(move)
        return WebTargets({"moves": []}, str(move))

    # Suggestions and the computer --------------------------------------------------------------

    def suggest(self, game: G, typed: str, limit: int = SUGGESTIONS) -> list[str]:
        """Up to `limit` legal moves for the player to move that fit `typed`, best first (for
        `/move`'s autocomplete: cheap enough to run on the event loop)."""
        if game.to_move is None:
            return []
        text = re.sub(r"\s*-\s*", "-", " ".join(typed.lower().split()))  # "c3 - e4" is "c3-e4"
        return list(islice(_unique(self.candidates(game, text)), limit))

    @abstractmethod
    def candidates(self, game: G, typed: str) -> Iterator[str]:
        """Legal moves for the player to move that fit `typed` (lower case, single spaces, no
        spaces around a dash), the likeliest first; repeats are allowed."""

    @abstractmethod
    def choose(self, game: G, level: Level, rng: Rng, stop: Stop) -> str:
        """The computer's move for the player to move, in notation."""

    def win_chance(self, game: G) -> float:
        """The chance that `colours[0]` wins `game`: 1.0, 0.0 or 0.5 once it is over, else
        the game's model fitted to played games (an even chance for a game without one).
        Verbindung's looks at the mover's turns first (about 0.1 s, up to 0.2 s): work for the
        worker processes, not for the event loop; a review carries the chances it needs."""
        outcome = game.outcome()
        if outcome is None:
            return 0.5
        if outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == self.colours[0] else 0.0

    def judged_chance(self, game: G, rng: Rng) -> float | None:
        """The chance that `colours[0]` wins `game`, judged more closely than `win_chance`
        for the review of a turn (worker processes only; the same `game` and `rng` give the
        same chance), or None where `win_chance` is the judgement (the default). Ponte's
        looks at the best answer first."""
        return None


def _unique(items: Iterable[str]) -> Iterator[str]:
    """`items` without repeats, lazily: the candidates are only worked out as far as shown."""
    seen: set[str] = set()
    for item in items:
        if item not in seen:
            seen.add(item)
            yield item
