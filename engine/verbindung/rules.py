"""One turn in progress: checking and making placements and exchanges (V6-V12).

`TurnState` holds the board, the rolled dice not yet placed and what the turn has done so far. The
game uses it on a copy of its board to check a whole turn, and on its own board to push one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.coords import Field
from engine.errors import IllegalMoveError
from engine.game import Outcome, Termination, game_over
from engine.verbindung.board import Board
from engine.verbindung.layout import FACE_ORIENTATIONS, PLACEMENTS_PER_TURN, SIZE, Face, Player
from engine.verbindung.moves import Action, Exchange, Place
from engine.verbindung.tables import TILES, WHITE_TILE

WHITE = Face.WHITE_CROSS


def _index(field: Field) -> int:
    if not field.on_board(SIZE):
        message = f"{field} is not on the 6x6 area (a1..f6)"
        raise IllegalMoveError("V1", message, reason="off_board", fields=(field,))
    return field.index(SIZE)


def roll_text(faces: Iterable[Face]) -> str:
    """Rolled faces as errors name them (``red-bridge, arcs``): a player sees the roll again."""
    return ", ".join(faces)


class TurnState:
    """The position inside one turn: board, unplaced rolled dice, actions made, outcome."""

    __slots__ = ("actions", "board", "mover", "outcome", "roll", "rolled", "whites")

    def __init__(self, board: Board, mover: Player, roll: tuple[Face, ...]) -> None:
        """Start a turn of `mover` on `board` (used in place, not copied) with the rolled dice."""
        self.board = board
        self.mover = mover
        self.roll = list(roll)  # the rolled dice not placed yet
        self.rolled = tuple(roll)  # the whole roll, for the errors to restate
        self.actions = 0
        self.whites = 0
        self.outcome: Outcome[Player] | None = None

    def copy(self) -> TurnState:
        """An independent copy (the board too)."""
        state = TurnState(self.board.copy(), self.mover, self.rolled)
        state.roll = self.roll[:]
        state.actions, state.whites, state.outcome = self.actions, self.whites, self.outcome
        return state

    @property
    def slots_left(self) -> int:
        """How many more placements or exchanges the turn allows (V6)."""
        return PLACEMENTS_PER_TURN - self.actions

    # Checking ---------------------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise `IllegalMoveError` (or `GameOverError`) unless `action` may be made now."""
        if self.outcome is not None:
            raise game_over(self.outcome, f"the game ended before {action}")
        if self.slots_left <= 0:
            message = "a turn places at most two dice (exchanges included)"
            raise IllegalMoveError("V6", message, reason="too_many", params=self._roll_params())
        if isinstance(action, Place):
            self._check_place(action)
        else:
            self._check_exchange(action)

    def _check_place(self, place: Place) -> None:
        index = _index(place.field)
        if place.face not in self.roll:
            self._missing_face(place.face)
        if self.board.tiles[index] is not None:
            message = f"{place.field} already holds a die"
            raise IllegalMoveError("V7", message, reason="occupied", fields=(place.field,))
        if not self.board.attaches(index, TILES[(place.face, place.orientation)], self.mover):
            raise IllegalMoveError(
                "V7",
                f"{place} does not continue any path: no edge faces a matching side of an "
                f"adjacent die or of a {self.mover} base",
                reason="no_path",
                fields=(place.field,),
                params={"placement": str(place)},
            )

    def _missing_face(self, face: Face) -> None:
        """Raise V6 for `face`: told apart whether it was not rolled or is placed already."""
        left = roll_text(self.roll) or "none"
        message = f"no {face} is among the rolled dice left to place ({left})"
        params = {"face": str(face), **self._roll_params()}
        if face in self.rolled:  # rolled, but this turn has placed every one of them
            raise IllegalMoveError("V6", message, reason="face_used", params=params)
        raise IllegalMoveError("V6", message, reason="not_rolled", params=params)

    def _roll_params(self) -> dict[str, str]:
        # Errors about the dice restate the roll: the whole of it, and what is still unplaced.
        return {"roll": roll_text(self.rolled), "left": roll_text(self.roll)}

    def _check_exchange(self, exchange: Exchange) -> None:
        index = _index(exchange.field)
        tile = self.board.tiles[index]
        if tile is None:
            message = f"{exchange.field} holds no die to exchange"
            raise IllegalMoveError("V10", message, reason="no_die", fields=(exchange.field,))
        if not self._exchange_helps(index):
            raise IllegalMoveError(
                "V10",
                f"a white cross on {exchange.field} would not rejoin a cut-off {self.mover} base",
                reason="exchange_useless",
                fields=(exchange.field,),
            )

    def _exchange_helps(self, index: int) -> bool:
        board = self.board
        return board.potential_groups(self.mover, index) < board.potential_groups(self.mover)

    # Making -----------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Make `action` without checking it (trusted), then look for the end of the game."""
        if isinstance(action, Place):
            self.board.put(action.field.index(SIZE), TILES[(action.face, action.orientation)])
            self.roll.remove(action.face)
            self.whites += action.face is WHITE
        else:
            self.board.put(action.field.index(SIZE), WHITE_TILE)
            # V10: an exchange uses a rolled white cross while one is unplaced (so fulfils V6).
            if WHITE in self.roll:
                self.roll.remove(WHITE)
                self.whites += 1
        self.actions += 1
        self.outcome = self._judge()

    def play(self, action: Action) -> None:
        """Check `action`, then make it; raise `IllegalMoveError` as `check` does."""
        self.check(action)
        self.apply(action)

    def after(self, action: Action) -> TurnState:
        """A copy of this state with `action` made (trusted)."""
        state = self.copy()
        state.apply(action)
        return state

    def _judge(self) -> Outcome[Player] | None:
        # V11: the mover's network is judged first, so completing both networks wins.
        if self.board.connected(self.mover):
            return Outcome(self.mover, Termination.CONNECTED, "V11")
        if self.board.connected(self.mover.other):
            return Outcome(self.mover.other, Termination.HANDED, "V11")
        if self.board.full:
            return Outcome(None, Termination.FULL_BOARD, "V12")
        return None

    # Listing ----------------------------------------------------------------------------------

    def placements(self, face: Face) -> Iterator[Place]:
        """Every placement of `face` allowed by V1 and V7 (the V6 white-cross duty aside)."""
        board, mover = self.board, self.mover
        options = [(o, TILES[(face, o)]) for o in FACE_ORIENTATIONS[face]]
        for index, tile in enumerate(board.tiles):
            if tile is None:
                field = Field.from_index(index, SIZE)
                for orientation, candidate in options:
                    if board.attaches(index, candidate, mover):
                        yield Place(face, field, orientation)

    def exchanges(self) -> Iterator[Exchange]:
        """Every exchange V10 allows now."""
        board, mover = self.board, self.mover
        # A count of 1 cannot be lowered, which spares a network per placed die.
        if board.potential_groups(mover) == 1:
            return
        for field, _tile in board.items():
            if self._exchange_helps(field.index(SIZE)):
                yield Exchange(field)

    def actions_now(self) -> Iterator[Action]:
        """Every single action allowed now by V1, V6 (dice and slots), V7 and V10."""
        if self.outcome is not None or self.slots_left <= 0:
            return
        for face in dict.fromkeys(self.roll):
            yield from self.placements(face)
        yield from self.exchanges()

    # The white-cross duty (V6) ----------------------------------------------------------------

    def _white_actions(self) -> Iterator[Action]:
        # White matches every side, so a white cross fits exactly on the frontier.
        for index in self.board.frontier(self.mover):
            yield Place(WHITE, Field.from_index(index, SIZE))
        yield from self.exchanges()

    def more_whites(self) -> int:
        """The most rolled white crosses the rest of the turn could still place (V6)."""
        available = min(self.roll.count(WHITE), self.slots_left)
        if available == 0 or self.outcome is not None:
            return 0
        actions = self._white_actions()
        first = next(actions, None)
        if first is None:
            return 0
        if available == 1:
            return 1
        for action in (first, *actions):
            state = self.after(action)
            if state.outcome is None and next(state._white_actions(), None) is not None:
                return 2
        return 1

    def can_finish(self, duty: int) -> bool:
        """Whether the turn can still end legally: the game is over or the duty can be met."""
        if self.outcome is not None or self.whites >= duty:
            return True
        return self.whites + self.more_whites() >= duty
