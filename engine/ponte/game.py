"""A game of Ponte del Diavolo: turn order, the pie rule, the end, and the queries the bot needs.

Shaped like python-chess: `legal_moves()`, `is_legal()`, `parse_move()`, `push()` (trusted),
`play()` (parse, validate, push), `outcome()`, `copy()`. A game is its variant and its moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeGuard

from engine.coords import Field
from engine.errors import GameOverError, IllegalMoveError
from engine.game import Game, Outcome, Termination
from engine.ponte.board import Board, Problem
from engine.ponte.moves import Bridge, Move, Pass, Place, Resign, Swap, parse_move
from engine.ponte.scoring import Score, score, winner
from engine.ponte.variants import Colour, Variant, get_variant


class PonteGame(Game[Move, Colour]):
    """A game in progress or finished; build one, then `play` moves in notation."""

    KEY = "ponte"
    TITLE = "Ponte del Diavolo"
    VARIANTS = ("online", "classic")

    def __init__(self, variant: str | Variant = "online") -> None:
        self.variant = get_variant(variant)
        self.board = Board(self.variant.size)
        self._moves: list[Move] = []
        self._turn = Colour.WHITE  # whose turn it is, or would be after the end (see to_move)
        self.swapped = False  # P4: the second player took white
        self._final_turn = False  # P16: white passed, so red's turn now is the last
        self._end: tuple[str, Colour | None] | None = None  # (rule, resigned colour)

    def copy(self) -> PonteGame:
        """An independent copy (moves and board)."""
        other = PonteGame.__new__(PonteGame)
        other.__dict__.update(self.__dict__)
        other.board, other._moves = self.board.copy(), self._moves.copy()
        return other

    @classmethod
    def new(cls, variant: str | None = None) -> PonteGame:
        """A new game of `variant` (online by default)."""
        return cls(variant or "online")

    @classmethod
    def colours(cls) -> tuple[Colour, Colour]:
        """White, who begins (P3), and red."""
        return (Colour.WHITE, Colour.RED)

    # State ----------------------------------------------------------------------------------------

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move so far, `swap` included."""
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        """How many moves were made."""
        return len(self._moves)

    @property
    def to_move(self) -> Colour | None:
        """Whose turn it is, None once the game is over."""
        return None if self._end is not None else self._turn

    @property
    def variant_name(self) -> str:
        """The variant's name."""
        return self.variant.name

    def is_move(self, move: object) -> TypeGuard[Move]:
        """Whether `move` is a Ponte del Diavolo move (legal or not)."""
        return isinstance(move, (Place, Bridge, Pass, Swap, Resign))

    def is_final_turn(self) -> bool:
        """Whether the coming turn is the last (P16: white passed, red's turn now ends it)."""
        return self._final_turn and self._end is None

    def movers(self) -> tuple[Colour | None, ...]:
        """For each move, the colour its player holds now: after a swap (P4) the first player's
        opening stones are red's, and the swap was made by the player who now holds white."""
        made: list[Colour] = []
        turn = Colour.WHITE
        for move in self._moves:
            if isinstance(move, Resign):
                made.append(move.colour)
                continue
            made.append(Colour.WHITE if isinstance(move, Swap) else turn)
            if not isinstance(move, Swap):
                turn = turn.other
        swap = next((i for i, m in enumerate(self._moves) if isinstance(m, Swap)), None)
        if swap is not None:  # the opening was played by the player who holds red now
            made[:swap] = [colour.other for colour in made[:swap]]
        return tuple(made)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._end is not None

    @property
    def first_player_colour(self) -> Colour:
        """The colour of the player who made the first turn (red after a swap)."""
        return Colour.RED if self.swapped else Colour.WHITE

    def stones_left(self, colour: Colour) -> int | None:
        """Stones `colour` may still place (None: unlimited)."""
        limit = self.variant.stones_per_colour
        return None if limit is None else limit - self.board.stone_count(colour)

    @property
    def bridges_left(self) -> int | None:
        """Bridges left in the common supply (None: unlimited)."""
        limit = self.variant.bridges
        return None if limit is None else limit - len(self.board.bridges)

    def score(self, colour: Colour) -> Score:
        """The score `colour` has now (P19)."""
        return score(self.board, colour)

    def scores(self) -> dict[Colour, int]:
        """The points of each colour now (P19)."""
        return {colour: self.score(colour).points for colour in Colour}

    def outcome(self) -> Outcome[Colour] | None:
        """The result once the game is over (with each colour's points), else None."""
        if self._end is None:
            return None
        rule, resigned = self._end
        scores = {colour: self.score(colour) for colour in Colour}
        points = {colour: score.points for colour, score in scores.items()}
        if resigned is not None:
            return Outcome(resigned.other, Termination.RESIGNATION, rule, points)
        return Outcome(winner(scores), Termination.FINISHED, rule, points)

    # Legality ------------------------------------------------------------------------------------

    def parse_move(self, text: str, *, by: Colour | None = None) -> Move:
        """Parse `text`; a bare ``resign`` is `by` (the player to move by default). Raises
        `InvalidMoveError`."""
        return parse_move(text, mover=by or self.to_move)

    def resignation(self, colour: Colour) -> Resign:
        """`colour` gives up (P18)."""
        return Resign(colour)

    def resigner(self, move: Move) -> Colour | None:
        """The colour `move` resigns for (P18), or None."""
        return move.colour if isinstance(move, Resign) else None

    def check(self, move: Move) -> None:
        """Raise `IllegalMoveError` (with the rule id) if `move` may not be played now."""
        if self._end is not None:
            raise GameOverError(self._end[0], "the game is over")
        if isinstance(move, Resign):
            return
        if isinstance(move, Swap):
            if self.ply != 1:
                message = "swap is only possible as the second turn of a game"
                raise IllegalMoveError("P4", message, reason="swap_late")
            return
        if self.ply < 2 and not isinstance(move, Place):
            message = f"the first two turns place two stones each, not {move}"
            raise IllegalMoveError("P5", message, reason="opening_stones")
        problem = self._problem(move)
        if problem is not None:
            raise problem.error()

    def _problem(self, move: Place | Bridge | Pass) -> Problem | None:
        if isinstance(move, Pass):
            return self._pass_problem()
        off_board = self._off_board(move.first, move.second)
        if off_board is not None:
            return off_board
        if isinstance(move, Place):
            return self._place_problem(move)
        if self.bridges_left == 0:
            bridges = str(self.variant.bridges)
            message = f"all {bridges} bridges have been built"
            return Problem("P1", message, "no_bridges_left", (), {"count": bridges})
        return self.board.bridge_problem(move, self._turn)

    def _off_board(self, *fields: Field) -> Problem | None:
        size = self.variant.size
        for field in fields:
            if not field.on_board(size):
                message = f"{field} is not on the {size}x{size} board"
                params = {"size": str(size)}
                return Problem(self.variant.rule, message, "off_board", (field,), params)
        return None

    def _place_problem(self, move: Place) -> Problem | None:
        colour, board = self._turn, self.board
        left = self.stones_left(colour)
        if left is not None and left < 2:
            message = f"{colour} has {left} stone(s) left; a turn places two"
            return Problem("P1", message, "no_stones_left", (), {"count": str(left)})
        if move.first == move.second:
            message = f"a turn places two stones on two different fields, not {move.first} twice"
            return Problem("P5", message, "same_field", (move.first,))
        first, second = board.index(move.first), board.index(move.second)
        return (
            board.stone_problem(first, colour)
            or board.stone_problem(second, colour)
            or board.stone_problem(second, colour, also=first)
        )

    def _pass_problem(self) -> Problem | None:
        pair = self._two_stones()
        if pair is None:
            return None
        example = Place(*(self.board.field(index) for index in pair))
        message = f"you may pass only when you cannot place two stones, and {example} is possible"
        return Problem("P6", message, "pass_possible", (example.first, example.second))

    # Queries -------------------------------------------------------------------------------------

    def _legal_field_indices(self) -> list[int]:
        left = self.stones_left(self._turn)
        if self._end is not None or (left is not None and left < 2):
            return []
        problem, colour = self.board.stone_problem, self._turn
        return [i for i in self.board.geo.fields if problem(i, colour) is None]

    def legal_fields(self) -> list[Field]:
        """Every field where the player to move could place a stone now, in canonical order."""
        return [self.board.field(i) for i in self._legal_field_indices()]

    def legal_bridges(self) -> list[Bridge]:
        """Every bridge the player to move could build now, in canonical order."""
        if self._end is not None or self.ply < 2 or self.bridges_left == 0:
            return []
        board, colour = self.board, self._turn
        found = []
        for index in board.geo.fields:
            if board.cells[index] is not colour or board.bridge_end[index]:
                continue
            for span in board.geo.spans[index]:
                if board.cells[span.other] is colour:
                    bridge = Bridge(board.field(index), board.field(span.other))
                    if board.bridge_problem(bridge, colour) is None:
                        found.append(bridge)
        return sorted(found, key=lambda bridge: (bridge.first, bridge.second))

    def _two_stones(self) -> tuple[int, int] | None:
        """Some pair of fields the player to move can fill this turn, or None."""
        pairs = self._stone_pairs()
        return next(pairs, None)

    def _stone_pairs(self) -> Iterator[tuple[int, int]]:
        # P10: stones only ever make placements illegal, so the second stone is one of the
        # fields that are legal now, and each pair needs checking in one order only.
        fields = self._legal_field_indices()
        problem, colour = self.board.stone_problem, self._turn
        for position, first in enumerate(fields):
            for second in fields[position + 1 :]:
                if problem(second, colour, also=first) is None:
                    yield first, second

    def can_pass(self) -> bool:
        """Whether the player to move may pass now (P5, P6)."""
        return self._end is None and self.ply >= 2 and self._two_stones() is None

    def _generate(self) -> Iterator[Move]:
        if self._end is not None:
            return
        if self.ply == 1:
            yield Swap()
        field = self.board.field
        for first, second in self._stone_pairs():
            yield Place(field(first), field(second))
        yield from self.legal_bridges()
        if self.can_pass():
            yield Pass()

    # Making moves --------------------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Make `move` without checking it (the caller has: see `check` and `play`)."""
        colour = self._turn
        self._moves.append(move)
        if isinstance(move, Resign):
            self._end = ("P18", move.colour)
            return
        if isinstance(move, Swap):
            self.swapped = True  # colours change owners; red is still to move
            return
        if isinstance(move, Place):
            self.board.place(self.board.index(move.first), colour)
            self.board.place(self.board.index(move.second), colour)
        elif isinstance(move, Bridge):
            self.board.build(move)
        self._end_turn(passed=isinstance(move, Pass))

    def _end_turn(self, passed: bool) -> None:
        if self._turn is Colour.RED and self._final_turn:
            self._end = ("P16", None)
        elif self._turn is Colour.RED and passed:
            self._end = ("P17", None)
        elif passed:
            self._final_turn = True
        self._turn = self._turn.other
