"""The computer player of Verbindung gesucht: legal, reproducible turns at every level, immediate
wins taken, wins not handed over (V11), the white-cross duty met (V6), and a quick answer when the
time is up."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.ai.base import Level, never
from engine.ai.verbindung import DECIDED, EFFORT, _chanced, by_effort, choose_turn
from engine.ai.verbindung.chance import ROLLS, Singles
from engine.ai.verbindung.deep import NEAR, Deep, near_the_end
from engine.ai.verbindung.network import INF, cut_distance, distance, joined
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.playout import random_turn
from engine.ai.verbindung.race import mover_value
from engine.ai.verbindung.search import Planner, Width, candidate_turns, racing, tiles_of
from engine.errors import GameOverError, IllegalMoveError
from engine.verbindung import Exchange, Face, Place, Player, Roll, VerbindungGame, draw_roll
from engine.verbindung.tables import TILES
from testing.strength.players import TODAY_VERBINDUNG_HARD
from testing.verbindung_positions import position

RED, BLACK = Player.RED, Player.BLACK
LEVELS = tuple(Level)


def rolled(game: VerbindungGame, *faces: str) -> VerbindungGame:
    game.push(Roll(tuple(Face(f) for f in faces)))
    return game


# Both players one die short of a win: every path meets the empty c3, whose neighbours are the
# red b3, the white d3 and the black c4 and c2 (the same position as the rules tests' HUB).
HUB = {
    **dict.fromkeys(
        ("b6", "b5", "b3", "a2", "a3", "e1", "e2", "d2", "f5", "e5", "e4", "d4"), "red-cross"
    ),
    **dict.fromkeys(("b4", "d3"), "white-cross"),
    **dict.fromkeys(
        ("e6", "d6", "d5", "c5", "c4", "a5", "a4", "b1", "c1", "c2", "f2", "f3", "e3"),
        "black-cross",
    ),
}

# Black one die short (at d2 or e3), red with no die at all.
BLACK_NEARLY = dict.fromkeys(
    ("a5", "b5", "c5", "d5", "e5", "e6", "e4", "c4", "c3", "c2", "b2", "b1", "e2", "f2"),
    "black-cross",
)


def played(seed: int, turns: int) -> VerbindungGame:
    """A game after `turns` turns of random play, rolled for the next one (or over)."""
    rng = random.Random(seed)
    game = VerbindungGame()
    while not game.is_over and game.turns < turns:
        game.push(draw_roll(game, rng))
        game.push(random_turn(game, rng))
    if not game.is_over:
        game.push(draw_roll(game, rng))
    return game


POSITIONS = [played(seed, turns) for seed, turns in enumerate((0, 1, 2, 5, 8, 11, 14, 17, 22))]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_turn_in_random_positions(level: Level) -> None:
    for index, game in enumerate(POSITIONS):
        if game.is_over:
            continue
        # (a stop due after some thousand questions: hard's deeper look would go on for seconds)
        turn = choose_turn(game, level, random.Random(index), stop=StopAfter(600))
        game.check(turn)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_turn(level: Level) -> None:
    game = POSITIONS[5]
    assert not game.is_over
    first = choose_turn(game, level, random.Random(7))
    assert choose_turn(game.copy(), level, random.Random(7)) == first


@pytest.mark.parametrize("level", LEVELS)
def test_V11_an_immediate_win_is_taken(level: Level) -> None:
    game = rolled(position(HUB), "red-cross", "black-bridge", "arcs")
    turn = choose_turn(game, level, random.Random(1))
    game.check(turn)
    game.push(turn)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is RED


@pytest.mark.parametrize("level", LEVELS)
def test_V11_a_win_in_two_dice_is_taken(level: Level) -> None:
    # Without b3 red needs both b3 and c3; the two red crosses join a2..b3..c3..d3.
    dice = {name: spec for name, spec in HUB.items() if name != "b3"}
    game = rolled(position(dice), "red-cross", "red-cross", "black-bridge")
    turn = choose_turn(game, level, random.Random(2))
    game.check(turn)
    game.push(turn)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is RED


@pytest.mark.parametrize("level", LEVELS)
def test_V11_a_placement_that_hands_the_opponent_the_win_is_avoided(level: Level) -> None:
    # A black cross or a black bridge (ns on e3, ew on d2) would join black's network; red is
    # far from its own, and passing is legal.
    game = rolled(position(BLACK_NEARLY), "black-cross", "black-bridge", "arcs")
    for seed in range(3):
        turn = choose_turn(game, level, random.Random(seed))
        after = game.copy()
        after.push(turn)
        assert after.outcome() is None, turn


@pytest.mark.parametrize("level", LEVELS)
def test_V11_a_turn_that_joins_both_networks_is_a_win_not_a_loss(level: Level) -> None:
    # The black cross on c3 would join only black's network. Arcs there cut red off instead, and
    # exchanging them for a white cross (V10) joins both: the mover wins.
    game = rolled(position(HUB), "black-cross", "black-cross", "arcs")
    turn = choose_turn(game, level, random.Random(6))
    game.check(turn)
    game.push(turn)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is RED, turn


@pytest.mark.parametrize("level", LEVELS)
def test_V6_two_rolled_white_crosses_are_placed_but_not_where_they_hand_the_win(
    level: Level,
) -> None:
    game = rolled(position(BLACK_NEARLY), "white-cross", "white-cross", "black-cross")
    assert game.white_duty() == 2
    turn = choose_turn(game, level, random.Random(3))
    game.check(turn)
    # an exchange (V10) lays a rolled white cross still unplaced: easy's stray turns do that
    laid = sum(
        isinstance(a, Exchange) or (isinstance(a, Place) and a.face is Face.WHITE_CROSS)
        for a in turn.actions
    )
    assert laid == 2
    game.push(turn)
    assert game.outcome() is None


class CountingStop:
    """A `stop` that always says the same and counts how often it was asked."""

    def __init__(self, answer: bool) -> None:
        self.answer, self.asked = answer, 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.answer


@pytest.mark.parametrize("level", LEVELS)
def test_a_stop_that_is_always_due_still_gives_a_legal_turn_at_once(level: Level) -> None:
    for game in (POSITIONS[6], rolled(position(BLACK_NEARLY), "white-cross", "arcs", "arcs")):
        due, never = CountingStop(True), CountingStop(False)
        game.check(choose_turn(game, level, random.Random(4), stop=due))
        choose_turn(game, level, random.Random(4), stop=never)
        # It answers at the first look at its clock, where a full search looks again and again.
        assert due.asked == 1 < never.asked


@pytest.mark.parametrize("level", LEVELS)
def test_V5_no_turn_before_the_roll_and_none_after_the_end(level: Level) -> None:
    game = position(HUB)
    with pytest.raises(IllegalMoveError) as info:
        choose_turn(game, level, random.Random(5))
    assert info.value.rule == "V5"
    rolled(game, "red-cross")
    game.play("red-cross c3")
    with pytest.raises(GameOverError):
        choose_turn(game, level, random.Random(5))


def test_distance_counts_the_dice_still_needed() -> None:
    assert distance(tiles_of(VerbindungGame()), RED) == 14
    hub = tiles_of(position(HUB))
    assert distance(hub, RED) == 1 and distance(hub, BLACK) == 1
    nearly = tiles_of(position(BLACK_NEARLY))
    assert distance(nearly, BLACK) == 1 and distance(nearly, RED) < INF


def test_the_rolls_of_three_dice_are_the_56_multisets_with_their_odds() -> None:
    rolls = ROLLS[3]
    assert len(rolls) == 56
    assert sum(chance for _, chance in rolls) == pytest.approx(1.0)
    assert dict(rolls)[(Face.ARCS,) * 3] == pytest.approx(1 / 216)


@pytest.mark.parametrize("index", [3, 4, 6, 7])
def test_the_oracle_agrees_with_a_full_search_for_every_die_on_every_field(index: int) -> None:
    game = POSITIONS[index]
    tiles = tiles_of(game)
    for player in Player:
        oracle = Oracle(tiles, player)
        assert (oracle.opt, oracle.exchange) == cut_distance(tiles, player)
        for field in range(36):
            for tile in TILES.values():
                changed = list(tiles)
                changed[field] = tile
                assert oracle.state_after(field, tile) == cut_distance(changed, player)


def test_V11_joined_is_distance_zero() -> None:
    for game in POSITIONS:
        tiles = tiles_of(game)
        for player in Player:
            assert joined(tiles, player) == game.is_connected(player)
            assert joined(tiles, player) == (distance(tiles, player) == 0)


def test_the_race_model_favours_the_lead_the_tempo_and_the_last_die() -> None:
    assert mover_value(0, 3) == 1.0 and mover_value(3, 0) == 0.0
    assert 0.5 < mover_value(8, 8) < 0.8
    assert mover_value(6, 8) > mover_value(7, 8) > mover_value(8, 8) > mover_value(9, 8)
    assert mover_value(1, 1) > 0.95
    assert mover_value(5, 5, mine_cut=True) < mover_value(5, 5) < mover_value(5, 5, theirs_cut=True)


# Hard spends its time where it matters -------------------------------------------------------


def _near_end() -> VerbindungGame:
    """A random game played on until one player is at most `NEAR` dice from joining, rolled."""
    for seed in range(30):
        rng = random.Random(seed)
        game = VerbindungGame()
        while not game.is_over:
            game.push(draw_roll(game, rng))
            tiles = tiles_of(game)
            if 0 < min(distance(tiles, RED), distance(tiles, BLACK)) <= NEAR and game.turns > 4:
                return game
            game.push(random_turn(game, rng))
    raise AssertionError("no seeded game came near its end")


def test_near_the_end_hard_looks_two_rolls_ahead() -> None:
    game = _near_end()
    planner = Planner(game, racing)
    assert near_the_end(planner)
    lines = [line for line in candidate_turns(planner, Width(4, 8), never) if not line.ended]
    deep = Deep(planner, lines[0], never)
    measured: list[tuple[object, ...]] = []
    measure = deep._measure
    deep._measure = lambda tiles: measured.append(tuple(tiles)) or measure(tiles)  # type: ignore[method-assign]
    value = deep.value()
    assert value is not None and 0.0 <= value <= 1.0
    # Rolls that lead to the same answer are valued once: each position once, fewer than rolls.
    assert len(set(measured)) == len(measured) < len(ROLLS[deep.their_dice])


def test_the_deep_look_gives_up_when_the_time_is_out() -> None:
    game = _near_end()
    planner = Planner(game, racing)
    line = next(line for line in candidate_turns(planner, Width(4, 8), never) if not line.ended)
    assert Deep(planner, line, CountingStop(True)).value() is None


TODAY = TODAY_VERBINDUNG_HARD
"""Hard before issue 29: two rolls ahead only near the end, blind to the ease of the dice, and
valuing positions by the race model of normal players' games."""


