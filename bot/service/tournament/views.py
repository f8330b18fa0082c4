"""What the tournament use cases hand out: plain, frozen values for the Discord layer to show."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.tournament.standings import Played, Player, Standing, standings
from bot.store.tournaments import (
    EntrantRow,
    PairingRow,
    TournamentFormat,
    TournamentRow,
    TournamentState,
)


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A tournament with its entrants (in the order of entry) and every board so far."""

    row: TournamentRow
    entrants: tuple[EntrantRow, ...]
    boards: tuple[PairingRow, ...] = ()

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def state(self) -> TournamentState:
        return self.row.state

    @property
    def players(self) -> tuple[int, ...]:
        """Who plays on (not withdrawn), in the order of entry."""
        return tuple(e.user_id for e in self.entrants if e.withdrawn_at is None)

    @property
    def withdrawn(self) -> tuple[int, ...]:
        return tuple(e.user_id for e in self.entrants if e.withdrawn_at is not None)

    def round_boards(self, round_number: int) -> tuple[PairingRow, ...]:
        """The boards of one round, in order."""
        return tuple(b for b in self.boards if b.round == round_number)

    def standings(self, upto_round: int | None = None) -> list[Standing]:
        """The standings after round `upto_round` (None: as they stand now)."""
        last = self.row.current_round if upto_round is None else upto_round
        return standings(
            [Player(e.user_id, e.seed, e.withdrawn_at is not None) for e in self.entrants],
            [played(b) for b in self.boards if b.round <= last],
            round_robin=self.row.format is TournamentFormat.ROUND_ROBIN,
            rounds=last,
        )


def played(board: PairingRow) -> Played:
    """A stored board as the standings read it."""
    return Played(
        board.round, board.first_id, board.second_id, board.first_points, bool(board.forfeit)
    )
