"""The words of a match in every language: the score of each game (a replayed one too), and what
the end of a game means for the match."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from bot.service import MatchStanding, MatchTermination
from bot.words.matches import after_game, caption, is_last_post, score_line

ALICE, BOB = 11, 22


def standing(**changes: object) -> MatchStanding:
    values: dict = {
        "id": 1,
        "best_of": 3,
        "max_games": 5,
        "game_number": 2,
        "players": (ALICE, BOB),
        "wins": (1, 0),
        "draws": 0,
        "finished": False,
        "winner_id": None,
        "termination": None,
    }
    return MatchStanding(**{**values, **changes})


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_says_the_score_and_what_follows(language: str) -> None:
    running = standing()
    assert "<@11> 1 \u2013 0 <@22>" in score_line(running, language)
    assert "2" in score_line(running, language) and "3" in score_line(running, language)
    assert "3" in after_game(running, language)  # the next game's number
    replay = standing(game_number=4, wins=(1, 1), draws=1)
    assert "5" in score_line(replay, language)  # at most five games
    won = standing(finished=True, winner_id=BOB, wins=(1, 2), termination=MatchTermination.DECIDED)
    assert after_game(won, language).index("<@22>") < after_game(won, language).index("<@11>")
    assert "2 \u2013 1" in after_game(won, language)
    resigned = standing(finished=True, winner_id=ALICE, termination=MatchTermination.RESIGNATION)
    assert after_game(resigned, language) != after_game(
        standing(finished=True, winner_id=ALICE, termination=MatchTermination.DECIDED), language
    )
    drawn = standing(
        finished=True, wins=(1, 1), draws=3, game_number=5, termination=MatchTermination.LIMIT
    )
    assert "5" in after_game(drawn, language) and "<@11>" in after_game(drawn, language)


def test_the_caption_names_the_players_and_a_rematch_waits_for_the_match_to_end() -> None:
    assert caption(standing(), {ALICE: "Alice", BOB: "Bob"}, "en") == (
        "Game 2 of 3 \u00b7 Alice 1 \u2013 0 Bob"
    )
    assert not is_last_post(standing())
    assert is_last_post(standing(finished=True, winner_id=ALICE))
    assert is_last_post(None)