def test_away_from_the_end_hard_without_deeper_answers_without_the_deep_look() -> None:
    game = POSITIONS[4]
    assert not game.is_over and not near_the_end(Planner(game, racing))
    with_deep, without = CountingStop(False), CountingStop(False)
    by_effort(game, TODAY, random.Random(1), stop=with_deep)
    by_effort(game, replace(TODAY, deep=0), random.Random(1), stop=without)
    assert with_deep.asked == without.asked


def test_away_from_the_end_hard_with_time_to_spare_looks_two_rolls_ahead() -> None:
    game = POSITIONS[4]
    deeper, today = CountingStop(False), CountingStop(False)
    turn = by_effort(game, replace(TODAY, deeper=2), random.Random(1), stop=deeper)
    by_effort(game, TODAY, random.Random(1), stop=today)
    game.check(turn)
    assert deeper.asked > today.asked


def _decided() -> VerbindungGame:
    """A random game played on until its player's best turn wins almost surely, rolled."""
    rng = random.Random(2)
    game = VerbindungGame()
    while not game.is_over:
        game.push(draw_roll(game, rng))
        if game.turns < 10:  # (the race is open before: no need to measure it)
            game.push(random_turn(game, rng))
            continue
        planner = Planner(game, TODAY.judge, TODAY.soft, TODAY.race)
        lines = candidate_turns(planner, TODAY.width, never)
        chanced = _chanced(planner, lines, TODAY.beam, never) if len(lines) > 1 else []
        if len(chanced) > 1 and max(line.value for line in chanced) > 1 - DECIDED:
            return game
        game.push(random_turn(game, rng))
    raise AssertionError("no seeded game was decided before its end")


