"""The measuring tools of issue 17: the ladder's players and ratings, and the win-rate intervals
``python -m bench.strength.ai`` prints."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest

import testing.strength
from engine.ponte import PonteGame
from engine.record import Record
from engine.verbindung import VerbindungGame, draw_roll
from testing.strength import NEEDS_NUMBA
from testing.strength.pairings import Pairing, names_of, write_record
from testing.strength.players import (
    KINDS,
    PLAYERS,
    PONTE_ONLY,
    default_players,
    play_game,
    winner_of,
)
from testing.strength.ratings import rate, table, wilson


@pytest.mark.parametrize(
    ("kind", "name"),
    [(kind, name) for kind in ("ponte", "classic", "verbindung") for name in default_players(kind)],
)
def test_every_default_player_of_the_ladder_plays_its_game(kind, name):
    if name == "mcts" and kind != "verbindung":
        pytest.importorskip("numba", reason=NEEDS_NUMBA)  # Ponte's search is compiled
    game = KINDS[kind]()
    if isinstance(game, VerbindungGame):
        game.push(draw_roll(game, random.Random(1)))
    # A stop due at once: each player must still answer with a legal turn.
    game.check(PLAYERS[name](game, random.Random(2), lambda: True))  # type: ignore[arg-type]


def test_without_numba_pontes_plain_search_says_which_install_it_needs(monkeypatch):
    monkeypatch.setitem(sys.modules, "numba", None)  # as in the test install
    for module in ("mcts_ponte", "ponte_arrays", "ponte_jit"):  # imported afresh, if at all
        monkeypatch.delitem(sys.modules, f"testing.strength.{module}", raising=False)
        monkeypatch.delattr(testing.strength, module, raising=False)
    with pytest.raises(ModuleNotFoundError, match=re.escape(".[test,bench]")):
        PLAYERS["mcts"](PonteGame(), random.Random(2), lambda: True)
    # Verbindung's search is plain Python: it plays all the same.
    game = VerbindungGame()
    game.push(draw_roll(game, random.Random(1)))
    game.check(PLAYERS["mcts"](game, random.Random(2), lambda: True))  # type: ignore[arg-type]


def test_the_players_that_know_only_ponte_stay_out_of_the_verbindung_ladder():
    assert set(default_players("ponte")) >= PONTE_ONLY
    assert not PONTE_ONLY & set(default_players("verbindung"))


def _games(first: str, second: str, won: int, lost: int) -> list[dict[str, object]]:
    wins = [{"kind": "ponte", "players": [first, second], "winner": 0}] * won
    return wins + [{"kind": "ponte", "players": [second, first], "winner": 0}] * lost


def test_the_ratings_order_a_ladder_by_its_results():
    games = _games("hard", "normal", 8, 2) + _games("normal", "easy", 8, 2)
    ratings = rate(games + _games("hard", "easy", 10, 0))
    assert ratings["hard"][0] > ratings["normal"][0] > ratings["easy"][0]


def test_the_ratings_do_not_follow_the_order_the_records_came_in():
    games = _games("a", "b", 6, 4) + _games("b", "c", 6, 4)
    forward, backward = rate(games), rate(games[::-1])
    for name in "abc":
        assert forward[name][0] == pytest.approx(backward[name][0], abs=0.5)


def test_the_table_counts_a_draw_half_for_each_player():
    games = [*_games("a", "b", 2, 1), {"kind": "ponte", "players": ["b", "a"], "winner": None}]
    assert table(games)[("a", "b")] == [2.5, 4.0]


@pytest.mark.parametrize("wins, games", [(0, 10), (48, 48), (77, 100), (50.5, 100), (3, 7)])
def test_the_wilson_interval_holds_the_rate_and_narrows_with_more_games(wins, games):
    low, high = wilson(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0
    wider_low, wider_high = wilson(wins / 4, games / 4)
    assert high - low < wider_high - wider_low


def test_the_wilson_interval_matches_the_textbook_figures():
    # Wilson (1927) at z = 1.96: 50 of 100 gives 40.4%..59.6%, 100 of 100 gives 96.3%..100%.
    assert wilson(50, 100) == pytest.approx((0.404, 0.596), abs=0.001)
    assert wilson(100, 100) == pytest.approx((0.963, 1.0), abs=0.001)


@pytest.mark.parametrize(
    ("kind", "game_class"), [("ponte", PonteGame), ("verbindung", VerbindungGame)]
)
def test_a_recorded_game_replays_to_the_same_end(kind, game_class, tmp_path):
    record = tmp_path / "games.jsonl"
    pairing = Pairing(kind, "random", None)
    # Game 1: the opponent moves first, hard (given 10 ms a turn) second.
    played = play_game(kind, names_of(pairing, 1), f"{kind}:replay", budget=0.01)
    write_record(str(record), pairing, 1, 0.01, played)
    (entry,) = [json.loads(line) for line in record.read_text().splitlines()]
    assert (entry["players"], entry["seed"]) == (["random", "hard"], 0)
    replayed = game_class.from_record(Record(kind, None, tuple(entry["moves"])))
    assert replayed.is_over
    assert winner_of(replayed) == entry["winner"] == played.winner
    # Each player's thinking time per turn, for the medians a report quotes.
    assert [len(times) for times in entry["seconds"]] == [len(s) for s in played.seconds]
    assert all(t >= 0 for times in entry["seconds"] for t in times)


def test_hard0v_is_verbindungs_hard_without_the_deeper_look_and_todays_hard_in_ponte():
    from engine.ai import Level, choose_ponte_move
    from engine.ai.verbindung import by_effort
    from testing.strength.players import TODAY_VERBINDUNG_HARD

    assert TODAY_VERBINDUNG_HARD.deeper == 0
    game = VerbindungGame()
    game.push(draw_roll(game, random.Random(3)))
    expected = by_effort(game, TODAY_VERBINDUNG_HARD, random.Random(4), lambda: False)
    assert PLAYERS["hard0v"](game, random.Random(4), lambda: False) == expected
    ponte = PonteGame()
    due = lambda: True  # noqa: E731
    assert PLAYERS["hard0v"](ponte, random.Random(5), due) == choose_ponte_move(
        ponte, Level.HARD, random.Random(5), due
    )
