"""`/move` autocomplete: every suggestion is a legal move that fits what was typed."""

import random

import pytest

from bot import games
from bot.games.spec import SUGGESTIONS as LIMIT
from engine.ai.ponte.playout import midgame
from engine.ai.verbindung.playout import random_turn
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame, draw_roll


def suggest(game: PonteGame | VerbindungGame, typed: str, limit: int = LIMIT) -> list[str]:
    key = "ponte" if isinstance(game, PonteGame) else "verbindung"
    return games.spec(key).suggest(game, typed, limit)


def verbindung_midgame(seed: int = 3, turns: int = 10) -> VerbindungGame:
    rng, game = random.Random(seed), VerbindungGame()
    while game.turns < turns and not game.is_over:
        game.push(draw_roll(game, rng))
        game.push(random_turn(game, rng))
    game.push(draw_roll(game, rng))
    return game


@pytest.mark.parametrize("typed", ["", "c", "c3", "c3 d", "E5 F", "c3-", "swap", "pa"])
def test_ponte_suggestions_are_legal_and_fit(typed: str) -> None:
    game = midgame(random.Random)
    found = suggest(game, typed)
    assert len(found) <= LIMIT
    assert len(set(found)) == len(found)
    for text in found:
        assert game.is_legal(game.parse_move(text)), text
        words = typed.lower().replace("-", " ").split()
        if words and "-" not in text and text not in ("pass", "swap"):
            assert any(field.startswith(words[0]) for field in text.split()), (typed, text)


def test_an_empty_ponte_prompt_offers_whole_moves() -> None:
    found = suggest(midgame(random.Random), "")
    assert len(found) == LIMIT
    assert all(len(text.split()) == 2 or "-" in text for text in found)


def test_a_typed_field_gets_partners_nearest_first() -> None:
    game = PonteGame("online")
    found = suggest(game, "f6")
    assert found and all("f6" in text.split() for text in found)
    assert found[0] in ("e6 f6", "f5 f6", "f6 f7", "f6 g6")


def test_swap_is_offered_only_at_the_pie_rule() -> None:
    game = PonteGame("online")
    assert "swap" not in suggest(game, "")
    game.play("a1 c1")
    assert suggest(game, "s")[0] == "swap"
    game.play("swap")
    assert "swap" not in suggest(game, "")


def test_a_bridge_is_suggested_from_a_typed_start() -> None:
    game = midgame(random.Random)
    bridge = game.legal_bridges()[0]
    found = suggest(game, f"{bridge.first}-")
    assert str(bridge) in found
    assert all("-" in text for text in found)


def test_nothing_is_suggested_after_the_end() -> None:
    game = PonteGame("online")
    game.play("resign")
    assert suggest(game, "") == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_verbindung_suggestions_are_legal_turns(seed: int) -> None:
    game = verbindung_midgame(seed)
    found = suggest(game, "")
    assert found
    for text in found:
        assert game.is_legal(game.parse_move(text)), text


def test_verbindung_completes_the_second_placement() -> None:
    game = verbindung_midgame(5)
    first = next(t for t in suggest(game, "") if t != "pass" and "," not in t)
    found = suggest(game, first + ",")
    assert found and all(t.startswith(first + ", ") for t in found)
    assert all(game.is_legal(game.parse_move(t)) for t in found)


def test_verbindung_filters_by_any_typed_words() -> None:
    game = verbindung_midgame(6)
    face = str(game.roll[0])
    found = suggest(game, face)
    assert found and all(t.startswith(face) or f", {face}" in t for t in found)


def test_a_bad_start_of_a_verbindung_turn_gives_nothing() -> None:
    game = verbindung_midgame(7)
    assert suggest(game, "nonsense a1,") == []


def test_two_white_crosses_are_suggested_together() -> None:
    game = VerbindungGame()
    game.play("roll white-cross white-cross")
    found = suggest(game, "")
    assert found and all(t.count("white-cross") == 2 for t in found)