def test_a_decided_game_is_answered_without_the_deeper_look() -> None:
    game = _decided()
    deeper, today = CountingStop(False), CountingStop(False)
    choose_turn(game, Level.HARD, random.Random(1), stop=deeper)
    by_effort(game, TODAY, random.Random(1), stop=today)
    assert deeper.asked == today.asked


@pytest.mark.parametrize("calls", [2, 5, 30])
def test_the_deep_look_answers_no_more_rolls_once_the_time_is_up(calls, monkeypatch) -> None:
    game = _near_end()
    planner = Planner(game, racing)
    line = next(line for line in candidate_turns(planner, Width(4, 8), never) if not line.ended)
    stop = StopAfter(calls)
    late: list[object] = []
    answer = Singles.answer

    def counted(self: Singles, roll: tuple[Face, ...], top: int) -> float:
        if stop.asked >= calls:
            late.append(roll)
        return answer(self, roll, top)

    monkeypatch.setattr(Singles, "answer", counted)
    assert Deep(planner, line, stop).value() is None
    assert late == []


def test_near_the_end_the_deep_look_takes_more_time() -> None:
    game = _near_end()
    with_deep, without = CountingStop(False), CountingStop(False)
    by_effort(game, TODAY, random.Random(1), stop=with_deep)
    by_effort(game, replace(TODAY, deep=0), random.Random(1), stop=without)
    assert with_deep.asked > without.asked


