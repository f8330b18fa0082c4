"""A tournament's standings from its results: points (a win 1, a draw 1/2, a bye 1, a forfeit
the opponent's win), then Sonneborn-Berger (round robin) or Buchholz (Swiss), then the order of
entry, so the order is the same every time. Pure: plain values in, plain values out.

Unplayed games count in the tie-breaks as FIDE's Tie-Break Regulations count them (FIDE
Handbook C.07, in force from 1 March 2026, https://handbook.fide.com/chapter/
TieBreakRegulations032026, articles 15 and 16):

- A round robin's pairings are fixed in advance, so its forfeits are regular games in
  Sonneborn-Berger (15.2); a round robin's bye, with an odd number of players, is no round of a
  participant's at all and adds nothing.
- In a Swiss, Buchholz counts a player's unplayed rounds (16.2: the pairing's bye, a forfeit
  won or lost, each round after withdrawing, which is a zero-point bye followed only by more)
  as games against a dummy whose score is the player's own (16.4), at most the scheduled
  opponent's adjusted score for a forfeit (16.4.1) and at most a draw in every round otherwise
  (16.4.2); and for their opponents' Buchholz a player's score counts the rounds after their
  withdrawal as draws (16.3.2), every other unplayed round as scored (16.3.1).

Points are counted in half-points (a win 2) and Sonneborn-Berger in quarter-points (an
opponent's half-points times one's own half-points against them), so nothing is a float.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
    players: Sequence[Player], games: Sequence[Played], *, round_robin: bool, rounds: int = 0
) -> list[Standing]:
    """The standings after `rounds` rounds (`games` are theirs; 0: as many as the games
    have): points, then Sonneborn-Berger for a round robin (the opponents' points, weighted by
    one's result against each) or Buchholz for a Swiss (the opponents' points added up, unplayed
    rounds as FIDE counts them: see the module), then the order of entry."""
    points = scores(games)
    rounds = rounds or max((game.round for game in games), default=0)
    if round_robin:
        tiebreak = sonneborn_berger(players, games, points)
    else:
        tiebreak = buchholz(players, games, points, rounds)
    record = {player.id: [0, 0, 0] for player in players}
    for game in games:
        if not game.finished or game.second is None:
            continue
        for me in (game.first, game.second):
            if me in record:
                record[me][{WIN: 0, DRAW: 1, LOSS: 2}[game.points_of(me)]] += 1
    ordered = sorted(players, key=lambda p: (-points.get(p.id, 0), -tiebreak[p.id], p.seed))
    lines: list[Standing] = []
    for index, player in enumerate(ordered):
        key = (points.get(player.id, 0), tiebreak[player.id])
        shared = lines and (lines[-1].points, lines[-1].tiebreak) == key
        place = lines[-1].place if shared else index + 1
        wins, draws, losses = record[player.id]
        lines.append(Standing(place, player.id, *key, wins, draws, losses, player.withdrawn))
    return lines


def sonneborn_berger(
    players: Sequence[Player], games: Sequence[Played], points: Mapping[int, int]
) -> dict[int, int]:
    """Each player's Sonneborn-Berger in quarter-points: the points of each opponent times
    one's own result against them. Forfeits count as the games they stand for (FIDE C.07
    15.2: a round robin's pairings are fixed in advance); a bye adds nothing."""
    total = {player.id: 0 for player in players}
    for game in games:
        if not game.finished or game.second is None:
            continue
        for me, them in ((game.first, game.second), (game.second, game.first)):
            total[me] = total.get(me, 0) + points.get(them, 0) * game.points_of(me)
    return total


def buchholz(
    players: Sequence[Player], games: Sequence[Played], points: Mapping[int, int], rounds: int
) -> dict[int, int]:
    """Each player's Buchholz in half-points over `rounds` rounds, as FIDE C.07 article 16
    counts it: an opponent met over the board adds their adjusted score (16.3: their rounds
    after withdrawing as draws); a round one did not play adds a dummy's score, one's own
    points (16.4), at most the opponent's adjusted score for a forfeit (16.4.1) and at most a
    draw in every round for a bye or a round after one's withdrawal (16.4.2)."""
    absent = _absent_rounds(players, games, rounds)
    adjusted = {p.id: points.get(p.id, 0) + DRAW * absent[p.id] for p in players}
    dummy_cap = DRAW * rounds
    total = {p.id: absent[p.id] * min(points.get(p.id, 0), dummy_cap) for p in players}
    for game in games:
        if not game.finished:
            continue
        if game.second is None:  # the pairing's bye (16.2.1)
            total[game.first] = total.get(game.first, 0) + min(points[game.first], dummy_cap)
            continue
        for me, them in ((game.first, game.second), (game.second, game.first)):
            them_adjusted = adjusted.get(them, points.get(them, 0))
            mine = min(points.get(me, 0), them_adjusted) if game.forfeit else them_adjusted
            total[me] = total.get(me, 0) + mine
    return total


def _absent_rounds(
    players: Sequence[Player], games: Sequence[Played], rounds: int
) -> dict[int, int]:
    """How many of the first `rounds` rounds each player had no board in: only a withdrawn
    player misses a Swiss round (each a zero-point bye followed only by more, FIDE C.07
    16.1.1 and 16.2.5)."""
    boards = {(game.round, player) for game in games for player in (game.first, game.second)}
    return {
        p.id: sum((r, p.id) not in boards for r in range(1, rounds + 1)) if p.withdrawn else 0
        for p in players
    }


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
