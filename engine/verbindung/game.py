"""`VerbindungGame`: a game of Verbindung gesucht as a sequence of events (python-chess style).

A turn is two events: a `Roll` that the caller supplies (the chance step, V5) and then the mover's
`Turn`. `Resign` may come at any time. The game is pure: it never draws dice itself (see `chance`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations_with_replacement
from typing import TypeGuard

from engine.errors import IllegalMoveError, InvalidMoveError
from engine.game import Game, Outcome, Termination, game_over
from engine.verbindung.board import Board, Network
from engine.verbindung.layout import (
    DICE,
    DICE_PER_ROLL,
    FACE_ORDER,
    FIRST_PLAYER,
    OPENING_DICE,
    OPENING_TURNS,
    SIZE,
    Base,
    Face,
    Player,
)
from engine.verbindung.moves import Action, Exchange, Move, Place, Resign, Roll, Turn, parse_move
from engine.verbindung.rules import TurnState, roll_text
from engine.verbindung.tables import Tile

VARIANT = "standard"
"""The game's one variant."""


class Phase(enum.StrEnum):
    """The two steps of a turn (V5, V6)."""

    ROLL = "roll"  # the dice are due: the caller supplies the roll (the chance step)
    PLACE = "place"  # the mover places the rolled dice


class VerbindungGame(Game[Move, Player]):
    """A game from the empty area: query it, and advance it with rolls, turns and resignations.

    `push` trusts its move; `play` and `check` raise `InvalidMoveError` for text that does not
    parse, `IllegalMoveError` (with the V rule id) for a move that breaks a rule and
    `GameOverError` for any move after the end.
    """

    KEY = "verbindung"
    TITLE = "Verbindung gesucht"
    VARIANTS = (VARIANT,)

    def __init__(self) -> None:
        """A new game: empty area, red to roll."""
        self._board = Board()
        self._stack: list[Move] = []
        self._to_move = FIRST_PLAYER
        self._turns = {Player.RED: 0, Player.BLACK: 0}
        self._roll: tuple[Face, ...] | None = None
        self._duty = 0
        self._outcome: Outcome[Player] | None = None

    def copy(self) -> VerbindungGame:
        """An independent copy of the game (board, record and all)."""
        game = VerbindungGame.__new__(VerbindungGame)
        game._board = self._board.copy()
        game._stack = self._stack[:]
        game._to_move = self._to_move
        game._turns = dict(self._turns)
        game._roll, game._duty, game._outcome = self._roll, self._duty, self._outcome
        game._takebacks = self._takebacks
        return game

    @classmethod
    def new(cls, variant: str | None = None) -> VerbindungGame:
        """A new game (the game has one variant, ``standard``)."""
        if variant not in (None, VARIANT):
            raise InvalidMoveError(f"unknown variant {variant!r}; Verbindung gesucht has {VARIANT}")
        return cls()

    @classmethod
    def colours(cls) -> tuple[Player, Player]:
        """Red, who begins (V5), and black."""
        return (FIRST_PLAYER, FIRST_PLAYER.other)

    @property
    def variant_name(self) -> str:
        """The game's one variant."""
        return VARIANT

    def is_move(self, move: object) -> TypeGuard[Move]:
        """Whether `move` is an event of this game (legal or not)."""
        return isinstance(move, (Roll, Turn, Resign))

    def movers(self) -> tuple[Player | None, ...]:
        """For each event, the player who made it (None for a roll: chance's)."""
        made: list[Player | None] = []
        roller = FIRST_PLAYER.other  # rolls alternate from red; a turn is its roller's
        for move in self._stack:
            if isinstance(move, Roll):
                roller = roller.other
                made.append(None)
            elif isinstance(move, Resign):
                made.append(move.player)
            else:
                made.append(roller)
        return tuple(made)

    # State ------------------------------------------------------------------------------------

    @property
    def to_move(self) -> Player | None:
        """Whose turn it is (rolling or placing), or None once the game is over."""
        return None if self._outcome is not None else self._to_move

    @property
    def phase(self) -> Phase | None:
        """The step due now (a roll or the turn's placements), None after the end."""
        if self._outcome is not None:
            return None
        return Phase.ROLL if self._roll is None else Phase.PLACE

    @property
    def roll(self) -> tuple[Face, ...]:
        """The rolled dice waiting to be placed (empty in the roll phase and after the end)."""
        return () if self._roll is None or self._outcome is not None else self._roll

    @property
    def turns(self) -> int:
        """How many turns have begun (each roll begins one)."""
        return sum(self._turns.values())

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every event so far, in order: the game's record."""
        return tuple(self._stack)

    @property
    def supply(self) -> int:
        """V12: dice in the supply, 36 minus the dice on the area (rolled dice count as supply)."""
        return DICE - self._board.count

    def dice_to_roll(self) -> int:
        """V5: how many dice the roll now due must hold (0 when no roll is due)."""
        if self.phase is not Phase.ROLL:
            return 0
        opening = self._to_move is FIRST_PLAYER and self._turns[self._to_move] < OPENING_TURNS
        return min(OPENING_DICE if opening else DICE_PER_ROLL, self.supply)

    def white_duty(self) -> int:
        """V6: how many rolled white crosses the turn now due must place (0 in the roll phase)."""
        return self._duty if self.phase is Phase.PLACE else 0

    def outcome(self) -> Outcome[Player] | None:
        """The winner and the reason once the game is over, else None."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._outcome is not None

    @property
    def board(self) -> Mapping[str, Tile]:
        """The placed dice by field name, in canonical field order (a new mapping each time)."""
        return {str(field): tile for field, tile in self._board.items()}

    # Path queries -----------------------------------------------------------------------------

    def is_connected(self, player: Player) -> bool:
        """V11: whether one network of `player` joins all four of their bases."""
        return self._board.connected(player)

    def bases_joined(self, player: Player) -> int:
        """The most bases of `player` joined by one of their networks (V11)."""
        return self._board.bases_joined(player)

    def cut_off(self, player: Player) -> tuple[Base, ...]:
        """V9: `player`'s bases that no future play can join to the others (empty if none)."""
        return self._board.cut_off(player)

    def networks(self, player: Player) -> tuple[Network, ...]:
        """`player`'s networks that reach a base: their bases and segments, to highlight them."""
        return self._board.networks(player)

    # Listing ----------------------------------------------------------------------------------

    def _state(self, before: Iterable[Action] = ()) -> TurnState:
        """A checked copy of the current turn after `before`; raise `IllegalMoveError`."""
        self._check_phase(Phase.PLACE)
        assert self._roll is not None
        state = TurnState(self._board.copy(), self._to_move, self._roll)
        for action in before:
            state.play(action)
        return state

    def placements(self, face: Face, before: Iterable[Action] = ()) -> list[Place]:
        """Every legal next placement of rolled `face`, after the turn's actions `before`.

        Respects V6: a placement that would leave the white-cross duty unmet is not listed. Empty
        when `face` is not among the dice left. Raises `IllegalMoveError` when no turn is due or
        `before` is not a legal start of the turn.
        """
        state = self._state(before)
        if face not in state.roll or state.outcome is not None or state.slots_left <= 0:
            return []
        duty = self._duty
        need = duty - state.whites - (face is Face.WHITE_CROSS)
        if need <= 0:
            return list(state.placements(face))
        # Placing only adds dice, so every other frontier field still takes a white cross after
        # it: with one white owed and a slot left, a second frontier field settles the duty.
        spare = state.board.frontier(state.mover) if need == 1 and state.slots_left >= 2 else []
        return [
            p
            for p in state.placements(face)
            if len(spare) >= 2
            or (len(spare) == 1 and spare[0] != p.field.index(SIZE))
            or state.after(p).can_finish(duty)
        ]

    def exchanges(self, before: Iterable[Action] = ()) -> list[Exchange]:
        """Every legal next exchange (V10) after the turn's actions `before`; raises as above."""
        state = self._state(before)
        if state.outcome is not None or state.slots_left <= 0:
            return []
        return [e for e in state.exchanges() if state.after(e).can_finish(self._duty)]

    def _generate(self) -> Iterator[Move]:
        """Every legal event now, lazily: each possible roll in the roll phase, each legal turn
        (every order of its actions) in the place phase, nothing after the end. Resignation,
        always legal until the end, is not listed."""
        if self._outcome is not None:
            return
        if self._roll is None:
            for faces in combinations_with_replacement(FACE_ORDER, self.dice_to_roll()):
                yield Roll(faces)
            return
        yield from self._legal_turns()

    def _legal_turns(self) -> Iterator[Turn]:
        start = self._state()
        duty = self._duty
        if duty == 0:
            yield Turn(())
        for first in start.actions_now():
            state = start.after(first)
            if state.outcome is not None or state.whites >= duty:
                yield Turn((first,))
            for second in state.actions_now():
                # A turn that ends the game is complete, whatever dice remain (V11).
                if state.whites + _uses_white(second, state) >= duty or (
                    state.after(second).outcome is not None
                ):
                    yield Turn((first, second))

    # Checking ---------------------------------------------------------------------------------

    def _check_phase(self, phase: Phase | None) -> None:
        """Raise unless the game goes on and `phase` (any for None) is due."""
        if self._outcome is not None:
            raise game_over(self._outcome)
        if phase is Phase.PLACE and self._roll is None:
            message = f"{self._to_move} must roll the dice before the turn"
            raise IllegalMoveError("V5", message, reason="roll_first")
        if phase is Phase.ROLL and self._roll is not None:
            message = f"{self._to_move} has rolled and must now play the turn"
            params = {"roll": roll_text(self._roll)}
            raise IllegalMoveError("V5", message, reason="rolled_already", params=params)

    def check(self, move: Move) -> None:
        """Raise `IllegalMoveError` (or `GameOverError`) unless `move` is legal now."""
        if isinstance(move, Resign):
            self._check_phase(None)
        elif isinstance(move, Roll):
            self._check_roll(move)
        else:
            self._check_turn(move)

    def _check_roll(self, roll: Roll) -> None:
        self._check_phase(Phase.ROLL)
        wanted = self.dice_to_roll()
        if len(roll.faces) != wanted:
            given = len(roll.faces)
            message = f"{self._to_move} must roll {wanted} dice now, not {given}"
            params = {"count": str(wanted), "given": str(given)}
            raise IllegalMoveError("V5", message, reason="dice_count", params=params)

    def _check_turn(self, turn: Turn) -> None:
        state = self._state(turn.actions)
        if state.outcome is None and state.whites < self._duty:
            raise IllegalMoveError(
                "V6",
                f"the turn must place {self._duty} rolled white-cross dice and placed "
                f"{state.whites}",
                reason="white_cross_unplaced",
                params={
                    "count": str(self._duty),
                    "placed": str(state.whites),
                    "roll": roll_text(state.rolled),
                    "left": roll_text(state.roll),
                },
            )

    def parse_move(self, text: str, *, by: Player | None = None) -> Move:
        """Parse one record line into an event; raise `InvalidMoveError` (legality unchecked).
        A bare ``resign`` is `by` (the player to move by default)."""
        mover = by or self.to_move
        if text.split() == ["resign"] and mover is not None:
            return Resign(mover)
        return parse_move(text)

    def resignation(self, colour: Player) -> Resign:
        """`colour` gives up (V12)."""
        return Resign(colour)

    def resigner(self, move: Move) -> Player | None:
        """The player `move` resigns for (V12), or None."""
        return move.player if isinstance(move, Resign) else None

    def is_chance(self, move: Move) -> bool:
        """Whether `move` is a roll (V5): the caller draws those, no player makes them."""
        return isinstance(move, Roll)

    # Making -----------------------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Make `move` without checking it (trusted: use `play` or `check` for untrusted input)."""
        self._stack.append(move)
        if isinstance(move, Resign):
            self._outcome = Outcome(move.player.other, Termination.RESIGNATION, "V12")
        elif isinstance(move, Roll):
            self._roll = move.faces
            self._turns[self._to_move] += 1
            self._duty = TurnState(self._board.copy(), self._to_move, move.faces).more_whites()
        else:
            self._push_turn(move)

    def _push_turn(self, turn: Turn) -> None:
        state = TurnState(self._board, self._to_move, self._roll or ())
        for action in turn.actions:
            state.apply(action)
        self._outcome = state.outcome
        self._roll, self._duty = None, 0
        self._to_move = self._to_move.other


def _uses_white(action: Action, state: TurnState) -> int:
    """1 when `action` would use one of the rolled white crosses (V6, V10), else 0."""
    if isinstance(action, Place):
        return int(action.face is Face.WHITE_CROSS)
    return int(Face.WHITE_CROSS in state.roll)