@pytest.mark.parametrize("calls", [3, 40, 400])
@pytest.mark.parametrize("where", ["near the end", "open"])
def test_hard_answers_soon_after_its_time_is_up(calls: int, where: str) -> None:
    game = _near_end() if where == "near the end" else POSITIONS[4].copy()
    stop = StopAfter(calls)
    turn = choose_turn(game, Level.HARD, random.Random(2), stop=stop)
    game.check(turn)
    # Once due, each loop still running looks once more and leaves: a dozen looks, not hundreds.
    assert calls <= stop.asked <= calls + 16


class StopAfter:
    """A `stop` due from its `calls`-th question on; counts the questions."""

    def __init__(self, calls: int) -> None:
        self.calls, self.asked = calls, 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.asked >= self.calls


def test_easy_now_and_then_plays_a_random_turn() -> None:
    game = POSITIONS[5]
    assert not game.is_over
    blunders = 0
    for seed in range(40):
        rng = random.Random(seed)
        blundered = rng.random() < EFFORT[Level.EASY].blunder  # its first draw
        turn = choose_turn(game, Level.EASY, random.Random(seed))
        if blundered:
            assert turn == random_turn(game, rng)  # the same generator, one draw later
        blunders += blundered
    assert 6 <= blunders <= 28  # about two turns in five
    assert EFFORT[Level.NORMAL].blunder == EFFORT[Level.HARD].blunder == 0
