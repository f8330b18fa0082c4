"""The review of a turn: the chance it left against the best turn the computer finds, in both
games, with the pie rule, the dice, a resignation and the last turn; clear errors."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.computer import review
from bot.computer.review import TurnReview, review_turn
from bot.games import GAMES, SomeKind
from engine.ai import Level, choose_verbindung_turn
from engine.ai.ponte.winning import white_wins
from engine.errors import EngineError
from engine.ponte import PonteGame
from engine.verbindung import Roll, VerbindungGame, draw_roll
from testing.ponte_positions import classic_filled

SEED = "review-seed"


PONTE, VERBINDUNG = GAMES.kind("ponte"), GAMES.kind("verbindung")


def turns(record: str, kind: SomeKind = PONTE) -> int:
    """How many turns the finished game `record` has (its first turn is 1)."""
    return len(kind.load(record).turn_plies()) - 1


def ponte_record(*last: str) -> str:
    """A 10x10 game near its end (red keeps d3 free, so c2-e4 stays a bridge for red), then
    `last`: after b1 i1 and white's pass, red's turn is the last (P16): its bridge c2-e4 wins,
    a pass draws."""
    game = classic_filled(white_turns=20, red_turns=19, red_skip=("d3",))
    for text in ("b1 i1", "pass", *last):
        game.play(text)
    return game.record().to_json()


def test_a_blunder_on_the_last_turn_loses_what_the_best_turn_would_have_won():
    record = ponte_record("pass")  # red draws where c2-e4 wins
    last = turns(record)
    review = review_turn(PONTE, record, last, SEED, 1.0)
    assert (review.mover, review.played, review.best) == ("red", "pass", "c2-e4")
    assert review.after == 0.5  # a draw, exactly
    assert review.best_after == 0.0  # red would have won: white's chance is nought
    assert review.loss == 0.5
    assert 0.0 < review.before < 1.0


def test_the_best_turn_played_loses_nothing_and_the_end_is_exact():
    record = ponte_record("c2-e4")
    review = review_turn(PONTE, record, turns(record), SEED, 1.0)
    assert review.best == review.played == "c2-e4"
    assert review.after == review.best_after == 0.0  # red won
    assert review.loss == 0.0


def test_the_same_request_gives_the_same_review():
    record = ponte_record("pass")
    last = turns(record)
    assert review_turn(PONTE, record, last, SEED, 1.0) == review_turn(
        PONTE, record, last, SEED, 1.0
    )


def test_every_turn_of_a_game_is_judged_within_the_chances_and_one_turn_leads_to_the_next():
    game = PonteGame("classic")
    rng = random.Random(3)
    while game.ply < 24:
        game.play(PONTE.choose(game, Level.NORMAL, rng, lambda: False))
    record = game.record().to_json()
    reviews = [review_turn(PONTE, record, t, SEED, 0.0) for t in range(1, 25)]
    assert [r.turn for r in reviews] == list(range(1, 25))
    for judged in reviews:
        assert all(0.0 <= c <= 1.0 for c in (judged.before, judged.after, judged.best_after))
        assert judged.loss >= 0.0
        assert (judged.best == judged.played) is (judged.loss == 0.0)
    # The position after a turn is the one before the next.
    assert all(a.after == b.before for a, b in itertools.pairwise(reviews))
    assert {r.mover for r in reviews} == {"white", "red"}


def test_a_swap_is_a_turn_of_the_player_who_holds_white_at_the_end():
    record = PonteGame.from_moves(None, ["f6 f7", "swap", "c3 d5"]).record().to_json()
    review = review_turn(PONTE, record, 2, SEED, 0.2)
    assert (review.mover, review.played) == ("white", "swap")
    assert review.mover_first is True
    assert review.before == review.after  # the board and the player to move stay the same


def test_the_loss_is_the_movers_even_when_one_turn_is_a_swap_and_the_other_is_not():
    # Red plays on where the swap was better: after the swap the mover would hold white.
    review = TurnReview(2, "red", "a1 a2", "swap", 0.6, 0.7, 0.6, False, True)
    assert review.loss == pytest.approx(0.6 - (1 - 0.7))
    # The same chances, both turns leaving the mover red: the lower white's chance, the better.
    plain = TurnReview(2, "red", "a1 a2", "b1 b2", 0.6, 0.7, 0.6, False)
    assert plain.loss == pytest.approx(0.1)


def test_a_resignation_is_judged_but_not_improved_on():
    record = PonteGame.from_moves(None, ["c3 d5", "resign white"]).record().to_json()
    review = review_turn(PONTE, record, 2, SEED, 0.5)
    assert review.played == review.best == "resign white"
    assert review.mover == "white" and review.after == 0.0 and review.loss == 0.0


def verbindung_record(turns: int, seed: int = 7) -> str:
    """A Verbindung game of `turns` turns between normal players (the dice from `seed`)."""
    game, dice, rng = VerbindungGame(), random.Random(seed), random.Random(seed + 1)
    while not game.is_over and sum(m is not None for m in game.movers()) < turns:
        if game.phase == "roll":
            game.push(draw_roll(game, dice))
        else:
            game.push(choose_verbindung_turn(game, Level.NORMAL, rng))
    if not game.is_over and game.phase == "roll":
        game.push(draw_roll(game, dice))
    return game.record().to_json()


def test_verbindung_turns_are_judged_for_the_dice_rolled_with_the_roll_that_followed():
    record = verbindung_record(40)
    count = turns(record, VERBINDUNG)
    game = VERBINDUNG.load(record)
    for turn in (3, 4):
        review = review_turn(VERBINDUNG, record, turn, SEED, 0.3)
        start, end = game.turn_plies()[turn - 1 : turn + 1]
        position = game.position_at(start)
        assert review.played == str(game.moves[start])
        position.check(position.parse_move(review.best))  # legal for the dice he had
        assert review.after == VERBINDUNG.win_chance(game.position_at(end))
        assert 0.0 <= review.best_after <= 1.0 and review.loss >= 0.0
    last = review_turn(VERBINDUNG, record, count, SEED, 0.3)
    if game.is_over:
        assert last.after in (0.0, 1.0)


def test_a_roll_that_does_not_fit_the_best_turn_is_left_out_and_nothing_follows_the_end():
    game = VERBINDUNG.load(verbindung_record(12))
    start, end = game.turn_plies()[5:7]
    position, turn, roll = game.position_at(start), game.moves[start], game.moves[end - 1]
    assert review._after_turn(position, turn, [roll]) == game.position_at(end)
    wrong = Roll((*roll.faces, *roll.faces))  # twice the dice due
    line = review._after_turn(position, turn, [wrong])
    assert line.phase == "roll" and line.ply == start + 1
    assert review._after_turn(position, turn, [game.moves[end]]).ply == start + 1  # no chance


@pytest.mark.parametrize("turn", [0, -1, 4])
def test_a_turn_the_game_does_not_have_is_refused_clearly(turn):
    record = PonteGame.from_moves(None, ["c3 d5", "e7 f9", "g3 h5"]).record().to_json()
    assert turns(record) == 3
    with pytest.raises(ValueError, match=f"turn {turn} is not one of the game's 3 turns"):
        review_turn(PONTE, record, turn, SEED, 0.1)


def test_a_broken_record_is_refused():
    record = PonteGame.from_moves(None, ["c3 d5"]).record().to_json()
    broken = record.replace("c3 d5", "c3 c3")
    with pytest.raises(EngineError):
        turns(broken)
    with pytest.raises(EngineError):
        review_turn(PONTE, broken, 1, SEED, 0.1)


def test_a_review_stored_before_the_judged_chances_reads_with_none():
    stored = '{"turn":3,"mover":"white","played":"a1 a2","best":"b1 b2","before":0.5,'
    stored += '"after":0.4,"best_after":0.6,"mover_first":true,"best_first":null}'
    old = TurnReview.from_json(stored)
    assert old.judged is None and old.best_judged is None
    assert old.loss == pytest.approx(0.2)  # the model's chances, as before


def test_a_review_goes_to_json_and_back():
    review = TurnReview(5, "red", "a1 a2", "b1 b2", 0.25, 0.5, 0.375, False, None)
    assert TurnReview.from_json(review.as_json()) == review
    swapped = TurnReview(2, "white", "swap", "a1 a2", 0.5, 0.5, 0.25, True, False)
    assert TurnReview.from_json(swapped.as_json()) == swapped
    judged = TurnReview(5, "red", "a1 a2", "b1 b2", 0.25, 0.5, 0.375, False, None, 0.4, 0.3)
    assert TurnReview.from_json(judged.as_json()) == judged
    assert judged.loss == pytest.approx(0.1)  # the judged chances, not the model's
    with pytest.raises(ValueError, match="not a turn's review"):
        TurnReview.from_json(judged.as_json().replace('"judged":0.4', '"judged":"0.4"'))
    with pytest.raises(ValueError, match="not a turn's review"):
        TurnReview.from_json('{"turn": 1}')
    with pytest.raises(ValueError, match="not a turn's review"):
        TurnReview.from_json("nonsense")


# The first 20 turns of a recorded 12x12 game, normal (white) against easy (line 12 of bench/
# records/calibration-ponte.jsonl). At turn 19 white played f4 i7, which the model alone rates a
# little above d2 i7 (a turn the search may find); but red's best answer takes more after f4 i7
# than after d2 i7.
GREEDY = [
    "f9 k6", "a2 f2", "e9 g9", "e2 g2", "a1 a3", "a4 a5", "a6 a7", "b4 c4", "b7 c7", "d8 g1",
    "d3 d9", "a12 h11", "b7-d9", "c1 d6", "b2 c5", "c6 e4", "e3 f3", "d6-e4", "f4 i7", "c1-e2",
]  # fmt: skip


def searched_turn(text: str):
    """A stand-in for the hard search that always finds `text` (the search's own turn depends
    on the time it gets)."""

    def best(kind, position, rng, deadline):
        return position.parse_move(text, by=position.to_move)

    return best


def test_a_turn_the_opponents_best_answer_punishes_is_flagged_though_the_model_rates_it_higher(
    monkeypatch,
):
    monkeypatch.setattr(review, "_best", searched_turn("d2 i7"))
    record = PonteGame.from_moves(None, GREEDY).record().to_json()
    judged = review_turn(PONTE, record, 19, SEED, 0.0)
    assert (judged.mover, judged.played, judged.best) == ("white", "f4 i7", "d2 i7")
    # The fitted model alone rates the played turn higher (the learned one, which the chart
    # uses, already sees it worse: judged.after < judged.best_after).
    played = PonteGame.from_moves(None, GREEDY[:19])
    best = PonteGame.from_moves(None, [*GREEDY[:18], "d2 i7"])
    assert white_wins(played) > white_wins(best)
    assert judged.best_judged is not None and judged.judged is not None
    assert judged.best_judged - judged.judged > 0.05  # after red's best answer it is worse
    assert judged.loss == pytest.approx(judged.best_judged - judged.judged)
    assert review_turn(PONTE, record, 19, SEED, 0.0) == judged  # the same request, the same
    # The chart keeps the model's chances: this turn's after is the next turn's before.
    following = review_turn(PONTE, record, 20, SEED, 0.0)
    assert following.before == judged.after


def test_the_played_turn_found_again_is_judged_alike_and_loses_nothing(monkeypatch):
    monkeypatch.setattr(review, "_best", searched_turn("f4 i7"))
    record = PonteGame.from_moves(None, GREEDY).record().to_json()
    judged = review_turn(PONTE, record, 19, SEED, 0.0)
    assert judged.best == judged.played and judged.loss == 0.0
    assert judged.judged == judged.best_judged is not None
