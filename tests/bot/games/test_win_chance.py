"""`GameKind.win_chance`: each game's model (Ponte's learned one, which foretells the games better
than its fitted one), from the first colour's side; exact at the end; an even chance for a game
without a model."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from engine.ai.ponte.learned import white_chance
from engine.ai.ponte.winning import white_wins
from engine.ai.verbindung.winning import red_wins
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame
from testing.toygame import TOY


def test_each_game_answers_with_its_own_model_for_its_first_colour():
    ponte = PonteGame.from_moves(None, ["c3 d5", "e7 f9", "a1 a2"])
    assert GAMES.kind("ponte").win_chance(ponte) == white_chance(ponte)
    assert white_chance(ponte) != pytest.approx(white_wins(ponte), abs=1e-3)  # another model
    assert str(GAMES.kind("ponte").colours[0]) == "white"
    verbindung = VerbindungGame()
    assert GAMES.kind("verbindung").win_chance(verbindung) == red_wins(verbindung)
    assert str(GAMES.kind("verbindung").colours[0]) == "red"


@pytest.mark.parametrize(("last", "chance"), [("resign blue", 1.0), ("resign gold", 0.0)])
def test_a_game_without_a_model_is_even_until_it_ends_and_exact_after(last, chance):
    game = TOY.new(TOY.variants[0])
    assert TOY.win_chance(game) == 0.5
    game.play(last)
    assert TOY.win_chance(game) == chance
