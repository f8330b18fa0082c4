"""The race models: what the refit learnt, and that hard's look beyond its turn values positions
by the model its effort names: hard and `hard0v` by the model of normal players' games, the
analysis by the refit."""

from __future__ import annotations

from dataclasses import replace

from engine.ai.base import Level, never
from engine.ai.verbindung import EFFORT, SHAPES_WEIGHT
from engine.ai.verbindung.deep import Deep
from engine.ai.verbindung.lookahead import Lookahead, opponent_dice
from engine.ai.verbindung.race import NORMAL_GAMES, RACE, Race, logit
from engine.ai.verbindung.search import Planner, Width, candidate_turns, racing
from testing.strength.players import TODAY_VERBINDUNG_HARD
from testing.verbindung_positions import open_game

LOPSIDED = replace(RACE, tempo=3.0, scaled_lead=0.0)
"""A race model that thinks only of moving first: nothing like either fitted one."""


def _lead_worth(race: Race, mine: int, theirs: int) -> float:
    """What one die of lead adds to the logit of the mover's chance at `mine` against `theirs`."""
    return logit(race.mover_value(mine, theirs)) - logit(race.mover_value(mine + 1, theirs))


def test_the_refit_values_a_late_lead_more_and_the_tempo_and_cut_offs_less() -> None:
    # Away from the terms of distances 1 to 3: a die of lead late (4 against 5, not 5 against 5)
    # and early (13 against 14).
    assert _lead_worth(RACE, 4, 5) > _lead_worth(NORMAL_GAMES, 4, 5)
    assert _lead_worth(RACE, 4, 5) > 1.5 * _lead_worth(RACE, 13, 14)
    assert 0.5 < RACE.mover_value(8, 8) < NORMAL_GAMES.mover_value(8, 8)
    cut_cost = RACE.mover_value(6, 6) - RACE.mover_value(6, 6, mine_cut=True)
    assert (
        0
        <= cut_cost
        < NORMAL_GAMES.mover_value(6, 6) - NORMAL_GAMES.mover_value(6, 6, mine_cut=True)
    )


def test_a_judge_of_the_turn_is_the_opponents_chance_turned_round() -> None:
    for mine, theirs in ((3, 5), (7, 4), (1, 2), (10, 10)):
        for cuts in ((False, False), (True, False), (False, True)):
            expected = 1 - RACE.mover_value(theirs, mine, cuts[1], cuts[0])
            assert RACE.after_turn(mine, theirs, *cuts) == expected
            assert racing(mine, theirs, *cuts) == expected
    # A turn sure to bring the mover one die closer: the race after it, the opponent to move.
    assert RACE.mover_value_with(4, 6, False, False, (0.0, 1.0, 0.0)) == RACE.after_turn(
        3, 6, False, False
    )
    assert (
        RACE.mover_value_with(1, 6, False, False, (0.5, 0.5, 0.0))
        == 0.5 * RACE.after_turn(1, 6, False, False) + 0.5 * 1.0
    )


def test_the_look_beyond_the_turn_values_positions_by_the_planners_race() -> None:
    game = open_game(3)
    by_race = {}
    for race in (RACE, LOPSIDED):
        planner = Planner(game, racing, race=race)
        lines = [line for line in candidate_turns(planner, Width(4, 8), never) if not line.ended]
        line = lines[0]
        look = Lookahead(planner, line, never).value(opponent_dice(planner, line))
        by_race[race] = (look, Deep(planner, line, never).value())
    default = Planner(game, racing)
    assert default.race is RACE
    assert by_race[RACE][0] != by_race[LOPSIDED][0]  # one roll ahead
    assert by_race[RACE][1] != by_race[LOPSIDED][1]  # two rolls ahead


def test_hard_and_hard0v_play_by_the_race_model_of_normal_players_games() -> None:
    # Hard played worse by the refitted RACE (docs/strength.md): only the analysis judges by it.
    hard = EFFORT[Level.HARD]
    assert hard.race is TODAY_VERBINDUNG_HARD.race is NORMAL_GAMES
    assert hard.shapes == SHAPES_WEIGHT > 0 == TODAY_VERBINDUNG_HARD.shapes
    for state in ((5, 5, False, False), (3, 6, True, False), (2, 2, False, True)):
        assert hard.judge(*state) == NORMAL_GAMES.after_turn(*state)
        assert TODAY_VERBINDUNG_HARD.judge(*state) == NORMAL_GAMES.after_turn(*state)
        assert racing(*state) == RACE.after_turn(*state) != hard.judge(*state)
