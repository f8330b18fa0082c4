"""Tournament standings (issue 30): points (win 1, draw 1/2, bye 1, forfeit the opponent's win),
Sonneborn-Berger for a round robin, Buchholz for a Swiss, then the order of entry; and what the
Swiss pairing learns from the results."""

from __future__ import annotations

from bot.service.tournament.pairing import Entrant
from bot.service.tournament.standings import (
    DRAW,
    LOSS,
    WIN,
    Played,
    Player,
    Standing,
    entrants,
    standings,
)

A, B, C, D = 1, 2, 3, 4
PLAYERS = [Player(A, 1), Player(B, 2), Player(C, 3), Player(D, 4)]


def summary(lines: list[Standing]) -> list[tuple[int, int, int, int]]:
    return [(line.place, line.id, line.points, line.tiebreak) for line in lines]


def test_round_robin_points_then_sonneborn_berger() -> None:
    games = [
        Played(1, A, D, WIN),
        Played(1, B, C, DRAW),
        Played(2, D, C, LOSS),
        Played(2, A, B, LOSS),
        Played(3, B, D, DRAW),
        Played(3, C, A, DRAW),
    ]
    # Points (half): A 3, B 4, C 4, D 1. SB (quarters): B = A*2 + C*1 + D*1 = 6+4+1 = 11;
    # C = B*1 + D*2 + A*1 = 4+2+3 = 9; A = D*2 + B*0 + C*1 = 2+0+4 = 6; D = B*1 = 4.
    assert summary(standings(PLAYERS, games, round_robin=True)) == [
        (1, B, 4, 11),
        (2, C, 4, 9),
        (3, A, 3, 6),
        (4, D, 1, 4),
    ]


def test_swiss_tiebreak_is_buchholz_and_a_bye_is_a_game_against_a_dummy() -> None:
    players = [*PLAYERS, Player(5, 5)]
    games = [
        Played(1, A, B, WIN),
        Played(1, C, D, WIN),
        Played(1, 5, None, WIN),
        Played(2, 5, A, LOSS),
        Played(2, D, B, DRAW),
        Played(2, C, None, WIN),
    ]
    # A 4, C 4, 5: 2, B 1, D 1 (half-points). Buchholz, the opponents' points; a bye (FIDE
    # C.07 16.4) is a game against a dummy with one's own points, at most a draw in every
    # round (2 rounds: 2 half-points): A = B + 5 = 1+2 = 3; C = D + dummy min(4, 2) = 1+2 = 3;
    # 5 = dummy min(2, 2) + A = 2+4 = 6; B = A + D = 5; D = C + B = 5. A and C now share first
    # place (a bye used to add nothing: C's 1 put her second).
    lines = standings(players, games, round_robin=False, rounds=2)
    assert summary(lines) == [(1, A, 4, 3), (1, C, 4, 3), (3, 5, 2, 6), (4, B, 1, 5), (4, D, 1, 5)]


def test_swiss_buchholz_counts_forfeits_and_withdrawals_as_fide_does() -> None:
    players = [Player(A, 1), Player(B, 2), Player(C, 3, withdrawn=True), Player(D, 4)]
    games = [
        Played(1, A, B, WIN),
        Played(1, C, D, WIN),
        Played(2, C, A, LOSS, forfeit=True),  # C withdrew before their game began
        Played(2, B, D, DRAW),
        Played(3, A, D, WIN),  # C, withdrawn, is not paired
        Played(3, B, None, WIN),
    ]
    # Points (half): A 6, B 3, C 2, D 1. For their opponents' Buchholz a player's rounds after
    # withdrawing count as draws (16.3.2): C's adjusted score is 2 + 1 = 3. One's own unplayed
    # rounds are games against a dummy with one's own points (16.4), at most the scheduled
    # opponent's adjusted score for a forfeit (16.4.1), at most a draw in every round
    # otherwise (16.4.2, 3 rounds: 3 half-points).
    # A = B 3 + forfeit min(6, C 3) + D 1 = 7; B = A 6 + D 1 + bye min(3, 3) = 10;
    # C = D 1 + forfeit min(2, A 6) + absent min(2, 3) = 5; D = C 3 + B 3 + A 6 = 12.
    lines = standings(players, games, round_robin=False, rounds=3)
    assert summary(lines) == [(1, A, 6, 7), (2, B, 3, 10), (3, C, 2, 5), (4, D, 1, 12)]
    # Before the third round was played, nobody was absent yet and the cap was two rounds'.
    lines = standings(players, [g for g in games if g.round < 3], round_robin=False, rounds=2)
    assert summary(lines) == [(1, A, 4, 3), (2, C, 2, 3), (3, B, 1, 5), (4, D, 1, 3)]


def test_round_robin_forfeits_count_as_games_and_the_absent_player_sits_out() -> None:
    # With pre-determined pairings (a round robin) forfeits are treated as regular games
    # (FIDE C.07 15.2): the winner by forfeit counts the withdrawn player's points.
    players = [Player(A, 1), Player(B, 2), Player(C, 3, withdrawn=True)]
    games = [
        Played(1, A, B, DRAW),
        Played(1, C, None, WIN),
        Played(2, C, A, WIN),
        Played(2, B, None, WIN),
        Played(3, B, C, WIN, forfeit=True),
        Played(3, A, None, WIN),
    ]
    # Points: A 1+2 = 3, B 1+2+2 = 5, C 2+2 = 4. SB (quarters): A = B*1 + C*0 = 5;
    # B = A*1 + C*2 = 3+8 = 11; C = A*2 + B*0 = 6.
    lines = standings(players, games, round_robin=True, rounds=3)
    assert summary(lines) == [(1, B, 5, 11), (2, C, 4, 6), (3, A, 3, 5)]


def test_equal_players_keep_the_order_of_entry_and_share_the_place() -> None:
    lines = standings(PLAYERS, [], round_robin=True)
    assert summary(lines) == [(1, A, 0, 0), (1, B, 0, 0), (1, C, 0, 0), (1, D, 0, 0)]


def test_a_forfeit_gives_the_opponent_the_win_and_a_withdrawn_player_stays_listed() -> None:
    players = [Player(A, 1), Player(B, 2, withdrawn=True)]
    lines = standings(players, [Played(1, B, A, LOSS, forfeit=True)], round_robin=True)
    assert [(s.id, s.points, s.wins, s.losses, s.withdrawn) for s in lines] == [
        (A, 2, 1, 0, False),
        (B, 0, 0, 1, True),
    ]


def test_games_still_played_count_nothing() -> None:
    lines = standings(PLAYERS[:2], [Played(1, A, B, None)], round_robin=True)
    assert [(s.points, s.wins + s.draws + s.losses) for s in lines] == [(0, 0), (0, 0)]


def test_entrants_carry_points_opponents_colours_and_byes() -> None:
    players = [Player(A, 1), Player(B, 2), Player(C, 3, withdrawn=True)]
    games = [
        Played(1, A, B, DRAW),
        Played(1, C, None, WIN),
        Played(2, B, None, WIN),
        Played(2, C, A, LOSS, forfeit=True),
    ]
    assert entrants(players, games) == [
        Entrant(A, 1, points=3, opponents=frozenset({B}), colours="F-"),
        Entrant(B, 2, points=3, opponents=frozenset({A}), colours="S-", had_bye=True),
    ]
