"""A tournament's standings from its results: points (a win 1, a draw 1/2, a bye 1, a forfeit
the opponent's win), then Sonneborn-Berger (round robin) or Buchholz (Swiss), then the order of
entry, so the order is the same every time. Pure: plain values in, plain values out.

Points are counted in half-points (a win 2) and Sonneborn-Berger in quarter-points (an
opponent's half-points times one's own half-points against them), so nothing is a float.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.service.tournament.pairing import BYE, FIRST, SECOND, Entrant

WIN, DRAW, LOSS = 2, 1, 0


@dataclass(frozen=True, slots=True)
class Player:
    """An entrant as the standings see them."""

    id: int
    seed: int  # the order of entry
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Played:
    """A board of a round and how it ended: `first_points` are the first player's half-points
    (None while it is played); a bye has no `second`; `forfeit` marks a game not played (its
    points stand, but it is not rated and counts for no colour)."""

    round: int
    first: int
    second: int | None
    first_points: int | None
    forfeit: bool = False

    @property
    def finished(self) -> bool:
        return self.first_points is not None

    def points_of(self, player: int) -> int:
        """The half-points `player` scored here (0 while it is played)."""
        if self.first_points is None:
            return 0
        return self.first_points if player == self.first else WIN - self.first_points


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings. `place` is shared by players equal on points and tie-break."""

    place: int
    id: int
    points: int  # half-points
    tiebreak: int  # Sonneborn-Berger in quarter-points, or Buchholz in half-points
    wins: int
    draws: int
    losses: int
    withdrawn: bool


def scores(games: Iterable[Played]) -> dict[int, int]:
    """Each player's half-points from the finished boards."""
    total: dict[int, int] = {}
    for game in games:
        if not game.finished:
            continue
        for player in (game.first, game.second):
            if player is not None:
                total[player] = total.get(player, 0) + game.points_of(player)
    return total


def standings(
    players: Sequence[Player], games: Sequence[Played], *, round_robin: bool
) -> list[Standing]:
    """The standings: points, then Sonneborn-Berger for a round robin (the opponents' points,
    weighted by one's result against each) or Buchholz for a Swiss (the opponents' points
    added up; a bye adds nothing), then the order of entry."""
    points = scores(games)
    tiebreak = {player.id: 0 for player in players}
    record = {player.id: [0, 0, 0] for player in players}
    for game in games:
        if not game.finished or game.second is None:
            continue
        for me, them in ((game.first, game.second), (game.second, game.first)):
            mine = game.points_of(me)
            weight = mine if round_robin else 1
            tiebreak[me] = tiebreak.get(me, 0) + points.get(them, 0) * weight
            if me in record:
                record[me][{WIN: 0, DRAW: 1, LOSS: 2}[mine]] += 1
    ordered = sorted(players, key=lambda p: (-points.get(p.id, 0), -tiebreak[p.id], p.seed))
    lines: list[Standing] = []
    for index, player in enumerate(ordered):
        key = (points.get(player.id, 0), tiebreak[player.id])
        shared = lines and (lines[-1].points, lines[-1].tiebreak) == key
        place = lines[-1].place if shared else index + 1
        wins, draws, losses = record[player.id]
        lines.append(Standing(place, player.id, *key, wins, draws, losses, player.withdrawn))
    return lines


def entrants(players: Sequence[Player], games: Sequence[Played]) -> list[Entrant]:
    """What the Swiss pairing needs of the players still in: points, opponents, colours round
    by round and byes. A forfeit counts its points but is no meeting and no colour."""
    points = scores(games)
    by_round = sorted(games, key=lambda game: game.round)
    result = []
    for player in players:
        if player.withdrawn:
            continue
        opponents: set[int] = set()
        colours, had_bye = "", False
        for game in by_round:
            if player.id not in (game.first, game.second):
                continue
            if game.second is None:
                colours, had_bye = colours + BYE, True
            elif game.forfeit:
                colours += BYE
            else:
                opponents.add(game.second if player.id == game.first else game.first)
                colours += FIRST if player.id == game.first else SECOND
        result.append(
            Entrant(
                id=player.id,
                seed=player.seed,
                points=points.get(player.id, 0),
                opponents=frozenset(opponents),
                colours=colours,
                had_bye=had_bye,
            )
        )
    return result
